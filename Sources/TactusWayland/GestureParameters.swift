import TactusCore

/// The parameters of one gesture object, as its set_* requests give them: what is unset keeps the engine's
/// default. Each setter checks the value against the object's kind and answers with the protocol's
/// complaint, or nil when the value is taken.
struct GestureParameters {
    let kind: GestureKind
    var fingers: Int?
    var tapCount: Int?
    /// Millimetres.
    var distance: Double?
    /// Milliseconds.
    var duration: Int?
    var scaleDelta: Double?
    /// Degrees.
    var angleDelta: Double?
    var directions: SwipeDirections?
    var edge: Edge?
    /// Surface-local rectangles; nil: the whole surface.
    var region: [Rect]?
    var priority = AttachmentPriority.normal

    init(kind: GestureKind) {
        self.kind = kind
    }

    private var isTwoHanded: Bool { kind == .magnify || kind == .rotate }

    mutating func setFingers(_ value: UInt32) -> String? {
        let range = isTwoHanded ? 2...5 : 1...10
        guard range.contains(Int(value)) else { return "fingers \(value) is outside \(range) for a \(kind.externalName)" }
        fingers = Int(value)
        return nil
    }

    mutating func setTapCount(_ value: UInt32) -> String? {
        guard kind == .tap else { return "a \(kind.externalName) has no tap count" }
        guard (1...5).contains(value) else { return "tap count \(value) is outside 1...5" }
        tapCount = Int(value)
        return nil
    }

    mutating func setDistance(_ millimetres: Double) -> String? {
        guard !isTwoHanded && kind != .hold else { return "a \(kind.externalName) has no distance" }
        guard millimetres > 0 && millimetres <= 500 else { return "distance \(millimetres) mm is outside (0, 500]" }
        distance = millimetres
        return nil
    }

    mutating func setDuration(_ milliseconds: UInt32) -> String? {
        guard [.tap, .longPress, .hold].contains(kind) else { return "a \(kind.externalName) has no duration" }
        guard (1...10_000).contains(milliseconds) else { return "duration \(milliseconds) ms is outside 1...10000" }
        duration = Int(milliseconds)
        return nil
    }

    mutating func setScaleDelta(_ delta: Double) -> String? {
        guard kind == .magnify else { return "a \(kind.externalName) has no scale delta" }
        guard delta > 0 && delta < 1 else { return "scale delta \(delta) is outside (0, 1)" }
        scaleDelta = delta
        return nil
    }

    mutating func setAngleDelta(_ degrees: Double) -> String? {
        guard kind == .rotate else { return "a \(kind.externalName) has no angle delta" }
        guard degrees > 0 && degrees <= 180 else { return "angle delta \(degrees)° is outside (0, 180]" }
        angleDelta = degrees
        return nil
    }

    mutating func setDirections(_ bits: UInt32) -> String? {
        guard kind == .swipe else { return "a \(kind.externalName) has no directions" }
        guard bits != 0, bits & ~WireValue.allDirectionBits == 0 else { return "directions \(bits) are not a non-empty set" }
        directions = WireValue.directions(bits)
        return nil
    }

    mutating func setEdge(_ value: UInt32) -> String? {
        guard kind == .edgeSwipe else { return "a \(kind.externalName) has no edge" }
        guard let edge = WireValue.edge(value) else { return "edge \(value) is not one of the edge enum" }
        self.edge = edge
        return nil
    }

    mutating func setPriority(_ value: UInt32) -> String? {
        guard let priority = WireValue.priority(value) else { return "priority \(value) is not one of the priority enum" }
        self.priority = priority
        return nil
    }

    /// The engine's gesture for these parameters; unset parameters keep the engine's defaults.
    var gesture: AnyGesture {
        switch kind {
        case .tap:
            var tap = TapGesture(count: tapCount ?? 1, fingers: fingers ?? 1)
            if let distance { tap.maximumMovement = distance }
            if let duration { tap.maximumInterval = .milliseconds(Int64(duration)) }
            return AnyGesture(tap)
        case .longPress:
            var press = LongPressGesture(fingers: fingers ?? 1)
            if let duration { press.minimumDuration = .milliseconds(Int64(duration)) }
            if let distance { press.maximumDistance = distance }
            return AnyGesture(press)
        case .drag:
            var drag = DragGesture(fingers: fingers ?? 1)
            if let distance { drag.minimumDistance = distance }
            return AnyGesture(drag)
        case .swipe:
            var swipe = SwipeGesture(directions: directions ?? .all, fingers: fingers ?? 1)
            if let distance { swipe.minimumDistance = distance }
            return AnyGesture(swipe)
        case .edgeSwipe:
            var edgeSwipe = EdgeSwipeGesture(edge: edge ?? .left, fingers: fingers ?? 1)
            if let distance { edgeSwipe.distance = distance }
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

    /// How the gesture takes part in arbitration on its surface.
    var options: AttachmentOptions { AttachmentOptions(priority: priority, startArea: region) }
}
