// SPDX-License-Identifier: MIT
/// A raw touchscreen event, as the host would forward it to the client under the finger.
public enum TouchEvent: Hashable, Sendable {
    /// A finger landed, at a position normalized to the device.
    case down(ContactID, Point)
    /// A finger moved.
    case motion(ContactID, Point)
    /// A finger lifted.
    case up(ContactID)
    /// The end of a hardware scan.
    case frame
}

/// What the host should do with a client's raw touches, as the arena decides.
///
/// Every touchscreen event the host hands the engine gets exactly one `deliver`, `withhold` or `drop` at once: the
/// answer of `Engine.answer` (`Engine.handle` gives it to `onRawTouch`). A withheld event later comes back exactly
/// once more through `Engine.onRawTouch`, as `deliver` (in order, with its original timestamp, when the compositor
/// gestures that held it failed) or as `drop` (when one of them won).
public enum RawTouchDecision: Hashable, Sendable {
    /// Send this event to the client under the interaction now.
    case deliver(DeviceID, TouchEvent, at: Timestamp)
    /// Keep this event from the client for now; the engine holds it and will decide.
    case withhold(DeviceID, TouchEvent, at: Timestamp)
    /// Never send this event to the client: a compositor gesture owns the interaction, or the event was invalid.
    case drop(DeviceID, TouchEvent, at: Timestamp)
    /// The client already received touches of an interaction that the compositor has taken over (or that the
    /// input stack cancelled): send it `wl_touch.cancel`.
    case cancel(DeviceID)
}

/// Routes one touchscreen's raw events according to the arena: deliver, withhold, or drop, and cancel what
/// the client already saw when a compositor gesture takes over.
///
/// A class, so that the session reaches it as a constant, without copying it out and back on every event; its
/// withheld events change through a local, as the engine's other collections (`take(_:leaving:)`).
final class RawTouchGate {
    private enum Mode { case delivering, withholding, compositorOwns }

    /// Withheld events beyond this are delivered rather than kept: a client must not starve because a
    /// compositor gesture cannot make up its mind (about 4 s of five fingers at 240 Hz).
    static let withheldLimit = 4096

    let device: DeviceID
    private var mode = Mode.delivering
    /// An event kept from the client, with the time it arrived at.
    struct WithheldTouch {
        let event: TouchEvent
        let time: Timestamp
    }

    private var withheld: [WithheldTouch] = []
    /// The room for the next queue while the last one is out with its decisions (`WithheldRelease`, `recycle`).
    private var spare: [WithheldTouch] = []
    /// Whether the client has received events of the current interaction.
    private var clientHasTouches = false

    /// A gate for `device`, with room for `capacity` withheld events before it allocates more.
    init(device: DeviceID, reservingCapacity capacity: Int) {
        self.device = device
        var queue: [WithheldTouch] = [], next: [WithheldTouch] = []
        queue.reserveCapacity(capacity)
        next.reserveCapacity(capacity)
        (withheld, spare) = (queue, next)
    }

    /// A new interaction starts; withholding carries on while withheld events of the last one wait.
    func beginInteraction(withholding: Bool) {
        if mode == .withholding && !withheld.isEmpty { return }
        mode = withholding ? .withholding : .delivering
        clientHasTouches = false
    }

    /// Decides an event that just arrived: one decision, returned rather than collected, since that is every
    /// event's case but one. Nil when withholding must give up first (`withheldLimit`): `giveUpWithholding` then.
    @inline(__always)
    func route(_ event: TouchEvent, at time: Timestamp) -> RawTouchDecision? {
        switch mode {
        case .delivering:
            clientHasTouches = true
            return .deliver(device, event, at: time)
        case .compositorOwns:
            return .drop(device, event, at: time)
        case .withholding:
            guard withheld.count < RawTouchGate.withheldLimit else { return nil }
            var queue = take(&withheld)
            queue.append(WithheldTouch(event: event, time: time))
            withheld = queue
            return .withhold(device, event, at: time)
        }
    }

    /// The events withheld now, in order, as the decisions that would deliver them.
    var withheldDeliveries: [RawTouchDecision] {
        withheld.map { .deliver(device, $0.event, at: $0.time) }
    }

