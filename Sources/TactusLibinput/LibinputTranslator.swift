// SPDX-License-Identifier: MIT
import CLibinput
import Glibc
import TactusCore

/// Turns libinput events into Tactus input events: devices (with their reports and the host's placement),
/// touchscreen contacts, touchpad gestures, and keyboard modifiers through xkbcommon. `LibinputSource` drives one
/// with its own libinput context; a compositor that holds libinput itself hands its events to one directly.
public final class LibinputTranslator {
    /// Receives the module's messages: devices it adds, events it does not handle.
    public var log: (String) -> Void
    /// Where each device goes: the host looks at its name and the output udev assigned it (`WL_OUTPUT`).
    public var placement: (LibinputSource.DeviceReport) -> LibinputSource.Placement = { _ in LibinputSource.Placement() }
    /// What libinput says about each touch device it added, in order.
    public private(set) var reports: [LibinputSource.DeviceReport] = []

    private let deliver: (InputEvent, Timestamp) -> Void
    private var devices: [OpaquePointer: Added] = [:]
    private let keyboard = Keyboard()
    private var nextDevice: UInt32
    private var unhandledTypes: Set<UInt32> = []

    /// Creates a translator that numbers the devices it sees from `firstDevice` on and hands every translated
    /// event to `deliver`.
    public init(firstDevice: UInt32 = 1, log: @escaping (String) -> Void = { _ in },
                deliver: @escaping (InputEvent, Timestamp) -> Void) {
        nextDevice = firstDevice
        self.log = log
        self.deliver = deliver
    }

