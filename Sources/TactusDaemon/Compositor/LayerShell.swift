// SPDX-License-Identifier: MIT
internal import CDesktopProtocolsClient
import CCairo
internal import CTactusWaylandClient
import Glibc
import TactusCore
import TactusPlatform

/// What tactusd needs from the compositor to put surfaces on screen: `wl_compositor`, `wl_shm`, `zwlr_layer_shell_v1`
/// (sway, labwc, river, Hyprland, niri and Wayfire have it), and the outputs, each with its scale and physical size.
/// `changed` hears when any of them comes or goes, so that the feedback and the edge strips place their surfaces again.
final class LayerShell: CompositorConnection.Part {
    /// An output, by its global's name.
    final class Output {
        let name: UInt32
        let proxy: OpaquePointer
        /// Buffer pixels per logical pixel.
        fileprivate(set) var scale: Int32 = 1
        /// Its width in millimetres, as the compositor says (0: it does not know, as for a headless output), and in
        /// pixels of its current mode.
        fileprivate(set) var physicalWidth: Int32 = 0
        fileprivate(set) var pixelWidth: Int32 = 0
        /// What to do at each done, which ends a description of it (its first, or a new mode or scale).
        fileprivate var done: (() -> Void)?
        fileprivate init(name: UInt32, proxy: OpaquePointer) { (self.name, self.proxy) = (name, proxy) }
    }

    private let connection: CompositorConnection
    /// Heard when the shell or an output comes or goes.
    var changed: () -> Void = {}
    private(set) var outputs: [UInt32: Output] = [:]
    fileprivate private(set) var compositor: OpaquePointer?
    fileprivate private(set) var shm: OpaquePointer?
    fileprivate private(set) var shell: OpaquePointer?

    /// Whether the compositor announced its globals and described its outputs, since the connection was made.
    private(set) var isReady = false
    /// Whether surfaces can be placed: the compositor is ready and offers all that is needed.
    var isAvailable: Bool { isReady && compositor != nil && shm != nil && shell != nil }
    /// What the compositor lacks of it, named for messages; nil when nothing.
    private(set) var missing: String?

    init(connection: CompositorConnection) {
        self.connection = connection
        connection.add(self)
    }

    deinit {
        forget()
        connection.remove(self)
    }

    var socketName: String { connection.socketName }

    func flush() { connection.flush() }

    /// What tactusd puts on screen, in words: "the feedback", "edge strips (left, top)", or both.
    static func parts(feedback: Bool, strips edges: [Edge]) -> String {
        let strips = edges.isEmpty ? nil : "edge strips (\(edges.map(\.rawValue).sorted().joined(separator: ", ")))"
        return [feedback ? "the feedback" : nil, strips].compactMap { $0 }.joined(separator: " and ")
    }

    /// Whether `what` can show, in words: not without a compositor, not without all the layer shell takes, or where;
    /// nil while a compositor is connecting, and has not said yet.
    func standing(showing what: String) -> String? {
        if connection.standing == .noCompositor {
            return "no Wayland compositor at \(socketName) to show \(what) on (looking every \(CompositorConnection.retryInterval / 1000) s)"
        }
        guard isReady else { return nil }
        if let missing { return "the compositor at \(socketName) offers no \(missing): \(what) cannot show" }
        return "showing \(what) on \(socketName), \(outputs.count) outputs (zwlr_layer_shell_v1)"
    }

    func offered(name: UInt32, interface: String, version: UInt32, registry: OpaquePointer) {
        switch interface {
        case "wl_compositor" where compositor == nil:
            compositor = OpaquePointer(wl_registry_bind(registry, name, tactus_client_compositor_interface(), min(version, 4)))
        case "wl_shm" where shm == nil:
            shm = OpaquePointer(wl_registry_bind(registry, name, tactus_client_shm_interface(), 1))
        case "zwlr_layer_shell_v1" where shell == nil:
            shell = OpaquePointer(wl_registry_bind(registry, name, tactus_client_layer_shell_interface(), min(version, 3)))
        case "wl_output":
            guard let bound = wl_registry_bind(registry, name, tactus_client_output_interface(), min(version, 2)) else { return }
            let output = Output(name: name, proxy: OpaquePointer(bound))
            outputs[name] = output
            wl_output_add_listener(output.proxy, outputListener, Unmanaged.passUnretained(output).toOpaque())
            // An output that comes later, or changes, is placed on again once described.
            output.done = { [weak self] in
                if self?.isReady == true { self?.changed() }
            }
        default:
            break
        }
    }

    func withdrawn(name: UInt32) {
        guard let output = outputs.removeValue(forKey: name) else { return }
        changed()
        wl_output_destroy(output.proxy)
    }

