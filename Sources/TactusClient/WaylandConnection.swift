// SPDX-License-Identifier: MIT
internal import CTactusWaylandClient
internal import CDesktopProtocolsClient
import Glibc
import TactusPlatform
import TactusCore

/// A connection to a compositor with the globals Tactus needs.
///
/// Everything happens on the caller's thread. The globals are bound as the registry announces them, during
/// whichever dispatch the caller does; `init` does one blocking roundtrip for that unless told not to, as a test
/// that runs the compositor on the same thread must (it pumps both sides with `dispatchAvailable()` instead).
/// The display and every object made through the connection are valid until `disconnect()`.
public final class WaylandConnection {
    /// The `wl_display`.
    public let display: OpaquePointer
    /// The `wl_compositor`, bound at version 4 at most.
    public private(set) var compositor: OpaquePointer?
    /// The first `wl_seat` announced.
    public private(set) var seat: OpaquePointer?
    /// Every `wl_seat` bound, in the order announced, with the name the compositor gave it (wl_seat version 2),
    /// once that arrived.
    private var seats: [(proxy: OpaquePointer, name: String?)] = []
    /// The `tactus_gesture_manager_v1`, at `gestureVersion`.
    public private(set) var gestureManager: OpaquePointer?
    /// The version `gestureManager` was bound at, 0 until then: the compositor's, up to the newest this library
    /// speaks (2: pinches and rotations say where they started, `GestureEvent.startLocation`).
    public private(set) var gestureVersion: UInt32 = 0
    /// The newest version of `tactus_gesture_manager_v1` to bind.
    private let newestGestureVersion: UInt32
    /// `xdg_wm_base` and `wl_shm`, for windows (`Window`); nil where the compositor has no desktop shell.
    private(set) var shell: OpaquePointer?
    private(set) var shm: OpaquePointer?
    /// `zwp_pointer_gestures_v1`, at version 3 at most, for `PointerGestureObserver`; nil where the compositor
    /// forwards no touchpad gestures.
    private(set) var pointerGestures: OpaquePointer?
    /// The lock screens' globals, for `lockSession()`: `ext_session_lock_manager_v1`, and wlroots' older
    /// `zwlr_input_inhibit_manager_v1`; with the lock or the inhibitor made with them.
    private var sessionLockManager: OpaquePointer?
    private var sessionLock: OpaquePointer?
    private var inputInhibitManager: OpaquePointer?
    private var inputInhibitor: OpaquePointer?
    /// How the session was locked, once `lockSession()` returned.
    public private(set) var sessionLockProtocol: SessionLockProtocol?
    /// Set by the session lock's events: `locked`, or `finished` (the compositor refused the lock, or ended it).
    fileprivate var sessionLockAnswer: Bool?
    /// Whether the display is still open, so that the connection's objects may be used.
    public private(set) var isConnected = true
    private var registry: OpaquePointer?
    /// The protocol error, kept through `disconnect()` since the display that knows it is freed then.
    private var errorAtDisconnect: ProtocolError?
    /// Surfaces and regions made here and not destroyed yet.
    private var ownedProxies: Set<OpaquePointer> = []
    /// Gesture and exclusion objects made on this connection, to free before the display goes.
    private var children: [WeakChild] = []
    /// The gesture objects' groups of the input frame being received.
    let inputFrameGroups = InputFrameGroups()

    /// Connects to the compositor on the display socket `socket` (nil: `$WAYLAND_DISPLAY`, else `wayland-0`) and,
    /// if `roundtripOnConnect`, waits until the compositor announced its globals.
    public convenience init(socket: String? = nil, roundtripOnConnect: Bool = true) throws {
        try self.init(socket: socket, roundtripOnConnect: roundtripOnConnect,
                      newestGestureVersion: UInt32(tactus_gesture_manager_v1_interface.version))
    }

