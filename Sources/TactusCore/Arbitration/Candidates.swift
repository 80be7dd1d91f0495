/// Where an interaction starts, in the terms targets are written in.
struct InteractionStart {
    /// The first finger (touchpads: the pointer), in layout pixels.
    var layoutPoint: Point
    /// The first finger in output millimetres; nil for touchpads, which have no output edges.
    var outputPoint: Point?
    /// The surfaces under it, front first.
    var surfaces: [SurfaceHit]
}

/// Picks the attachments that take part in an interaction, with the rank and coordinate origin of each: those
/// whose target lies under the start, whose start area (if any) holds it, and that no mask or exclusion keeps out.
///
/// Rank: high priority adds 10 000; a surface scores 1000 minus its depth in the hit stack (the front
/// surface is innermost and scores highest); compositor targets score 0, outermost of all.
func selectCandidates(
    from attachments: [Attachment], start: InteractionStart, device: DeviceDescription, geometry: DeviceGeometry,
    into result: inout [(attachment: Attachment, origin: Vector, rank: Int)]
) {
    result.removeAll(keepingCapacity: true)
    let excluded = start.surfaces.first?.excludesCompositorGestures ?? false

    /// The stack depth of a target under the start, nil when the target is not there.
    func depth(of target: Target) -> Int? {
        switch target {
        case .layout:
            return Int.max
        case .outputEdge(let edge, let width):
            guard let p = start.outputPoint else { return nil }
            return geometry.distance(of: p, from: edge) <= width ? Int.max : nil
        case .region(let rect):
            return rect.contains(start.layoutPoint) ? Int.max : nil
        case .surface(let id):
            return start.surfaces.firstIndex { $0.surface == id }
        }
    }

    func takesPart(_ a: Attachment) -> Bool {
        a.options.deviceKinds.contains(device.kind)
            && !(excluded && a.target.isCompositorLevel && a.options.priority != .high)
    }

    // Targets shallower than this one have their gestures disabled by a mask further out.
    var innermostEnabledDepth = 0
    for a in attachments where takesPart(a) && (a.options.mask == .thisTargetOnly || a.options.mask == .none) {
        if let d = depth(of: a.target) { innermostEnabledDepth = max(innermostEnabledDepth, d == Int.max ? Int.max : d) }
    }
    for a in attachments where takesPart(a) && a.options.mask != .innerTargetsOnly && a.options.mask != .none {
        guard let d = depth(of: a.target) else { continue }
        if d != Int.max && d < innermostEnabledDepth { continue }
        var origin = Vector.zero
        if case .surface = a.target { origin = start.surfaces[d].origin - .zero }
        if let area = a.options.startArea, !area.contains(where: { $0.contains(start.layoutPoint - origin) }) {
            continue
        }
        let nesting = d == Int.max ? 0 : max(1000 - d, 1)
        let rank = (a.options.priority == .high ? 10_000 : 0) + nesting
        result.append((a, origin, rank))
    }
}