    func announced() {
        let lacking = [("wl_compositor", compositor), ("wl_shm", shm), ("zwlr_layer_shell_v1", shell)]
            .filter { $0.1 == nil }.map(\.0)
        missing = lacking.isEmpty ? nil : lacking.joined(separator: ", ")
        // The outputs bound as they were announced describe themselves before the answer to a sync sent now.
        connection.sync { [weak self] in
            self?.isReady = true
            self?.changed()
        }
    }

    func disconnected() {
        isReady = false
        forget()
        changed()
    }

    private func forget() {
        for output in outputs.values { wl_output_destroy(output.proxy) }
        outputs = [:]
        if let shell { zwlr_layer_shell_v1_destroy(shell) }
        if let shm { wl_shm_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        (shell, shm, compositor) = (nil, nil, nil)
    }
}

private nonisolated(unsafe) let outputListener = permanent(wl_output_listener(
    geometry: { data, _, _, _, physicalWidth, _, _, _, _, _ in
        LayerShell.Output.of(data).physicalWidth = physicalWidth
    },
    mode: { data, _, flags, width, _, _ in
        guard flags & UInt32(WL_OUTPUT_MODE_CURRENT.rawValue) != 0 else { return }
        LayerShell.Output.of(data).pixelWidth = width
    },
    done: { data, _ in LayerShell.Output.of(data).done?() },
    scale: { data, _, factor in LayerShell.Output.of(data).scale = max(1, factor) },
    name: { _, _, _ in },
    description: { _, _, _ in }))

extension LayerShell.Output {
    fileprivate static func of(_ data: UnsafeMutableRawPointer?) -> LayerShell.Output {
        Unmanaged<LayerShell.Output>.fromOpaque(data!).takeUnretainedValue()
    }
}

/// A surface of tactusd's in a layer of one output: above the windows, anchored to edges, taking touches and clicks
/// where its input region is (everywhere, or nowhere). It draws with cairo into shared-memory buffers, two at most,
/// each reused once the compositor releases it, and at most once a frame (`isWaitingForFrame`).
final class LayerSurface {
    /// Where it is, what it wants, and whether it takes input.
    struct Placement {
        var anchor: UInt32
        /// The size asked for, in logical pixels; 0 along an axis anchored on both sides: the output's.
        var width: UInt32 = 0, height: UInt32 = 0
        /// Whether touches and clicks on it reach it (and not what is below).
        var takesInput: Bool
        /// The layer shell's namespace, which compositors let users match rules on.
        var namespace: String
    }

    /// Held, so that the connection outlives the surface's objects.
    private let shell: LayerShell
    let output: LayerShell.Output
    private let surface: OpaquePointer
    private let role: OpaquePointer
    /// The size the compositor gave, in logical pixels; 0 until it configured the surface.
    private(set) var width: Int32 = 0, height: Int32 = 0
    /// Whether a drawing waits for the compositor's next frame: the next waits for it.
    private(set) var isWaitingForFrame = false
    /// Whether it showed a picture at its current size.
    private(set) var hasDrawn = false
    /// Heard when the surface can be drawn: at the compositor's first configure, at a new size, and after the frame a
    /// drawing waited for.
    var drawable: () -> Void = {}
    /// Heard when the compositor took the surface away (its output went).
    var closed: () -> Void = {}
    private var frame: OpaquePointer?
    private var buffers: [Buffer] = []

    /// A surface placed on `output` as `placement` says; nil when the compositor lacks what it takes.
    init?(shell: LayerShell, output: LayerShell.Output, placement: Placement) {
        guard let compositor = shell.compositor, let layerShell = shell.shell,
              let surface = wl_compositor_create_surface(compositor) else { return nil }
        guard let role = placement.namespace.withCString({
            zwlr_layer_shell_v1_get_layer_surface(layerShell, surface, output.proxy, ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue, $0)
        }) else {
            wl_surface_destroy(surface)
            return nil
        }
        self.shell = shell
        self.output = output
        self.surface = surface
        self.role = role
        zwlr_layer_surface_v1_add_listener(role, layerSurfaceListener, Unmanaged.passUnretained(self).toOpaque())
        zwlr_layer_surface_v1_set_anchor(role, placement.anchor)
        zwlr_layer_surface_v1_set_size(role, placement.width, placement.height)
        // At the output's very edge, whatever panels keep for themselves.
        zwlr_layer_surface_v1_set_exclusive_zone(role, -1)
        zwlr_layer_surface_v1_set_keyboard_interactivity(role, ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE.rawValue)
        if !placement.takesInput, let region = wl_compositor_create_region(compositor) {
            // An empty input region: touches and clicks go through to what is below.
            wl_surface_set_input_region(surface, region)
            wl_region_destroy(region)
        }
        wl_surface_set_buffer_scale(surface, output.scale)
        wl_surface_commit(surface)
        shell.flush()
    }

