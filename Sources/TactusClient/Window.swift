// SPDX-License-Identifier: MIT
internal import CTactusWaylandClient
internal import CDesktopProtocolsClient
import TactusPlatform
import Glibc
import TactusCore

/// A desktop window: an xdg-shell toplevel showing a plain white buffer, enough for a compositor to map it,
/// place it and hit-test touches on it. Its `surface` is where gestures are subscribed.
public final class Window: ConnectionChild {
    /// The window's `wl_surface`.
    public let surface: OpaquePointer
    private let connection: WaylandConnection
    private var xdgSurface: OpaquePointer?
    private var toplevel: OpaquePointer?
    private var buffer: OpaquePointer?
    private var size: (width: Int32, height: Int32)
    /// Whether the window takes the size the compositor suggests (a tiling compositor's tile), rather than its own.
    private let fillsSuggestedSize: Bool
    /// The size the compositor suggested last, taken at the next configure when the window fills it.
    fileprivate var suggestedSize: (width: Int32, height: Int32)?
    /// Whether the compositor configured the window and it has shown its buffer.
    public private(set) var isMapped = false
    /// Whether the compositor asked the window to close (xdg_toplevel.close): the user closed it.
    public fileprivate(set) var closeRequested = false

    /// Creates a window of `width` × `height` pixels titled `title`, of the application `appID` (xdg_toplevel's app id,
    /// by which compositors and their tools tell applications apart; nil: none); nil when the compositor offers no
    /// xdg_wm_base or wl_shm. It maps once the compositor configures it, during the connection's dispatch. With
    /// `fillsSuggestedSize` it takes the size the compositor suggests instead, where it suggests one.
    public init?(connection: WaylandConnection, title: String, appID: String? = nil, width: Int32, height: Int32,
                 fillsSuggestedSize: Bool = false) {
        guard let shell = connection.shell, connection.shm != nil, let surface = connection.makeSurface(),
              let xdgSurface = xdg_wm_base_get_xdg_surface(shell, surface) else { return nil }
        self.connection = connection
        self.surface = surface
        self.xdgSurface = xdgSurface
        size = (width, height)
        self.fillsSuggestedSize = fillsSuggestedSize
        toplevel = xdg_surface_get_toplevel(xdgSurface)
        title.withCString { xdg_toplevel_set_title(toplevel, $0) }
        appID?.withCString { xdg_toplevel_set_app_id(toplevel, $0) }
        xdg_surface_add_listener(xdgSurface, xdgSurfaceListener, Unmanaged.passUnretained(self).toOpaque())
        xdg_toplevel_add_listener(toplevel, toplevelListener, Unmanaged.passUnretained(self).toOpaque())
        connection.adopt(self)
        connection.commit(surface)
    }

    deinit {
        connectionWillClose()
    }

    /// The compositor's first configure: acknowledged, then the buffer goes on the surface.
    fileprivate func configure(serial: UInt32) {
        guard let xdgSurface else { return }
        xdg_surface_ack_configure(xdgSurface, serial)
        if fillsSuggestedSize, let suggested = suggestedSize, suggested.width > 0, suggested.height > 0,
           suggested != size {
            size = suggested
            if let buffer { wl_buffer_destroy(buffer) }
            buffer = nil
        }
        if buffer == nil { buffer = connection.makeWhiteBuffer(width: size.width, height: size.height) }
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, size.width, size.height)
        connection.commit(surface)
        isMapped = true
    }

    func connectionWillClose() {
        for proxy in [toplevel, xdgSurface, buffer].compactMap({ $0 }) { wl_proxy_destroy(proxy) }
        (toplevel, xdgSurface, buffer) = (nil, nil, nil)
    }
}

private nonisolated(unsafe) let xdgSurfaceListener = permanent(xdg_surface_listener(
    configure: { data, _, serial in
        guard let data else { return }
        Unmanaged<Window>.fromOpaque(data).takeUnretainedValue().configure(serial: serial)
    }
))

/// The size the compositor suggests is noted (the window keeps its own unless it fills it), and a close request.
private nonisolated(unsafe) let toplevelListener = permanent(xdg_toplevel_listener(
    configure: { data, _, width, height, _ in
        guard let data else { return }
        Unmanaged<Window>.fromOpaque(data).takeUnretainedValue().suggestedSize = (width, height)
    },
    close: { data, _ in
        guard let data else { return }
        Unmanaged<Window>.fromOpaque(data).takeUnretainedValue().closeRequested = true
    },
    configure_bounds: { _, _, _, _ in },
    wm_capabilities: { _, _, _ in }
))

/// Answers the compositor's pings, as every xdg-shell client must.
nonisolated(unsafe) let shellListener = permanent(xdg_wm_base_listener(
    ping: { _, shell, serial in xdg_wm_base_pong(shell, serial) }
))

extension WaylandConnection {
    /// A buffer of white XRGB8888 pixels in shared memory; nil when that cannot be made.
    func makeWhiteBuffer(width: Int32, height: Int32) -> OpaquePointer? {
        guard let shm else { return nil }
        let stride = width * 4
        guard let memory = SharedMemory(size: Int(stride * height)) else { return nil }
        memset(memory.bytes, 0xFF, memory.size)
        guard let pool = wl_shm_create_pool(shm, memory.fileDescriptor, Int32(memory.size)) else { return nil }
        defer { wl_shm_pool_destroy(pool) }
        return wl_shm_pool_create_buffer(pool, 0, width, height, stride, UInt32(WL_SHM_FORMAT_XRGB8888.rawValue))
    }
}
