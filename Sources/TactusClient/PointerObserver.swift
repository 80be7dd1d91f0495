// SPDX-License-Identifier: MIT
internal import CTactusWaylandClient
import TactusPlatform
import TactusCore

/// The pointer events (`wl_pointer`) the compositor sends the client: what an application without `wl_touch` gets
/// of a touch where the compositor plays the pointer for it (sway's fallback), and what a test watches to tell that
/// a press became a click or was taken back.
public final class PointerObserver: SeatDeviceObserver<PointerObserver.Event> {
    /// One `wl_pointer` event; positions are surface-local, buttons are evdev codes (272 is the left one).
    public enum Event: Equatable, Sendable {
        case enter(location: Point)
        case leave
        case motion(location: Point)
        case button(UInt32, pressed: Bool)
    }

    /// Starts observing the connection's seat's pointer; nil without a seat.
    public init?(connection: WaylandConnection) {
        guard let seat = connection.seat, let pointer = wl_seat_get_pointer(seat) else { return nil }
        super.init(proxy: pointer, connection: connection)
        wl_pointer_add_listener(pointer, pointerListener, listenerData)
    }
}

// Scrolling and frames are not reported, but every event the seat's version can send has a function: libwayland
// calls what the listener holds.
private nonisolated(unsafe) let pointerListener = permanent(wl_pointer_listener(
    enter: { data, _, _, _, x, y in PointerObserver.report(data, .enter(location: Point(fixedX: x, y: y))) },
    leave: { data, _, _, _ in PointerObserver.report(data, .leave) },
    motion: { data, _, _, x, y in PointerObserver.report(data, .motion(location: Point(fixedX: x, y: y))) },
    button: { data, _, _, _, button, state in
        PointerObserver.report(data, .button(button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue))
    },
    axis: { _, _, _, _, _ in },
    frame: { _, _ in },
    axis_source: { _, _, _ in },
    axis_stop: { _, _, _, _ in },
    axis_discrete: { _, _, _, _ in },
    axis_value120: { _, _, _, _ in }
))
