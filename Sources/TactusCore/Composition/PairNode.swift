// SPDX-License-Identifier: MIT
/// The shared machinery of the two-gesture compositions: both children are driven with the same input,
/// and the pair decides exactly once, reporting to its parent.
class PairNode<A, B, Value>: GestureNode<Value>, NodeParent {
    let first: GestureNode<A>
    let second: GestureNode<B>
    private(set) var context: MemberContext?

    init(_ first: GestureNode<A>, _ second: GestureNode<B>) {
        self.first = first
        self.second = second
        super.init()
        first.parent = self
        second.parent = self
    }

    override func numberRecognizers(from next: inout Int) {
        first.numberRecognizers(from: &next)
        second.numberRecognizers(from: &next)
    }

    override func start(_ context: MemberContext) {
        self.context = context
        status = .possible
        first.start(context)
        startSecondWithFirst(context)
    }

    /// Starts the second child together with the first; a sequence starts it later instead.
    func startSecondWithFirst(_ context: MemberContext) { second.start(context) }

    override func process(_ tracker: ContactTracker) {
        if first.status.isLive { first.process(tracker) }
        if second.status.isLive && status.isLive { second.process(tracker) }
    }

    override func deadline(in tracker: ContactTracker) -> Timestamp? {
        earliest(first.status.isLive ? first.deadline(in: tracker) : nil,
                 second.status.isLive ? second.deadline(in: tracker) : nil)
    }

    override func fireTimer(at time: Timestamp) {
        guard let tracker = context?.tracker else { return }
        if first.status.isLive, let d = first.deadline(in: tracker), d <= time { first.fireTimer(at: time) }
        if second.status.isLive && status.isLive, let d = second.deadline(in: tracker), d <= time {
            second.fireTimer(at: time)
        }
    }

    override func interactionWillBegin(at outputPoint: Point?, time: Timestamp) {
        if first.status.isLive { first.interactionWillBegin(at: outputPoint, time: time) }
        if second.status.isLive && status.isLive { second.interactionWillBegin(at: outputPoint, time: time) }
    }

    override func fail(_ reason: FailureReason, at time: Timestamp) {
        guard status.isLive else { return }
        // Decide first, so that the children's reports below find the pair already settled.
        let wasActive = status == .active
        status = wasActive ? .cancelled : .failed
        if first.status.isLive { first.fail(reason, at: time) }
        if second.status.isLive { second.fail(reason, at: time) }
        parent?.childFailed(self, reason: reason, at: time)
    }

    /// Settles the pair as a success.
    final func succeed(at time: Timestamp) {
        guard status == .active else { return }
        status = .succeeded
        if first.status.isLive { first.fail(.lostToAnotherGesture, at: time) }
        if second.status.isLive { second.fail(.lostToAnotherGesture, at: time) }
        parent?.childSucceeded(self, at: time)
    }

    /// Asks the parent to let the pair begin.
    final func requestClaim(at time: Timestamp) {
        guard status == .possible else { return }
        status = .pending
        parent?.childRequestedClaim(self, at: time)
    }

    /// Tells the parent about new values of a running pair, or about a child's in-progress value while the
    /// pair is undecided (a long press pressing: `NodeStatus`).
    final func reportChange(at time: Timestamp) {
        if status.isLive { parent?.childChanged(self, at: time) }
    }

    func childRequestedClaim(_ child: AnyGestureNode, at time: Timestamp) {}
    func childChanged(_ child: AnyGestureNode, at time: Timestamp) {}
    func childSucceeded(_ child: AnyGestureNode, at time: Timestamp) {}
    func childFailed(_ child: AnyGestureNode, reason: FailureReason, at time: Timestamp) {}
}
