// SPDX-License-Identifier: MIT
/// Defaults shared by several recognizers, with the evidence for them.
public enum GestureDefaults {
    /// How far a finger may wander and still be "still"; also how far a drag must move to begin: 3 mm.
    /// Flutter's touch slop is 18 logical pixels (2.9 mm at Flutter's 160 px per inch); Android's is 8 dp
    /// (1.3 mm) but Android adds hysteresis; libinput decides touchpad gestures after 1.5–4 mm.
    public static let slop = 3.0
    /// How long after the first finger the other fingers of a multi-finger gesture may land: 250 ms.
    /// Fingers rarely land together; arbitration case 13 asks that a second finger 150 ms late still pinches.
    public static let fingerLandingWindow = TimeSpan.milliseconds(250)
    /// How long no finger may land before the fingers down count as all the gesture's, once they have moved past a
    /// continuous gesture's threshold: 30 ms. Then a gesture that wants more fingers no longer holds that one back
    /// (arbitration case 29); a user who pinches or drags sees it begin at once, not when the landing window closes.
    /// Fingers of one hand land a few frames apart, and the delay must stay within what a user takes for "at once"
    /// (50 ms) even at 60 Hz, where the claim is looked at again only on the next frame.
    public static let fingerSettleTime = TimeSpan.milliseconds(30)
}

/// A leaf of a recognizer tree: one gesture's state machine.
///
/// Subclasses look at the device's tracker on every frame and call the transition functions below, each of
/// which takes one edge of `NodeStatus` and keeps the lifecycle honest: a claim waits for the parent's
/// answer; every `began` is followed by exactly one `ended` or `cancelled`; nothing is emitted after that.
/// A subclass keeps what it needs while undecided in an explicit `State` of its own.
///
/// A transition that no edge allows is a bug in the engine, never in the input: it stops debug builds at an
/// assertion and is counted in `Diagnostics.impossibleTransitions` (`reportImpossibleTransition`).
class Recognizer<Value>: GestureNode<Value> {
    let kind: GestureKind
    let isDiscrete: Bool
    /// How many fingers the gesture wants.
    let fingers: Int
    /// The latest values; subclasses keep it current.
    var current: Value
    private(set) var index = 0
    unowned(unsafe) var context: MemberContext!
    /// The context's sink, which the context holds; reached without the retain and release that each load of a
    /// stored reference costs (`emit` runs for every running gesture on every frame).
    private var sink: Unmanaged<UpdateSink>?
    /// The context's attachment and device, for the updates.
    private var attachment = AttachmentID(rawValue: 0), device = DeviceID(0)
    /// The context's origin for this interaction, kept here: values are made local on every frame, and each
    /// load of the unowned context costs a retain and a release.
    private var origin = Vector.zero
    /// A continuous gesture whose fingers lifted while its claim was pending: it ends as soon as it begins.
    private var finishedWhilePending = false
    /// A discrete gesture reported an in-progress value in this interaction (a long press pressing).
    private var hasProgressed = false

    init(kind: GestureKind, fingers: Int, initial: Value) {
        self.kind = kind
        self.isDiscrete = kind.isDiscrete
        self.fingers = max(fingers, 1)
        self.current = initial
    }

    override var signature: GestureSignature? { GestureSignature(kind: kind, fingers: fingers, count: 1) }

    /// Values exist for the outside world once the gesture began or was recognized, and, for a discrete
    /// gesture that reports progress, from its first in-progress value until it fails.
    override var value: Value? {
        switch status {
        case .active, .succeeded, .cancelled: current
        case .possible, .pending: hasProgressed ? current : nil
        case .idle, .failed: nil
        }
    }

    override func numberRecognizers(from next: inout Int) {
        index = next
        next += 1
    }

    override func start(_ context: MemberContext) {
        self.context = context
        sink = .passUnretained(context.sink)
        (attachment, device) = (context.attachment, context.tracker.device.id)
        origin = context.origin
        status = .possible
        finishedWhilePending = false
        hasProgressed = false
        reset(context.tracker)
    }

    /// A layout point in the target's coordinates.
    final func local(_ layoutPoint: Point) -> Point { layoutPoint - origin }

    /// Forgets the previous interaction and takes the tracker's present state as the starting point.
    func reset(_ tracker: ContactTracker) {}

    /// Called once the gesture is decided: recognized, ended, failed or cancelled.
    func didFinish(at time: Timestamp) {}

    /// Describes a value for the host's update stream.
    func describe(_ value: Value) -> GestureValues { fatalError("every recognizer describes its value") }

    // MARK: Timers

    /// A recognizer asks for a timer (`deadline`) only while it is possible, and its parent fires it only once
    /// that deadline has come; anything else is an impossible transition.
    override final func fireTimer(at time: Timestamp) {
        guard status == .possible, let deadline = deadline(in: context.tracker), deadline <= time else {
            return reportImpossibleTransition("timer")
        }
        deadlinePassed(at: time)
    }

    /// The recognizer's `deadline` has come (it is possible).
    func deadlinePassed(at time: Timestamp) {}

    // MARK: Transitions

