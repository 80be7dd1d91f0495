// SPDX-License-Identifier: MIT
/// The values of a hold.
public struct HoldValue: Hashable, Sendable {
    /// When these values were measured.
    public var time: Timestamp
    /// The centroid of the resting fingers.
    public var location: Point
    /// How many fingers rest.
    public var fingers: Int

    /// Creates values, for hosts and clients that rebuild them (from the wire, in tests).
    public init(time: Timestamp, location: Point, fingers: Int) {
        self.time = time
        self.location = location
        self.fingers = fingers
    }
}

/// Fingers resting without moving, as libinput's touchpad hold (used to stop kinetic scrolling, or to
/// show an overlay while fingers rest). Continuous: begins after `minimumDuration` of stillness, ends
/// when the fingers lift, is cancelled (`movedTooFar`) when they move more than the slop.
///
/// From a touchpad, libinput's own hold begins it at once: libinput has already waited.
public struct HoldGesture: Gesture {
    /// How many fingers rest. Default: 1.
    public var fingers: Int
    /// How long the fingers rest before the hold begins, on touchscreens. Default: 200 ms, near libinput's
    /// own touchpad hold delay, well under a long press (500 ms) so both can be told apart.
    public var minimumDuration: TimeSpan

    /// Creates a hold.
    public init(fingers: Int = 1, minimumDuration: TimeSpan = .milliseconds(200)) {
        self.fingers = fingers
        self.minimumDuration = minimumDuration
    }

    public func makeNode() -> GestureNode<HoldValue> { HoldRecognizer(self) }
}

/// A hold's state is the continuous gesture's (`ContinuousRecognizer.State`): the fingers rest since the
/// moment they were all down (`tracking(since:)`), and the hold claims `minimumDuration` later.
final class HoldRecognizer: ContinuousRecognizer<HoldValue> {
    private let minimumDuration: TimeSpan
    private var travelBaseline = 0.0

    init(_ gesture: HoldGesture) {
        minimumDuration = gesture.minimumDuration
        super.init(kind: .hold, fingers: gesture.fingers, minimumFingers: gesture.fingers,
                   sources: [.touchscreen, .touchpadHold], earlyLiftReason: .tooShort,
                   initial: HoldValue(time: .zero, location: .zero, fingers: gesture.fingers))
    }

    override func beginTracking(_ tracker: ContactTracker) {
        travelBaseline = tracker.maximumTravel
    }

    override func process(_ tracker: ContactTracker) {
        // Stillness is the whole point: moving ends a hold, begun or not.
        if case .tracking = state, tracker.maximumTravel - travelBaseline > GestureDefaults.slop {
            return fail(.movedTooFar, at: tracker.time)
        }
        super.process(tracker)
    }

    override func updateValue(_ tracker: ContactTracker) {
        current.time = tracker.time
        current.location = local(tracker.centroidInLayout)
    }

    override func evaluate(_ tracker: ContactTracker) -> Verdict {
        if tracker.source == .touchpadHold { return .claim }
        if case .tracking(let since) = state, tracker.time - since >= minimumDuration { return .claim }
        return .wait
    }

    override func deadline(in tracker: ContactTracker) -> Timestamp? {
        guard status == .possible, case .tracking(let since) = state else { return super.deadline(in: tracker) }
        return since + minimumDuration
    }

    override func deadlinePassed(at time: Timestamp) {
        guard case .tracking = state else { return super.deadlinePassed(at: time) }
        current.time = time
        claim(at: time)
    }

    override func describe(_ value: HoldValue) -> GestureValues { .hold(value) }
}
