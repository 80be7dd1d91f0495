// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import Glibc
import TactusClient
import TactusCore
import TactusWayland

/// The smallest compositor Tactus's clients need, in process, for the Wayland tests and the latency benchmark:
/// a `wl_display` on a socket in a private runtime directory, `wl_compositor` (surfaces and regions), a `wl_seat`
/// without devices, and a scene where the caller places surfaces in layout pixels. Whoever serves the gesture
/// protocol on `display` (a `GestureServer`, or libtactus through its C ABI) hit-tests with `frontSurface(at:)`.
/// Nothing blocks, so that clients on the same thread can take turns with it (`pump(_:rounds:)`).
///
/// Destroy what serves the protocol on `display` before the testbed, which destroys the display.
public final class Testbed {
    /// The server's display.
    public let display: OpaquePointer
    /// The absolute path of the display's socket, for `wl_display_connect`.
    public let socket: String
    /// Surfaces in creation order; the scene is the placed ones, the last placed in front.
    public private(set) var surfaces: [TestbedSurface] = []
    /// Called on every `wl_surface.commit`, for the protocol's server.
    public var onSurfaceCommitted: ((TestbedSurface) -> Void)?
    /// The private runtime directory, where the socket is. Nothing sets XDG_RUNTIME_DIR to it (tests read the
    /// environment at the same time): clients connect to the socket's absolute path.
    public let runtimeDirectory: String
    private var scene: [(surface: TestbedSurface, frame: Rect, reportsSize: Bool)] = []
    private var globals: [OpaquePointer] = []

    /// Creates the display and listens on a fresh socket.
    public init() throws {
        display = wl_display_create()!
        var template = Array("/tmp/tactus-wayland-XXXXXX".utf8CString)
        runtimeDirectory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        socket = runtimeDirectory + "/wayland-0"
        try Testbed.listen(on: socket, display: display)
        let data = Unmanaged.passUnretained(self).toOpaque()
        globals.append(wl_global_create(display, tactus_wl_compositor_interface(), 4, data) { client, data, version, id in
            guard let client, let data else { return }
            let testbed = Unmanaged<Testbed>.fromOpaque(data).takeUnretainedValue()
            _ = Resource.create(client: client, interface: tactus_wl_compositor_interface(), version: Int32(version),
                                id: id, implementation: compositorImplementation, owner: testbed.compositorGlobal)
        })
        globals.append(wl_global_create(display, tactus_wl_seat_interface(), 5, data) { client, _, version, id in
            guard let client else { return }
            let seat = Resource.create(client: client, interface: tactus_wl_seat_interface(), version: Int32(version),
                                       id: id, implementation: seatImplementation, owner: SeatResource())
            if let seat { wl_seat_send_capabilities(seat, 0) }
        })
    }

    private lazy var compositorGlobal = CompositorResource(testbed: self)

    /// A listening Unix socket at `path` whose clients `display` serves (libwayland 1.21 takes no absolute
    /// path in wl_display_add_socket).
    private static func listen(on path: String, display: OpaquePointer) throws {
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (i, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard fd >= 0, bound == 0, Glibc.listen(fd, 128) == 0, wl_display_add_socket_fd(display, fd) == 0 else {
            throw TestbedError("cannot listen on \(path): errno \(errno)")
        }
    }

    deinit {
        for global in globals { wl_global_destroy(global) }
        wl_display_destroy_clients(display)
        wl_display_destroy(display)
        unlink(socket)
        rmdir(runtimeDirectory)
    }

    // MARK: The scene

    /// Puts a surface at `frame` (layout pixels), in front of the others. Its hit test reports the frame's size
    /// unless `reportsSize` is false, as for a compositor that does not know it.
    public func place(_ surface: TestbedSurface, at frame: Rect, reportsSize: Bool = true) {
        scene.removeAll { $0.surface === surface }
        scene.append((surface, frame, reportsSize))
    }

    /// The front surface under the point, with its frame: surfaces here have no subsurfaces, and one client's
    /// window hides what lies under it from the others.
    public func frontSurface(at point: Point) -> (surface: TestbedSurface, frame: Rect, reportsSize: Bool)? {
        scene.last { $0.frame.contains(point) }
    }

    /// The rectangles a client added to a `wl_region` of this compositor.
    public func rectangles(ofRegion region: OpaquePointer) -> [Rect] {
        Resource.owner(of: region, as: TestbedRegion.self)?.rectangles ?? []
    }

    func surfaceCreated(_ surface: TestbedSurface) { surfaces.append(surface) }
    func surfaceDestroyed(_ surface: TestbedSurface) {
        surfaces.removeAll { $0 === surface }
        scene.removeAll { $0.surface === surface }
    }

    // MARK: Running

    /// Lets the server and the clients take turns until nothing more moves (every step is non-blocking).
    public func pump(_ clients: [PumpedClient], rounds: Int = 8) {
        for _ in 0..<rounds {
            for client in clients { client.flush() }
            wl_event_loop_dispatch(wl_display_get_event_loop(display), 0)
            wl_display_flush_clients(display)
            for client in clients { client.dispatchAvailable() }
        }
    }

    /// Runs the event loop for up to `milliseconds`, for a client in another process or a timer.
    public func run(forMilliseconds milliseconds: Int32) {
        wl_event_loop_dispatch(wl_display_get_event_loop(display), milliseconds)
        wl_display_flush_clients(display)
    }

    /// How many clients the display has now.
    public var clientCount: Int {
        var count = 0
        let list = wl_display_get_client_list(display)
        var link = list?.pointee.next
        while let current = link, current != list {
            count += 1
            link = current.pointee.next
        }
        return count
    }
}

/// Something the testbed lets take turns with it: a client connection.
public protocol PumpedClient {
    /// Sends what the client has buffered.
    func flush()
    /// Reads and dispatches what has arrived, without blocking.
    func dispatchAvailable()
}

extension WaylandConnection: PumpedClient {}

/// Something the testbed or a test on it could not do.
public struct TestbedError: Error, CustomStringConvertible {
    /// What.
    public let description: String
    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}
