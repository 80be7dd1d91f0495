import TactusCore

/// The parameters of one gesture object, as its set_* requests give them: what is unset keeps the engine's
/// default. Each setter checks the value against the object's kind and answers with the protocol's
/// complaint, or nil when the value is taken.
struct GestureParameters {
    /// The gesture as set so far.
    private(set) var specification: GestureSpecification
    /// Surface-local rectangles; nil: the whole surface.
    var region: [Rect]?
    var priority = AttachmentPriority.normal

    init(kind: GestureKind) {
        specification = GestureSpecification(kind: kind)
    }

    var kind: GestureKind { specification.kind }
    private var isTwoHanded: Bool { kind == .magnify || kind == .rotate }

    mutating func setFingers(_ value: UInt32) -> String? {
        let range = isTwoHanded ? 2...5 : 1...10
        guard range.contains(Int(value)) else { return "fingers \(value) is outside \(range) for a \(kind.externalName)" }
        specification.fingers = Int(value)
        return nil
    }

    mutating func setTapCount(_ value: UInt32) -> String? {
        guard kind == .tap else { return "a \(kind.externalName) has no tap count" }
        guard (1...5).contains(value) else { return "tap count \(value) is outside 1...5" }
        specification.count = Int(value)
        return nil
    }

    mutating func setDistance(_ millimetres: Double) -> String? {
        guard !isTwoHanded && kind != .hold else { return "a \(kind.externalName) has no distance" }
        guard millimetres > 0 && millimetres <= 500 else { return "distance \(millimetres) mm is outside (0, 500]" }
        specification.distance = millimetres
        return nil
    }

    mutating func setDuration(_ milliseconds: UInt32) -> String? {
        guard [.tap, .longPress, .hold].contains(kind) else { return "a \(kind.externalName) has no duration" }
        guard (1...10_000).contains(milliseconds) else { return "duration \(milliseconds) ms is outside 1...10000" }
        specification.duration = Int(milliseconds)
        return nil
    }

    mutating func setScaleDelta(_ delta: Double) -> String? {
        guard kind == .magnify else { return "a \(kind.externalName) has no scale delta" }
        guard delta > 0 && delta < 1 else { return "scale delta \(delta) is outside (0, 1)" }
        specification.scaleDelta = delta
        return nil
    }

    mutating func setAngleDelta(_ degrees: Double) -> String? {
        guard kind == .rotate else { return "a \(kind.externalName) has no angle delta" }
        guard degrees > 0 && degrees <= 180 else { return "angle delta \(degrees)° is outside (0, 180]" }
        specification.angleDelta = degrees
        return nil
    }

    mutating func setDirections(_ bits: UInt32) -> String? {
        guard kind == .swipe else { return "a \(kind.externalName) has no directions" }
        guard bits != 0, bits & ~WireValue.allDirectionBits == 0 else { return "directions \(bits) are not a non-empty set" }
        specification.directions = WireValue.directions(bits)
        return nil
    }

    mutating func setEdge(_ value: UInt32) -> String? {
        guard kind == .edgeSwipe else { return "a \(kind.externalName) has no edge" }
        guard let edge = WireValue.edge(value) else { return "edge \(value) is not one of the edge enum" }
        specification.edge = edge
        return nil
    }

    mutating func setPriority(_ value: UInt32) -> String? {
        guard let priority = WireValue.priority(value) else { return "priority \(value) is not one of the priority enum" }
        self.priority = priority
        return nil
    }

    /// How the gesture takes part in arbitration on its surface.
    var options: AttachmentOptions { AttachmentOptions(priority: priority, startArea: region) }
}