    /// Too many events are withheld: they go to the client (the release), and so does `event`, which did not fit
    /// (the decision).
    func giveUpWithholding(then event: TouchEvent,
                           at time: Timestamp) -> (release: WithheldRelease, decision: RawTouchDecision) {
        let release = flush()
        clientHasTouches = true
        return (release, .deliver(device, event, at: time))
    }

    /// An event the engine disregarded (invalid data): the client must not see it either.
    func reject(_ event: TouchEvent, at time: Timestamp) -> RawTouchDecision {
        .drop(device, event, at: time)
    }

    /// What the arena's latest answers mean for the touches.
    enum Outcome {
        /// Nothing changes: the arena's answers are asked after every step, and most steps change nothing here.
        case unchanged
        /// A compositor gesture won: it takes the interaction's touches (withheld ones are dropped, touches the
        /// client had are cancelled).
        case compositorTakesOver
        /// No compositor gesture withholds any more: the withheld touches go to the client.
        case clientGetsWithheld
    }

    /// What the arena decided, after it answered claims, means for the touches.
    func outcome(of arena: Arena) -> Outcome {
        if mode != .compositorOwns && arena.compositorOwnsInteraction { return .compositorTakesOver }
        if mode == .withholding && !arena.isWithholding { return .clientGetsWithheld }
        return .unchanged
    }

    /// Acts on an outcome (`outcome(of:)`): the decisions it makes about the withheld events.
    func apply(_ outcome: Outcome) -> WithheldRelease {
        switch outcome {
        case .unchanged:
            return WithheldRelease(device: device, touches: [], dropsTouches: false, cancelsClient: false)
        case .compositorTakesOver:
            let release = withdrawTouches()
            mode = .compositorOwns
            return release
        case .clientGetsWithheld:
            return flush()
        }
    }

    /// The input stack cancelled the touches or the device went away.
    func cancel() -> WithheldRelease {
        let release = withdrawTouches()
        mode = .delivering
        return release
    }

    /// Takes back the events of a release once their decisions are handed on: their room serves the next queue.
    func recycle(_ release: consuming WithheldRelease) {
        // Moved out of the release, the last holder of it, so that emptying it keeps its room without a copy.
        var queue = take(&release.touches)
        // An empty release may have no room at all (`apply(.unchanged)`).
        guard queue.capacity > spare.capacity else { return }
        queue.removeAll(keepingCapacity: true)
        spare = queue
    }

    /// The withheld events go to the client, in order.
    private func flush() -> WithheldRelease {
        let queue = takeWithheld()
        if !queue.isEmpty { clientHasTouches = true }
        mode = .delivering
        return WithheldRelease(device: device, touches: queue, dropsTouches: false, cancelsClient: false)
    }

    /// The withheld events are dropped, and a client that had touches is told they are cancelled.
    private func withdrawTouches() -> WithheldRelease {
        let release = WithheldRelease(device: device, touches: takeWithheld(), dropsTouches: true,
                                      cancelsClient: clientHasTouches)
        clientHasTouches = false
        return release
    }

    /// The withheld events, leaving the spare room in their place.
    private func takeWithheld() -> [WithheldTouch] {
        let queue = take(&withheld), next = take(&spare)
        withheld = next
        return queue
    }
}

/// The decisions a raw-touch gate makes at once about the events it withheld: each event's, in the order they arrived
/// (`drop` when a compositor gesture took them, `deliver` otherwise), then `cancel` when the client is told that the
/// touches it had are cancelled.
///
/// It holds the gate's queue itself, not a decision per event: the session hands the decisions to the host, then gives
/// the queue back to the gate (`RawTouchGate.recycle`), so that nothing is copied per event and no room is allocated.
struct WithheldRelease {
    let device: DeviceID
    fileprivate var touches: [RawTouchGate.WithheldTouch]
    let dropsTouches: Bool
    let cancelsClient: Bool

    /// Whether there is no decision.
    var isEmpty: Bool { touches.isEmpty && !cancelsClient }

    /// Calls `body` with each decision, in order.
    @inline(__always)
    func forEachDecision(_ body: (RawTouchDecision) -> Void) {
        for touch in touches {
            body(dropsTouches ? .drop(device, touch.event, at: touch.time) : .deliver(device, touch.event, at: touch.time))
        }
        if cancelsClient { body(.cancel(device)) }
    }
}
