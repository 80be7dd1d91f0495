// SPDX-License-Identifier: MIT
internal import CTactusWaylandClient
import TactusCore

/// The raw touch events (`wl_touch`) the compositor sends the client: what a client would see without Tactus, and
/// what a test watches to tell that a compositor gesture kept touches from it or cancelled them.
public final class TouchObserver: ConnectionChild {
    /// One `wl_touch` event; positions are surface-local.
    public enum Event: Equatable, Sendable {
        case down(id: Int32, location: Point)
        case motion(id: Int32, location: Point)
        case up(id: Int32)
        case frame
        case cancel
    }

    /// Receives every event.
    public var onEvent: ((Event) -> Void)?
    private var touch: OpaquePointer?

    /// Starts observing the connection's seat; nil without a seat.
    public init?(connection: WaylandConnection) {
        guard let seat = connection.seat, let touch = wl_seat_get_touch(seat) else { return nil }
        self.touch = touch
        wl_touch_add_listener(touch, touchListener, Unmanaged.passUnretained(self).toOpaque())
        connection.adopt(self)
    }

    deinit {
        connectionWillClose()
    }

    func connectionWillClose() {
        if let touch { wl_proxy_destroy(touch) }
        touch = nil
    }

    fileprivate static func report(_ data: UnsafeMutableRawPointer?, _ event: Event) {
        guard let data else { return }
        let observer = Unmanaged<TouchObserver>.fromOpaque(data).takeUnretainedValue()
        observer.onEvent?(event)
    }
}

private func point(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point { Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)) }

private nonisolated(unsafe) let touchListener = permanent(wl_touch_listener(
    down: { data, _, _, _, _, id, x, y in TouchObserver.report(data, .down(id: id, location: point(x, y))) },
    up: { data, _, _, _, id in TouchObserver.report(data, .up(id: id)) },
    motion: { data, _, _, id, x, y in TouchObserver.report(data, .motion(id: id, location: point(x, y))) },
    frame: { data, _ in TouchObserver.report(data, .frame) },
    cancel: { data, _ in TouchObserver.report(data, .cancel) },
    shape: { _, _, _, _, _ in },
    orientation: { _, _, _, _ in }
))
