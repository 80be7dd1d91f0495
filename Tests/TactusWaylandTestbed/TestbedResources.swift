// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import TactusCore
import TactusWayland

// The core protocol's objects the testbed serves: what each request does is the least the clients need.

/// A client's `wl_surface` on the testbed.
public final class TestbedSurface: ResourceOwner {
    /// The client that made it.
    public let client: OpaquePointer
    /// The `wl_surface` resource.
    public internal(set) var resource: OpaquePointer!
    weak var testbed: Testbed?
    init(testbed: Testbed, client: OpaquePointer) {
        self.testbed = testbed
        self.client = client
    }
    /// The identifier the gesture server knows the surface by.
    public var id: SurfaceID { SurfaceID(resource: resource) }
    package func resourceDestroyed() { testbed?.surfaceDestroyed(self) }
}

final class CompositorResource: ResourceOwner {
    unowned let testbed: Testbed
    init(testbed: Testbed) { self.testbed = testbed }
    func resourceDestroyed() {}
}

final class SeatResource: ResourceOwner {
    func resourceDestroyed() {}
}

final class TestbedRegion: ResourceOwner {
    var rectangles: [Rect] = []
    func resourceDestroyed() {}
}

nonisolated(unsafe) let compositorImplementation: UnsafeMutablePointer<wl_compositor_interface> = {
    let implementation = UnsafeMutablePointer<wl_compositor_interface>.allocate(capacity: 1)
    implementation.initialize(to: wl_compositor_interface(
        create_surface: { client, resource, id in
            guard let client, let testbed = Resource.owner(of: resource, as: CompositorResource.self)?.testbed
            else { return }
            let surface = TestbedSurface(testbed: testbed, client: client)
            guard let created = Resource.create(client: client, interface: tactus_wl_surface_interface(),
                                                version: wl_resource_get_version(resource), id: id,
                                                implementation: surfaceImplementation, owner: surface) else { return }
            surface.resource = created
            testbed.surfaceCreated(surface)
        },
        create_region: { client, _, id in
            guard let client else { return }
            _ = Resource.create(client: client, interface: tactus_wl_region_interface(), version: 1, id: id,
                                implementation: regionImplementation, owner: TestbedRegion())
        }
    ))
    return implementation
}()

nonisolated(unsafe) private let surfaceImplementation: UnsafeMutablePointer<wl_surface_interface> = {
    let implementation = UnsafeMutablePointer<wl_surface_interface>.allocate(capacity: 1)
    var surface = wl_surface_interface()
    surface.destroy = { _, resource in wl_resource_destroy(resource) }
    surface.attach = { _, _, _, _, _ in }
    surface.damage = { _, _, _, _, _, _ in }
    surface.frame = { client, _, id in
        guard let callback = wl_resource_create(client, tactus_wl_callback_interface(), 1, id) else { return }
        wl_callback_send_done(callback, 0)
        wl_resource_destroy(callback)
    }
    surface.set_opaque_region = { _, _, _ in }
    surface.set_input_region = { _, _, _ in }
    surface.commit = { _, resource in
        guard let surface = Resource.owner(of: resource, as: TestbedSurface.self) else { return }
        surface.testbed?.onSurfaceCommitted?(surface)
    }
    surface.set_buffer_transform = { _, _, _ in }
    surface.set_buffer_scale = { _, _, _ in }
    surface.damage_buffer = { _, _, _, _, _, _ in }
    implementation.initialize(to: surface)
    return implementation
}()

nonisolated(unsafe) private let regionImplementation: UnsafeMutablePointer<wl_region_interface> = {
    let implementation = UnsafeMutablePointer<wl_region_interface>.allocate(capacity: 1)
    implementation.initialize(to: wl_region_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        add: { _, resource, x, y, width, height in
            Resource.owner(of: resource, as: TestbedRegion.self)?.rectangles.append(
                Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)))
        },
        // Regions here are built from rectangles only; a subtraction is out of this compositor's reach.
        subtract: { _, resource, _, _, _, _ in
            tactus_post_error(resource, 0, "the testbed's regions support add only")
        }
    ))
    return implementation
}()

nonisolated(unsafe) let seatImplementation: UnsafeMutablePointer<wl_seat_interface> = {
    let implementation = UnsafeMutablePointer<wl_seat_interface>.allocate(capacity: 1)
    func refuse(_ resource: OpaquePointer?) {
        tactus_post_error(resource, WL_SEAT_ERROR_MISSING_CAPABILITY.rawValue, "the testbed's seat has no devices")
    }
    implementation.initialize(to: wl_seat_interface(
        get_pointer: { _, resource, _ in refuse(resource) },
        get_keyboard: { _, resource, _ in refuse(resource) },
        get_touch: { _, resource, _ in refuse(resource) },
        release: { _, resource in wl_resource_destroy(resource) }
    ))
    return implementation
}()
