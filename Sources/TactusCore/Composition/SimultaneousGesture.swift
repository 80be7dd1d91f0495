// SPDX-License-Identifier: MIT
/// The values of two gestures recognized together; either may be missing.
public struct SimultaneousValue<First, Second> {
    /// The first gesture's values, once it has some.
    public var first: First?
    /// The second gesture's values, once it has some.
    public var second: Second?
}

/// Two gestures that run together without competing, as SwiftUI's `SimultaneousGesture`. The pair begins
/// when either begins and ends when both are decided, successfully if either succeeded. Its `onChanged` and
/// `updating` run once per frame in which either side changed, with both sides' values of that frame, and not
/// for the frame that ends it (its `onEnded` does).
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture {
    let first: First
    let second: Second

    public func makeNode() -> GestureNode<SimultaneousValue<First.Value, Second.Value>> {
        SimultaneousNode(first.makeNode(), second.makeNode())
    }
}

final class SimultaneousNode<A, B>: PairNode<A, B, SimultaneousValue<A, B>> {
    override var value: SimultaneousValue<A, B>? { SimultaneousValue(first: first.value, second: second.value) }

    override func begin(at time: Timestamp) {
        status = .active
        if first.status == .pending { first.grant(at: time) }
        if second.status == .pending { second.grant(at: time) }
        settleIfBothDecided(at: time)
    }

    override func childRequestedClaim(_ child: AnyGestureNode, at time: Timestamp) {
        switch status {
        case .active: child.grant(at: time)
        case .possible: requestClaim(at: time)
        default: break  // pending: the child is granted with the pair
        }
    }

    override func childChanged(_ child: AnyGestureNode, at time: Timestamp) { noteChange() }

    override func childSucceeded(_ child: AnyGestureNode, at time: Timestamp) {
        // The pair's values change if it goes on without the child; if it ends with it, the step reports the end.
        noteChange()
        settleIfBothDecided(at: time)
    }

    override func childFailed(_ child: AnyGestureNode, reason: FailureReason, at time: Timestamp) {
        guard status.isLive else { return }
        if !first.status.isLive && !second.status.isLive
            && first.status != .succeeded && second.status != .succeeded {
            fail(reason, at: time)
        } else {
            settleIfBothDecided(at: time)
        }
    }

    private func settleIfBothDecided(at time: Timestamp) {
        guard !first.status.isLive && !second.status.isLive else { return }
        succeed(at: time)
    }
}

extension Gesture {
    /// This gesture and `other`, recognized together.
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
        SimultaneousGesture(first: self, second: other)
    }
}