    deinit {
        if let frame { wl_callback_destroy(frame) }
        buffers = []
        zwlr_layer_surface_v1_destroy(role)
        wl_surface_destroy(surface)
        shell.flush()
    }

    static func of(_ data: UnsafeMutableRawPointer?) -> LayerSurface {
        Unmanaged<LayerSurface>.fromOpaque(data!).takeUnretainedValue()
    }

    /// Draws a new picture with `paint`, given a cleared cairo context in logical pixels and the surface's logical size,
    /// and shows it at the compositor's next frame. Does nothing before the first configure, and returns false when no
    /// buffer could be had (the compositor holds both, or memory ran out): the caller draws again when `drawable` says.
    @discardableResult
    func draw(_ paint: (OpaquePointer, Double, Double) -> Void) -> Bool {
        guard width > 0, height > 0, !isWaitingForFrame, let shm = shell.shm else { return false }
        let scale = output.scale
        let pixels = (width: width * scale, height: height * scale)
        buffers.removeAll { $0.width != pixels.width || $0.height != pixels.height }
        let free = buffers.first { !$0.isBusy }
            ?? (buffers.count < 2 ? Buffer(shm: shm, width: pixels.width, height: pixels.height) : nil)
        guard let buffer = free else { return false }
        if !buffers.contains(where: { $0 === buffer }) { buffers.append(buffer) }
        guard let context = cairo_create(buffer.cairoSurface) else { return false }
        cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
        cairo_paint(context)
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        cairo_scale(context, Double(scale), Double(scale))
        paint(context, Double(width), Double(height))
        cairo_destroy(context)
        cairo_surface_flush(buffer.cairoSurface)
        buffer.isBusy = true
        frame = wl_surface_frame(surface)
        wl_callback_add_listener(frame, frameListener, Unmanaged.passUnretained(self).toOpaque())
        isWaitingForFrame = true
        wl_surface_set_buffer_scale(surface, scale)
        wl_surface_attach(surface, buffer.proxy, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, pixels.width, pixels.height)
        wl_surface_commit(surface)
        shell.flush()
        hasDrawn = true
        return true
    }

    fileprivate func configure(serial: UInt32, width: UInt32, height: UInt32) {
        zwlr_layer_surface_v1_ack_configure(role, serial)
        let changed = Int32(clamping: width) != self.width || Int32(clamping: height) != self.height
        (self.width, self.height) = (Int32(clamping: width), Int32(clamping: height))
        if changed {
            hasDrawn = false
            drawable()
        }
    }

    fileprivate func frameDone() {
        if let frame { wl_callback_destroy(frame) }
        frame = nil
        isWaitingForFrame = false
        drawable()
    }
}

/// One shared-memory buffer of ARGB pixels (premultiplied, as cairo and `wl_shm` both take them), and the cairo
/// surface that draws into it.
private final class Buffer {
    let width: Int32, height: Int32
    let memory: SharedMemory
    let proxy: OpaquePointer
    let cairoSurface: OpaquePointer
    /// Whether the compositor holds it (attached, not yet released).
    var isBusy = false

    init?(shm: OpaquePointer, width: Int32, height: Int32) {
        let stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width)
        guard stride > 0, let memory = SharedMemory(size: Int(stride) * Int(height)),
              let pool = wl_shm_create_pool(shm, memory.fileDescriptor, Int32(memory.size)) else { return nil }
        defer { wl_shm_pool_destroy(pool) }
        guard let proxy = wl_shm_pool_create_buffer(pool, 0, width, height, stride, UInt32(WL_SHM_FORMAT_ARGB8888.rawValue)),
              let cairoSurface = cairo_image_surface_create_for_data(memory.bytes.assumingMemoryBound(to: UInt8.self),
                                                                     CAIRO_FORMAT_ARGB32, width, height, stride) else { return nil }
        (self.width, self.height, self.memory, self.proxy, self.cairoSurface) = (width, height, memory, proxy, cairoSurface)
        wl_buffer_add_listener(proxy, bufferListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        cairo_surface_destroy(cairoSurface)
        wl_buffer_destroy(proxy)
    }
}

private nonisolated(unsafe) let bufferListener = permanent(wl_buffer_listener(
    release: { data, _ in Unmanaged<Buffer>.fromOpaque(data!).takeUnretainedValue().isBusy = false }))

private nonisolated(unsafe) let frameListener = permanent(wl_callback_listener(
    done: { data, _, _ in LayerSurface.of(data).frameDone() }))

private nonisolated(unsafe) let layerSurfaceListener = permanent(zwlr_layer_surface_v1_listener(
    configure: { data, _, serial, width, height in LayerSurface.of(data).configure(serial: serial, width: width, height: height) },
    closed: { data, _ in LayerSurface.of(data).closed() }))
