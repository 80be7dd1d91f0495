// SPDX-License-Identifier: MIT
import CTactusWaylandServer
internal import CDesktopProtocolsClient
import TactusConfiguration
import TactusCore

/// The on-screen feedback (`[feedback]`): a layer-shell surface over each output, in the overlay layer, with an empty
/// input region (it takes no touch and no click), showing the scene `FeedbackPainter` draws.
///
/// It costs nothing when idle: the surfaces are made when the scene first shows something and destroyed once it shows
/// nothing (the fingers lifted, the result faded); a picture is drawn only when the scene changed, at most once a
/// frame, and while a result fades a timer redraws it every `fadeStep`.
final class Overlay {
    var settings: FeedbackSettings { didSet { changed() } }
    private let shell: LayerShell
    private var scene = FeedbackScene()
    /// Each output's surface, by output, and the scene's version it shows.
    private var surfaces: [UInt32: LayerSurface] = [:]
    private var drawn: [UInt32: Int] = [:]
    private var version = 0
    private var fading: OpaquePointer?

    /// How often a fading result is redrawn, in milliseconds: a 60 Hz frame.
    static let fadeStep: Int32 = 16

    init(shell: LayerShell, loop: OpaquePointer, settings: FeedbackSettings) {
        self.shell = shell
        self.settings = settings
        fading = wl_event_loop_add_timer(loop, { data in
            Unmanaged<Overlay>.fromOpaque(data!).takeUnretainedValue().changed()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        surfaces = [:]
        if let fading { wl_event_source_remove(fading) }
    }

    private var fade: TimeSpan { .milliseconds(Int64(settings.fadeMilliseconds)) }

    /// An input event: the fingers on touchscreens.
    func note(_ event: InputEvent) {
        switch event {
        case .deviceAdded, .deviceRemoved:
            scene.note(event)
        case .touchDown, .touchMotion, .touchUp:
            if settings.shows.contains(.touches) { scene.note(event) }
        case .touchCancel:
            // No frame need follow a cancel: the fingers go at once.
            if settings.shows.contains(.touches) {
                scene.note(event)
                changed()
            }
        case .touchFrame:
            // A frame ends each scan: the picture is drawn once for all its fingers, and not at all when they are not
            // shown.
            if settings.shows.contains(.touches) { changed() }
        default:
            break
        }
    }

    /// A binding's step.
    func note(_ update: GestureUpdate, of key: Int, binding: BindingConfiguration, millimetresPerPixel: Vector) {
        let progress = FeedbackScene.progress(of: update, binding: binding, millimetresPerPixel: millimetresPerPixel)
        if scene.note(update.phase, of: key, named: binding.name, progress: progress, reason: update.reason,
                      at: Timestamp.monotonicNow()) {
            changed()
        }
    }

    /// The outputs changed: the surfaces are placed again.
    func outputsChanged() {
        surfaces = [:]
        drawn = [:]
        changed()
    }

    /// The scene changed (or time passed while it fades): shows it, or takes the surfaces away when it is empty.
    private func changed() {
        version &+= 1
        let now = Timestamp.monotonicNow()
        guard !scene.isEmpty(at: now, fade: fade) else {
            surfaces = [:]
            drawn = [:]
            return
        }
        if shell.isAvailable {
            for output in shell.outputs.values where surfaces[output.name] == nil {
                let placement = LayerSurface.Placement(
                    anchor: ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue
                        | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue,
                    takesInput: false, namespace: "tactus-feedback")
                guard let surface = LayerSurface(shell: shell, output: output, placement: placement) else { continue }
                let name = output.name
                surface.drawable = { [unowned self] in draw(on: name) }
                surface.closed = { [unowned self] in surfaces[name] = nil }
                surfaces[name] = surface
            }
            for name in surfaces.keys { draw(on: name) }
        }
        // A result fading, with nothing else moving, is redrawn at a frame's pace.
        if let fading, scene.resultOpacity(at: now, fade: fade) > 0 {
            wl_event_source_timer_update(fading, Self.fadeStep)
        }
    }

    private func draw(on output: UInt32) {
        guard let surface = surfaces[output], drawn[output] != version else { return }
        let opacity = scene.resultOpacity(at: Timestamp.monotonicNow(), fade: fade)
        let drew = surface.draw { context, width, height in
            FeedbackPainter.paint(scene, settings: settings, opacity: opacity, on: context, width: width, height: height)
        }
        if drew { drawn[output] = version }
    }
}
