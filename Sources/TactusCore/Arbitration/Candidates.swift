// SPDX-License-Identifier: MIT
/// Where an interaction starts, in the terms targets are written in.
struct InteractionStart {
    /// The first finger (touchpads: the pointer), in layout pixels.
    var layoutPoint: Point
    /// The first finger in output millimetres; nil for touchpads, which have no output edges.
    var outputPoint: Point?
    /// The surfaces under it, front first.
    var surfaces: [SurfaceHit]
    /// The application it starts over (`AttachmentOptions.applications`).
    var application: String?
}

/// How far inside the scene a target lies under the start of an interaction: compositor targets are
/// outermost, then the surfaces of the hit stack from the back to the front, the front surface innermost.
enum Nesting: Comparable {
    /// A compositor target (`.layout`, `.outputEdge`, `.region`): outside every surface.
    case compositor
    /// A client surface, `depth` places behind the front surface under the start (0 is the front).
    case surface(depth: Int)

    /// Whether `a` lies outside `b`.
    static func < (a: Nesting, b: Nesting) -> Bool {
        switch (a, b) {
        case (.compositor, .compositor), (.surface, .compositor): return false
        case (.compositor, .surface): return true
        case (.surface(let depthA), .surface(let depthB)): return depthA > depthB
        }
    }
}

/// How an arena member ranks against the others: high priority beats normal whatever the nesting; among
/// equal priorities the inner target beats the outer. The greater rank wins.
///
/// Simultaneous priority ranks as normal: such a member competes with nothing, and its rank only orders the
/// claims granted in the same step.
struct Rank: Comparable {
    /// Whether the attachment has high priority.
    var isHighPriority: Bool
    /// Where the attachment's target lies in the scene under the start.
    var nesting: Nesting

    init(_ priority: AttachmentPriority, _ nesting: Nesting) {
        isHighPriority = priority == .high
        self.nesting = nesting
    }

    static func < (a: Rank, b: Rank) -> Bool {
        a.isHighPriority != b.isHighPriority ? b.isHighPriority : a.nesting < b.nesting
    }
}

/// An attachment that takes part in an interaction, as the arena takes it in.
struct Candidate {
    let attachment: Attachment
    /// Subtracted from layout locations for the attachment's values: the surface's origin for surface targets.
    let origin: Vector
    /// The target's bounds in its own coordinates, where it has bounds (`MemberContext.bounds`).
    let bounds: Rect?
    /// How it ranks against the others in the arena.
    let rank: Rank
}

/// Picks the attachments that take part in an interaction, with the rank and coordinate origin of each: those
/// whose target lies under the start, whose start area (if any) holds it, and that no mask or exclusion keeps out.
func selectCandidates(
    from attachments: [Attachment], start: InteractionStart, device: DeviceDescription, geometry: DeviceGeometry,
    into result: inout [Candidate]
) {
    result.removeAll(keepingCapacity: true)
    let excluded = start.surfaces.first?.excludesCompositorGestures ?? false

    /// Where a target lies under the start; nil when it is not there.
    func nesting(of target: Target) -> Nesting? {
        switch target {
        case .layout:
            return .compositor
        case .outputEdge(let edge, let width):
            guard let p = start.outputPoint else { return nil }
            return geometry.distance(of: p, from: edge) <= width ? .compositor : nil
        case .region(let rect):
            return rect.contains(start.layoutPoint) ? .compositor : nil
        case .surface(let id):
            return start.surfaces.firstIndex { $0.surface == id }.map { .surface(depth: $0) }
        }
    }

    func takesPart(_ a: Attachment) -> Bool {
        a.takesPart(in: device)
            && !(excluded && a.target.isCompositorLevel && a.options.priority != .high)
            && a.options.applications.map { $0.admits(start.application) } ?? true
    }

    // The outermost target whose mask (`thisTargetOnly`, `none`) disables the gestures of the surfaces inside it.
    var outermostMask: Nesting?
    for a in attachments where takesPart(a) && (a.options.mask == .thisTargetOnly || a.options.mask == .none) {
        if let n = nesting(of: a.target) { outermostMask = min(outermostMask ?? n, n) }
    }
    for a in attachments where takesPart(a) && a.options.mask != .innerTargetsOnly && a.options.mask != .none {
        guard let n = nesting(of: a.target) else { continue }
        var origin = Vector.zero
        var bounds = device.kind == .touchscreen ? geometry.outputRegion : nil
        if case .region(let rect) = a.target { bounds = rect }
        if case .surface(let depth) = n {
            if let mask = outermostMask, n > mask { continue }
            origin = start.surfaces[depth].origin - .zero
            bounds = start.surfaces[depth].size.map { Rect(origin: .zero, size: $0) }
        }
        if let area = a.options.startArea, !area.contains(where: { $0.contains(start.layoutPoint - origin) }) {
            continue
        }
        result.append(Candidate(attachment: a, origin: origin, bounds: bounds, rank: Rank(a.options.priority, n)))
    }
}