    /// Connects as `init(socket:roundtripOnConnect:)` does, binding `tactus_gesture_manager_v1` at
    /// `newestGestureVersion` at most: for testing how the compositor serves clients of older versions.
    @_spi(Testing) public init(socket: String?, roundtripOnConnect: Bool, newestGestureVersion: UInt32) throws {
        guard let display = wl_display_connect(socket) else {
            let name = socket ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
            throw WaylandClientError.cannotConnect(name)
        }
        self.display = display
        self.newestGestureVersion = newestGestureVersion
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, registryListener, Unmanaged.passUnretained(self).toOpaque())
        if roundtripOnConnect { try roundtrip() }
    }

    deinit { disconnect() }

    /// The descriptor to watch for readability before `dispatchAvailable()`; -1 once disconnected.
    public var fileDescriptor: Int32 { isConnected ? wl_display_get_fd(display) : -1 }

    /// Sends the requests made so far; what does not fit in the socket now goes with the next flush.
    public func flush() {
        guard isConnected else { return }
        // EAGAIN leaves the rest buffered; every other failure is recorded by libwayland as the display's error.
        _ = wl_display_flush(display)
    }

    /// Sends the requests made so far, then reads and dispatches whatever has arrived, without blocking.
    public func dispatchAvailable() {
        guard isConnected else { return }
        // Events already queued must be dispatched before libwayland lets anyone read more.
        while wl_display_prepare_read(display) != 0 {
            guard wl_display_dispatch_pending(display) >= 0 else { return }
        }
        flush()
        var readable = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        if poll(&readable, 1, 0) > 0 {
            wl_display_read_events(display)
        } else {
            wl_display_cancel_read(display)
        }
        wl_display_dispatch_pending(display)
    }

    /// Blocks until the compositor answered everything sent so far (`wl_display_roundtrip`).
    public func roundtrip() throws {
        guard isConnected, wl_display_roundtrip(display) >= 0 else { throw failure }
    }

    /// Blocks dispatching events until `condition` holds or the connection fails.
    public func dispatch(until condition: () -> Bool) throws {
        while !condition() {
            guard isConnected, wl_display_dispatch(display) >= 0 else { throw failure }
        }
    }

    /// Creates a surface; nil without a compositor global or connection.
    public func makeSurface() -> OpaquePointer? {
        guard isConnected, let compositor, let surface = wl_compositor_create_surface(compositor) else { return nil }
        ownedProxies.insert(surface)
        return surface
    }

    /// Creates a region that is the union of `rectangles`, rounded to whole pixels; nil without a compositor
    /// global or connection.
    public func makeRegion(_ rectangles: [Rect]) -> OpaquePointer? {
        guard isConnected, let compositor, let region = wl_compositor_create_region(compositor) else { return nil }
        ownedProxies.insert(region)
        for rectangle in rectangles {
            wl_region_add(region, Int32(roundingClamped: rectangle.origin.x), Int32(roundingClamped: rectangle.origin.y),
                          Int32(roundingClamped: rectangle.size.width), Int32(roundingClamped: rectangle.size.height))
        }
        return region
    }

    /// Destroys a region made by `makeRegion(_:)`.
    public func destroyRegion(_ region: OpaquePointer) {
        guard isConnected, ownedProxies.remove(region) != nil else { return }
        wl_region_destroy(region)
    }

    /// Destroys a surface made by `makeSurface()`.
    public func destroySurface(_ surface: OpaquePointer) {
        guard isConnected, ownedProxies.remove(surface) != nil else { return }
        wl_surface_destroy(surface)
    }

    /// Applies a surface's pending state, gesture exclusions included.
    public func commit(_ surface: OpaquePointer) {
        guard isConnected else { return }
        wl_surface_commit(surface)
    }

    /// The protocol error the compositor raised, if any. `wl_display`'s own errors are not among them: libwayland
    /// only reports an errno for those (`WaylandClientError.connectionFailed`).
    public var protocolError: ProtocolError? {
        guard isConnected else { return errorAtDisconnect }
        guard wl_display_get_error(display) == EPROTO else { return nil }
        var interface: UnsafePointer<wl_interface>?
        var objectID: UInt32 = 0
        let code = wl_display_get_protocol_error(display, &interface, &objectID)
        let name = interface.flatMap { $0.pointee.name }.map { String(cString: $0) } ?? "unknown"
        return ProtocolError(interface: name, code: code, objectID: objectID)
    }

    /// The errno with which the connection failed (EPROTO for a protocol error, EINVAL for `wl_display`'s
    /// invalid_object and invalid_method), or 0 while it is fine.
    public var errorNumber: Int32 { isConnected ? wl_display_get_error(display) : (errorAtDisconnect == nil ? 0 : EPROTO) }

    /// Closes the connection; every object made through it becomes unusable. Calling it again does nothing.
    public func disconnect() {
        guard isConnected else { return }
        errorAtDisconnect = protocolError
        // Every proxy is freed while the display that owns it still exists; the compositor's side goes with the
        // connection, so no destructor requests are needed.
        for child in children { child.object?.connectionWillClose() }
        children = []
        for proxy in ownedProxies { wl_proxy_destroy(proxy) }
        ownedProxies = []
        // Freed without destructor requests: closing the connection destroys everything on the compositor's side.
        for proxy in seats.map(\.proxy) + [gestureManager, pointerGestures, inputInhibitor, inputInhibitManager, shell,
                                            shm, compositor, registry].compactMap({ $0 }) {
            wl_proxy_destroy(proxy)
        }
        (gestureManager, pointerGestures, inputInhibitor, inputInhibitManager) = (nil, nil, nil, nil)
        (sessionLock, sessionLockManager) = (nil, nil)
        (shell, shm, seat, compositor, registry) = (nil, nil, nil, nil, nil)
        seats = []
        wl_display_disconnect(display)
        isConnected = false
    }

    /// Locks the session as a lock screen does, so that input goes to this client only: with ext-session-lock-v1,
    /// waiting until the compositor says it is locked; else with wlroots' input inhibitor (wlroots 0.15). It holds
    /// until `unlockSession()`. A client that goes without unlocking leaves an ext-session-lock-v1 session locked,
    /// as the protocol asks; the inhibitor ends with its client. Throws `missingGlobal` where the compositor has
    /// neither, and `lockRefused` where it refuses the lock (another lock screen holds the session).
    public func lockSession() throws {
        guard isConnected, sessionLockProtocol == nil else { return }
        if let sessionLockManager {
            sessionLockAnswer = nil
            sessionLock = ext_session_lock_manager_v1_lock(sessionLockManager)
            ext_session_lock_v1_add_listener(sessionLock, sessionLockListener, Unmanaged.passUnretained(self).toOpaque())
            try dispatch(until: { sessionLockAnswer != nil })
            guard sessionLockAnswer == true else {
                ext_session_lock_v1_destroy(sessionLock)
                sessionLock = nil
                throw WaylandClientError.lockRefused
            }
            sessionLockProtocol = .extSessionLock
        } else if let inputInhibitManager {
            inputInhibitor = zwlr_input_inhibit_manager_v1_get_inhibitor(inputInhibitManager)
            sessionLockProtocol = .inputInhibitor
        } else {
            throw WaylandClientError.missingGlobal("ext_session_lock_manager_v1")
        }
    }

    /// Lets the session go, as a lock screen does once the user is back: ext-session-lock-v1's unlock, or the
    /// input inhibitor destroyed. A client that ends right after should `roundtrip()` first: a compositor drops
    /// what a client that hung up sent last.
    public func unlockSession() {
        guard isConnected else { return }
        if let sessionLock { ext_session_lock_v1_unlock_and_destroy(sessionLock) }
        if let inputInhibitor { zwlr_input_inhibitor_v1_destroy(inputInhibitor) }
        (sessionLock, inputInhibitor, sessionLockProtocol) = (nil, nil, nil)
        flush()
    }

    /// Wakes a thread blocked in `dispatch(until:)`, whose condition is then tested again: the compositor answers a
    /// `wl_display.sync` sent here. The one method that may be called from another thread than the dispatching one
    /// (libwayland sends requests from any thread).
    public func wakeDispatch() {
        guard isConnected, let callback = wl_display_sync(display) else { return }
        wl_callback_add_listener(callback, wakeListener, nil)
        flush()
    }

    /// Hands `body` a region of `rectangles` (nil for nil) and destroys it right after: requests copy regions.
    func withRegion(_ rectangles: [Rect]?, _ body: (OpaquePointer?) -> Void) {
        let region = rectangles.flatMap(makeRegion)
        body(region)
        if let region { destroyRegion(region) }
    }

    /// Sends the manager's destructor; gesture objects already made keep working.
    func destroyGestureManager() {
        guard isConnected, let gestureManager else { return }
        tactus_gesture_manager_v1_destroy(gestureManager)
        self.gestureManager = nil
    }

    private var failure: WaylandClientError {
        .connectionFailed(protocolError, errno: isConnected ? wl_display_get_error(display) : ENOTCONN)
    }

    /// The `wl_seat` the compositor named `name` ("seat0"); nil when none is, or before its name arrived (a
    /// roundtrip after the one that bound it).
    public func seat(named name: String) -> OpaquePointer? {
        seats.first { $0.name == name }?.proxy
    }

    /// Releases every `wl_seat` object (`wl_seat.release` from version 5, else a local destroy), as a client that
    /// no longer needs them does. Gesture objects made with them keep working: they follow the seat, not the
    /// object. `seat` is nil afterwards.
    public func releaseSeats() {
        guard isConnected else { return }
        for (proxy, _) in seats {
            if wl_proxy_get_version(proxy) >= 5 { wl_seat_release(proxy) } else { wl_proxy_destroy(proxy) }
        }
        seats = []
        seat = nil
    }

    fileprivate func named(_ seat: OpaquePointer, _ name: String) {
        if let index = seats.firstIndex(where: { $0.proxy == seat }) { seats[index].name = name }
    }

    fileprivate func bind(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_compositor" where compositor == nil:
            compositor = bind(name, tactus_client_compositor_interface(), version: min(version, 4))
        case "wl_seat":
            // Every seat, for its name (version 2) and its release (version 5).
            guard let proxy = bind(name, tactus_client_seat_interface(), version: min(version, 5)) else { return }
            wl_seat_add_listener(proxy, seatListener, Unmanaged.passUnretained(self).toOpaque())
            seats.append((proxy, nil))
            if seat == nil { seat = proxy }
        case "tactus_gesture_manager_v1" where gestureManager == nil:
            gestureVersion = min(version, newestGestureVersion)
            gestureManager = bind(name, tactus_client_manager_interface(), version: gestureVersion)
        case "xdg_wm_base" where shell == nil:
            shell = bind(name, tactus_client_xdg_wm_base_interface(), version: 1)
            xdg_wm_base_add_listener(shell, shellListener, nil)
        case "wl_shm" where shm == nil:
            shm = bind(name, tactus_client_shm_interface(), version: 1)
        case "zwp_pointer_gestures_v1" where pointerGestures == nil:
            pointerGestures = bind(name, tactus_client_pointer_gestures_interface(), version: min(version, 3))
        case "ext_session_lock_manager_v1" where sessionLockManager == nil:
            sessionLockManager = bind(name, tactus_client_session_lock_manager_interface(), version: 1)
        case "zwlr_input_inhibit_manager_v1" where inputInhibitManager == nil:
            inputInhibitManager = bind(name, tactus_client_input_inhibit_manager_interface(), version: 1)
        default:
            break
        }
    }

    private func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>, version: UInt32) -> OpaquePointer? {
        OpaquePointer(wl_registry_bind(registry, name, interface, version))
    }
}

