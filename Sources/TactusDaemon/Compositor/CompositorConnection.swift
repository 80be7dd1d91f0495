// SPDX-License-Identifier: MIT
internal import CTactusWaylandClient
import CTactusWaylandServer
import Glibc
import TactusCore
import TactusPlatform

/// tactusd as a Wayland client of the compositor it runs beside: one connection, read on the daemon's event loop and
/// never blocked on, shared by what needs the compositor (`Part`s: the focus, the feedback overlay, the edge strips).
///
/// A compositor that is not there yet, or goes (it restarts), is looked for again every `retryInterval`; each part
/// hears of each change, and binds what it needs again from the globals a new connection announces.
final class CompositorConnection {
    /// What uses the connection: it binds the globals it needs as they are offered, and lets go of every object it
    /// made when the connection goes.
    protocol Part: AnyObject {
        /// The compositor offers `interface` (global `name`): bind it through `registry` if it is needed.
        func offered(name: UInt32, interface: String, version: UInt32, registry: OpaquePointer)
        /// The global `name` went (an output unplugged).
        func withdrawn(name: UInt32)
        /// Every global the compositor had at connection was offered.
        func announced()
        /// The connection is going (or could not be made): destroy every object made on it, now.
        func disconnected()
    }

    /// Where the connection stands.
    enum Standing: Equatable {
        /// No compositor at the socket (yet, or any more).
        case noCompositor
        /// Connected; the compositor has not yet announced its globals.
        case connecting
        /// Connected, and every global announced.
        case connected
    }

    /// How long to wait, in milliseconds, before looking for the compositor again.
    static let retryInterval: Int32 = 1000

    private(set) var standing = Standing.noCompositor
    /// The display, while connected.
    private(set) var display: OpaquePointer?
    /// The socket's name, as messages give it: the one given, else `$WAYLAND_DISPLAY`, else wayland-0, as
    /// `wl_display_connect` picks it.
    let socketName: String

    private let loop: OpaquePointer
    private let socket: String?
    private var registry: OpaquePointer?
    private var source: OpaquePointer?
    private var retry: OpaquePointer?
    private var parts: [WeakPart] = []
    /// The globals the compositor announced, for parts added later.
    private var globals: [(name: UInt32, interface: String, version: UInt32)] = []
    /// The syncs waiting for their answer, with what to do then.
    private var syncs: [OpaquePointer: () -> Void] = [:]

    private struct WeakPart {
        weak var part: Part?
    }

