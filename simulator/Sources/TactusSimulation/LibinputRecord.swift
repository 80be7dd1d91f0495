// SPDX-License-Identifier: MIT
import Glibc
import TactusPlatform
import TactusCore
import TactusTrace

/// Reads `libinput record` recordings, which libinput's bug reporting guide asks users for: YAML, version 1 of the
/// format libinput-record(1) describes. Each device brings its description (`evdev`: name, `absinfo` with
/// resolutions, udev properties) and its kernel events, which replay as an evemu recording's do.
///
/// Keys the format does not specify are ignored, as it asks, and so are the experimental `libinput` and the `hid`
/// events beside the kernel's. What the format specifies must be as it says: a mapping at the top with `version: 1`
/// and `devices`, each device an `evdev` mapping, each kernel event five integers `[sec, usec, type, code, value]`
/// within the kernel's types; anything else is an error naming the file and line. Anchors and aliases, which the
/// tool never writes and which let a small file stand for an exponentially large one, are refused (`YAMLNode`).
public struct LibinputRecord {
    /// One recorded device.
    public struct Device {
        /// Its node as recorded (`/dev/input/event5`).
        public let node: String
        /// Whether udev took it for a touchpad (`ID_INPUT_TOUCHPAD=1`).
        public let isTouchpad: Bool
        /// Its description and kernel events.
        public let recording: EvdevRecording
    }

    /// The devices, in the file's order.
    public let devices: [Device]

    /// Reads a recording from its text; `source` names it in errors.
    public init(yaml text: String, source: String) throws {
        guard let root = try YAMLNode.document(text, source: source) else {
            throw SimulationError.malformed(source, "empty: a libinput recording starts with \"version: 1\"")
        }
        try Self.mapping(root, "the recording", source)
        guard let version = root["version"] else {
            throw SimulationError.malformed(source, "no \"version\": this is no libinput recording")
        }
        guard version.string == "1" else {
            throw SimulationError.malformed(Self.place(version, source),
                                            "version \(version.string ?? "?") of libinput record's format: only version 1 is known")
        }
        guard let list = root["devices"] else { throw SimulationError.malformed(source, "no \"devices\"") }
        let items = try Self.sequence(list, "\"devices\"", source)
        guard !items.isEmpty else { throw SimulationError.malformed(Self.place(list, source), "\"devices\" is empty") }
        if let count = root["ndevices"] {
            let said: Int = try Self.number(count, "\"ndevices\"", source)
            guard said == items.count else {
                throw SimulationError.malformed(Self.place(count, source), "\"ndevices\" says \(said), \"devices\" holds \(items.count)")
            }
        }
        devices = try items.map { try Self.device($0, source) }
    }

    /// Reads a recording from a file.
    public init(path: String) throws {
        guard let text = Files.text(ofFile: path) else { throw SimulationError.unreadable(path) }
        try self.init(yaml: text, source: path)
    }

    /// The trace of the devices that report positions, each a touchscreen of the size `size` gives it (device `n`
    /// of them is `DeviceID(n)`, from 1), on the recording's one clock: its first event is at 100 ms.
    public func trace(size: (Device) -> Size) throws -> Trace {
        let played = devices.filter(\.recording.reportsPositions)
        let origin = played.compactMap(\.recording.firstTime).min()
        return Trace.merged(try played.enumerated().map { index, device in
            try device.recording.trace(size: size(device), id: DeviceID(UInt32(index + 1)), origin: origin)
        })
    }

    // MARK: Devices