/// Binds the globals as they are announced. A removed global needs nothing: its objects turn inert.
private nonisolated(unsafe) let registryListener = permanent(wl_registry_listener(
    global: { data, _, name, interface, version in
        guard let data, let interface else { return }
        Unmanaged<WaylandConnection>.fromOpaque(data).takeUnretainedValue()
            .bind(name: name, interface: String(cString: interface), version: version)
    },
    global_remove: { _, _, _ in }))

/// Learns the seats' names; their capabilities do not matter here.
private nonisolated(unsafe) let seatListener = permanent(wl_seat_listener(
    capabilities: { _, _, _ in },
    name: { data, seat, name in
        guard let data, let seat, let name else { return }
        Unmanaged<WaylandConnection>.fromOpaque(data).takeUnretainedValue().named(seat, String(cString: name))
    }))

/// An object whose proxy belongs to a connection: it frees the proxy when the connection closes.
protocol ConnectionChild: AnyObject {
    /// The connection is closing: free the proxy (without a request) and turn inert.
    func connectionWillClose()
}

struct WeakChild {
    weak var object: ConnectionChild?
}

extension WaylandConnection {
    /// Remembers `child` so that `disconnect()` frees its proxy.
    func adopt(_ child: ConnectionChild) {
        children.removeAll { $0.object == nil }
        children.append(WeakChild(object: child))
    }
}

