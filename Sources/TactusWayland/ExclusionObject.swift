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
        pendingRegion = .some(regionResource.map { server.rectangles(ofRegion: $0) })
    }

    /// Applies what changed since the surface's last commit; returns whether the exclusion stays.
    func surfaceCommitted() -> Bool {
        guard !isWithdrawn else { return false }
        if let pendingRegion { region = pendingRegion }
        pendingRegion = nil
        return true
    }

    func excludes(_ point: Point) -> Bool {
        region?.contains { $0.contains(point) } == true
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
