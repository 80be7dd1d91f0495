// SPDX-License-Identifier: MIT
internal import CTactusWaylandClient
import TactusCore

/// Parts of a surface where compositor gestures of normal priority should not start (a drawing canvas near an
/// edge, a game's controls). Changes take effect on the surface's next commit; the compositor may honour less.
public final class GestureExclusion: ConnectionChild {
    private let connection: WaylandConnection
    /// The `tactus_gesture_exclusion_v1`, until it is destroyed.
    private var proxy: OpaquePointer?

    init(proxy: OpaquePointer?, connection: WaylandConnection) {
        self.proxy = proxy
        self.connection = connection
        connection.adopt(self)
    }

    deinit { destroy() }

    /// Replaces the excluded region with `rectangles`, in surface-local pixels; nil clears it.
    public func setRegion(_ rectangles: [Rect]?) {
        guard connection.isConnected, let proxy else { return }
        connection.withRegion(rectangles) { tactus_gesture_exclusion_v1_set_region(proxy, $0) }
    }

    /// Removes the exclusion on the surface's next commit. Calling it again does nothing.
    public func destroy() {
        defer { proxy = nil }
        guard connection.isConnected, let proxy else { return }
        tactus_gesture_exclusion_v1_destroy(proxy)
    }

    func connectionWillClose() {
        if let proxy { wl_proxy_destroy(proxy) }
        proxy = nil
    }
}
