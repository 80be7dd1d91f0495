// SPDX-License-Identifier: MIT
internal import CDesktopProtocolsClient
internal import CTactusWaylandClient
import CTactusWaylandServer
import Glibc
import TactusCore
import TactusEventLoop
import TactusPlatform

/// The application whose window has the focus, as the compositor tells task bars: tactusd follows
/// `zwlr_foreign_toplevel_manager_v1` (sway, labwc, river, Hyprland, niri, Wayfire) over its connection to the
/// compositor (`CompositorConnection`). The window that is `activated` at its latest `done` is the focused one; none
/// is while no window is (a lock screen, an empty workspace).
///
/// A compositor that offers no foreign toplevel manager is said once, and not asked again until it restarts. Each
/// change of what tactusd knows is said once (`say`), so that a user learns why a binding with `app-id` does not run.
/// (`ext_foreign_toplevel_list_v1`, the other list a compositor may offer, tells no focus: it cannot serve.)
final class FocusWatcher: CompositorConnection.Part {
    /// What tactusd knows of the focus.
    enum Standing: Equatable {
        /// Not connected: no compositor at the socket (yet, or any more).
        case noCompositor
        /// Connected; the compositor has not yet announced its globals and windows.
        case connecting
        /// The compositor offers no foreign toplevel manager.
        case noToplevelList
        /// Following the compositor's windows.
        case following
    }

    /// How long tactusd waits at start (and `--check`) for the compositor's first answers (`settle`): a local
    /// compositor answers within milliseconds; one that does not is followed as it answers later.
    static let patience = TimeSpan.milliseconds(2000)

    private(set) var standing = Standing.noCompositor
    /// The focused window's app id; nil when none is, or it is unknown.
    private(set) var focused: String?

    private let connection: CompositorConnection
    private let say: (String) -> Void
    private let changed: (String?) -> Void
    private var manager: OpaquePointer?
    /// The windows the compositor listed, by handle: their app id and whether they have the focus, as of their latest
    /// `done`, and as announced since.
    private var windows: [OpaquePointer: Window] = [:]
    /// What was said last, so that each standing is said once.
    private var said: Standing?

    private struct Window {
        var appID: String?
        var isActivated = false
        var pendingAppID: String?
        var pendingActivated: Bool?
    }

    /// Follows the compositor of `connection`; `changed` hears each new focused application, `say` what tactusd
    /// should tell its user.
    init(connection: CompositorConnection, say: @escaping (String) -> Void, changed: @escaping (String?) -> Void) {
        self.connection = connection
        self.say = say
        self.changed = changed
        if connection.standing == .noCompositor { tell(.noCompositor) } else { standing = .connecting }
        connection.add(self)
    }

    /// Nobody hears of the focus from here: its owner is going.
    deinit {
        forget()
        connection.remove(self)
    }

    fileprivate static func of(_ data: UnsafeMutableRawPointer?) -> FocusWatcher {
        Unmanaged<FocusWatcher>.fromOpaque(data!).takeUnretainedValue()
    }

    /// Says what tactusd now knows, once for each change.
    private func tell(_ new: Standing) {
        standing = new
        guard said != new else { return }
        said = new
        let socketName = connection.socketName
        switch new {
        case .noCompositor:
            say("tactusd: no Wayland compositor at \(socketName) to say which application has the focus: bindings "
                + "with app-id do not run until one is there (looking every \(CompositorConnection.retryInterval / 1000) s)")
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

    // MARK: The connection

    func offered(name: UInt32, interface: String, version: UInt32, registry: OpaquePointer) {
        if standing == .noCompositor { standing = .connecting }
        guard manager == nil, interface == "zwlr_foreign_toplevel_manager_v1" else { return }
        let bound = wl_registry_bind(registry, name, tactus_client_foreign_toplevel_manager_interface(), min(version, 3))
        manager = OpaquePointer(bound)
        zwlr_foreign_toplevel_manager_v1_add_listener(manager, managerListener, Unmanaged.passUnretained(self).toOpaque())
    }

    func withdrawn(name: UInt32) {}

    /// The globals are known, so the manager is bound if the compositor has one: a sync then waits for the windows it
    /// lists at once, after which the focus is known.
    func announced() {
        guard manager != nil else { return tell(.noToplevelList) }
        connection.sync { [weak self] in
            guard let self, manager != nil else { return }
            tell(.following)
        }
    }

    func disconnected() {
        forget()
        focus(nil)
        tell(.noCompositor)
    }

    /// Destroys the objects made on the connection.
    private func forget() {
        for handle in windows.keys { zwlr_foreign_toplevel_handle_v1_destroy(handle) }
        windows = [:]
        if let manager { zwlr_foreign_toplevel_manager_v1_destroy(manager) }
        manager = nil
    }

    /// Dispatches the loop until the compositor's first answers came (the focus is known, or that it cannot be), for at
    /// most `time`: so that the first gesture after tactusd starts knows the focus. Returns whether they came.
    @discardableResult
    func settle(within time: TimeSpan) -> Bool {
        _ = connection.settle(within: time) { standing != .connecting }
        guard standing == .connecting else { return true }
        say("tactusd: the compositor at \(connection.socketName) has not answered within \(time.microseconds / 1000) ms: "
            + "bindings with app-id do not run until it says which application has the focus")
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

