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

    let minimumFingers: Int
    private let acceptedSources: [InputSource]
    /// Why the gesture fails when the fingers lift before it began.
    private let earlyLiftReason: FailureReason
    /// Whether the wanted fingers are down and the gesture measures from its baselines.
    private(set) var isTracking = false

    init(kind: GestureKind, fingers: Int, minimumFingers: Int, sources: [InputSource],
         earlyLiftReason: FailureReason = .movedTooLittle, initial: Value) {
        self.earlyLiftReason = earlyLiftReason
        self.minimumFingers = min(max(minimumFingers, 1), max(fingers, 1))
        self.acceptedSources = sources
        super.init(kind: kind, discrete: false, fingers: fingers, initial: initial)
    }

    override func reset(_ tracker: ContactTracker) {
        isTracking = false
        // Started while the wanted fingers are already down (the second gesture of a sequence): measure from now.
        if tracker.fingerCount == fingers { startTracking(tracker) }
    }

    // MARK: Hooks

    /// The wanted fingers are down: take baselines.
    func beginTracking(_ tracker: ContactTracker) {}
    /// Brings `current` up to date.
    func updateValue(_ tracker: ContactTracker) {}
    /// Whether the threshold is crossed, before the gesture began.
    func evaluate(_ tracker: ContactTracker) -> Verdict { .wait }

    // MARK: Frames

    override func process(_ tracker: ContactTracker) {
        let time = tracker.time
        guard acceptedSources.contains(tracker.source) else { return fail(.unsupportedInput, at: time) }
        if hasTooManyFingers(tracker, wanted: fingers) { return fail(.wrongFingerCount, at: time) }
        if status == .active {
            updateValue(tracker)
            if tracker.fingerCount < minimumFingers { end(at: time) } else { change(at: time) }
            return
        }
        guard status.isUndecided else { return }
        if !isTracking {
            if tracker.fingerCount == fingers {
                startTracking(tracker)
            } else if tracker.fingerCount == 0 {
                return fail(.wrongFingerCount, at: time)
            } else if tracker.source != .touchscreen || missedLandingWindow(tracker, wanted: fingers, at: time) {
                // A touchpad stream's finger count is final: libinput starts a new stream when it changes.
                return fail(.wrongFingerCount, at: time)
            } else {
                return
            }
        }
        updateValue(tracker)
        if tracker.fingerCount < minimumFingers {
            return status == .pending ? end(at: time) : fail(earlyLiftReason, at: time)
        }
        guard status == .possible else { return }
        switch evaluate(tracker) {
        case .wait: break
        case .claim: claim(at: time)
        case .fail(let reason): fail(reason, at: time)
        }
    }

    override var deadline: Timestamp? {
        isTracking ? nil : landingDeadline(context.tracker, wanted: fingers)
    }

    override func fireTimer(at time: Timestamp) {
        if !isTracking && missedLandingWindow(context.tracker, wanted: fingers, at: time) {
            fail(.wrongFingerCount, at: time)
        }
    }

    private func startTracking(_ tracker: ContactTracker) {
        isTracking = true
        beginTracking(tracker)
    }
}
