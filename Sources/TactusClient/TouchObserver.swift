// SPDX-License-Identifier: MIT
internal import CTactusWaylandClient
import TactusPlatform
import TactusCore

/// The raw touch events (`wl_touch`) the compositor sends the client: what a client would see without Tactus, and
/// what a test watches to tell that a compositor gesture kept touches from it or cancelled them.
public final class TouchObserver: SeatDeviceObserver<TouchObserver.Event> {
    /// One `wl_touch` event; positions are surface-local, times the compositor's milliseconds: when the touch
    /// happened, also for one a compositor gesture withheld and delivered later.
    public enum Event: Equatable, Sendable {
        case down(id: Int32, location: Point, time: UInt32)
        case motion(id: Int32, location: Point, time: UInt32)
        case up(id: Int32, time: UInt32)
        case frame
        case cancel
    }

    /// Starts observing the connection's seat; nil without a seat.
    public init?(connection: WaylandConnection) {
        guard let seat = connection.seat, let touch = wl_seat_get_touch(seat) else { return nil }
        super.init(proxy: touch, connection: connection)
        wl_touch_add_listener(touch, touchListener, listenerData)
    }
}

private nonisolated(unsafe) let touchListener = permanent(wl_touch_listener(
    down: { data, _, _, time, _, id, x, y in
        TouchObserver.report(data, .down(id: id, location: Point(fixedX: x, y: y), time: time))
    },
    up: { data, _, _, time, id in TouchObserver.report(data, .up(id: id, time: time)) },
    motion: { data, _, time, id, x, y in
        TouchObserver.report(data, .motion(id: id, location: Point(fixedX: x, y: y), time: time))
    },
    frame: { data, _ in TouchObserver.report(data, .frame) },
    cancel: { data, _ in TouchObserver.report(data, .cancel) },
    shape: { _, _, _, _, _ in },
    orientation: { _, _, _, _ in }
))
