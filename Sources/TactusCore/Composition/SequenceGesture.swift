// SPDX-License-Identifier: MIT
/// The values of a sequence: the first gesture's while it runs, then both.
///
/// With a long press first: `.first(press)` with `isPressing` true once its fingers are down, `.second(press,
/// nil)` once it is recognized, `.second(press, drag)` while the second runs; `isPressing` stays true in both,
/// so SwiftUI's `case .first(true)` and `case .second(true, let drag)` match them.
public enum SequenceValue<First, Second> {
    /// The first gesture runs, or reports that it is in progress (a long press pressing).
    case first(First)
    /// The first gesture succeeded; the second has values once it has begun.
    case second(First, Second?)
}

/// One gesture, then another, as SwiftUI's `SequenceGesture`: the second starts only once the first
/// succeeded, from where the fingers are then. The sequence begins with the first and ends with the second;
/// if the first fails the sequence fails, if the second fails the sequence is cancelled.
public struct SequenceGesture<First: Gesture, Second: Gesture>: Gesture {
    let first: First
    let second: Second

    public func makeNode() -> GestureNode<SequenceValue<First.Value, Second.Value>> {
        SequenceNode(first.makeNode(), second.makeNode())
    }
}

final class SequenceNode<A, B>: PairNode<A, B, SequenceValue<A, B>> {
    override var value: SequenceValue<A, B>? {
        guard let a = first.value else { return nil }
        return first.status == .succeeded ? .second(a, second.value) : .first(a)
    }

    override func startSecondWithFirst(_ context: MemberContext) { second.status = .idle }

    override func begin(at time: Timestamp) {
        status = .active
        // The first asked for the claim; it may have failed since, in a report still on its way (`NodeStatus`).
        if first.status == .pending { first.grant(at: time) }
    }

    override func childRequestedClaim(_ child: AnyGestureNode, at time: Timestamp) {
        if child === first {
            requestClaim(at: time)
        } else if status == .active {
            child.grant(at: time)
        }
    }

    override func childChanged(_ child: AnyGestureNode, at time: Timestamp) { noteChange() }

    override func childSucceeded(_ child: AnyGestureNode, at time: Timestamp) {
        if child === first {
            if let context { second.start(context) }
            noteChange()
        } else {
            succeed(at: time)
        }
    }

    override func childFailed(_ child: AnyGestureNode, reason: FailureReason, at time: Timestamp) {
        fail(reason, at: time)
    }
}

extension Gesture {
    /// This gesture, then `other` once this one succeeded.
    public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> {
        SequenceGesture(first: self, second: other)
    }
}
