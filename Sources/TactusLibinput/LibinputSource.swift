// SPDX-License-Identifier: MIT
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
        /// The output region its touches span, in layout pixels.
        public var outputRegion: Rect
        /// The turn still to apply to libinput's touches, which its calibration matrix has turned already
        /// (tactus.h's transform contract): the identity where the user calibrated the device for its output.
        public var transform: DeviceTransform
        /// The panel's size along its own axes, as libinput would measure it, for a device that reports none; its
        /// calibration matrix brings it onto the touches' axes, as it does libinput's.
        public var fallbackSize: Size?
        /// Leave the device out: its events give nothing.
        public var ignored: Bool

        public init(outputRegion: Rect = Rect(x: 0, y: 0, width: 1920, height: 1080),
                    transform: DeviceTransform = .identity, fallbackSize: Size? = nil, ignored: Bool = false) {
            self.outputRegion = outputRegion
            self.transform = transform
            self.fallbackSize = fallbackSize
            self.ignored = ignored
        }
    }

    /// Receives the module's messages: devices that cannot be opened, events it does not handle, libinput's own.
    public var log: (String) -> Void {
        get { translator.log }
        set { translator.log = newValue }
    }
    /// Where each device goes: the host looks at its name and the output udev assigned it (`WL_OUTPUT`).
    public var placement: (DeviceReport) -> Placement {
        get { translator.placement }
        set { translator.placement = newValue }
    }
    /// What libinput says about each touch device it added, in order.
    public var reports: [DeviceReport] { translator.reports }

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

    private let translator: LibinputTranslator
    private let access: DeviceAccess
    private var context: OpaquePointer?
    /// The devices added by path (path backend), referenced so that they can be removed.
    private var paths: [String: OpaquePointer] = [:]
    /// A seat whose devices the first dispatch will have announced (udev backend).
    private var seatToCheck: String?
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
        translator = LibinputTranslator(log: log, deliver: deliver)
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
            translator.translate(event)
            libinput_event_destroy(event)
        }
        if let seat = seatToCheck {
            seatToCheck = nil
            if reports.isEmpty { log("seat \(seat) has no touchscreen or touchpad (yet); listening for devices to appear") }
        }
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
