import CTactusWaylandServer
import Glibc
import TactusCore
@testable import TactusWayland

/// The smallest compositor the protocol needs, in process: a `wl_display` on a socket in a private
/// `XDG_RUNTIME_DIR`, `wl_compositor` (surfaces and regions), a `wl_seat` without devices, the Tactus global,
/// and a scene where the test places surfaces in layout pixels. It hit-tests for the engine and runs the
/// display's event loop without blocking, so that clients on the same thread can take turns with it.
final class TestCompositor: SurfaceLocator, GestureServerHost {
    let display: OpaquePointer
    let socket: String
    private(set) var engineLoop: EngineLoop!
    private(set) var server: GestureServer!
    var engine: Engine { engineLoop.engine }
    /// Updates of gestures that are not the clients' (the compositor's own bindings).
    private(set) var bindingUpdates: [GestureUpdate] = []
    /// The protocol errors the server raised, as it reported them: the object, and the message.
    private(set) var protocolErrors: [(object: String, message: String)] = []
    /// Surfaces in creation order; the scene is the placed ones, the last placed in front.
    private(set) var surfaces: [TestSurface] = []
    private var scene: [(surface: TestSurface, frame: Rect, reportsSize: Bool)] = []
    var pointerLocation = Point(x: 0, y: 0)
    private var globals: [OpaquePointer] = []

    /// The compositor's private runtime directory. Nothing sets XDG_RUNTIME_DIR to it (other tests read the
    /// environment at the same time): clients connect to the socket's absolute path.
    let runtimeDirectory: String

    init() throws {
        display = wl_display_create()!
        var template = Array("/tmp/tactus-wayland-XXXXXX".utf8CString)
        runtimeDirectory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        socket = runtimeDirectory + "/wayland-0"
        try TestCompositor.listen(on: socket, display: display)
        engineLoop = EngineLoop(loop: wl_display_get_event_loop(display))
        engine.surfaceLocator = self
        server = GestureServer(display: display, engineLoop: engineLoop, host: self)
        // The tests' own bindings are attached on the engine directly.
        engineLoop.onUnownedUpdate = { [unowned self] update in bindingUpdates.append(update) }
        let data = Unmanaged.passUnretained(self).toOpaque()
        globals.append(wl_global_create(display, tactus_wl_compositor_interface(), 4, data) { client, data, version, id in
            guard let client, let data else { return }
            let compositor = Unmanaged<TestCompositor>.fromOpaque(data).takeUnretainedValue()
            _ = Resource.create(client: client, interface: tactus_wl_compositor_interface(), version: Int32(version),
                                id: id, implementation: compositorImplementation, owner: compositor.compositorGlobal)
        })
        globals.append(wl_global_create(display, tactus_wl_seat_interface(), 5, data) { client, data, version, id in
            guard let client else { return }
            let seat = Resource.create(client: client, interface: tactus_wl_seat_interface(), version: Int32(version),
                                       id: id, implementation: seatImplementation, owner: SeatResource())
            if let seat { wl_seat_send_capabilities(seat, 0) }
        })
    }

    private lazy var compositorGlobal = CompositorResource(compositor: self)

