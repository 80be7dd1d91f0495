/// The values of one gesture update, one case per kind whatever the input source.
public enum GestureValues: Hashable, Sendable {
    case tap(TapValue)
    case longPress(LongPressValue)
    case drag(DragValue)
    case swipe(SwipeValue)
    case edgeSwipe(EdgeSwipeValue)
    case magnify(MagnifyValue)
    case rotate(RotateValue)
    case hold(HoldValue)

    /// The values as one flat record, the same fields for every kind: what outputs (the protocol's events, the C
    /// ABI's `tactus_values`, the simulator's lines) loop over instead of asking for the kind.
    public var flat: FlatGestureValues {
        switch self {
        case .tap(let v): return FlatGestureValues(fingers: v.fingers, location: v.location, count: v.count)
        case .longPress(let v): return FlatGestureValues(fingers: v.fingers, location: v.location)
        case .drag(let v):
            return FlatGestureValues(fingers: v.fingers, location: v.location, translation: v.translation, velocity: v.velocity)
        case .swipe(let v):
            return FlatGestureValues(fingers: v.fingers, location: v.location, translation: v.translation,
                                     velocity: v.velocity, direction: v.direction)
        case .edgeSwipe(let v):
            return FlatGestureValues(fingers: v.fingers, translation: v.translation, edge: v.edge, progress: v.progress)
        case .magnify(let v): return FlatGestureValues(fingers: v.fingers, location: v.anchor, scale: v.magnification)
        case .rotate(let v): return FlatGestureValues(fingers: v.fingers, location: v.anchor, rotation: v.rotation)
        case .hold(let v): return FlatGestureValues(fingers: v.fingers, location: v.location)
        }
    }
}

/// A gesture's values with the same fields whatever its kind; those the kind lacks are nil.
public struct FlatGestureValues: Hashable, Sendable {
    /// How many fingers make the gesture.
    public var fingers: Int
    /// Where the gesture is (the anchor of a pinch or rotation), in layout or surface-local pixels.
    public var location: Point?
    /// How far the fingers moved since the gesture began, in pixels.
    public var translation: Vector?
    /// How fast the fingers move, in pixels per second.
    public var velocity: Vector?
    /// A pinch's magnification since it began; 1 means unchanged.
    public var scale: Double?
    /// A rotation since it began, in degrees clockwise.
    public var rotation: Double?
    /// How many taps.
    public var count: Int?
    /// A swipe's direction.
    public var direction: SwipeDirection?
    /// The edge an edge swipe comes from.
    public var edge: Edge?
    /// How far an edge swipe has come, 0 to 1.
    public var progress: Double?

    /// Creates values, for hosts and clients that rebuild them.
    public init(fingers: Int, location: Point? = nil, translation: Vector? = nil, velocity: Vector? = nil,
                scale: Double? = nil, rotation: Double? = nil, count: Int? = nil, direction: SwipeDirection? = nil,
                edge: Edge? = nil, progress: Double? = nil) {
        self.fingers = fingers
        self.location = location
        self.translation = translation
        self.velocity = velocity
        self.scale = scale
        self.rotation = rotation
        self.count = count
        self.direction = direction
        self.edge = edge
        self.progress = progress
    }
}