    /// Translates one libinput event and hands the result to `deliver`; events of devices it did not see added,
    /// and pointer events, give nothing.
    public func translate(_ event: OpaquePointer) {
        let type = libinput_event_get_type(event)
        let device = libinput_event_get_device(event)!
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED: addDevice(device)
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            if let added = devices.removeValue(forKey: device) {
                log("removed \(added.description.name)")
                deliver(.deviceRemoved(added.description.id), currentTime())
            }
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
             LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
            touch(type, libinput_event_get_touch_event(event)!, device)
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN, LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE, LIBINPUT_EVENT_GESTURE_SWIPE_END,
             LIBINPUT_EVENT_GESTURE_PINCH_BEGIN, LIBINPUT_EVENT_GESTURE_PINCH_UPDATE, LIBINPUT_EVENT_GESTURE_PINCH_END,
             LIBINPUT_EVENT_GESTURE_HOLD_BEGIN, LIBINPUT_EVENT_GESTURE_HOLD_END:
            gesture(type, libinput_event_get_gesture_event(event)!, device)
        case LIBINPUT_EVENT_POINTER_MOTION, LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE, LIBINPUT_EVENT_POINTER_BUTTON,
             LIBINPUT_EVENT_POINTER_AXIS, LIBINPUT_EVENT_POINTER_SCROLL_WHEEL, LIBINPUT_EVENT_POINTER_SCROLL_FINGER,
             LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS:
            break  // The pointer is the compositor's business.
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            let key = libinput_event_get_keyboard_event(event)!
            let pressed = libinput_event_keyboard_get_key_state(key) == LIBINPUT_KEY_STATE_PRESSED
            if let modifiers = keyboard?.update(key: libinput_event_keyboard_get_key(key), pressed: pressed) {
                deliver(.modifiers(modifiers), Timestamp(microseconds: Int64(libinput_event_keyboard_get_time_usec(key))))
            }
        default:
            // Once per type: a tablet or a switch would otherwise fill the log at its event rate.
            if unhandledTypes.insert(type.rawValue).inserted {
                log("event type \(type.rawValue) from \(String(cString: libinput_device_get_name(device))) is not handled")
            }
        }
    }

    /// A device as announced: its description, and the sensor's own size and the calibration that description's
    /// size was turned by.
    private struct Added {
        var description: DeviceDescription
        var sensorSize: Size?
        var calibration: Calibration
    }

    private func addDevice(_ device: OpaquePointer) {
        let name = String(cString: libinput_device_get_name(device))
        let kind: DeviceKind
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 {
            kind = .touchscreen
        } else if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_GESTURE) != 0 {
            kind = .touchpad
        } else {
            return
        }
        var width = 0.0, height = 0.0
        let known = libinput_device_get_size(device, &width, &height) == 0 && width > 0 && height > 0
        let slots = libinput_device_touch_get_touch_count(device)
        let report = LibinputSource.DeviceReport(
            name: name, kind: kind, outputName: libinput_device_get_output_name(device).map { String(cString: $0) },
            size: known ? Size(width: width, height: height) : nil, touchCount: Int(max(slots, 0)),
            supportsGestures: libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_GESTURE) != 0,
            tapFingerCount: Int(libinput_device_config_tap_get_finger_count(device)))
        reports.append(report)
        let place = placement(report)
        guard !place.ignored else {
            log("left out \(report)")
            return
        }
        log("added \(report)")
        let id = DeviceID(nextDevice)
        nextDevice += 1
        let size = report.size ?? place.fallbackSize
        if size == nil { log("\(name) reports no size; 96 dpi is assumed") }
        var added = Added(
            description: DeviceDescription(
                id: id, kind: kind, name: name, outputRegion: place.outputRegion,
                transform: place.transform, slotLimit: slots > 0 ? Int(slots) : 10,
                seat: libinput_device_get_seat(device).map { String(cString: libinput_seat_get_logical_name($0)) }
                    ?? DeviceDescription.defaultSeat),
            sensorSize: size, calibration: .identity)
        calibrate(&added, by: calibration(of: device))
        devices[device] = added
        deliver(.deviceAdded(added.description), currentTime())
    }

    /// The matrix libinput turns the device's touches by now: the identity for a device without one, or with one
    /// that could not have come from libinput's checks.
    private func calibration(of device: OpaquePointer) -> Calibration {
        guard libinput_device_config_calibration_has_matrix(device) != 0 else { return .identity }
        var matrix = [Float](repeating: 0, count: 6)
        libinput_device_config_calibration_get_matrix(device, &matrix)
        return Calibration(validating: matrix.map(Double.init)) ?? .identity
    }

    /// Takes `calibration` as the device's: its size is measured along the axes of the touches libinput reports.
    private func calibrate(_ added: inout Added, by calibration: Calibration) {
        added.calibration = calibration
        added.description.physicalSize = added.sensorSize.map { calibration.size(alongCalibratedAxesOf: $0) }
        if calibration != .identity, let size = added.description.physicalSize {
            log("\(added.description.name) is calibrated: \(size.width)×\(size.height) mm along its touches' axes")
        }
    }

    private func touch(_ type: libinput_event_type, _ event: OpaquePointer, _ device: OpaquePointer) {
        // The id alone, not a copy of the device's record: a touchscreen sends hundreds of these a second.
        guard let id = devices[device]?.description.id else { return }
        let time = Timestamp(microseconds: Int64(libinput_event_touch_get_time_usec(event)))
        // A compositor may calibrate a device after it was added, or again when its output turns (sway's
        // calibration_matrix): its size follows from the next touch on, announced again (what was in flight ends).
        if type == LIBINPUT_EVENT_TOUCH_DOWN, var added = devices[device], case let now = calibration(of: device),
           now != added.calibration {
            calibrate(&added, by: now)
            devices[device] = added
            deliver(.deviceAdded(added.description), time)
        }
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            let slot = ContactID(libinput_event_touch_get_seat_slot(event))
            let p = Point(x: libinput_event_touch_get_x_transformed(event, 1), y: libinput_event_touch_get_y_transformed(event, 1))
            deliver(type == LIBINPUT_EVENT_TOUCH_DOWN ? .touchDown(id, contact: slot, position: p)
                                                           : .touchMotion(id, contact: slot, position: p), time)
        case LIBINPUT_EVENT_TOUCH_UP:
            deliver(.touchUp(id, contact: ContactID(libinput_event_touch_get_seat_slot(event))), time)
        case LIBINPUT_EVENT_TOUCH_CANCEL:
            deliver(.touchCancel(id), time)
        default:
            deliver(.touchFrame(id), time)
        }
    }

    /// Millimetres of finger travel per unit of libinput's unaccelerated touchpad gesture deltas. libinput
    /// normalizes touchpad motion to 1000 dpi (39.37 units per mm) and then slows it by its touchpad factor,
    /// 0.2968 (`TP_MAGIC_SLOWDOWN` in filter.c since libinput 1.10): 11.685 units per mm. Checked against
    /// libinput 1.22 in TouchpadThroughLibinputTests.
    public static let millimetresPerUnit = 25.4 / 1000 / 0.2968

    private func gesture(_ type: libinput_event_type, _ event: OpaquePointer, _ device: OpaquePointer) {
        guard let id = devices[device]?.description.id else { return }
        let time = Timestamp(microseconds: Int64(libinput_event_gesture_get_time_usec(event)))
        let fingers = Int(libinput_event_gesture_get_finger_count(event))
        let cancelled = libinput_event_gesture_get_cancelled(event) != 0
        let delta = Vector(dx: libinput_event_gesture_get_dx_unaccelerated(event) * Self.millimetresPerUnit,
                           dy: libinput_event_gesture_get_dy_unaccelerated(event) * Self.millimetresPerUnit)
        let translated: InputEvent
        switch type {
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: translated = .swipeBegin(id, fingers: fingers)
        case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE: translated = .swipeUpdate(id, delta: delta)
        case LIBINPUT_EVENT_GESTURE_SWIPE_END: translated = .swipeEnd(id, cancelled: cancelled)
        case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN: translated = .pinchBegin(id, fingers: fingers)
        case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE:
            translated = .pinchUpdate(id, delta: delta, scale: libinput_event_gesture_get_scale(event),
                                      angleDelta: libinput_event_gesture_get_angle_delta(event))
        case LIBINPUT_EVENT_GESTURE_PINCH_END: translated = .pinchEnd(id, cancelled: cancelled)
        case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN: translated = .holdBegin(id, fingers: fingers)
        default: translated = .holdEnd(id, cancelled: cancelled)
        }
        deliver(translated, time)
    }

    /// The monotonic clock libinput stamps its events with, for events that carry no time of their own.
    private func currentTime() -> Timestamp {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Timestamp(microseconds: Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000)
    }
}
