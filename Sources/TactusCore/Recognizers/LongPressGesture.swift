/// The values of a long press.
public struct LongPressValue: Hashable, Sendable {
    /// When these values were measured.
    public var time: Timestamp
    /// The centroid of the pressing fingers.
    public var location: Point
    /// How many fingers press.
    public var fingers: Int
    /// Whether the fingers are still pressing: true from the moment all of them are down until the press
    /// is recognized or fails.
    public var isPressing: Bool

    /// Creates values, for hosts and clients that rebuild them (from the wire, in tests).
    public init(time: Timestamp, location: Point, fingers: Int, isPressing: Bool) {
        self.time = time
        self.location = location
        self.fingers = fingers
        self.isPressing = isPressing
    }
}

/// Fingers held still. Discrete: recognized when they have been down for `minimumDuration` (not at
/// release) without travelling more than `maximumDistance`.
public struct LongPressGesture: Gesture {
    /// How long the fingers must stay down. Default: 500 ms (SwiftUI's default; Android and GTK use 400–500 ms).
    public var minimumDuration: TimeSpan
    /// How far any finger may travel, in millimetres. Default: `GestureDefaults.slop` (3 mm), the distance
    /// at which a drag begins, so a press that drifts hands over to a drag (arbitration case 7).
    public var maximumDistance: Double
    /// How many fingers press. Default: 1.
    public var fingers: Int
    /// Called with true when all the fingers are down, and with false when the press is recognized or fails,
    /// as SwiftUI's `onPressingChanged`.
    var pressingChanged: ((Bool) -> Void)?

    /// Creates a long press.
    public init(minimumDuration: TimeSpan = .milliseconds(500), maximumDistance: Double = GestureDefaults.slop,
                fingers: Int = 1) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
        self.fingers = max(fingers, 1)
    }

    /// The same long press, calling `action` when the pressing state changes.
    public func onPressingChanged(_ action: @escaping (Bool) -> Void) -> LongPressGesture {
        var copy = self
        copy.pressingChanged = action
        return copy
    }

    public func makeNode() -> GestureNode<LongPressValue> { LongPressRecognizer(self) }
}

final class LongPressRecognizer: Recognizer<LongPressValue> {
    private let gesture: LongPressGesture
    private var pressedSince: Timestamp?
    private var travelBaseline = 0.0

    init(_ gesture: LongPressGesture) {
        self.gesture = gesture
        super.init(kind: .longPress, discrete: true, fingers: gesture.fingers,
                   initial: LongPressValue(time: .zero, location: .zero, fingers: gesture.fingers, isPressing: false))
    }

    override func reset(_ tracker: ContactTracker) {
        pressedSince = nil
        travelBaseline = tracker.maximumTravel
        current.isPressing = false
    }

    override func process(_ tracker: ContactTracker) {
        let time = tracker.time
        guard status == .possible else { return }
        guard tracker.source == .touchscreen else { return fail(.unsupportedInput, at: time) }
        if hasTooManyFingers(tracker, wanted: gesture.fingers) { return fail(.wrongFingerCount, at: time) }
        if tracker.maximumTravel - travelBaseline > gesture.maximumDistance { return fail(.movedTooFar, at: time) }
        if tracker.fingerCount == 0 {
            return fail(pressedSince == nil ? .wrongFingerCount : .tooShort, at: time)
        }
        // A finger that lifts before the duration ends the press for all of them.
        if pressedSince != nil && tracker.fingerCount < gesture.fingers { return fail(.tooShort, at: time) }
        current.time = time
        current.location = context.local(tracker.centroidInLayout)
        if pressedSince == nil {
            if tracker.fingerCount == gesture.fingers {
                pressedSince = time
                setPressing(true)
            } else if missedLandingWindow(tracker, wanted: gesture.fingers, at: time) {
                fail(.wrongFingerCount, at: time)
            }
        }
    }

    override var deadline: Timestamp? {
        guard status == .possible else { return nil }
        guard let since = pressedSince else { return landingDeadline(context.tracker, wanted: gesture.fingers) }
        return since + gesture.minimumDuration
    }

    override func fireTimer(at time: Timestamp) {
        guard status == .possible else { return }
        guard let since = pressedSince else {
            if missedLandingWindow(context.tracker, wanted: gesture.fingers, at: time) { fail(.wrongFingerCount, at: time) }
            return
        }
        guard time - since >= gesture.minimumDuration else { return }
        current.time = time
        claim(at: time)
    }

    override func didFinish(at time: Timestamp) {
        if current.isPressing { setPressing(false) }
    }

    private func setPressing(_ pressing: Bool) {
        current.isPressing = pressing
        gesture.pressingChanged?(pressing)
    }

    override func describe(_ value: LongPressValue) -> GestureValues { .longPress(value) }
}
