import CLibinput
import Glibc
import TactusCore

/// Feeds Tactus from a libinput context: touchscreen contacts and libinput's touchpad gestures.
///
/// The host's event loop watches `fileDescriptor` and calls `dispatch()` when it is readable; everything
/// happens on the caller's thread. Device nodes are opened and closed through `DeviceAccess`, which a
/// compositor replaces with its session's (logind, seatd); the default opens the node itself.
public final class LibinputSource {
    /// Opens and closes device nodes for libinput.
    public struct DeviceAccess: Sendable {
        /// Returns a file descriptor, or a negative errno.
        public var open: @Sendable (String, Int32) -> Int32
        public var close: @Sendable (Int32) -> Void

        public init(open: @escaping @Sendable (String, Int32) -> Int32, close: @escaping @Sendable (Int32) -> Void) {
            self.open = open
            self.close = close
        }

        /// Opens the node directly: needs read access (the input group, or root).
        public static let direct = DeviceAccess(
            open: { path, flags in
                let fd = Glibc.open(path, flags)
                return fd < 0 ? -errno : fd
            },
            close: { fd in _ = Glibc.close(fd) })
    }

    /// Where a device's contacts land in the layout, and its size when libinput does not know it.
    public struct Placement {
        public var outputRegion: Rect
        public var transform: DeviceTransform
        public var fallbackSize: Size?

        public init(outputRegion: Rect = Rect(x: 0, y: 0, width: 1920, height: 1080),
                    transform: DeviceTransform = .identity, fallbackSize: Size? = nil) {
            self.outputRegion = outputRegion
            self.transform = transform
            self.fallbackSize = fallbackSize
        }
    }

    /// Receives the module's messages: devices that cannot be opened, events it does not handle, libinput's own.
    public var log: (String) -> Void
    /// Where each device goes: the host looks at its name and the output udev assigned it (`WL_OUTPUT`).
    public var placement: (DeviceReport) -> Placement = { _ in Placement() }
    /// What libinput says about each touch device it added, in order.
    public private(set) var reports: [DeviceReport] = []

    /// What libinput tells about a device, for the host's placement and for users asking "does my touchpad do gestures".
    public struct DeviceReport: Sendable, CustomStringConvertible {
        public var name: String
        public var kind: DeviceKind
        /// The output udev's `WL_OUTPUT` property maps a touchscreen to, if any.
        public var outputName: String?
        /// The size libinput knows from the kernel's axis resolution.
        public var size: Size?
        /// How many touches the device tracks at once.
        public var touchCount: Int
        /// Whether libinput recognizes touchpad gestures on it.
        public var supportsGestures: Bool
        /// How many fingers tap-to-click supports (0: none).
        public var tapFingerCount: Int

        public var description: String {
            let size = size.map { "\($0.width)×\($0.height) mm" } ?? "size unknown"
            return "\(name): \(kind.rawValue), \(size), \(touchCount) touches, gestures \(supportsGestures ? "yes" : "no")"
                + ", tap with up to \(tapFingerCount) fingers" + (outputName.map { ", output \($0)" } ?? "")
        }
    }

    private let deliver: (InputEvent, Timestamp) -> Void
    private let access: DeviceAccess
    private var context: OpaquePointer?
    private var devices: [OpaquePointer: DeviceID] = [:]
    private let keyboard = Keyboard()
    /// The devices added by path (path backend), referenced so that they can be removed.
    private var paths: [String: OpaquePointer] = [:]
    /// A seat whose devices the first dispatch will have announced (udev backend).
    private var seatToCheck: String?
    private var nextDevice: UInt32 = 1
    /// libinput keeps the pointer to its interface for the context's lifetime, so it lives on the heap, not in a
    /// Swift property whose address is only lent for the duration of a call.
    private let interface: UnsafeMutablePointer<libinput_interface> = {
        let pointer = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        pointer.initialize(to: libinput_interface(
            open_restricted: { path, flags, data in
                guard let path, let data else { return -EINVAL }
                let source = Unmanaged<LibinputSource>.fromOpaque(data).takeUnretainedValue()
                let fd = source.access.open(String(cString: path), flags)
                if fd < 0 { source.log("cannot open \(String(cString: path)): \(String(cString: strerror(-fd)))") }
                return fd
            },
            close_restricted: { fd, data in
                guard let data else { return }
                Unmanaged<LibinputSource>.fromOpaque(data).takeUnretainedValue().access.close(fd)
            }))
        return pointer
    }()

