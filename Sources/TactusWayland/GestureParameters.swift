// SPDX-License-Identifier: MIT
import TactusCore

/// The parameters of one gesture object, as its set_* requests give them (all but the region, which is the
/// surface's state): what is unset keeps the engine's default. Each setter answers with the protocol error's
/// message, naming the request, or nil when the value is taken; the gesture's own rules are the core's
/// (`GestureSpecification.problem(with:)`), worded as everywhere.
struct GestureParameters {
    /// The gesture as set so far.
    private(set) var specification: GestureSpecification
    var priority = AttachmentPriority.normal
    /// The object's version, which says which entries of the protocol's enums it may name.
    let version: Int32

    init(kind: GestureKind, version: Int32) {
        specification = GestureSpecification(kind: kind)
        self.version = version
    }

    /// Applies one set_* request: `request` names it in the complaint, `parameter` is what it sets.
    mutating func set(_ request: String, _ parameter: GestureParameter,
                      _ change: (inout GestureSpecification) -> Void) -> String? {
        var changed = specification
        change(&changed)
        if let problem = changed.problem(with: parameter) { return "\(request): \(problem)" }
        specification = changed
        return nil
    }

    mutating func setDirections(_ bits: UInt32) -> String? {
        guard bits & ~WireValue.directionBits(atVersion: version) == 0 else {
            return "set_directions: directions \(bits) hold bits outside the direction enum of version \(version)"
        }
        return set("set_directions", .directions) { $0.directions = WireValue.directions(bits) }
    }

    mutating func setEdge(_ value: UInt32) -> String? {
        guard let edge = WireValue.edge(value) else { return "set_edge: edge \(value) is not one of the edge enum" }
        return set("set_edge", .edge) { $0.edge = edge }
    }

    mutating func setPriority(_ value: UInt32) -> String? {
        guard let priority = WireValue.priority(value) else {
            return "set_priority: priority \(value) is not one of the priority enum"
        }
        self.priority = priority
        return nil
    }

    /// How the gesture takes part in arbitration on its surface, starting in `region` (surface-local rectangles;
    /// nil: the whole surface), driven by the devices of `seat`.
    func options(startingIn region: [Rect]?, seat: String) -> AttachmentOptions {
        AttachmentOptions(priority: priority, startArea: region, seat: seat)
    }
}
