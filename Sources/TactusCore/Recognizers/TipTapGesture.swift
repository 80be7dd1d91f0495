// SPDX-License-Identifier: MIT
/// The values of a tip-tap.
public struct TipTapValue: Hashable, Sendable {
    /// When the tapping finger lifted.
    public var time: Timestamp
    /// Where the tapping finger was, the last time it was seen down.
    public var location: Point
    /// The centroid of the held fingers when the tapping finger lifted.
    public var holdLocation: Point
    /// The side of the held fingers the tap landed on, as the user sees it on the output.
    public var direction: SwipeDirection
    /// How many fingers were held (the tapping finger is not counted).
    public var fingers: Int

    /// Creates values, for hosts and clients that rebuild them (from the wire, in tests).
    public init(time: Timestamp, location: Point, holdLocation: Point, direction: SwipeDirection, fingers: Int) {
        self.time = time
        self.location = location
        self.holdLocation = holdLocation
        self.direction = direction
        self.fingers = fingers
    }
}

/// Fingers held on the screen while one more finger taps beside them, as the "press and tap" of touchscreen
/// desktops (a secondary click beside the held finger). Discrete: recognized when the tapping finger lifts while
/// the held fingers are still down. Touchscreens only.
///
/// The held fingers land within `GestureDefaults.fingerLandingWindow` of the first, as the fingers of every
/// multi-finger gesture do. The tapping finger is exactly one more finger, landing after that window has
/// closed: a finger landing inside it makes a multi-finger touch (arbitration case 13), and the tip-tap fails
/// (`wrongFingerCount`). So it does when more fingers come down, when a held finger lifts before the tap (or in
/// the same frame as the tap: the held fingers must still be down when it lifts), or when the held fingers are
/// not all down once the window closed. Any finger travelling more than `maximumMovement` fails it
/// (`movedTooFar`); a tapping finger down for `maximumDuration` fails it then (`timedOut`); a tap on a side not
/// in `directions` fails it when it lifts (`wrongDirection`).
///
/// The held fingers may rest as long as they like before the tap: holding is the point of the gesture. Beside a
/// long press of the same fingers, the long press is recognized at its duration and wins the interaction, as it
/// does against a tap (arbitration case 6): the tap has to come before.
///
/// The side is the direction from the held fingers' centroid to the tapping finger, in the output's orientation,
/// told as a swipe's (`SwipeDirection.init(of:)`): a tap 20 mm to the right and 5 mm below is `right`, one 20 mm
/// to the right and 15 mm below is `downRight`. A tap right on the centroid (between two held fingers) is on no
/// side, and fails with `wrongDirection`.
///
/// Started in the middle of an interaction (the second gesture of a sequence), it takes the fingers down as the
/// held ones when there are exactly `fingers` of them; otherwise the interaction is not one it can follow, and it
/// fails (`wrongFingerCount`) when the fingers lift, as a swipe that joined late does.
public struct TipTapGesture: Gesture {
    /// How many fingers are held while another taps. Default: 1.
    public var fingers: Int
    /// How far any finger, held or tapping, may travel, in millimetres. Default: `GestureDefaults.slop` (3 mm).
    public var maximumMovement: Double
    /// The longest the tapping finger may stay down. Default: `TapGesture.defaultMaximumDuration`, as a tap's.
    public var maximumDuration: TimeSpan
    /// The sides of the held fingers the tap may land on. Default: `.all`, the diagonals too.
    public var directions: SwipeDirections

    /// Creates a tip-tap.
    public init(fingers: Int = 1, maximumMovement: Double = GestureDefaults.slop,
                maximumDuration: TimeSpan = TapGesture.defaultMaximumDuration, directions: SwipeDirections = .all) {
        self.fingers = max(fingers, 1)
        self.maximumMovement = maximumMovement
        self.maximumDuration = maximumDuration
        self.directions = directions
    }

    public func makeNode() -> GestureNode<TipTapValue> { TipTapRecognizer(self) }
}

final class TipTapRecognizer: Recognizer<TipTapValue> {
    /// Where a tip-tap stands while it is possible. Edges: `reset` picks `holding` (a new interaction, or one
    /// joined with exactly the held fingers down) or `joinedLate`; holding → tapping when one more finger lands
    /// after the landing window. Recognition (the tap lifted), failure and the timeout leave the state where it is.
    private enum State {
        /// Joined an interaction whose fingers down were not the held ones: fails when they all lift.
        case joinedLate
        /// The held fingers are landing (inside the landing window) or resting: the first finger to land after
        /// the window is the tap.
        case holding
        /// The tapping finger `finger` is down since `since`: it must lift before `since + maximumDuration`.
        case tapping(finger: ContactID, since: Timestamp)
    }

