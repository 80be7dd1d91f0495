// SPDX-License-Identifier: MIT
import TactusCore

/// A gesture the client asks the compositor to recognize: a core `GestureSpecification` (whose kind and
/// parameters read as the gesture's own: `gesture.fingers`), with the region and priority of its surface.
///
/// Parameters left nil are not sent, so the compositor's defaults apply. Nothing is checked here: the compositor
/// is the authority on what is valid and raises a protocol error for what is not.
@dynamicMemberLookup
public struct RemoteGesture: Hashable, Sendable {
    /// The gesture's kind and parameters, as the core describes gestures.
    public var specification: GestureSpecification
    /// Where on the surface interactions may start, in surface-local pixels; nil: the whole surface. It is sent
    /// with the parameters and takes effect at the surface's next `wl_surface.commit`.
    public var region: [Rect]?
    /// How the gesture ranks against the surface's others.
    public var priority: AttachmentPriority

    /// The specification's kind and parameters, read and set as the gesture's own (`gesture.fingers`).
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<GestureSpecification, Value>) -> Value {
        get { specification[keyPath: keyPath] }
        set { specification[keyPath: keyPath] = newValue }
    }

    /// How many taps make a tap (the specification's `count`, the protocol's set_tap_count).
    public var tapCount: Int? {
        get { specification.count }
        set { specification.count = newValue }
    }

    /// The parameters the protocol has a request for: all but a swipe's minimum velocity, which stays the
    /// compositor's (a `minimumVelocity` set here is not sent).
    public static let parametersOnTheWire = GestureParameter.allCases.filter { $0 != .minimumVelocity }

    /// Creates a gesture with the given parameters, leaving the others to the compositor.
    public init(kind: GestureKind, fingers: Int? = nil, tapCount: Int? = nil, distance: Double? = nil, duration: Int? = nil,
                scaleDelta: Double? = nil, angleDelta: Double? = nil, directions: SwipeDirections? = nil, edge: Edge? = nil,
                region: [Rect]? = nil, priority: AttachmentPriority = .normal) {
        specification = GestureSpecification(kind: kind)
        specification.fingers = fingers
        specification.count = tapCount
        specification.distance = distance
        specification.duration = duration
        specification.scaleDelta = scaleDelta
        specification.angleDelta = angleDelta
        specification.directions = directions
        specification.edge = edge
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
    public static func swipe(directions: SwipeDirections = .cardinal, fingers: Int = 1, minimumDistance: Double? = nil) -> RemoteGesture {
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

    /// The set requests that carry the parameters given, in `GestureParameter`'s order; the region, which needs an
    /// object, is not among them.
    var parameterRequests: [RawRequest] {
        var requests = RemoteGesture.parametersOnTheWire.compactMap(request(setting:))
        // Normal is the compositor's default, so it counts as not given.
        if priority != .normal { requests.append(.setPriority(priority.wireValue)) }
        return requests
    }

    /// The request that sends one parameter, if it is set and the protocol has one for it.
    private func request(setting parameter: GestureParameter) -> RawRequest? {
        let spec = specification
        switch parameter {
        case .fingers: return spec.fingers.map { .setFingers(UInt32(clamping: $0)) }
        case .count: return spec.count.map { .setTapCount(UInt32(clamping: $0)) }
        case .distance: return spec.distance.map { .setDistance($0) }
        case .duration: return spec.duration.map { .setDuration(UInt32(clamping: $0)) }
        case .scaleDelta: return spec.scaleDelta.map { .setScaleDelta($0) }
        case .angleDelta: return spec.angleDelta.map { .setAngleDelta($0) }
        case .directions: return spec.directions.map { .setDirections($0.wireValue) }
        case .edge: return spec.edge.map { .setEdge($0.wireValue) }
        case .minimumVelocity: return nil
        }
    }
}
