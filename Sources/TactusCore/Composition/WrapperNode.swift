// SPDX-License-Identifier: MIT
/// A node that wraps one child and mirrors its life: the base of `map` and the observers.
///
/// Claims go up unchanged, answers come down unchanged, and the wrapper's status is always the child's.
class WrapperNode<ChildValue, Value>: GestureNode<Value>, NodeParent {
    let child: GestureNode<ChildValue>

    init(_ child: GestureNode<ChildValue>) {
        self.child = child
        super.init()
        child.parent = self
    }

    override func numberRecognizers(from next: inout Int) { child.numberRecognizers(from: &next) }

    override func start(_ context: MemberContext) {
        child.start(context)
        status = child.status
    }

    // The wrapper's status is the child's as last reported; the child's own status is fresher when a host
    // callback re-entered the engine before the child's report arrived (`NodeStatus`).
    override func process(_ tracker: ContactTracker) {
        if child.status.isLive { child.process(tracker) }
    }
    override func deadline(in tracker: ContactTracker) -> Timestamp? { child.deadline(in: tracker) }
    override var waitsForFingerChange: Bool { child.waitsForFingerChange }
    override func fireTimer(at time: Timestamp) { child.fireTimer(at: time) }
    override func interactionWillBegin(at outputPoint: Point?, time: Timestamp) {
        child.interactionWillBegin(at: outputPoint, time: time)
    }
    override func grant(at time: Timestamp) {
        if child.status == .pending { child.grant(at: time) }
    }
    override func fail(_ reason: FailureReason, at time: Timestamp) {
        if child.status.isLive { child.fail(reason, at: time) }
    }
    override var signature: GestureSignature? { child.signature }
    override func yields(to competitor: GestureSignature) -> Bool { child.yields(to: competitor) }

    // MARK: Hooks for observers

    /// The child began or changed.
    func didChange(at time: Timestamp) {}
    /// The child was recognized or ended.
    func didSucceed(at time: Timestamp) {}
    /// The child failed or was cancelled.
    func didFail(at time: Timestamp) {}

    // MARK: NodeParent

    func childRequestedClaim(_ child: AnyGestureNode, at time: Timestamp) {
        status = self.child.status
        parent?.childRequestedClaim(self, at: time)
    }

    func childChanged(_ child: AnyGestureNode, at time: Timestamp) {
        status = self.child.status
        didChange(at: time)
        parent?.childChanged(self, at: time)
    }

    func childSucceeded(_ child: AnyGestureNode, at time: Timestamp) {
        status = self.child.status
        didSucceed(at: time)
        parent?.childSucceeded(self, at: time)
    }

    func childFailed(_ child: AnyGestureNode, reason: FailureReason, at time: Timestamp) {
        status = self.child.status
        didFail(at: time)
        parent?.childFailed(self, reason: reason, at: time)
    }
}

/// A gesture whose values are transformed, as SwiftUI's `Gesture.map`.
public struct MapGesture<Base: Gesture, Value>: Gesture {
    let base: Base
    let transform: (Base.Value) -> Value

    public func makeNode() -> GestureNode<Value> { MapNode(base.makeNode(), transform) }
}

final class MapNode<ChildValue, Value>: WrapperNode<ChildValue, Value> {
    let transform: (ChildValue) -> Value

    init(_ child: GestureNode<ChildValue>, _ transform: @escaping (ChildValue) -> Value) {
        self.transform = transform
        super.init(child)
    }

    override var value: Value? { child.value.map(transform) }
}

extension Gesture {
    /// The same gesture reporting `transform` of its values.
    public func map<T>(_ transform: @escaping (Value) -> T) -> MapGesture<Self, T> {
        MapGesture(base: self, transform: transform)
    }
}
