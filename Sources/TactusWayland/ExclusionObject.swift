// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import TactusCore

/// One `tactus_gesture_exclusion_v1`: where on a surface compositor gestures of normal priority should not
/// start. Its region is double-buffered with the surface's own state: it takes effect when the host reports
/// the surface's next commit (`GestureServer.surfaceCommitted`), and so does its removal.
final class ExclusionObject: ResourceOwner {
    private weak var server: GestureServer?
    let client: OpaquePointer
    let surface: SurfaceID
    private var pendingRegion: [Rect]??
    /// The region in force, surface-local; nil: nothing excluded.
    private var region: [Rect]?
    /// Destroyed by its client: the exclusion ends with the surface's next commit.
    private(set) var isWithdrawn = false
    /// Present while the surface exists.
    private var surfaceListener: Listener?

    init(server: GestureServer, client: OpaquePointer, surface: OpaquePointer) {
        self.server = server
        self.client = client
        self.surface = SurfaceID(resource: surface)
        surfaceListener = Listener { [unowned self] in surfaceGone() }
        surfaceListener?.listen(toDestructionOf: surface)
    }

    func setRegion(_ regionResource: OpaquePointer?) {
        guard surfaceListener != nil, let server else { return }
        // From the top down, as a wl_region's bands are: the order the limit honours them in, whichever the host reads.
        pendingRegion = .some(regionResource.map {
            server.rectangles(ofRegion: $0).sorted { ($0.origin.y, $0.origin.x) < ($1.origin.y, $1.origin.x) }
        })
    }

    /// Applies what changed since the surface's last commit; returns whether the exclusion stays.
    func surfaceCommitted() -> Bool {
        guard !isWithdrawn else { return false }
        if let pendingRegion { region = pendingRegion }
        pendingRegion = nil
        return true
    }

    /// Whether `point` lies in the part of the region the compositor honours on a surface of `size`: the
    /// rectangles from the top down, each clipped to the surface, while their areas add up to at most `limit` of
    /// the surface's (overlaps count twice); the rectangle that crosses the limit keeps the top part that fits, and
    /// those after it count for nothing.
    func excludes(_ point: Point, onSurfaceOf size: Size, limit: Double) -> Bool {
        guard let region else { return false }
        let surface = Rect(origin: .zero, size: size)
        var allowance = limit * size.width * size.height
        for rectangle in region {
            guard allowance > 0 else { return false }
            guard var honoured = rectangle.intersection(surface) else { continue }
            let area = honoured.size.width * honoured.size.height
            if area > allowance { honoured.size.height = allowance / honoured.size.width }
            if honoured.contains(point) { return true }
            allowance -= area
        }
        return false
    }

    func resourceDestroyed() {
        isWithdrawn = true
        pendingRegion = nil
        // With nothing in force (or no surface), the withdrawal changes nothing: no need to wait for a commit.
        if region == nil || surfaceListener == nil { server?.removeExclusion(self) }
    }

    private func surfaceGone() {
        surfaceListener = nil
        region = nil
        server?.forgetExclusions(of: surface)
    }
}

/// The request handlers of `tactus_gesture_exclusion_v1`, at a stable address for libwayland.
nonisolated(unsafe) let exclusionImplementation: UnsafeMutablePointer<tactus_gesture_exclusion_v1_interface> = {
    let implementation = UnsafeMutablePointer<tactus_gesture_exclusion_v1_interface>.allocate(capacity: 1)
    implementation.initialize(to: tactus_gesture_exclusion_v1_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        set_region: { _, resource, region in
            Resource.owner(of: resource, as: ExclusionObject.self)?.setRegion(region)
        }
    ))
    return implementation
}()