    /// Connects to the compositor at `socket` (nil: `$WAYLAND_DISPLAY`, else wayland-0) from `loop`, or looks for it
    /// again every `retryInterval`.
    init(loop: OpaquePointer, socket: String? = nil) {
        self.loop = loop
        self.socket = socket
        socketName = socket ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
        retry = wl_event_loop_add_timer(loop, { data in
            CompositorConnection.of(data).connect()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        connect()
    }

    deinit {
        close()
        if let retry { wl_event_source_remove(retry) }
    }

    fileprivate static func of(_ data: UnsafeMutableRawPointer?) -> CompositorConnection {
        Unmanaged<CompositorConnection>.fromOpaque(data!).takeUnretainedValue()
    }

    /// Adds a part; while connected, it is offered at once the globals the compositor announced so far.
    func add(_ part: Part) {
        parts.append(WeakPart(part: part))
        guard let registry else { return }
        for global in globals { part.offered(name: global.name, interface: global.interface, version: global.version, registry: registry) }
        if standing == .connected { part.announced() }
        flush()
    }

    /// Takes a part out: it hears nothing more (it has destroyed its objects itself).
    func remove(_ part: Part) {
        parts.removeAll { $0.part == nil || $0.part === part }
    }

    /// Runs `done` once the compositor handled every request sent before: the answer of a `wl_display.sync`.
    func sync(_ done: @escaping () -> Void) {
        guard let display, let callback = wl_display_sync(display) else { return }
        syncs[callback] = done
        wl_callback_add_listener(callback, syncListener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Sends what was asked; the rest goes at the next read.
    func flush() {
        if let display { _ = wl_display_flush(display) }
    }

    /// Dispatches the loop until the compositor announced its globals and `answered` holds, for at most `time`:
    /// so that tactusd starts knowing what the compositor offers. Returns whether both came in time.
    func settle(within time: TimeSpan, until answered: () -> Bool = { true }) -> Bool {
        let deadline = Timestamp.monotonicNow() + time
        while standing != .connected || !answered(), standing != .noCompositor,
              case let now = Timestamp.monotonicNow(), now < deadline {
            wl_event_loop_dispatch(loop, Int32(clamping: ((deadline - now).microseconds + 999) / 1000))
        }
        return standing == .connected && answered()
    }

    private func connect() {
        guard display == nil else { return }
        guard let connected = wl_display_connect(socket) else {
            lost()
            return
        }
        display = connected
        standing = .connecting
        let data = Unmanaged.passUnretained(self).toOpaque()
        registry = wl_display_get_registry(connected)
        wl_registry_add_listener(registry, registryListener, data)
        // The sync's answer comes after every global.
        sync { [unowned self] in
            standing = .connected
            for part in live { part.announced() }
        }
        source = wl_event_loop_add_fd(loop, wl_display_get_fd(connected), UInt32(WL_EVENT_READABLE), { _, mask, data in
            CompositorConnection.of(data).readable(mask)
            return 0
        }, data)
        flush()
    }

    private var live: [Part] { parts.compactMap(\.part) }

    /// Reads what the compositor sent; a connection that hung up or failed is closed, and looked for again.
    private func readable(_ mask: UInt32) {
        guard let display else { return }
        if mask & UInt32(WL_EVENT_HANGUP | WL_EVENT_ERROR) != 0 { return lost() }
        while wl_display_prepare_read(display) != 0 {
            guard wl_display_dispatch_pending(display) >= 0 else { return lost() }
        }
        guard wl_display_read_events(display) >= 0, wl_display_dispatch_pending(display) >= 0 else { return lost() }
        flush()
    }

    /// The compositor is gone, or was not there: the parts let go of their objects while the display still stands, and
    /// it is looked for again.
    private func lost() {
        for part in live { part.disconnected() }
        close()
        if let retry { wl_event_source_timer_update(retry, Self.retryInterval) }
    }

    private func close() {
        globals = []
        if let source { wl_event_source_remove(source) }
        source = nil
        for callback in syncs.keys { wl_callback_destroy(callback) }
        syncs = [:]
        if let registry { wl_registry_destroy(registry) }
        registry = nil
        if let display { wl_display_disconnect(display) }
        display = nil
        standing = .noCompositor
    }

    // MARK: Events

    fileprivate func global(name: UInt32, interface: String, version: UInt32) {
        guard let registry else { return }
        globals.append((name, interface, version))
        for part in live { part.offered(name: name, interface: interface, version: version, registry: registry) }
    }

    fileprivate func globalRemoved(name: UInt32) {
        globals.removeAll { $0.name == name }
        for part in live { part.withdrawn(name: name) }
    }

    fileprivate func answered(_ callback: OpaquePointer) {
        guard let done = syncs.removeValue(forKey: callback) else { return }
        wl_callback_destroy(callback)
        done()
    }
}

private nonisolated(unsafe) let registryListener = permanent(wl_registry_listener(
    global: { data, _, name, interface, version in
        guard let interface else { return }
        CompositorConnection.of(data).global(name: name, interface: String(cString: interface), version: version)
    },
    global_remove: { data, _, name in CompositorConnection.of(data).globalRemoved(name: name) }))

private nonisolated(unsafe) let syncListener = permanent(wl_callback_listener(
    done: { data, callback, _ in
        guard let callback else { return }
        CompositorConnection.of(data).answered(callback)
    }))