/// How a client locked the session (`WaylandConnection.lockSession()`).
public enum SessionLockProtocol: String, Sendable {
    /// `ext-session-lock-v1`, which wlroots 0.16 and later, sway, labwc and Wayfire 0.8 and later speak.
    case extSessionLock = "ext-session-lock-v1"
    /// wlroots' `zwlr_input_inhibit_manager_v1`, which wlroots removed in 0.18.
    case inputInhibitor = "wlr-input-inhibitor-unstable-v1"
}

/// The session lock's events: `locked` once every output shows nothing but lock surfaces, `finished` when the
/// compositor refuses the lock or ends it.
private nonisolated(unsafe) let sessionLockListener = permanent(ext_session_lock_v1_listener(
    locked: { data, _ in
        guard let data else { return }
        Unmanaged<WaylandConnection>.fromOpaque(data).takeUnretainedValue().sessionLockAnswer = true
    },
    finished: { data, _ in
        guard let data else { return }
        Unmanaged<WaylandConnection>.fromOpaque(data).takeUnretainedValue().sessionLockAnswer = false
    }))

/// The answer to `wakeDispatch()`'s sync, which only wakes the dispatch: its callback object goes with it.
private nonisolated(unsafe) let wakeListener = permanent(wl_callback_listener(done: { _, callback, _ in
    wl_callback_destroy(callback)
}))
