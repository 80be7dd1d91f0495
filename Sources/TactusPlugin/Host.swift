// SPDX-License-Identifier: MIT
import CTactusPlugin
import TactusCore
import TactusLibinput
import TactusWayland

/// The compositor's callback table (`struct tactus_host`), as the engine's and the server's hosts. A callback
/// the compositor left NULL is done without.
final class Host: SurfaceLocator, GestureServerHost {
    private var table: tactus_host
    /// The protocol server, asked whether a point lies in a surface's exclusion region.
    weak var server: GestureServer?
    /// The hits the host fills, laid out for its minor version: every minor of ABI 3 so far has this struct.
    private var hits: [tactus_surface_hit]
    /// A hit before the host fills it: its size set, the rest zero (no surface, an unknown size).
    private let blankHit: tactus_surface_hit
    /// How many of the host's callbacks are running now: calls into the plugin from inside them are queued
    /// (Plugin+Later.swift), and a destroy from inside them frees the plugin once they have returned.
    private(set) var callbacksRunning = 0
    private var rectangles = [tactus_rect](repeating: tactus_rect(), count: 64)
    /// The caps on what the host answers, and those already logged.
    private enum Cap { case hits, rectangles }
    private var loggedCaps: Set<Cap> = []

    init(_ table: tactus_host) {
        self.table = table
        var blank = tactus_surface_hit()
        blank.size = SizedStruct.size(of: tactus_surface_hit.self)
        blankHit = blank
        hits = [tactus_surface_hit](repeating: blank, count: 16)
    }

    func surfaces(at point: Point, into stack: inout [SurfaceHit]) {
        guard let surfacesAt = table.surfaces_at else { return }
        // Each hit starts blank, with its size, in place: the buffer is reused, not allocated, at every hit test.
        for index in hits.indices { hits[index] = blankHit }
        let found = calling { surfacesAt(table.data, point.x, point.y, &hits, hits.count) }
        let count = usable(found, of: hits.count, cap: .hits) { "surfaces_at found \($0) surfaces under a point" }
        for hit in hits[0..<count] {
            guard let surface = hit.surface else { continue }
            let id = SurfaceID(resource: surface)
            let origin = Point(x: hit.origin_x, y: hit.origin_y)
            let local = Point(x: point.x - origin.x, y: point.y - origin.y)
            let known = Size(width: hit.width, height: hit.height)  // 0 when the host does not know it (tactus.h)
            let size = known.isUsable ? known : nil
            let excluded = server?.excludesCompositorGestures(on: id, at: local, surfaceSize: size) ?? false
            // The application: asked of the front surface, then the ones behind it, until one names it.
            let application = stack.contains { $0.application != nil } ? nil : application(of: surface)
            stack.append(SurfaceHit(surface: id, origin: origin, excludesCompositorGestures: excluded, size: size,
                                    application: application))
        }
    }

    var pointerLocation: Point {
        var x = 0.0, y = 0.0
        calling { table.pointer_location?(table.data, &x, &y) }
        return Point(x: x, y: y)
    }

    /// A region's rectangles, as the host reads them. A host without `region_rectangles` cannot read regions: each
    /// then covers the whole surface (tactus.h), so that a client's gesture with a region still starts anywhere on
    /// its surface instead of nowhere, and its exclusion keeps normal bindings off the whole surface.
    func rectangles(ofRegion region: OpaquePointer) -> [Rect] {
        guard let regionRectangles = table.region_rectangles else { return [wholeSurface] }
        let found = calling { regionRectangles(table.data, region, &rectangles, rectangles.count) }
        let count = usable(found, of: rectangles.count, cap: .rectangles) { "a region has \($0) rectangles" }
        return rectangles[0..<count].map { Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
    }

    /// Whether the host tells the application of a surface (ABI 3.5's app_id).
    var tellsApplications: Bool { table.app_id != nil }

    /// The app id of the window `surface` belongs to, as the host's app_id says; nil when it names none.
    private func application(of surface: OpaquePointer) -> String? {
        guard let appID = table.app_id else { return nil }
        return calling { appID(table.data, surface).map { String(cString: $0) } }
    }

    /// The seat a client's wl_seat stands for, as the host's seat_name says; a host without it has one seat.
    func seatName(of seat: OpaquePointer) -> String? {
        guard let seatName = table.seat_name else { return DeviceDescription.defaultSeat }
        return calling { seatName(table.data, seat).map { String(cString: $0) } }
    }

    /// Where a device libinput reported goes: the host's device_output, else the default placement.
    func placement(of report: LibinputSource.DeviceReport) -> LibinputSource.Placement {
        var region = tactus_rect()
        var transform: UInt32 = 0
        let known = report.name.withCString { name in
            withOptionalCString(report.outputName) { output in
                calling { table.device_output?(table.data, name, output, &region, &transform) ?? false }
            }
        }
        guard known else { return LibinputSource.Placement() }
        return LibinputSource.Placement(outputRegion: Rect(x: region.x, y: region.y, width: region.width, height: region.height),
                                        transform: CValues.transform(transform))
    }

    func cancelTouches(of device: DeviceID) {
        calling { table.cancel_touches?(table.data, device.rawValue) }
    }

    func cancelTouchpadGesture(of device: DeviceID) {
        calling { table.cancel_touchpad_gesture?(table.data, device.rawValue) }
    }

    func deliver(_ touch: tactus_touch) {
        var touch = touch
        calling { table.deliver_touch?(table.data, &touch) }
    }

    func runAction(_ name: UnsafePointer<CChar>, _ phase: tactus_phase, progress: Double, values: tactus_values) {
        var values = values
        calling { table.run_action?(table.data, name, phase, progress, &values) }
    }

    /// Forgets the host's callbacks: none runs after this (tactus_plugin_destroy).
    func forgetCallbacks() {
        table = tactus_host()
    }

    func protocolErrorRaised(on object: String, message: String) {
        log(TACTUS_LOG_WARNING, "tactus: protocol error on \(object): \(message)")
    }

    func log(_ level: tactus_log_level, _ message: String) {
        guard let log = table.log else { return }
        message.withCString { text in calling { log(table.data, level, text) } }
    }

    /// How many of the `capacity` entries the host filled are used, from the count it returned: a `size_t`, which
    /// Swift imports as `Int` and is read here as the unsigned value it is (so `(size_t)-1`, a C error return, is a
    /// count beyond the capacity, not a negative one). A count beyond the capacity uses the capacity, and the log says
    /// so the first time (`found` describes the count): the host's log shows that something was left out, without a
    /// line at every touch.
    private func usable(_ returned: Int, of capacity: Int, cap: Cap, found: (UInt) -> String) -> Int {
        let count = UInt(bitPattern: returned)
        guard count > UInt(capacity) else { return Int(count) }
        if loggedCaps.insert(cap).inserted {
            log(TACTUS_LOG_WARNING, "tactus: \(found(count)); the first \(capacity) are used (said once)")
        }
        return capacity
    }

    private func calling<Result>(_ callback: () -> Result) -> Result {
        callbacksRunning += 1
        defer { callbacksRunning -= 1 }
        return callback()
    }
}

/// Every surface-local point: its far edges are infinitely away, so that `Rect.contains` holds for any finite point.
private let wholeSurface = Rect(x: -.greatestFiniteMagnitude, y: -.greatestFiniteMagnitude, width: .infinity, height: .infinity)

/// Lends `body` a C string of `text`, or NULL for nil.
private func withOptionalCString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}
