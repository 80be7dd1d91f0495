// SPDX-License-Identifier: MIT
internal import CDesktopProtocolsClient
internal import CTactusWaylandClient
import CTactusWaylandServer
import Glibc
import TactusCore
import TactusEventLoop
import TactusPlatform

/// The application whose window has the focus, as the compositor tells task bars: tactusd connects to it as a Wayland
/// client and follows `zwlr_foreign_toplevel_manager_v1` (sway, labwc, river, Hyprland, niri, Wayfire), on the
/// daemon's event loop, without ever blocking on the compositor. The window that is `activated` at its latest `done`
/// is the focused one; none is while no window is (a lock screen, an empty workspace).
///
/// A compositor that is not there yet, or goes (it restarts), is looked for again every `retryInterval`; one that
/// offers no foreign toplevel manager is said once, and not asked again until it restarts. Each change of what tactusd
/// knows is said once (`say`), so that a user learns why a binding with `app-id` does not run.
/// (`ext_foreign_toplevel_list_v1`, the other list a compositor may offer, tells no focus: it cannot serve.)
final class FocusWatcher {
    /// What tactusd knows of the focus.
    enum Standing: Equatable {
        /// Not connected: no compositor at the socket (yet, or any more).
        case noCompositor
        /// Connected; the compositor has not yet announced its globals.
        case connecting
        /// The compositor offers no foreign toplevel manager.
        case noToplevelList
        /// Following the compositor's windows.
        case following
    }

    /// How long to wait before looking for the compositor again.
    static let retryInterval: Int32 = 1000
    /// How long tactusd waits at start (and `--check`) for the compositor's first answers (`settle`): a local
    /// compositor answers within milliseconds; one that does not is followed as it answers later.
    static let patience = TimeSpan.milliseconds(2000)

    private(set) var standing = Standing.noCompositor
    /// The focused window's app id; nil when none is, or it is unknown.
    private(set) var focused: String?

    private let loop: OpaquePointer
    private let socket: String?
    private let say: (String) -> Void
    private let changed: (String?) -> Void
    private var display: OpaquePointer?
    private var registry: OpaquePointer?
    private var manager: OpaquePointer?
    private var announced: OpaquePointer?
    private var source: OpaquePointer?
    private var retry: OpaquePointer?
    /// The windows the compositor listed, by handle: their app id and whether they have the focus, as of their latest
    /// `done`, and as announced since.
    private var windows: [OpaquePointer: Window] = [:]
    /// Whether the sync that follows the windows the manager lists at once was sent.
    private var windowsListed = false
    /// What was said last, so that each standing is said once.
    private var said: Standing?

    private struct Window {
        var appID: String?
        var isActivated = false
        var pendingAppID: String?
        var pendingActivated: Bool?
    }

