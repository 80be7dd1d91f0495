// SPDX-License-Identifier: MIT
import CCairo
import TactusConfiguration
import TactusCore

/// Draws a feedback scene with cairo, in an output's logical pixels:
/// - a disc of `touchRadius` in `color` under each finger;
/// - the running binding in a panel `panelWidth` wide (at most 80 % of the output) and `panelHeight` high, centred,
///   its bottom `panelMargin` above the output's: its name, and under it a bar `barInset` in from the panel's sides,
///   `barHeight` high, `barTop` below the panel's top, whose first `progress` of its width is filled with `color`;
/// - else the latest result in that panel, tinted with `color` (done) or `cancelledColor` (cancelled or failed, with
///   why), as opaque as the scene says as it fades.
enum FeedbackPainter {
    static let panelWidth = 480.0, panelHeight = 72.0, panelMargin = 48.0
    static let barInset = 20.0, barTop = 44.0, barHeight = 12.0

    static func paint(_ scene: FeedbackScene, settings: FeedbackSettings, opacity: Double, on context: OpaquePointer,
                      width: Double, height: Double) {
        if settings.shows.contains(.touches) {
            set(settings.color, on: context)
            for point in scene.points {
                cairo_new_sub_path(context)
                cairo_arc(context, point.x * width, point.y * height, settings.touchRadius, 0, 2 * Double.pi)
            }
            cairo_fill(context)
        }
        let panel = (width: min(panelWidth, width * 0.8), height: panelHeight)
        let origin = (x: (width - panel.width) / 2, y: height - panelMargin - panel.height)
        if let running = scene.running, settings.shows.contains(.progress) {
            rounded(context, x: origin.x, y: origin.y, width: panel.width, height: panel.height)
            cairo_set_source_rgba(context, 0, 0, 0, 0.6)
            cairo_fill(context)
            text(running.name, on: context, x: origin.x + barInset, y: origin.y + 30)
            guard let progress = running.progress else { return }
            let bar = (x: origin.x + barInset, y: origin.y + barTop, width: panel.width - 2 * barInset)
            cairo_rectangle(context, bar.x, bar.y, bar.width, barHeight)
            cairo_set_source_rgba(context, 1, 1, 1, 0.25)
            cairo_fill(context)
            cairo_rectangle(context, bar.x, bar.y, (bar.width * progress).rounded(), barHeight)
            set(settings.color, on: context)
            cairo_fill(context)
        } else if let result = scene.result, settings.shows.contains(.result), opacity > 0 {
            cairo_push_group(context)
            rounded(context, x: origin.x, y: origin.y, width: panel.width, height: panel.height)
            set(result.succeeded ? settings.color : settings.cancelledColor, on: context)
            cairo_fill(context)
            let words = result.succeeded ? "✓ \(result.name)" : "✗ \(result.name): \(result.reason ?? "cancelled")"
            text(words, on: context, x: origin.x + barInset, y: origin.y + panel.height / 2 + 7)
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, opacity)
        }
    }

    private static func set(_ color: FeedbackSettings.Color, on context: OpaquePointer) {
        cairo_set_source_rgba(context, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255,
                              Double(color.alpha) / 255)
    }

    private static func rounded(_ context: OpaquePointer, x: Double, y: Double, width: Double, height: Double) {
        let radius = 12.0
        cairo_new_sub_path(context)
        cairo_arc(context, x + width - radius, y + radius, radius, -Double.pi / 2, 0)
        cairo_arc(context, x + width - radius, y + height - radius, radius, 0, Double.pi / 2)
        cairo_arc(context, x + radius, y + height - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(context, x + radius, y + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
    }

    private static func text(_ text: String, on context: OpaquePointer, x: Double, y: Double) {
        cairo_select_font_face(context, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(context, 18)
        cairo_set_source_rgba(context, 1, 1, 1, 1)
        cairo_move_to(context, x, y)
        cairo_show_text(context, text)
    }
}
