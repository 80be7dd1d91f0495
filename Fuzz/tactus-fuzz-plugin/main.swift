// SPDX-License-Identifier: MIT
// libFuzzer's entry for libtactus's C entries, called as a careless or hostile compositor would: the input's bytes
// pick entries and their arguments, among them NULL and destroyed handles, unknown devices and bindings, NaN and
// infinite values, times that go back, bindings of any kind, structs of any declared size (larger than the plugin's,
// truncated, none), the session locked and unlocked, and the plugin created and destroyed again. Checked as it
// goes: every touch entry answers one of tactus_decision's values, and the host never gets more withheld touches
// delivered than the entries withheld, a touchpad entry answers deliver or drop, and a touchpad gesture is cancelled
// for the clients no more often than one was delivered to them; any crash, trap or hang is libFuzzer's to report.
//
// Built and run by scripts/fuzz, with the fuzzer's instrumentation and FUZZING defined, the program hands itself
// over to libFuzzer (`runFuzzer`). Built as part of the package, it is a program that does nothing.
import CTactusPlugin
import CTactusWaylandServer
import FuzzerDriver
import Glibc
import TactusPlugin

/// What the host saw, counted by its callbacks.
nonisolated(unsafe) var delivered = 0
nonisolated(unsafe) var touchpadCancels = 0
nonisolated(unsafe) let display = wl_display_create()
nonisolated(unsafe) var host = tactus_host(
    size: UInt32(MemoryLayout<tactus_host>.size),
    data: nil,
    surfaces_at: { _, x, _, hits, capacity in
        guard let hits, capacity > 0, x < 800 else { return 0 }
        hits[0] = tactus_surface_hit(size: hits[0].size, surface: nil, origin_x: 0, origin_y: 0, width: 800, height: 600)
        return 1
    },
    pointer_location: { _, x, y in x?.pointee = 400; y?.pointee = 300 },
    region_rectangles: nil,
    cancel_touches: { _, _ in },
    deliver_touch: { _, _ in delivered += 1 },
    run_action: { _, _, _, _, _ in },
    log: { _, _, _ in },
    device_output: nil,
    cancel_touchpad_gesture: { _, _ in touchpadCancels += 1 },
    seat_name: nil,
    app_id: nil)