    private let gesture: TipTapGesture
    private var state = State.holding
    private var travelBaseline = 0.0
    /// Where the tapping finger was on the last frame it was down, in output millimetres: a finger that lifts is
    /// gone from the tracker's contacts on the frame the tap lifts.
    private var tapLocation = Point.zero

    init(_ gesture: TipTapGesture) {
        self.gesture = gesture
        // The held fingers, as the recognizer's fingers: the arena makes a multi-finger claim wait for a member
        // that wants more fingers to land together (`ArenaMember.blocks`), and the tap never lands with them.
        super.init(kind: .tipTap, fingers: gesture.fingers,
                   initial: TipTapValue(time: .zero, location: .zero, holdLocation: .zero, direction: .right,
                                        fingers: gesture.fingers))
    }

    override func reset(_ tracker: ContactTracker) {
        travelBaseline = tracker.maximumTravel
        state = !tracker.isInteracting || tracker.fingerCount == gesture.fingers ? .holding : .joinedLate
    }

    override func process(_ tracker: ContactTracker) {
        let time = tracker.time
        guard decidesOnFrame() else { return }
        guard tracker.source == .touchscreen else { return fail(.unsupportedInput, at: time) }
        switch state {
        case .joinedLate:
            if tracker.fingerCount == 0 { fail(.wrongFingerCount, at: time) }
        case .holding:
            if let reason = violation(in: tracker) { return fail(reason, at: time) }
            watchHeldFingers(tracker)
        case .tapping(let finger, _):
            if let reason = violation(in: tracker) { return fail(reason, at: time) }
            followTap(finger, in: tracker)
        }
    }

    /// Why the fingers can no longer make a tip-tap, whatever state it is in: too many of them, or a finger
    /// travelled too far.
    private func violation(in tracker: ContactTracker) -> FailureReason? {
        if hasTooManyFingers(tracker, wanted: gesture.fingers + 1) { return .wrongFingerCount }
        if tracker.maximumTravel - travelBaseline > gesture.maximumMovement { return .movedTooFar }
        return nil
    }

    /// holding: counts the held fingers inside the landing window, then waits for the tapping finger.
    private func watchHeldFingers(_ tracker: ContactTracker) {
        let time = tracker.time
        if tracker.lifted > 0 { return fail(.wrongFingerCount, at: time) }
        if time - tracker.interactionStart <= GestureDefaults.fingerLandingWindow {
            // One finger more than the held ones, landing together with them, is a multi-finger touch.
            if tracker.fingerCount > gesture.fingers { fail(.wrongFingerCount, at: time) }
            return
        }
        if tracker.fingerCount - tracker.landed != gesture.fingers { return fail(.wrongFingerCount, at: time) }
        // Contacts keep their landing order: a finger that just landed is the last.
        guard tracker.landed == 1, let tap = tracker.contacts.last else { return }
        state = .tapping(finger: tap.id, since: time)
        tapLocation = tap.position
    }

    /// tapping: follows the tapping finger until it lifts, and decides then.
    private func followTap(_ finger: ContactID, in tracker: ContactTracker) {
        let time = tracker.time
        if let tap = tracker.contacts.first(where: { $0.id == finger }) {
            // With the tap down, a finger that lifts is a held one.
            if tracker.lifted > 0 { return fail(.wrongFingerCount, at: time) }
            tapLocation = tap.position
            return
        }
        // Only the tap lifted, and no finger landed: the held fingers, all of them, are what is down.
        guard tracker.lifted == 1, tracker.fingerCount == gesture.fingers else { return fail(.wrongFingerCount, at: time) }
        guard let direction = SwipeDirection(of: tapLocation - tracker.centroid) else {
            return fail(.wrongDirection, at: time)
        }
        current = TipTapValue(time: time, location: local(tracker.layoutPoint(forMillimetres: tapLocation)),
                              holdLocation: local(tracker.centroidInLayout), direction: direction,
                              fingers: gesture.fingers)
        guard gesture.directions.contains(SwipeDirections(direction)) else { return fail(.wrongDirection, at: time) }
        claim(at: time)
    }

    override func deadline(in tracker: ContactTracker) -> Timestamp? {
        // Asked of every live node: a pending tip-tap wants no timer.
        guard status == .possible else { return nil }
        switch state {
        case .joinedLate: return nil
        case .holding: return landingDeadline(tracker, wanted: gesture.fingers)
        case .tapping(_, let since): return since + gesture.maximumDuration
        }
    }

    override func deadlinePassed(at time: Timestamp) {
        switch state {
        case .joinedLate:
            reportImpossibleTransition("timer while joined late")  // no deadline then
        case .holding:
            if missedLandingWindow(context.tracker, wanted: gesture.fingers, at: time) { fail(.wrongFingerCount, at: time) }
        case .tapping:
            fail(.timedOut, at: time)
        }
    }

    override func describe(_ value: TipTapValue) -> GestureValues { .tipTap(value) }
}
