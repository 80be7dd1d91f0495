// SPDX-License-Identifier: MIT
/// The shared life of the continuous gestures that follow a group of fingers (drag, edge swipe, magnify,
/// rotate, hold): wait for the wanted fingers to land, start measuring from the moment they are all down,
/// claim when the gesture's own threshold is crossed, report every frame, end when too few fingers remain.
///
/// Finger rules: more fingers than wanted fails (or cancels) with `wrongFingerCount`; so does the landing
/// window passing before the wanted fingers are down. Fingers already moving do not rule out more fingers
/// landing within the window (as libinput restarts a touchpad gesture when a finger joins), so a two-finger
/// pinch that gains a third finger can still become a three-finger swipe (arbitration case 17). Fingers that
/// lift early do not end the gesture while `minimumFingers` remain.
class ContinuousRecognizer<Value>: Recognizer<Value> {
    /// What the gesture's threshold says about the current frame.
    enum Verdict { case wait, claim, fail(FailureReason) }

    /// Where a continuous gesture stands with its fingers. Edges: `reset` starts in `awaitingFingers`, or
    /// straight in `tracking` when the wanted fingers are already down (the second gesture of a sequence);
    /// awaitingFingers → tracking when the wanted fingers are all down. The state stays `tracking` while the
    /// gesture claims, runs and ends; the next interaction resets it.
    enum State {
        /// Not all the wanted fingers are down yet; they may land within the landing window.
        case awaitingFingers
        /// The wanted fingers were all down at `since`: the gesture measures from the baselines taken then.
        case tracking(since: Timestamp)
    }

    let minimumFingers: Int
    private let acceptedSources: [InputSource]
    /// Why the gesture fails when the fingers lift before it began.
    private let earlyLiftReason: FailureReason
    private(set) var state = State.awaitingFingers

    init(kind: GestureKind, fingers: Int, minimumFingers: Int, sources: [InputSource],
         earlyLiftReason: FailureReason = .movedTooLittle, initial: Value) {
        self.earlyLiftReason = earlyLiftReason
        self.minimumFingers = min(max(minimumFingers, 1), max(fingers, 1))
        self.acceptedSources = sources
        super.init(kind: kind, fingers: fingers, initial: initial)
    }

    override func reset(_ tracker: ContactTracker) {
        state = .awaitingFingers
        // Started while the wanted fingers are already down (the second gesture of a sequence): measure from now.
        if tracker.fingerCount == fingers { startTracking(tracker) }
    }

    // MARK: Hooks

    /// The wanted fingers are down: take baselines.
    func beginTracking(_ tracker: ContactTracker) {}
    /// Brings `current` up to date.
    func updateValue(_ tracker: ContactTracker) {}
    /// Whether the threshold is crossed; asked while tracking and possible.
    func evaluate(_ tracker: ContactTracker) -> Verdict { .wait }

    // MARK: Frames

    override func process(_ tracker: ContactTracker) {
        let time = tracker.time
        guard acceptedSources.contains(tracker.source) else { return fail(.unsupportedInput, at: time) }
        if hasTooManyFingers(tracker, wanted: fingers) { return fail(.wrongFingerCount, at: time) }
        switch status {
        case .active:
            follow(tracker)
        case .possible, .pending:
            decide(tracker)
        case .idle, .succeeded, .failed, .cancelled:
            // Frames reach only live nodes.
            reportImpossibleTransition("frame")
        }
    }

    /// A running gesture reports every frame until too few fingers remain.
    private func follow(_ tracker: ContactTracker) {
        updateValue(tracker)
        if tracker.fingerCount < minimumFingers { end(at: tracker.time) } else { change(at: tracker.time) }
    }

    /// An undecided gesture waits for its fingers, then for its threshold.
    private func decide(_ tracker: ContactTracker) {
        let time = tracker.time
        if case .awaitingFingers = state {
            guard tracker.fingerCount == fingers else { return failIfFingersCannotComeAnyMore(tracker) }
            startTracking(tracker)
        }
        updateValue(tracker)
        if tracker.fingerCount < minimumFingers {
            return status == .pending ? end(at: time) : fail(earlyLiftReason, at: time)
        }
        // A pending claim waits for the arena's answer: the threshold was crossed already.
        guard status == .possible else { return }
        switch evaluate(tracker) {
        case .wait: break
        case .claim: claim(at: time)
        case .fail(let reason): fail(reason, at: time)
        }
    }

    /// Fails when the wanted fingers can no longer all be down: every finger lifted, the landing window
    /// passed, or the fingers are a touchpad stream's, whose count is final (libinput starts a new stream
    /// when it changes).
    private func failIfFingersCannotComeAnyMore(_ tracker: ContactTracker) {
        if tracker.fingerCount == 0 || tracker.source != .touchscreen
            || missedLandingWindow(tracker, wanted: fingers, at: tracker.time) {
            fail(.wrongFingerCount, at: tracker.time)
        }
    }

    override func deadline(in tracker: ContactTracker) -> Timestamp? {
        switch state {
        case .awaitingFingers: return landingDeadline(tracker, wanted: fingers)
        case .tracking: return nil
        }
    }

    /// Until its fingers are all down, a possible gesture only counts them.
    override var waitsForFingerChange: Bool {
        guard status == .possible, case .awaitingFingers = state else { return false }
        return true
    }

    override func deadlinePassed(at time: Timestamp) {
        switch state {
        case .awaitingFingers:
            if missedLandingWindow(context.tracker, wanted: fingers, at: time) { fail(.wrongFingerCount, at: time) }
        case .tracking:
            // Only subclasses with a deadline of their own while tracking (a hold) get here.
            reportImpossibleTransition("timer while tracking")
        }
    }

    private func startTracking(_ tracker: ContactTracker) {
        state = .tracking(since: tracker.time)
        beginTracking(tracker)
    }
}
