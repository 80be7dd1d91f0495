import TactusCore

/// What the compositor reported for one gesture object in one frame: the phase event and the values that came
/// with it. Values the gesture's kind does not have, or the compositor did not send, are nil.
public struct GestureEvent: Hashable, Sendable {
    /// Where the gesture stands.
    public var phase: GesturePhase
    /// The serial of began and recognized, or of the began that a changed, ended or cancelled belongs to.
    public var serial: UInt32?
    /// When, in milliseconds of the input's clock.
    public var time: UInt32
    /// Why a gesture was cancelled or failed; nil when the compositor gave `other`.
    public var reason: FailureReason?
    /// Where the gesture is (the anchor of a pinch or rotate), in surface-local logical pixels.
    public var location: Point?
    /// How far the fingers moved since the gesture began, in surface-local logical pixels.
    public var translation: Vector?
    /// How fast the gesture moves, in logical pixels per second.
    public var velocity: Vector?
    /// A pinch's magnification since it began; 1 means unchanged.
    public var scale: Double?
    /// A rotation's angle since it began, in degrees clockwise.
    public var rotation: Double?
    /// How many taps.
    public var count: Int?
    /// How many fingers make the gesture.
    public var fingers: Int?
    /// A swipe's direction.
    public var direction: SwipeDirection?
    /// How far an edge swipe has come, 0 to 1.
    public var progress: Double?

    /// Creates an event, for instance the one a test expects.
    public init(phase: GesturePhase, time: UInt32, serial: UInt32? = nil, reason: FailureReason? = nil,
                location: Point? = nil, translation: Vector? = nil, velocity: Vector? = nil, scale: Double? = nil,
                rotation: Double? = nil, count: Int? = nil, fingers: Int? = nil, direction: SwipeDirection? = nil,
                progress: Double? = nil) {
        self.phase = phase
        self.time = time
        self.serial = serial
        self.reason = reason
        self.location = location
        self.translation = translation
        self.velocity = velocity
        self.scale = scale
        self.rotation = rotation
        self.count = count
        self.fingers = fingers
        self.direction = direction
        self.progress = progress
    }
}