    func protocolErrorRaised(on object: String, message: String) {
        protocolErrors.append((object, message))
    }

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
            throw TestFailure("cannot listen on \(path): errno \(errno)")
        }
    }

    deinit {
        engineLoop.onUnownedUpdate = nil
        server = nil
        // Before the display: the loop's timer is on the display's event loop.
        engineLoop = nil
        for global in globals { wl_global_destroy(global) }
        wl_display_destroy_clients(display)
        wl_display_destroy(display)
        unlink(socket)
        rmdir(runtimeDirectory)
    }

    /// Drops the Tactus server as a compositor that turns the protocol off would.
    func shutDownServer() {
        // The server goes outside the assignment: its deinit cancels the clients' gestures, through the engine.
        let going = server
        server = nil
        withExtendedLifetime(going) {}
    }

    // MARK: The scene

    /// Puts a surface at `frame` (layout pixels), in front of the others. Its hit test reports the frame's size
    /// unless `reportsSize` is false, as for a compositor that does not know it.
    func place(_ surface: TestSurface, at frame: Rect, reportsSize: Bool = true) {
        scene.removeAll { $0.surface === surface }
        scene.append((surface, frame, reportsSize))
    }

    /// The front surface under the point: surfaces of this compositor have no subsurfaces, and one client's
    /// window hides what lies under it from the others.
    func surfaces(at point: Point, into stack: inout [SurfaceHit]) {
        guard let (surface, frame, reportsSize) = scene.last(where: { $0.frame.contains(point) }) else { return }
        let local = Point(x: point.x - frame.origin.x, y: point.y - frame.origin.y)
        stack.append(SurfaceHit(surface: surface.id, origin: frame.origin,
                                excludesCompositorGestures: server?.excludesCompositorGestures(on: surface.id, at: local) ?? false,
                                size: reportsSize ? frame.size : nil))
    }

    func rectangles(ofRegion region: OpaquePointer) -> [Rect] {
        Resource.owner(of: region, as: TestRegion.self)?.rectangles ?? []
    }

    fileprivate func surfaceCreated(_ surface: TestSurface) { surfaces.append(surface) }
    fileprivate func surfaceDestroyed(_ surface: TestSurface) {
        surfaces.removeAll { $0 === surface }
        scene.removeAll { $0.surface === surface }
    }
    fileprivate func surfaceCommitted(_ surface: TestSurface) { server?.surfaceCommitted(surface.resource) }

    // MARK: Running

    /// Lets the server and the clients take turns until nothing more moves (every step is non-blocking).
    func pump(_ clients: [PumpedClient], rounds: Int = 8) {
        for _ in 0..<rounds {
            for client in clients { client.flush() }
            wl_event_loop_dispatch(wl_display_get_event_loop(display), 0)
            wl_display_flush_clients(display)
            for client in clients { client.dispatchAvailable() }
        }
    }

    /// Runs the event loop for up to `milliseconds`, for a client in another process or a timer.
    func run(forMilliseconds milliseconds: Int32) {
        wl_event_loop_dispatch(wl_display_get_event_loop(display), milliseconds)
        wl_display_flush_clients(display)
    }

    /// Feeds a trace to the server with its devices, then lets `settle` of virtual time pass.
    func feed(_ events: [(time: Timestamp, event: InputEvent)], settle: TimeSpan = .milliseconds(1000)) {
        for (time, event) in events { engineLoop.handle(event, at: time) }
        if let last = events.last { engineLoop.advance(to: last.time + settle) }
    }

    /// How many clients the display has now.
    var clientCount: Int {
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

/// Something the compositor lets take turns with it: a client connection.
protocol PumpedClient {
    func flush()
    func dispatchAvailable()
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// MARK: Resources

final class CompositorResource: ResourceOwner {
    unowned let compositor: TestCompositor
    init(compositor: TestCompositor) { self.compositor = compositor }
    func resourceDestroyed() {}
}

final class SeatResource: ResourceOwner {
    func resourceDestroyed() {}
}

final class TestSurface: ResourceOwner {
    weak var compositor: TestCompositor?
    let client: OpaquePointer
    private(set) var resource: OpaquePointer!
    init(compositor: TestCompositor, client: OpaquePointer) {
        self.compositor = compositor
        self.client = client
    }
    var id: SurfaceID { SurfaceID(resource: resource) }
    fileprivate func bind(_ resource: OpaquePointer) { self.resource = resource }
    func resourceDestroyed() { compositor?.surfaceDestroyed(self) }
}

final class TestRegion: ResourceOwner {
    var rectangles: [Rect] = []
    func resourceDestroyed() {}
}

nonisolated(unsafe) private let compositorImplementation: UnsafeMutablePointer<wl_compositor_interface> = {
    let implementation = UnsafeMutablePointer<wl_compositor_interface>.allocate(capacity: 1)
    implementation.initialize(to: wl_compositor_interface(
        create_surface: { client, resource, id in
            guard let client, let compositor = Resource.owner(of: resource, as: CompositorResource.self)?.compositor
            else { return }
            let surface = TestSurface(compositor: compositor, client: client)
            guard let created = Resource.create(client: client, interface: tactus_wl_surface_interface(),
                                                version: wl_resource_get_version(resource), id: id,
                                                implementation: surfaceImplementation, owner: surface) else { return }
            surface.bind(created)
            compositor.surfaceCreated(surface)
        },
        create_region: { client, _, id in
            guard let client else { return }
            _ = Resource.create(client: client, interface: tactus_wl_region_interface(), version: 1, id: id,
                                implementation: regionImplementation, owner: TestRegion())
        }
    ))
    return implementation
}()

nonisolated(unsafe) private let surfaceImplementation: UnsafeMutablePointer<wl_surface_interface> = {
    let implementation = UnsafeMutablePointer<wl_surface_interface>.allocate(capacity: 1)
    var surface = wl_surface_interface()
    surface.destroy = { _, resource in wl_resource_destroy(resource) }
    surface.attach = { _, _, _, _, _ in }
    surface.damage = { _, _, _, _, _, _ in }
    surface.frame = { client, _, id in
        guard let callback = wl_resource_create(client, tactus_wl_callback_interface(), 1, id) else { return }
        wl_callback_send_done(callback, 0)
        wl_resource_destroy(callback)
    }
    surface.set_opaque_region = { _, _, _ in }
    surface.set_input_region = { _, _, _ in }
    surface.commit = { _, resource in
        guard let surface = Resource.owner(of: resource, as: TestSurface.self) else { return }
        surface.compositor?.surfaceCommitted(surface)
    }
    surface.set_buffer_transform = { _, _, _ in }
    surface.set_buffer_scale = { _, _, _ in }
    surface.damage_buffer = { _, _, _, _, _, _ in }
    implementation.initialize(to: surface)
    return implementation
}()

nonisolated(unsafe) private let regionImplementation: UnsafeMutablePointer<wl_region_interface> = {
    let implementation = UnsafeMutablePointer<wl_region_interface>.allocate(capacity: 1)
    implementation.initialize(to: wl_region_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        add: { _, resource, x, y, width, height in
            Resource.owner(of: resource, as: TestRegion.self)?.rectangles.append(
                Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)))
        },
        // The tests build regions from rectangles only; a subtraction is out of this compositor's reach.
        subtract: { _, resource, _, _, _, _ in
            tactus_post_error(resource, 0, "the test compositor's regions support add only")
        }
    ))
    return implementation
}()

nonisolated(unsafe) private let seatImplementation: UnsafeMutablePointer<wl_seat_interface> = {
    let implementation = UnsafeMutablePointer<wl_seat_interface>.allocate(capacity: 1)
    func refuse(_ resource: OpaquePointer?) {
        tactus_post_error(resource, WL_SEAT_ERROR_MISSING_CAPABILITY.rawValue, "the test seat has no devices")
    }
    implementation.initialize(to: wl_seat_interface(
        get_pointer: { _, resource, _ in refuse(resource) },
        get_keyboard: { _, resource, _ in refuse(resource) },
        get_touch: { _, resource, _ in refuse(resource) },
        release: { _, resource in wl_resource_destroy(resource) }
    ))
    return implementation
}()
