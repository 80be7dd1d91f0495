// SPDX-License-Identifier: MIT
/// A direction as the user sees it on the output: one of the four along the axes or one of the four diagonals.
public enum SwipeDirection: String, CaseIterable, Hashable, Sendable {
    case left, right, up, down
    case upLeft = "up_left", upRight = "up_right", downLeft = "down_left", downRight = "down_right"

    /// The direction of a travel: along an axis when the travel across it is at most half the travel along it
    /// (within 26.6° of the axis, as swipes have always been recognized), diagonal otherwise (within 18.4° of
    /// the diagonal). Every travel but zero has exactly one direction, so two gestures never both claim it.
    public init?(of travel: Vector) {
        let across = Swift.min(abs(travel.dx), abs(travel.dy)), along = Swift.max(abs(travel.dx), abs(travel.dy))
        guard along > 0 else { return nil }
        let horizontal: SwipeDirection = travel.dx < 0 ? .left : .right, vertical: SwipeDirection = travel.dy < 0 ? .up : .down
        if across * 2 <= along {
            self = abs(travel.dx) >= abs(travel.dy) ? horizontal : vertical
            return
        }
        switch (horizontal, vertical) {
        case (.left, .up): self = .upLeft
        case (.right, .up): self = .upRight
        case (.left, _): self = .downLeft
        default: self = .downRight
        }
    }

    /// The direction's one external name, in snake case, as the protocol, the C ABI and the simulator's JSON
    /// Lines write it: `up_left`.
    public var externalName: String { rawValue }

    /// The name with dashes, as the configuration file, command lines and tactusd's `TACTUS_DIRECTION` spell
    /// it: `up-left`.
    public var kebabName: String { String(rawValue.map { $0 == "_" ? "-" : $0 }) }

    /// The direction a name, in snake or kebab case, names.
    public init?(name: String) {
        guard let direction = SwipeDirection.allCases.first(where: { $0.rawValue == name || $0.kebabName == name }) else {
            return nil
        }
        self = direction
    }

    /// A vector of length 1 pointing this way, y growing downwards as on the output.
    public var unit: Vector {
        let diagonal = 0.5.squareRoot()
        switch self {
        case .left: return Vector(dx: -1, dy: 0)
        case .right: return Vector(dx: 1, dy: 0)
        case .up: return Vector(dx: 0, dy: -1)
        case .down: return Vector(dx: 0, dy: 1)
        case .upLeft: return Vector(dx: -diagonal, dy: -diagonal)
        case .upRight: return Vector(dx: diagonal, dy: -diagonal)
        case .downLeft: return Vector(dx: -diagonal, dy: diagonal)
        case .downRight: return Vector(dx: diagonal, dy: diagonal)
        }
    }
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
        let index = SwipeDirection.allCases.firstIndex(of: direction) ?? 0
        self.init(rawValue: 1 << UInt8(index))
    }

    public static let left = SwipeDirections(.left)
    public static let right = SwipeDirections(.right)
    public static let up = SwipeDirections(.up)
    public static let down = SwipeDirections(.down)
    public static let upLeft = SwipeDirections(.upLeft)
    public static let upRight = SwipeDirections(.upRight)
    public static let downLeft = SwipeDirections(.downLeft)
    public static let downRight = SwipeDirections(.downRight)
    public static let horizontal: SwipeDirections = [.left, .right]
    public static let vertical: SwipeDirections = [.up, .down]
    /// The four along the axes: what a swipe accepts unless told otherwise.
    public static let cardinal: SwipeDirections = [.horizontal, .vertical]
    /// The four diagonals.
    public static let diagonal: SwipeDirections = [.upLeft, .upRight, .downLeft, .downRight]
    /// All eight.
    public static let all: SwipeDirections = [.cardinal, .diagonal]
}

/// The values of a swipe.
public struct SwipeValue: Hashable, Sendable {
    /// When the swipe was recognized.
    public var time: Timestamp
    /// The direction of travel (`SwipeDirection.init(of:)`).
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

/// A quick stroke in one of eight directions. Discrete: recognized at release when the fingers travelled
/// `minimumDistance` in one of `directions` and were still moving at `minimumVelocity` that way. A travel is
/// along an axis when it went at least twice as far along it as across (within about 27° of it), and diagonal
/// otherwise (`SwipeDirection.init(of:)`).
///
/// Works on touchscreen contacts and on libinput touchpad swipe streams. A swipe that drives an animation
/// while the fingers move is a `DragGesture` with the same fingers.
public struct SwipeGesture: Gesture {
    /// The directions that count. Default: the four along the axes (`.cardinal`); a diagonal stroke then fails
    /// with `wrongDirection`, as it did before swipes had diagonals.
    public var directions: SwipeDirections
    /// How many fingers swipe. Default: 1.
    public var fingers: Int
    /// The travel in the swipe's direction, in millimetres. Default: 10 mm, about a third of a finger's comfortable
    /// stroke on a phone and well above the 3 mm slop.
    public var minimumDistance: Double
    /// The speed at release in the swipe's direction, in millimetres per second. Default: 100 mm/s: a deliberate flick; a finger
    /// that slows to a stop before lifting is a drag, not a swipe.
    public var minimumVelocity: Double

    /// Creates a swipe.
    public init(directions: SwipeDirections = .cardinal, fingers: Int = 1, minimumDistance: Double = 10,
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
        super.init(kind: .swipe, fingers: gesture.fingers,
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
        let scale = tracker.geometry.pixelsPerMillimetre
        let velocity = Vector(dx: tracker.velocity.dx / scale.dx, dy: tracker.velocity.dy / scale.dy)
        guard let direction = SwipeDirection(of: travel) else { return fail(.movedTooLittle, at: time) }
        current = SwipeValue(time: time, direction: direction, translation: tracker.geometry.pixels(forMillimetres: travel),
                             velocity: tracker.velocity, location: local(tracker.centroidInLayout),
                             fingers: gesture.fingers)
        if travel.dot(direction.unit) < gesture.minimumDistance { return fail(.movedTooLittle, at: time) }
        if !gesture.directions.contains(SwipeDirections(direction)) { return fail(.wrongDirection, at: time) }
        if velocity.dot(direction.unit) < gesture.minimumVelocity { return fail(.tooSlow, at: time) }
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
