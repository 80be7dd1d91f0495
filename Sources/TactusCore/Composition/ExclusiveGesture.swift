// SPDX-License-Identifier: MIT
/// The values of an exclusive pair: whichever gesture was chosen.
public enum ExclusiveValue<First, Second> {
    /// The preferred gesture was chosen.
    case first(First)
    /// The preferred gesture failed and the other one was chosen.
    case second(Second)
}

/// Two gestures of which only one may succeed, as SwiftUI's `ExclusiveGesture`: the first has priority; the
/// second may begin only once the first has failed, and fails as soon as the first is chosen.
public struct ExclusiveGesture<First: Gesture, Second: Gesture>: Gesture {
    let first: First
    let second: Second

    public func makeNode() -> GestureNode<ExclusiveValue<First.Value, Second.Value>> {
        ExclusiveNode(first.makeNode(), second.makeNode())
    }
}

final class ExclusiveNode<A, B>: PairNode<A, B, ExclusiveValue<A, B>> {
    private var chosen: AnyGestureNode?

    override var value: ExclusiveValue<A, B>? {
        // Before a choice, whichever child has an in-progress value speaks (the first if both do).
        if chosen === second || (chosen == nil && first.value == nil) { return second.value.map { .second($0) } }
        return first.value.map { .first($0) }
    }

    override func start(_ context: MemberContext) {
        chosen = nil
        super.start(context)
    }

    override func begin(at time: Timestamp) {
        guard let chosen else { return }
        status = .active
        if chosen === first && second.status.isLive { second.fail(.lostToAnotherGesture, at: time) }
        // The failure above reached the host, whose callback may have stopped the chosen one (`NodeStatus`).
        if chosen.status == .pending { chosen.grant(at: time) }
    }

    override func childRequestedClaim(_ child: AnyGestureNode, at time: Timestamp) {
        if child === second && first.status.isLive {
            // The second waits, pending, while the first is undecided, unless its claim settles the first: a
            // tap still pressing when a long press is recognized. The first's failure then lets it go ahead
            // (`childFailed`), at the long press's duration rather than after the lift.
            if first.status == .possible, let competitor = second.signature, first.yields(to: competitor) {
                first.fail(.lostToAnotherGesture, at: time)
            }
            return
        }
        guard chosen == nil else { return }
        chosen = child
        requestClaim(at: time)
    }

    override func childChanged(_ child: AnyGestureNode, at time: Timestamp) {
        // Before a choice, only in-progress values come: they are passed on from either child.
        if child === chosen || chosen == nil { noteChange() }
    }

    override func childSucceeded(_ child: AnyGestureNode, at time: Timestamp) {
        if child === chosen { succeed(at: time) }
    }

    override func childFailed(_ child: AnyGestureNode, reason: FailureReason, at time: Timestamp) {
        guard status.isLive else { return }
        if child === chosen || (!first.status.isLive && !second.status.isLive) {
            return fail(reason, at: time)
        }
        // The first failed while the second waits with a claim: the second goes ahead.
        if child === first && second.status == .pending {
            chosen = second
            requestClaim(at: time)
        }
    }
}

extension Gesture {
    /// This gesture, or `other` only if this one fails.
    public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> {
        ExclusiveGesture(first: self, second: other)
    }
}
