// SPDX-License-Identifier: MIT
/// A direction as the user sees it on the output.
public enum SwipeDirection: String, CaseIterable, Hashable, Sendable {
    case left, right, up, down
}

/// A set of swipe directions.
public struct SwipeDirections: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    /// Creates a set from its bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The set holding one direction.
    public init(_ direction: SwipeDirection) {
        switch direction {
        case .left: self = .left
        case .right: self = .right
        case .up: self = .up
        case .down: self = .down
        }
    }

    public static let left = SwipeDirections(rawValue: 1 << 0)
    public static let right = SwipeDirections(rawValue: 1 << 1)
    public static let up = SwipeDirections(rawValue: 1 << 2)
    public static let down = SwipeDirections(rawValue: 1 << 3)
    public static let horizontal: SwipeDirections = [.left, .right]
    public static let vertical: SwipeDirections = [.up, .down]
    public static let all: SwipeDirections = [.left, .right, .up, .down]
}

/// The values of a swipe.
public struct SwipeValue: Hashable, Sendable {
    /// When the swipe was recognized.
    public var time: Timestamp
    /// The direction of the dominant axis of travel.
    public var direction: SwipeDirection
    /// The fingers' displacement, in pixels.
    public var translation: Vector
    /// The velocity at release, in pixels per second.
    public var velocity: Vector
    /// Where the fingers were at release.
    public var location: Point
    /// How many fingers swiped.
    public var fingers: Int

    /// Creates values, for hosts and clients that rebuild them (from the wire, in tests).
    public init(time: Timestamp, direction: SwipeDirection, translation: Vector, velocity: Vector, location: Point, fingers: Int) {
        self.time = time
        self.direction = direction
        self.translation = translation
        self.velocity = velocity
        self.location = location
        self.fingers = fingers
    }
}

/// A quick stroke in one of four directions. Discrete: recognized at release when the fingers travelled
/// `minimumDistance` along one axis (at least twice as far as along the other, so within about 27° of it)
/// and were still moving at `minimumVelocity` along it.
///
/// Works on touchscreen contacts and on libinput touchpad swipe streams. A swipe that drives an animation
/// while the fingers move is a `DragGesture` with the same fingers.
public struct SwipeGesture: Gesture {
    /// The directions that count. Default: all four.
    public var directions: SwipeDirections
    /// How many fingers swipe. Default: 1.
    public var fingers: Int
    /// The travel along the axis, in millimetres. Default: 10 mm, about a third of a finger's comfortable
    /// stroke on a phone and well above the 3 mm slop.
    public var minimumDistance: Double
    /// The speed at release, in millimetres per second. Default: 100 mm/s: a deliberate flick; a finger
    /// that slows to a stop before lifting is a drag, not a swipe.
    public var minimumVelocity: Double

    /// Creates a swipe.
    public init(directions: SwipeDirections = .all, fingers: Int = 1, minimumDistance: Double = 10,
                minimumVelocity: Double = 100) {
        self.directions = directions
        self.fingers = fingers
        self.minimumDistance = minimumDistance
        self.minimumVelocity = minimumVelocity
    }

    public func makeNode() -> GestureNode<SwipeValue> { SwipeRecognizer(self) }
}

final class SwipeRecognizer: Recognizer<SwipeValue> {
    /// Where a swipe stands while it is possible, chosen by `reset` once per interaction; there are no
    /// edges between the states. Either way the swipe decides when its fingers lift.
    private enum State {
        /// Started after the interaction's first finger landed (the second gesture of a sequence): it did not
        /// see where the stroke began, so it fails (`wrongFingerCount`) when the fingers lift.
        case joinedLate
        /// Saw the first finger land: the stroke is measured from there.
        case watchingStroke
    }

    private let gesture: SwipeGesture
    private var baseline = Vector.zero
    private var state = State.watchingStroke

    init(_ gesture: SwipeGesture) {
        self.gesture = gesture
        super.init(kind: .swipe, discrete: true, fingers: gesture.fingers,
                   initial: SwipeValue(time: .zero, direction: .right, translation: .zero, velocity: .zero,
                                       location: .zero, fingers: gesture.fingers))
    }

    override func reset(_ tracker: ContactTracker) {
        baseline = tracker.translation
        state = tracker.isInteracting ? .joinedLate : .watchingStroke
    }

    override func process(_ tracker: ContactTracker) {
        let time = tracker.time
        guard decidesOnFrame() else { return }
        guard tracker.source == .touchscreen || tracker.source == .touchpadSwipe else {
            return fail(.unsupportedInput, at: time)
        }
        if hasTooManyFingers(tracker, wanted: gesture.fingers) { return fail(.wrongFingerCount, at: time) }
        if tracker.source == .touchpadSwipe && tracker.peakFingerCount != gesture.fingers {
            return fail(.wrongFingerCount, at: time)
        }
        if tracker.fingerCount > 0 {
            if missedLandingWindow(tracker, wanted: gesture.fingers, at: time) { fail(.wrongFingerCount, at: time) }
            return
        }
        guard case .watchingStroke = state, tracker.peakFingerCount == gesture.fingers else {
            return fail(.wrongFingerCount, at: time)
        }
        let travel = tracker.translation - baseline
        let horizontal = abs(travel.dx) >= abs(travel.dy)
        let major = horizontal ? abs(travel.dx) : abs(travel.dy)
        let minor = horizontal ? abs(travel.dy) : abs(travel.dx)
        let direction: SwipeDirection = horizontal ? (travel.dx < 0 ? .left : .right) : (travel.dy < 0 ? .up : .down)
        let scale = tracker.geometry.pixelsPerMillimetre
        let speed = horizontal ? abs(tracker.velocity.dx) / scale.dx : abs(tracker.velocity.dy) / scale.dy
        let speedIsAlongTravel = horizontal
            ? (tracker.velocity.dx < 0) == (travel.dx < 0) : (tracker.velocity.dy < 0) == (travel.dy < 0)
        current = SwipeValue(time: time, direction: direction, translation: tracker.geometry.pixels(forMillimetres: travel),
                             velocity: tracker.velocity, location: local(tracker.centroidInLayout),
                             fingers: gesture.fingers)
        if major < gesture.minimumDistance { return fail(.movedTooLittle, at: time) }
        if minor * 2 > major || !gesture.directions.contains(SwipeDirections(direction)) {
            return fail(.wrongDirection, at: time)
        }
        if speed < gesture.minimumVelocity || !speedIsAlongTravel { return fail(.tooSlow, at: time) }
        claim(at: time)
    }

    override func deadline(in tracker: ContactTracker) -> Timestamp? { landingDeadline(tracker, wanted: gesture.fingers) }

    /// Until its fingers lift, a possible swipe only checks how many there are.
    override var waitsForFingerChange: Bool { status == .possible }

    override func deadlinePassed(at time: Timestamp) {
        if missedLandingWindow(context.tracker, wanted: gesture.fingers, at: time) { fail(.wrongFingerCount, at: time) }
    }

    override func describe(_ value: SwipeValue) -> GestureValues { .swipe(value) }
}