    /// Creates a source over the given device nodes (libinput's path backend) that hands every translated
    /// event to `deliver`, typically `engine.handle(_:at:)`.
    public convenience init(paths: [String], access: DeviceAccess = .direct, log: @escaping (String) -> Void = { _ in },
                            deliver: @escaping (InputEvent, Timestamp) -> Void) throws {
        try self.init(access: access, log: log, deliver: deliver) { interface, data in libinput_path_create_context(interface, data) }
        for path in paths {
            guard let device = libinput_path_add_device(context, path) else { throw LibinputError.deviceNotAdded(path) }
            self.paths[path] = libinput_device_ref(device)
        }
    }

    /// Creates a source over every input device of a seat (libinput's udev backend), as a compositor does.
    public convenience init(seat: String, access: DeviceAccess = .direct, log: @escaping (String) -> Void = { _ in },
                            deliver: @escaping (InputEvent, Timestamp) -> Void) throws {
        guard let udev = udev_new() else { throw LibinputError.contextFailed }
        defer { udev_unref(udev) }
        try self.init(access: access, log: log, deliver: deliver) { interface, data in libinput_udev_create_context(interface, data, udev) }
        guard libinput_udev_assign_seat(context, seat) == 0 else { throw LibinputError.seatUnavailable(seat) }
        seatToCheck = seat
    }

    private init(access: DeviceAccess, log: @escaping (String) -> Void, deliver: @escaping (InputEvent, Timestamp) -> Void,
                 create: (UnsafePointer<libinput_interface>, UnsafeMutableRawPointer) -> OpaquePointer?) throws {
        self.log = log
        self.deliver = deliver
        self.access = access
        context = create(interface, Unmanaged.passUnretained(self).toOpaque())
        guard context != nil else { throw LibinputError.contextFailed }
        // libinput's own messages go to the host's log, not to standard error.
        libinput_log_set_handler(context) { li, priority, format, arguments in
            guard let li, let format, let arguments, let data = libinput_get_user_data(li) else { return }
            var buffer = [CChar](repeating: 0, count: 512)
            _ = vsnprintf(&buffer, buffer.count, format, arguments)
            let level = priority == LIBINPUT_LOG_PRIORITY_ERROR ? "error" : priority == LIBINPUT_LOG_PRIORITY_INFO ? "info" : "debug"
            let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            Unmanaged<LibinputSource>.fromOpaque(data).takeUnretainedValue()
                .log("libinput \(level): \(message.split(separator: "\n").joined(separator: " "))")
        }
    }

    deinit {
        for device in paths.values { libinput_device_unref(device) }
        if let context { libinput_unref(context) }
        interface.deinitialize(count: 1)
        interface.deallocate()
    }

    /// Removes a device added by path, as if it were unplugged: what it had in flight is cancelled.
    public func remove(path: String) {
        guard let device = paths.removeValue(forKey: path) else { return log("\(path) is not a device of this source") }
        libinput_path_remove_device(device)
        libinput_device_unref(device)
        dispatch()
    }

    /// The descriptor the host's event loop watches.
    public var fileDescriptor: Int32 { libinput_get_fd(context) }