    /// possible → pending: asks to begin (continuous) or be recognized (discrete) with the current values.
    /// Recognizers claim only from a frame or a timer they looked at while possible.
    final func claim(at time: Timestamp) {
        guard status == .possible else { return reportImpossibleTransition("claim") }
        status = .pending
        parent?.childRequestedClaim(self, at: time)
    }

    /// pending → succeeded (discrete: recognized) or pending → active (continuous: began). Parents grant only
    /// a child they see pending just before.
    override final func grant(at time: Timestamp) {
        guard status == .pending else { return reportImpossibleTransition("grant") }
        if isDiscrete {
            status = .succeeded
            emit(.recognized, at: time)
            didFinish(at: time)
            parent?.childSucceeded(self, at: time)
            return
        }
        status = .active
        emit(.began, at: time)
        parent?.childChanged(self, at: time)
        // The reports above reach the host, whose callback may have cancelled the gesture already (`NodeStatus`).
        if finishedWhilePending && status == .active { end(at: time) }
    }

    /// possible → possible: a discrete gesture reports an in-progress value (a long press: the fingers are
    /// pressing), as SwiftUI runs `onChanged` and `updating` before a long press is recognized. It reaches the
    /// observers of the tree (`childChanged`), not the host's update stream: nothing began.
    final func progress(at time: Timestamp) {
        guard isDiscrete && status == .possible else { return reportImpossibleTransition("progress") }
        hasProgressed = true
        parent?.childChanged(self, at: time)
    }

    /// active → active: reports new values of a running gesture.
    final func change(at time: Timestamp) {
        guard status == .active else { return reportImpossibleTransition("change") }
        emit(.changed, at: time)
        parent?.childChanged(self, at: time)
    }

    /// active → succeeded: ends a running gesture. A pending one stays pending, legitimately: its fingers
    /// lifted before the arena answered its claim, and it ends as soon as it is granted (began, then ended).
    final func end(at time: Timestamp) {
        switch status {
        case .active:
            status = .succeeded
            emit(.ended, at: time)
            didFinish(at: time)
            parent?.childSucceeded(self, at: time)
        case .pending:
            finishedWhilePending = true
        case .idle, .possible, .succeeded, .failed, .cancelled:
            reportImpossibleTransition("end")
        }
    }

    /// possible | pending → failed; active → cancelled. Parents fail only a child they see live just before.
    override final func fail(_ reason: FailureReason, at time: Timestamp) {
        switch status {
        case .possible, .pending:
            status = .failed
            emit(.failed, at: time, reason: reason)
        case .active:
            status = .cancelled
            emit(.cancelled, at: time, reason: reason)
        case .idle, .succeeded, .failed, .cancelled:
            return reportImpossibleTransition("fail")
        }
        didFinish(at: time)
        parent?.childFailed(self, reason: reason, at: time)
    }

    /// Whether a discrete recognizer decides on this frame: it does while possible. A pending one waits for
    /// the arena's answer and takes no notice of later frames (its claim stands whatever the fingers do next).
    /// Nothing else can happen: frames reach only live nodes, and a discrete recognizer never runs.
    final func decidesOnFrame() -> Bool {
        switch status {
        case .possible:
            return true
        case .pending:
            return false
        case .idle, .active, .succeeded, .failed, .cancelled:
            reportImpossibleTransition("frame")
            return false
        }
    }

    /// A call that no edge of the state machine allows: a bug in the engine, never in the input. Debug builds
    /// stop here; release builds count it (`Diagnostics.impossibleTransitions`) and ignore the call.
    final func reportImpossibleTransition(_ transition: StaticString) {
        assertionFailure("\(kind) recognizer \(index): \(transition) while \(status)")
        sink?._withUnsafeGuaranteedRef { $0.recordImpossibleTransition() }
    }

    private func emit(_ phase: GesturePhase, at time: Timestamp, reason: FailureReason? = nil) {
        // A copy, so that no access to `current` spans the call to `describe` (`take(_:leaving:)`).
        let value = current
        let update = GestureUpdate(attachment: attachment, recognizer: index, device: device, kind: kind,
                                   phase: phase, time: time, values: describe(value), reason: reason)
        sink?._withUnsafeGuaranteedRef { $0.deliver(update) }
    }

    // MARK: Shared checks

    /// Whether fingers are down beyond what the gesture wants.
    @inline(__always) final func hasTooManyFingers(_ tracker: ContactTracker, wanted: Int) -> Bool {
        tracker.fingerCount > wanted
    }

    /// Whether the wanted fingers failed to land within the landing window after the first one.
    @inline(__always) final func missedLandingWindow(_ tracker: ContactTracker, wanted: Int, at time: Timestamp) -> Bool {
        tracker.peakFingerCount < wanted && time - tracker.interactionStart > GestureDefaults.fingerLandingWindow
    }

    /// The deadline of the landing window, while fingers are still missing.
    @inline(__always) final func landingDeadline(_ tracker: ContactTracker, wanted: Int) -> Timestamp? {
        guard status == .possible, tracker.isInteracting, tracker.peakFingerCount < wanted else { return nil }
        return tracker.interactionStart + GestureDefaults.fingerLandingWindow + TimeSpan(microseconds: 1)
    }
}
