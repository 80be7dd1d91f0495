// SPDX-License-Identifier: MIT
/// The shared machinery of the two-gesture compositions: both children are driven with the same input,
/// and the pair decides exactly once, reporting to its parent.
///
/// The pair drives its children in steps: a frame, a timer, the grant of its claim. In a step each child reports
/// as it goes, one after the other, so the pair only notes that its values changed and tells its parent once the
/// step is over (`step(at:_:)`): SwiftUI calls a composition's observers once per update, with both sides' values
/// of that update. A step that settles the pair reports the end alone, as the
/// last frame of a single gesture does: `onEnded` runs and a `GestureState` resets, but `onChanged` and
/// `updating` are not called for it.
class PairNode<A, B, Value>: GestureNode<Value>, NodeParent {
    let first: GestureNode<A>
    let second: GestureNode<B>
    private(set) var context: MemberContext?
    /// Whether the pair is driving its children through a step, and whether their values changed in it.
    private var isInStep = false
    private var changedInStep = false

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
        step(at: tracker.time) {
            if first.status.isLive { first.process(tracker) }
            if second.status.isLive && status.isLive { second.process(tracker) }
        }
    }

    override func deadline(in tracker: ContactTracker) -> Timestamp? {
        earliest(first.status.isLive ? first.deadline(in: tracker) : nil,
                 second.status.isLive ? second.deadline(in: tracker) : nil)
    }

    override func fireTimer(at time: Timestamp) {
        guard let tracker = context?.tracker else { return }
        step(at: time) {
            if first.status.isLive, let d = first.deadline(in: tracker), d <= time { first.fireTimer(at: time) }
            if second.status.isLive && status.isLive, let d = second.deadline(in: tracker), d <= time {
                second.fireTimer(at: time)
            }
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

    override final func grant(at time: Timestamp) {
        guard status == .pending else { return }
        step(at: time) { begin(at: time) }
    }

    /// The parent granted the pair's claim: the pair becomes active and grants the children waiting for it.
    func begin(at time: Timestamp) {}

    /// Asks the parent to let the pair begin.
    final func requestClaim(at time: Timestamp) {
        guard status == .possible else { return }
        status = .pending
        parent?.childRequestedClaim(self, at: time)
    }

    /// Notes new values of a running pair, or a child's in-progress value while the pair is undecided (a long
    /// press pressing: `NodeStatus`), for the parent to hear of when the step is over. Children report only while
    /// the pair drives them.
    final func noteChange() { changedInStep = true }

    /// Drives the children through one step (`drive`), then tells the parent once of the change they noted, if
    /// the pair still runs.
    private func step(at time: Timestamp, _ drive: () -> Void) {
        // A host callback may re-enter the engine and drive the pair again within a step (`NodeStatus`): the
        // outer step tells the parent, once.
        guard !isInStep else { return drive() }
        isInStep = true
        drive()
        isInStep = false
        guard changedInStep else { return }
        changedInStep = false
        if status.isLive { parent?.childChanged(self, at: time) }
    }

    func childRequestedClaim(_ child: AnyGestureNode, at time: Timestamp) {}
    func childChanged(_ child: AnyGestureNode, at time: Timestamp) {}
    func childSucceeded(_ child: AnyGestureNode, at time: Timestamp) {}
    func childFailed(_ child: AnyGestureNode, reason: FailureReason, at time: Timestamp) {}
}
