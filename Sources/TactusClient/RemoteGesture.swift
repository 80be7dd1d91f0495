import TactusCore

/// A gesture the client asks the compositor to recognize: mirrors TactusCore's gesture types.
///
/// Parameters left nil are not sent, so the compositor's defaults apply. Nothing is checked here: the compositor
/// is the authority on what is valid and raises a protocol error for what is not.
public struct RemoteGesture: Hashable, Sendable {
    /// What the gesture recognizes.
    public var kind: GestureKind
    /// How many fingers make the gesture.
    public var fingers: Int?
    /// How many taps make a tap.
    public var tapCount: Int?
    /// In millimetres: the most a tap or long press may travel, the travel before a drag or swipe begins or counts,
    /// the inward travel at which an edge swipe's progress reaches 1.
    public var distance: Double?
    /// In milliseconds: how long a long press or hold must stay, the longest pause between the taps of a tap.
    public var duration: Int?
    /// The change of scale before a pinch begins.
    public var scaleDelta: Double?
    /// The rotation before a rotate begins, in degrees.
    public var angleDelta: Double?
    /// The directions a swipe accepts.
    public var directions: SwipeDirections?
    /// The edge of the output an edge swipe comes from.
    public var edge: Edge?
    /// Where on the surface interactions may start, in surface-local pixels; nil: the whole surface.
    public var region: [Rect]?
    /// How the gesture ranks against the surface's others.
    public var priority: AttachmentPriority

    /// Creates a gesture with the given parameters, leaving the others to the compositor.
    public init(kind: GestureKind, fingers: Int? = nil, tapCount: Int? = nil, distance: Double? = nil, duration: Int? = nil,
                scaleDelta: Double? = nil, angleDelta: Double? = nil, directions: SwipeDirections? = nil, edge: Edge? = nil,
                region: [Rect]? = nil, priority: AttachmentPriority = .normal) {
        self.kind = kind
        self.fingers = fingers
        self.tapCount = tapCount
        self.distance = distance
        self.duration = duration
        self.scaleDelta = scaleDelta
        self.angleDelta = angleDelta
        self.directions = directions
        self.edge = edge
        self.region = region
        self.priority = priority
    }

    /// One or more quick touches.
    public static func tap(count: Int = 1, fingers: Int = 1) -> RemoteGesture {
        RemoteGesture(kind: .tap, fingers: fingers, tapCount: count)
    }

    /// Fingers held still for a while.
    public static func longPress(minimumDuration milliseconds: Int? = nil, fingers: Int = 1) -> RemoteGesture {
        RemoteGesture(kind: .longPress, fingers: fingers, duration: milliseconds)
    }

    /// Fingers moving together.
    public static func drag(minimumDistance: Double? = nil, fingers: Int = 1) -> RemoteGesture {
        RemoteGesture(kind: .drag, fingers: fingers, distance: minimumDistance)
    }

    /// A quick stroke in one of `directions`.
    public static func swipe(directions: SwipeDirections = .all, fingers: Int = 1, minimumDistance: Double? = nil) -> RemoteGesture {
        RemoteGesture(kind: .swipe, fingers: fingers, distance: minimumDistance, directions: directions)
    }

    /// Fingers moving in from an edge of the surface's output; `distance` is the travel to full progress.
    public static func edgeSwipe(edge: Edge, fingers: Int = 1, distance: Double? = nil) -> RemoteGesture {
        RemoteGesture(kind: .edgeSwipe, fingers: fingers, distance: distance, edge: edge)
    }

    /// Fingers spreading or closing (a pinch).
    public static func magnify(minimumScaleDelta: Double? = nil, fingers: Int = 2) -> RemoteGesture {
        RemoteGesture(kind: .magnify, fingers: fingers, scaleDelta: minimumScaleDelta)
    }

    /// Fingers turning.
    public static func rotate(minimumAngleDelta: Double? = nil, fingers: Int = 2) -> RemoteGesture {
        RemoteGesture(kind: .rotate, fingers: fingers, angleDelta: minimumAngleDelta)
    }

    /// Fingers resting.
    public static func hold(minimumDuration milliseconds: Int? = nil, fingers: Int = 1) -> RemoteGesture {
        RemoteGesture(kind: .hold, fingers: fingers, duration: milliseconds)
    }

    /// The same gesture with another priority.
    public func priority(_ priority: AttachmentPriority) -> RemoteGesture {
        var gesture = self
        gesture.priority = priority
        return gesture
    }

    /// The same gesture, limited to interactions that start in `rectangles` (surface-local pixels).
    public func region(_ rectangles: [Rect]?) -> RemoteGesture {
        var gesture = self
        gesture.region = rectangles
        return gesture
    }

    /// The set requests that carry the parameters given; the region, which needs an object, is not among them.
    var parameterRequests: [RawRequest] {
        [
            fingers.map { .setFingers(UInt32(clamping: $0)) },
            tapCount.map { .setTapCount(UInt32(clamping: $0)) },
            distance.map { .setDistance($0) },
            duration.map { .setDuration(UInt32(clamping: $0)) },
            scaleDelta.map { .setScaleDelta($0) },
            angleDelta.map { .setAngleDelta($0) },
            directions.map { .setDirections($0.wireValue) },
            edge.map { .setEdge($0.wireValue) },
            // Normal is the compositor's default, so it counts as not given.
            priority == .normal ? nil : .setPriority(priority.wireValue),
        ].compactMap { $0 }
    }
}
