/// A gesture described by data: its kind and the parameters a host sets, the others keeping the recognizer's
/// defaults. Hosts that build gestures from outside descriptions (the Wayland protocol's gesture objects, the
/// configuration file's bindings) describe them with one and attach `gesture`.
public struct GestureSpecification: Hashable, Sendable {
    /// What it recognizes.
    public var kind: GestureKind
    /// How many fingers.
    public var fingers: Int?
    /// Taps: how many.
    public var count: Int?
    /// Millimetres. Tap and long press: the most a finger may travel; drag and swipe: the travel before it
    /// begins or counts; edge swipe: the inward travel at which progress reaches 1.
    public var distance: Double?
    /// Milliseconds. Tap: the longest pause between taps; long press and hold: how long the fingers stay.
    public var duration: Int?
    /// Swipe: millimetres per second the fingers must still move at the end.
    public var minimumVelocity: Double?
    /// Pinch: the change of scale before it begins.
    public var scaleDelta: Double?
    /// Rotate: degrees before it begins.
    public var angleDelta: Double?
    /// Swipe: the directions it accepts.
    public var directions: SwipeDirections?
    /// Edge swipe: the edge it comes from.
    public var edge: Edge?

    /// A specification of `kind` with every parameter at its default.
    public init(kind: GestureKind) {
        self.kind = kind
    }

    /// The gesture, type-erased, with the parameters that are set.
    public var gesture: AnyGesture {
        switch kind {
        case .tap:
            var tap = TapGesture(count: count ?? 1, fingers: fingers ?? 1)
            if let distance { tap.maximumMovement = distance }
            if let duration { tap.maximumInterval = .milliseconds(Int64(duration)) }
            return AnyGesture(tap)
        case .longPress:
            var press = LongPressGesture(fingers: fingers ?? 1)
            if let duration { press.minimumDuration = .milliseconds(Int64(duration)) }
            if let distance { press.maximumDistance = distance }
            return AnyGesture(press)
        case .drag:
            return AnyGesture(DragGesture(minimumDistance: distance ?? GestureDefaults.slop, fingers: fingers ?? 1))
        case .swipe:
            var swipe = SwipeGesture(directions: directions ?? .all, fingers: fingers ?? 1)
            if let distance { swipe.minimumDistance = distance }
            if let minimumVelocity { swipe.minimumVelocity = minimumVelocity }
            return AnyGesture(swipe)
        case .edgeSwipe:
            return AnyGesture(edgeSwipe)
        case .magnify:
            var magnify = MagnifyGesture(fingers: fingers ?? 2)
            if let scaleDelta { magnify.minimumScaleDelta = scaleDelta }
            return AnyGesture(magnify)
        case .rotate:
            var rotate = RotateGesture(fingers: fingers ?? 2)
            if let angleDelta { rotate.minimumAngleDelta = angleDelta }
            return AnyGesture(rotate)
        case .hold:
            var hold = HoldGesture(fingers: fingers ?? 1)
            if let duration { hold.minimumDuration = .milliseconds(Int64(duration)) }
            return AnyGesture(hold)
        }
    }

    /// The edge swipe this describes (its edge defaulting to the left), for the band it is attached to.
    public var edgeSwipe: EdgeSwipeGesture {
        var gesture = EdgeSwipeGesture(edge: edge ?? .left, fingers: fingers ?? 1)
        if let distance { gesture.distance = distance }
        return gesture
    }
}