    /// Drains libinput and feeds the engine.
    public func dispatch() {
        libinput_dispatch(context)
        while let event = libinput_get_event(context) {
            translate(event)
            libinput_event_destroy(event)
        }
        if let seat = seatToCheck {
            seatToCheck = nil
            if reports.isEmpty { log("seat \(seat) has no touchscreen or touchpad (yet); listening for devices to appear") }
        }
    }

    private func translate(_ event: OpaquePointer) {
        let type = libinput_event_get_type(event)
        let device = libinput_event_get_device(event)!
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED: addDevice(device)
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            if let id = devices.removeValue(forKey: device) { deliver(.deviceRemoved(id), currentTime()) }
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
            log("event type \(type.rawValue) from \(String(cString: libinput_device_get_name(device))) is not handled")
        }
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
        let id = DeviceID(nextDevice)
        nextDevice += 1
        devices[device] = id
        var width = 0.0, height = 0.0
        let known = libinput_device_get_size(device, &width, &height) == 0 && width > 0 && height > 0
        let slots = libinput_device_touch_get_touch_count(device)
        let report = DeviceReport(
            name: name, kind: kind, outputName: libinput_device_get_output_name(device).map { String(cString: $0) },
            size: known ? Size(width: width, height: height) : nil, touchCount: Int(max(slots, 0)),
            supportsGestures: libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_GESTURE) != 0,
            tapFingerCount: Int(libinput_device_config_tap_get_finger_count(device)))
        reports.append(report)
        log("added \(report)")
        let place = placement(report)
        let size = report.size ?? place.fallbackSize
        if size == nil { log("\(name) reports no size; 96 dpi is assumed") }
        deliver(.deviceAdded(DeviceDescription(
            id: id, kind: kind, name: name, physicalSize: size, outputRegion: place.outputRegion,
            transform: place.transform, slotLimit: slots > 0 ? Int(slots) : 10)), currentTime())
    }

    private func touch(_ type: libinput_event_type, _ event: OpaquePointer, _ device: OpaquePointer) {
        guard let id = devices[device] else { return }
        let time = Timestamp(microseconds: Int64(libinput_event_touch_get_time_usec(event)))
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
        guard let id = devices[device] else { return }
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

/// What can go wrong when setting up libinput.
public enum LibinputError: Error, CustomStringConvertible {
    case contextFailed
    case deviceNotAdded(String)
    case seatUnavailable(String)

    public var description: String {
        switch self {
        case .contextFailed: return "libinput could not create a context"
        case .deviceNotAdded(let path): return "libinput did not take \(path) (missing, not an input device, or not readable)"
        case .seatUnavailable(let seat): return "libinput could not assign seat \(seat) (is udev running?)"
        }
    }
}

/// The effective keyboard modifiers, worked out by xkbcommon from the keys pressed, with the names the keymap
/// gives them: what a binding that requires Super asks about.
final class Keyboard {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    private var current: ModifierSet = []

    /// The keymap from the XKB_DEFAULT_* environment or the system's default (RMLVO evdev/pc105/us); nil when
    /// no keymap can be compiled (no xkeyboard-config data).
    init?() {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        guard let keymap = xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            xkb_context_unref(context)
            return nil
        }
        self.context = context
        self.keymap = keymap
        state = xkb_state_new(keymap)
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// Feeds an evdev key code; returns the modifiers when they changed.
    func update(key: UInt32, pressed: Bool) -> ModifierSet? {
        // xkbcommon numbers keys as X11 does: the evdev code plus 8.
        xkb_state_update_key(state, key + 8, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        var modifiers: ModifierSet = []
        for (name, modifier) in [(XKB_MOD_NAME_SHIFT, ModifierSet.shift), (XKB_MOD_NAME_CTRL, .control),
                                 (XKB_MOD_NAME_ALT, .alt), (XKB_MOD_NAME_LOGO, .super)]
        where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0 {
            modifiers.insert(modifier)
        }
        guard modifiers != current else { return nil }
        current = modifiers
        return modifiers
    }
}
