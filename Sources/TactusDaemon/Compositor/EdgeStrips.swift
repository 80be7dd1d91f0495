// SPDX-License-Identifier: MIT
internal import CDesktopProtocolsClient
import TactusCore

/// Edge strips: for each edge an edge swipe's binding starts from, a thin layer-shell surface along that edge of each
/// output, in the overlay layer, whose input region is all of it. A touch that starts there goes to tactusd's surface,
/// which takes it and does nothing with it, instead of to the application below; tactusd recognizes the swipe from its
/// own input, as everywhere. Such a touch is lost to applications, as on phones, whether or not it makes an edge swipe;
/// so is a click there.
///
/// A strip is as wide as the widest binding's on its edge asks (`strip`, by default the edge's band), in millimetres
/// of the touchscreen, whose width spans the output's; before a touchscreen is known, of the output's physical width as
/// the compositor says it, else of 96 dpi.
final class EdgeStrips {
    /// The strips wanted: the width in millimetres on each edge.
    var widths: [Edge: Double] = [:] { didSet { if widths != oldValue { place() } } }
    private let shell: LayerShell
    private var surfaces: [LayerSurface] = []
    /// The width of the touchscreen, in millimetres along the output's width, once one is known.
    private var touchscreenWidth: Double?

    init(shell: LayerShell) {
        self.shell = shell
    }

    /// An input event: a touchscreen's size, which sets the strips' widths in pixels.
    func note(_ event: InputEvent) {
        guard case .deviceAdded(let device) = event, device.kind == .touchscreen, let size = device.physicalSize else { return }
        let width = device.transform.swapsAxes ? size.height : size.width
        guard DeviceDescription.plausibleMillimetres.contains(width), width != touchscreenWidth else { return }
        touchscreenWidth = width
        place()
    }

    /// The outputs changed: the strips are placed again.
    func outputsChanged() { place() }

    /// The width of a strip of `millimetres` on an output `logicalWidth` pixels wide, in its logical pixels: of the
    /// touchscreen's `touchscreenWidth` millimetres spanning the output when one is known, else of the output's
    /// `physicalWidth` millimetres when the compositor says it (0: it does not), else of 96 dpi. One pixel at least.
    static func pixels(_ millimetres: Double, logicalWidth: Double, touchscreenWidth: Double?, physicalWidth: Double) -> UInt32 {
        let perMillimetre: Double
        if let touchscreenWidth, logicalWidth > 0 {
            perMillimetre = logicalWidth / touchscreenWidth
        } else if physicalWidth > 0, logicalWidth > 0 {
            perMillimetre = logicalWidth / physicalWidth
        } else {
            perMillimetre = 96 / 25.4
        }
        return UInt32(max(1, (millimetres * perMillimetre).rounded()))
    }

    private func place() {
        surfaces = []
        guard shell.isAvailable else { return }
        let top = ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue, bottom = ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue
        let left = ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue, right = ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue
        for output in shell.outputs.values {
            for (edge, millimetres) in widths.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                let width = Self.pixels(millimetres, logicalWidth: Double(output.pixelWidth) / Double(output.scale),
                                        touchscreenWidth: touchscreenWidth, physicalWidth: Double(output.physicalWidth))
                var placement = LayerSurface.Placement(anchor: 0, takesInput: true, namespace: "tactus-edge-strip")
                switch edge {
                case .left: (placement.anchor, placement.width) = (left | top | bottom, width)
                case .right: (placement.anchor, placement.width) = (right | top | bottom, width)
                case .top: (placement.anchor, placement.height) = (top | left | right, width)
                case .bottom: (placement.anchor, placement.height) = (bottom | left | right, width)
                }
                guard let surface = LayerSurface(shell: shell, output: output, placement: placement) else { continue }
                // Nothing shows: a transparent buffer, so that the compositor maps the surface and routes input to it.
                surface.drawable = { [unowned surface] in
                    if !surface.isWaitingForFrame && !surface.hasDrawn { surface.draw { _, _, _ in } }
                }
                surface.closed = { [unowned self, unowned surface] in surfaces.removeAll { $0 === surface } }
                surfaces.append(surface)
            }
        }
    }
}
