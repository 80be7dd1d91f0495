// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import TactusCore

extension SurfaceID {
    /// The identifier the server gives a `wl_surface` resource: its address. Hosts report surfaces to the
    /// engine's hit test (`SurfaceLocator`) under this identifier.
    public init(resource: OpaquePointer) {
        self.init(UInt64(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(resource)))))
    }
}

/// The Swift object behind a resource, kept alive by the resource until its destroy callback runs.
package protocol ResourceOwner: AnyObject {
    /// The resource is being destroyed (by request, or because its client went away).
    func resourceDestroyed()
}

package enum Resource {
    /// Creates a resource for `client` with `implementation` and `owner` as its user data. The resource holds
    /// a strong reference to the owner until it is destroyed. Returns nil (and tells the client) when out of
    /// memory.
    package static func create(client: OpaquePointer, interface: UnsafePointer<wl_interface>, version: Int32, id: UInt32,
                       implementation: UnsafeRawPointer, owner: ResourceOwner) -> OpaquePointer? {
        guard let resource = wl_resource_create(client, interface, version, id) else {
            wl_client_post_no_memory(client)
            return nil
        }
        wl_resource_set_implementation(resource, implementation, Unmanaged.passRetained(owner as AnyObject).toOpaque()) {
            resource in
            guard let data = wl_resource_get_user_data(resource) else { return }
            let owner = Unmanaged<AnyObject>.fromOpaque(data).takeRetainedValue()
            (owner as? ResourceOwner)?.resourceDestroyed()
        }
        return resource
    }

    /// The owner of a resource this server created.
    package static func owner<T: AnyObject>(of resource: OpaquePointer?, as type: T.Type) -> T? {
        guard let resource, let data = wl_resource_get_user_data(resource) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? T
    }

    /// Raises a protocol error on `resource`; libwayland disconnects its client.
    static func postError(_ resource: OpaquePointer, _ code: UInt32, _ message: String) {
        tactus_post_error(resource, code, message)
    }

    /// A fixed-point value from a double, clamped to what `wl_fixed_t` holds.
    static func fixed(_ value: Double) -> wl_fixed_t {
        wl_fixed_from_double(min(max(value.isFinite ? value : 0, -8_388_607), 8_388_607))
    }

    /// A fraction of a surface's width or height as start_anchor carries it, in 1/65536 (finer than `wl_fixed_t`),
    /// clamped to what an int holds.
    static func unitFraction(_ fraction: Double) -> Int32 {
        Int32((min(max(fraction.isFinite ? fraction : 0, -32_768), 32_767) * 65_536).rounded())
    }

    /// Milliseconds of the input clock, as Wayland carries them (wrapping every 49.7 days).
    static func milliseconds(_ time: Timestamp) -> UInt32 {
        UInt32(truncatingIfNeeded: time.microseconds / 1000)
    }
}