    /// One item of `devices`.
    private static func device(_ item: YAMLNode, _ source: String) throws -> Device {
        try mapping(item, "a device", source)
        let path = item["node"]?.string ?? ""
        let name = path.isEmpty ? "a device" : path
        guard let evdev = item["evdev"] else { throw SimulationError.malformed(place(item, source), "\(name) has no \"evdev\"") }
        try mapping(evdev, "\(name)'s \"evdev\"", source)
        var axes: [UInt16: EvdevRecording.Axis] = [:]
        if let absinfo = evdev["absinfo"] {
            for (key, value) in try mapping(absinfo, "\(name)'s \"absinfo\"", source) {
                let code: UInt16 = try number(key, "an axis code", source)
                let numbers = try sequence(value, "axis \(code)", source)
                guard numbers.count == 5 else {
                    throw SimulationError.malformed(place(value, source), "axis \(code) is [min, max, fuzz, flat, resolution]")
                }
                let values: [Int32] = try zip(numbers, ["minimum", "maximum", "fuzz", "flat", "resolution"]).map {
                    try number($0, "axis \(code)'s \($1)", source)
                }
                let axis = EvdevRecording.Axis(minimum: values[0], maximum: values[1], resolution: values[4])
                if code == EvdevRecording.mtSlot { try EvdevRecording.checkSlots(axis, at: place(value, source)) }
                axes[code] = axis
            }
        }
        var isTouchpad = false
        if let udev = item["udev"] {
            try mapping(udev, "\(name)'s \"udev\"", source)
            if let properties = udev["properties"] {
                isTouchpad = try sequence(properties, "\(name)'s udev properties", source).contains { $0.string == "ID_INPUT_TOUCHPAD=1" }
            }
        }
        var events: [EvdevRecording.Event] = []
        if let list = item["events"] {
            for frame in try sequence(list, "\(name)'s \"events\"", source) {
                try mapping(frame, "an item of \"events\"", source)
                guard let kernel = frame["evdev"] else { continue }
                for entry in try sequence(kernel, "an \"evdev\" frame", source) {
                    events.append(try event(entry, source))
                }
            }
        }
        let recording = EvdevRecording(name: evdev["name"]?.string ?? "", axes: axes, events: events, source: source)
        return Device(node: path, isTouchpad: isTouchpad, recording: recording)
    }

    /// `[sec, usec, type, code, value]`, the numbers of the kernel's `input_event`.
    private static func event(_ node: YAMLNode, _ source: String) throws -> EvdevRecording.Event {
        let at = place(node, source)
        let fields = try sequence(node, "a kernel event", source)
        guard fields.count == 5 else { throw SimulationError.malformed(at, "a kernel event is [sec, usec, type, code, value]") }
        let seconds: Int64 = try number(fields[0], "an event's seconds", source)
        let microseconds: Int64 = try number(fields[1], "an event's microseconds", source)
        guard seconds >= 0, (0...999_999).contains(microseconds) else {
            throw SimulationError.malformed(at, "an event's time is whole seconds from 0 and microseconds within 0…999999")
        }
        return EvdevRecording.Event(line: node.line,
                                    time: try EvdevRecording.time(seconds: seconds, microseconds: microseconds, "an event's time", at: at),
                                    type: try number(fields[2], "an event's type", source),
                                    code: try number(fields[3], "an event's code", source),
                                    value: try number(fields[4], "an event's value", source))
    }

    // MARK: Nodes

    /// `source:line` of a node.
    private static func place(_ node: YAMLNode, _ source: String) -> String { "\(source):\(node.line)" }

    @discardableResult
    private static func mapping(_ node: YAMLNode, _ what: String, _ source: String) throws -> [(key: YAMLNode, value: YAMLNode)] {
        guard case .mapping(let pairs, _) = node else { throw SimulationError.malformed(place(node, source), "\(what) must be a mapping") }
        return pairs
    }

    private static func sequence(_ node: YAMLNode, _ what: String, _ source: String) throws -> [YAMLNode] {
        guard case .sequence(let items, _) = node else { throw SimulationError.malformed(place(node, source), "\(what) must be a list") }
        return items
    }

    /// A scalar as a `T`, written in decimal as the tool writes it.
    private static func number<T: FixedWidthInteger>(_ node: YAMLNode, _ what: String, _ source: String) throws -> T {
        let at = place(node, source)
        let format = SimulationError.malformed(at, "\(what) must be a whole number")
        guard let text = node.string else { throw format }
        return try EvdevRecording.number(Substring(text), what, format, at: at)
    }
}