    /// Follows the compositor at `socket` (nil: `$WAYLAND_DISPLAY`, else wayland-0) from `loop`; `changed` hears each
    /// new focused application, `say` what tactusd should tell its user.
    init(loop: OpaquePointer, socket: String? = nil, say: @escaping (String) -> Void,
         changed: @escaping (String?) -> Void) {
        self.loop = loop
        self.socket = socket
        self.say = say
        self.changed = changed
        retry = wl_event_loop_add_timer(loop, { data in
            FocusWatcher.of(data).connect()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        connect()
    }

    /// Nobody hears of the focus from here: its owner is going.
    deinit {
        closeConnection()
        if let retry { wl_event_source_remove(retry) }
    }

    fileprivate static func of(_ data: UnsafeMutableRawPointer?) -> FocusWatcher {
        Unmanaged<FocusWatcher>.fromOpaque(data!).takeUnretainedValue()
    }

    private var socketName: String {
        socket ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
    }

    private func connect() {
        guard display == nil else { return }
        guard let connected = wl_display_connect(socket) else {
            tell(.noCompositor)
            if let retry { wl_event_source_timer_update(retry, Self.retryInterval) }
            return
        }
        display = connected
        standing = .connecting
        windowsListed = false
        let data = Unmanaged.passUnretained(self).toOpaque()
        registry = wl_display_get_registry(connected)
        wl_registry_add_listener(registry, registryListener, data)
        // The sync's answer comes after every global: then it is known whether the manager is among them.
        announced = wl_display_sync(connected)
        wl_callback_add_listener(announced, announcedListener, data)
        source = wl_event_loop_add_fd(loop, wl_display_get_fd(connected), UInt32(WL_EVENT_READABLE), { _, mask, data in
            FocusWatcher.of(data).readable(mask)
            return 0
        }, data)
        _ = wl_display_flush(connected)
    }

    /// Reads what the compositor sent; a connection that hung up or failed is closed, and looked for again.
    private func readable(_ mask: UInt32) {
        guard let display else { return }
        if mask & UInt32(WL_EVENT_HANGUP | WL_EVENT_ERROR) != 0 { return lost() }
        while wl_display_prepare_read(display) != 0 {
            guard wl_display_dispatch_pending(display) >= 0 else { return lost() }
        }
        guard wl_display_read_events(display) >= 0, wl_display_dispatch_pending(display) >= 0 else { return lost() }
        _ = wl_display_flush(display)
    }

    private func lost() {
        closeConnection()
        focus(nil)
        tell(.noCompositor)
        if let retry { wl_event_source_timer_update(retry, Self.retryInterval) }
    }

    private func closeConnection() {
        if let source { wl_event_source_remove(source) }
        source = nil
        for handle in windows.keys { zwlr_foreign_toplevel_handle_v1_destroy(handle) }
        windows = [:]
        if let announced { wl_callback_destroy(announced) }
        if let manager { zwlr_foreign_toplevel_manager_v1_destroy(manager) }
        if let registry { wl_registry_destroy(registry) }
        (announced, manager, registry) = (nil, nil, nil)
        if let display { wl_display_disconnect(display) }
        display = nil
        standing = .noCompositor
    }

    /// Says what tactusd now knows, once for each change.
    private func tell(_ new: Standing) {
        standing = new
        guard said != new else { return }
        said = new
        switch new {
        case .noCompositor:
            say("tactusd: no Wayland compositor at \(socketName) to say which application has the focus: bindings "
                + "with app-id do not run until one is there (looking every \(Self.retryInterval / 1000) s)")
        case .noToplevelList:
            say("tactusd: the compositor at \(socketName) offers no zwlr_foreign_toplevel_manager_v1, which tells "
                + "which application has the focus: bindings with app-id never run with it")
        case .following:
            say("tactusd: following the focused application on \(socketName) (zwlr_foreign_toplevel_manager_v1)")
        case .connecting:
            break
        }
    }

    private func focus(_ application: String?) {
        guard application != focused else { return }
        focused = application
        changed(application)
    }

    // MARK: Events

    fileprivate func global(name: UInt32, interface: String, version: UInt32) {
        guard manager == nil, interface == "zwlr_foreign_toplevel_manager_v1", let registry else { return }
        let bound = wl_registry_bind(registry, name, tactus_client_foreign_toplevel_manager_interface(), min(version, 3))
        manager = OpaquePointer(bound)
        zwlr_foreign_toplevel_manager_v1_add_listener(manager, managerListener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The compositor answered the latest sync: after the globals, so the manager is bound if it has one (a second
    /// sync then waits for the windows it lists at once); after the windows, so the focus is known.
    fileprivate func answered() {
        if let announced { wl_callback_destroy(announced) }
        announced = nil
        guard let display, manager != nil else { return tell(.noToplevelList) }
        guard windowsListed else {
            windowsListed = true
            announced = wl_display_sync(display)
            wl_callback_add_listener(announced, announcedListener, Unmanaged.passUnretained(self).toOpaque())
            return
        }
        tell(.following)
    }

    /// Dispatches the loop until the compositor's first answers came (the focus is known, or that it cannot be), for at
    /// most `time`: so that the first gesture after tactusd starts knows the focus. Returns whether they came.
    @discardableResult
    func settle(within time: TimeSpan) -> Bool {
        let deadline = Timestamp.monotonicNow() + time
        while standing == .connecting, case let now = Timestamp.monotonicNow(), now < deadline {
            wl_event_loop_dispatch(loop, Int32(clamping: ((deadline - now).microseconds + 999) / 1000))
        }
        guard standing == .connecting else { return true }
        say("tactusd: the compositor at \(socketName) has not answered within \(time.microseconds / 1000) ms: bindings "
            + "with app-id do not run until it says which application has the focus")
        return false
    }

    fileprivate func listed(_ handle: OpaquePointer) {
        windows[handle] = Window()
        zwlr_foreign_toplevel_handle_v1_add_listener(handle, windowListener, Unmanaged.passUnretained(self).toOpaque())
    }

    fileprivate func managerFinished() {
        if let manager { zwlr_foreign_toplevel_manager_v1_destroy(manager) }
        manager = nil
        tell(.noToplevelList)
        focus(nil)
    }

    fileprivate func window(_ handle: OpaquePointer, appID: String) {
        windows[handle]?.pendingAppID = appID
    }

    fileprivate func window(_ handle: OpaquePointer, states: UnsafeMutablePointer<wl_array>) {
        let count = states.pointee.size / MemoryLayout<UInt32>.size
        let values = states.pointee.data?.assumingMemoryBound(to: UInt32.self)
        let activated = (0..<count).contains { values?[$0] == ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED.rawValue }
        windows[handle]?.pendingActivated = activated
    }

    fileprivate func windowDone(_ handle: OpaquePointer) {
        guard var window = windows[handle] else { return }
        window.appID = window.pendingAppID ?? window.appID
        window.isActivated = window.pendingActivated ?? window.isActivated
        (window.pendingAppID, window.pendingActivated) = (nil, nil)
        windows[handle] = window
        refocus()
    }

    fileprivate func windowClosed(_ handle: OpaquePointer) {
        guard windows.removeValue(forKey: handle) != nil else { return }
        zwlr_foreign_toplevel_handle_v1_destroy(handle)
        refocus()
    }

    /// The focused application: that of the window activated at its latest done (one at most, on one seat).
    private func refocus() {
        focus(windows.values.first { $0.isActivated }?.appID)
    }
}

private nonisolated(unsafe) let registryListener = permanent(wl_registry_listener(
    global: { data, _, name, interface, version in
        guard let interface else { return }
        FocusWatcher.of(data).global(name: name, interface: String(cString: interface), version: version)
    },
    global_remove: { _, _, _ in }))

private nonisolated(unsafe) let announcedListener = permanent(wl_callback_listener(
    done: { data, _, _ in FocusWatcher.of(data).answered() }))

private nonisolated(unsafe) let managerListener = permanent(zwlr_foreign_toplevel_manager_v1_listener(
    toplevel: { data, _, handle in
        guard let handle else { return }
        FocusWatcher.of(data).listed(handle)
    },
    finished: { data, _ in FocusWatcher.of(data).managerFinished() }))

private nonisolated(unsafe) let windowListener = permanent(zwlr_foreign_toplevel_handle_v1_listener(
    title: { _, _, _ in },
    app_id: { data, handle, appID in
        guard let handle, let appID else { return }
        FocusWatcher.of(data).window(handle, appID: String(cString: appID))
    },
    output_enter: { _, _, _ in },
    output_leave: { _, _, _ in },
    state: { data, handle, states in
        guard let handle, let states else { return }
        FocusWatcher.of(data).window(handle, states: states)
    },
    done: { data, handle in
        guard let handle else { return }
        FocusWatcher.of(data).windowDone(handle)
    },
    closed: { data, handle in
        guard let handle else { return }
        FocusWatcher.of(data).windowClosed(handle)
    },
    parent: { _, _, _ in }))

