// SPDX-License-Identifier: MIT
internal import CDesktopProtocolsClient
internal import CTactusWaylandClient
import TactusPlatform
import TactusCore

/// The touchpad gestures the compositor forwards to the client under the pointer (`zwp_pointer_gestures_v1`): what
/// an application that knows nothing of Tactus gets of a touchpad swipe, pinch or hold, and what a test watches to
/// tell that a compositor binding kept a gesture from it or took one over (an end with `cancelled`).
public final class PointerGestureObserver: ConnectionChild {
    /// A touchpad gesture kind of `zwp_pointer_gestures_v1`.
    public enum Kind: String, Sendable {
        case swipe, pinch, hold
    }

    /// One event; deltas are in surface-local pixels, scale relative to the begin, rotation in degrees since the
    /// previous update.
    public enum Event: Equatable, Sendable {
        case begin(Kind, fingers: UInt32)
        case update(Kind, delta: Vector, scale: Double?, rotation: Double?)
        case end(Kind, cancelled: Bool)
    }

    /// Receives every event.
    public var onEvent: ((Event) -> Void)?
    private var proxies: [OpaquePointer] = []

    /// Starts observing the connection's seat's pointer; nil without a seat or without `zwp_pointer_gestures_v1`.
    /// Holds are observed where the compositor speaks version 3.
    public init?(connection: WaylandConnection) {
        guard let seat = connection.seat, let gestures = connection.pointerGestures,
              let pointer = wl_seat_get_pointer(seat) else { return nil }
        let data = Unmanaged.passUnretained(self).toOpaque()
        proxies.append(pointer)
        if let swipe = zwp_pointer_gestures_v1_get_swipe_gesture(gestures, pointer) {
            zwp_pointer_gesture_swipe_v1_add_listener(swipe, swipeListener, data)
            proxies.append(swipe)
        }
        if let pinch = zwp_pointer_gestures_v1_get_pinch_gesture(gestures, pointer) {
            zwp_pointer_gesture_pinch_v1_add_listener(pinch, pinchListener, data)
            proxies.append(pinch)
        }
        if zwp_pointer_gestures_v1_get_version(gestures) >= 3, let hold = zwp_pointer_gestures_v1_get_hold_gesture(gestures, pointer) {
            zwp_pointer_gesture_hold_v1_add_listener(hold, holdListener, data)
            proxies.append(hold)
        }
        connection.adopt(self)
    }

    deinit {
        connectionWillClose()
    }

    func connectionWillClose() {
        // The gesture objects first: they were made for the pointer.
        for proxy in proxies.reversed() { wl_proxy_destroy(proxy) }
        proxies = []
    }

    fileprivate static func report(_ data: UnsafeMutableRawPointer?, _ event: Event) {
        guard let data else { return }
        Unmanaged<PointerGestureObserver>.fromOpaque(data).takeUnretainedValue().onEvent?(event)
    }
}

private func delta(_ dx: wl_fixed_t, _ dy: wl_fixed_t) -> Vector { Vector(dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy)) }

private nonisolated(unsafe) let swipeListener = permanent(zwp_pointer_gesture_swipe_v1_listener(
    begin: { data, _, _, _, _, fingers in PointerGestureObserver.report(data, .begin(.swipe, fingers: fingers)) },
    update: { data, _, _, dx, dy in
        PointerGestureObserver.report(data, .update(.swipe, delta: delta(dx, dy), scale: nil, rotation: nil))
    },
    end: { data, _, _, _, cancelled in PointerGestureObserver.report(data, .end(.swipe, cancelled: cancelled != 0)) }
))

private nonisolated(unsafe) let pinchListener = permanent(zwp_pointer_gesture_pinch_v1_listener(
    begin: { data, _, _, _, _, fingers in PointerGestureObserver.report(data, .begin(.pinch, fingers: fingers)) },
    update: { data, _, _, dx, dy, scale, rotation in
        PointerGestureObserver.report(data, .update(.pinch, delta: delta(dx, dy), scale: wl_fixed_to_double(scale),
                                                    rotation: wl_fixed_to_double(rotation)))
    },
    end: { data, _, _, _, cancelled in PointerGestureObserver.report(data, .end(.pinch, cancelled: cancelled != 0)) }
))

private nonisolated(unsafe) let holdListener = permanent(zwp_pointer_gesture_hold_v1_listener(
    begin: { data, _, _, _, _, fingers in PointerGestureObserver.report(data, .begin(.hold, fingers: fingers)) },
    end: { data, _, _, _, cancelled in PointerGestureObserver.report(data, .end(.hold, cancelled: cancelled != 0)) }
))
