// SPDX-License-Identifier: MIT
/// What becomes of a touchpad gesture stream for the clients, as the arena decides (`Engine.onTouchpadStream`): the
/// stream libinput reports, which a compositor forwards to the client under the pointer (zwp_pointer_gestures_v1).
///
/// Each stream gets `deliver` or `keep` when it begins, once the arena has taken its first step: kept when a
/// compositor gesture that withholds (`RawTouchPolicy.withhold`) may still take it, or has taken it. A delivered
/// stream gets `cancel` when a compositor gesture takes it over later (`forwardThenCancel`): the client hears that
/// its gesture was cancelled, and nothing more of the stream. Unlike touches, a kept stream is not handed to the
/// client late when the compositor's gestures fail: a pointer gesture that begins midway would be a different one.
public enum TouchpadStreamDecision: Hashable, Sendable {
    /// The stream that began goes to the client as well.
    case deliver(DeviceID)
    /// The stream that began is the compositor's: the client never sees it.
    case keep(DeviceID)
    /// The client was getting the stream and a compositor gesture took it over: end it for the client as cancelled.
    case cancel(DeviceID)
}

/// Decides one touchpad's streams for the client.
///
/// It is told what the arena decided rather than asking the arena itself: a mutating call that asks an object
/// spans a call, and then Swift checks every access to the session's gate at run time (`take(_:leaving:)`).
struct TouchpadStreamGate {
    private enum State { case idle, delivering, kept }
    private var state = State.idle

    /// The decision for a stream that has just begun, after the arena's first step: `keep` when a compositor gesture
    /// that withholds may still take it (`Arena.isWithholding`), or has taken it (`Arena.compositorOwnsInteraction`).
    mutating func begin(_ device: DeviceID, compositorMayTakeIt kept: Bool) -> TouchpadStreamDecision {
        state = kept ? .kept : .delivering
        return kept ? .keep(device) : .deliver(device)
    }

    /// Whether the client gets the running stream: a compositor gesture that takes it over cancels it (`step`).
    var isDelivering: Bool { state == .delivering }

    /// After any later step of the arena: `cancel` when a compositor gesture took over a delivered stream
    /// (`Arena.compositorOwnsInteraction`).
    mutating func step(_ device: DeviceID, compositorOwnsInteraction: Bool) -> TouchpadStreamDecision? {
        guard state == .delivering, compositorOwnsInteraction else { return nil }
        state = .kept
        return .cancel(device)
    }

    /// The stream ended (or the input stack cancelled it, which the client hears from its own forwarding).
    mutating func end() {
        state = .idle
    }
}
