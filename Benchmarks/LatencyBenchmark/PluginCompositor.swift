// SPDX-License-Identifier: MIT
import CTactusPlugin
import Glibc
import TactusCore
import TactusWaylandTestbed

/// The benchmark's compositor: the testbed's display and scene with libtactus on it, driven through the C ABI of
/// tactus.h as a compositor drives it (the entry points called directly: the plugin is linked in, not loaded),
/// and one touchscreen over the whole output.
final class PluginCompositor {
    let testbed: Testbed
    /// The plugin's handle, valid until deinit.
    private(set) var plugin: OpaquePointer!
    /// The output the touchscreen covers, layout pixels.
    let output: Rect
    /// The touchscreen's id for the plugin.
    let device: UInt32 = 1

    /// The plugin on the testbed with built-in bindings only, and a touchscreen of 10 px per mm over `output`.
    init(output: Rect) throws {
        testbed = try Testbed()
        self.output = output
        var host = tactus_host()
        host.size = UInt32(MemoryLayout<tactus_host>.size)
        host.data = Unmanaged.passUnretained(self).toOpaque()
        host.surfaces_at = { data, x, y, hits, capacity in
            guard let data, let hits, capacity > 0 else { return 0 }
            let compositor = Unmanaged<PluginCompositor>.fromOpaque(data).takeUnretainedValue()
            guard let (surface, frame, _) = compositor.testbed.frontSurface(at: Point(x: x, y: y)) else { return 0 }
            hits[0] = tactus_surface_hit(size: hits[0].size, surface: surface.resource, origin_x: frame.origin.x,
                                         origin_y: frame.origin.y, width: frame.size.width, height: frame.size.height)
            return 1
        }
        // Warnings and errors would mean that the run is not what it claims to measure.
        host.log = { _, level, message in
            guard level != TACTUS_LOG_INFO, let message else { return }
            print(String(cString: message))
        }
        // A file that does not exist: the user's configuration must not change what is measured.
        let configuration = testbed.runtimeDirectory + "/no-config.toml"
        guard let plugin = tactus_plugin_create(tactus_plugin_abi_version(), testbed.display, &host, configuration) else {
            throw TestbedError("tactus_plugin_create refused")
        }
        self.plugin = plugin
        testbed.onSurfaceCommitted = { [unowned self] surface in tactus_plugin_surface_committed(self.plugin, surface.resource) }
        var screen = tactus_device(
            size: UInt32(MemoryLayout<tactus_device>.size), id: device, kind: TACTUS_DEVICE_TOUCHSCREEN.rawValue, name: nil,
            width_mm: output.size.width / 10, height_mm: output.size.height / 10,
            output: tactus_rect(x: output.origin.x, y: output.origin.y, width: output.size.width, height: output.size.height),
            transform: 0, seat: nil, calibration: (0, 0, 0, 0, 0, 0))
        guard tactus_plugin_add_device(plugin, &screen) == 0 else { throw TestbedError("add_device refused") }
    }

    deinit {
        // Before the testbed's display, which the plugin serves.
        tactus_plugin_destroy(plugin)
    }

    /// A layout point as the touchscreen reports it: normalized to the device.
    func normalized(_ point: Point) -> Point {
        Point(x: (point.x - output.origin.x) / output.size.width, y: (point.y - output.origin.y) / output.size.height)
    }
}