/// The seats devices are announced on (nil: the default one), and whose capabilities change.
nonisolated(unsafe) let seats: [UnsafePointer<CChar>?] = [nil, UnsafePointer(strdup("seat0")), UnsafePointer(strdup("seat1"))]
/// Calibration matrices devices are announced with: none, libinput's quarter turn, a stretch, one that folds the
/// device onto a line, and ones that are not finite.
let calibrations: [(Float, Float, Float, Float, Float, Float)] = [
    (0, 0, 0, 0, 0, 0), (0, -1, 1, 1, 0, 0), (1.2, 0, -0.1, 0, 1, 0), (1, 1, 0, 1, 1, 0), (.nan, 0, 0, 0, 1, 0),
    (.infinity, 0, 0, 0, 1, 0), (1e-30, 0, 0, 0, 1e-30, 0),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlugin(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var bytes = FuzzInput(data, count: size, limit: 4096)
    delivered = 0
    touchpadCancels = 0
    var withheld = 0
    var touchpadBeginsDelivered = 0
    var plugin = tactusPluginCreate(tactusPluginABIVersion(), display, &host, "/nonexistent/tactus-fuzz.toml")
    var destroyed: OpaquePointer?
    var time: UInt32 = 1000
    let coordinates = [0.5, 0.1, 0.9, 0, 1, -0.5, 2, .nan, .infinity, -.infinity, 0.45, 0.55]
    /// A struct's declared size: mostly its own; now and then larger (a newer header's, whose tail the plugin must
    /// not read: the memory is the struct's own here), cut short of its required fields, or none.
    func declaredSize<T>(_: T.Type) -> UInt32 {
        let own = UInt32(MemoryLayout<T>.size)
        return [own, own, own, own, own + 8, own / 2, 8, 0][Int(bytes.next()) % 8]
    }
    /// A touchpad entry's answer: deliver or drop, never withhold; `begin` counts a stream the clients got.
    func forward(_ decision: tactus_decision, begin: Bool = false) {
        guard decision == TACTUS_DELIVER || decision == TACTUS_DROP else {
            fatalError("a touchpad entry answered \(decision.rawValue), neither deliver nor drop")
        }
        if begin && decision == TACTUS_DELIVER { touchpadBeginsDelivered += 1 }
    }
    func decide(_ decision: tactus_decision) {
        switch decision {
        case TACTUS_DELIVER, TACTUS_DROP: break
        case TACTUS_WITHHOLD: withheld += 1
        default: fatalError("a touch entry answered \(decision.rawValue), no tactus_decision")
        }
    }
    while !bytes.isAtEnd {
        let op = bytes.next()
        // Mostly the live plugin; now and then NULL, or one destroyed before.
        let handle = op & 0x80 == 0 ? plugin : (op & 0x40 == 0 ? nil : destroyed)
        let device = [UInt32(1), 2, 9, .max][Int(bytes.next()) % 4]
        let contact = Int32(bitPattern: UInt32(bytes.next() % 12)) - (bytes.next() % 9 == 0 ? 100 : 0)
        let step = bytes.next()
        time = step % 13 == 0 ? time &- UInt32(step) : time &+ UInt32(step % 20)
        switch op & 0x3f {
        case 0...9:
            decide(tactusPluginTouchDown(handle, device, time, contact, bytes.pick(coordinates), bytes.pick(coordinates)))
        case 10...24:
            decide(tactusPluginTouchMotion(handle, device, time, contact, bytes.pick(coordinates), bytes.pick(coordinates)))
        case 25...30: decide(tactusPluginTouchUp(handle, device, time, contact))
        case 31...40: decide(tactusPluginTouchFrame(handle, device))
        case 41: tactusPluginTouchCancel(handle, device, time, contact)
        case 42: forward(tactusPluginSwipeBegin(handle, device, time, UInt32(bytes.next() % 12)), begin: true)
        case 43: forward(tactusPluginSwipeUpdate(handle, device, time, bytes.pick(coordinates) * 10, bytes.pick(coordinates)))
        case 44: forward(tactusPluginPinchBegin(handle, device, time, UInt32(bytes.next() % 12)), begin: true)
        case 45:
            forward(tactusPluginPinchUpdate(handle, device, time, bytes.pick(coordinates), 0, bytes.pick(coordinates) * 3,
                                            bytes.pick(coordinates) * 90))
        case 46: forward(tactusPluginSwipeEnd(handle, device, time, bytes.next() % 2 == 0))
        case 47: forward(tactusPluginPinchEnd(handle, device, time, bytes.next() % 2 == 0))
        case 48: forward(tactusPluginHoldBegin(handle, device, time, UInt32(bytes.next() % 12)), begin: true)
        case 49: forward(tactusPluginHoldEnd(handle, device, time, bytes.next() % 2 == 0))
        case 50:
            // Modifiers, and now and then the session locked or unlocked: bindings leave and rejoin recognition.
            let value = bytes.next()
            if value % 5 == 0 { tactusPluginSetSessionLocked(handle, value % 2 == 0) } else { tactusPluginSetModifiers(handle, UInt32(value)) }
        case 51...53:
            let kind = device == 1 ? TACTUS_DEVICE_TOUCHSCREEN : TACTUS_DEVICE_TOUCHPAD
            var description = tactus_device(
                size: declaredSize(tactus_device.self),
                id: device, kind: bytes.next() % 7 == 0 ? 7 : kind.rawValue, name: nil,
                width_mm: bytes.pick([160, 0, -1, .nan, 1e-300, 1e300]), height_mm: 100,
                output: tactus_rect(x: 0, y: 0, width: bytes.pick([1600, 0, .nan, .leastNonzeroMagnitude]), height: 1000),
                transform: UInt32(bytes.next() % 10), seat: bytes.pick(seats),
                calibration: bytes.pick(calibrations))
            _ = tactusPluginAddDevice(handle, &description)
        case 54: _ = tactusPluginRemoveDevice(handle, device)
        case 55...58:
            let kinds = UInt32(bytes.next() % 12)
            let name = ["swipe", "", "menu"][Int(bytes.next()) % 3]
            let direction = [nil, "left", "middle"][Int(bytes.next()) % 3]
            var binding = tactus_binding()
            binding.size = declaredSize(tactus_binding.self)
            binding.kind = kinds
            binding.fingers = UInt32(bytes.next() % 8)
            binding.count = UInt32(bytes.next() % 5)
            binding.distance_mm = bytes.pick([0, 10, -5, .nan, .infinity])
            binding.modifiers = UInt32(bytes.next() % 20)
            binding.policy = UInt32(bytes.next() % 3)
            binding.priority = UInt32(bytes.next() % 4)
            binding.live = bytes.next() % 2 == 0
            name.withCString { action in
                binding.action = action
                if let direction {
                    direction.withCString { direction in
                        binding.direction = direction
                        _ = tactusPluginAddBinding(handle, &binding)
                    }
                } else {
                    _ = tactusPluginAddBinding(handle, &binding)
                }
            }
        case 59: _ = tactusPluginRemoveBinding(handle, Int32(bytes.next() % 6) - 1)
        case 60: _ = tactusPluginReloadConfig(handle)
        case 61: wl_event_loop_dispatch(wl_display_get_event_loop(display), 0)
        case 62: tactusPluginSeatCapabilities(handle, bytes.pick(seats), UInt32(bytes.next() % 8))
        default:
            // The plugin goes, and a new one comes: calls to the old handle must do nothing.
            tactusPluginDestroy(plugin)
            destroyed = plugin
            plugin = tactusPluginCreate(tactusPluginABIVersion(), display, &host, "/nonexistent/tactus-fuzz.toml")
            withheld = 0
            delivered = 0
            touchpadCancels = 0
            touchpadBeginsDelivered = 0
        }
        if delivered > withheld { fatalError("\(delivered) withheld touches delivered, \(withheld) withheld") }
        if touchpadCancels > touchpadBeginsDelivered {
            fatalError("\(touchpadCancels) touchpad gestures cancelled for clients, \(touchpadBeginsDelivered) delivered")
        }
    }
    tactusPluginDestroy(plugin)
    return 0
}

#if FUZZING
runFuzzer(fuzzPlugin)
#endif
