// SPDX-License-Identifier: MIT
import JSONLines
import TactusCore

/// A recorded or generated interaction: the devices, then timed input events. Serialized as JSON Lines
/// (see simulator/README.md): a header line, then one event per line.
public struct Trace: Equatable {
    /// The devices the events refer to.
    public var devices: [DeviceDescription]
    /// The events with their timestamps, in order.
    public var events: [(time: Timestamp, event: InputEvent)]

    /// Creates a trace.
    public init(devices: [DeviceDescription], events: [(time: Timestamp, event: InputEvent)] = []) {
        self.devices = devices
        self.events = events
    }

    public static func == (lhs: Trace, rhs: Trace) -> Bool {
        lhs.devices == rhs.devices && lhs.events.count == rhs.events.count
            && zip(lhs.events, rhs.events).allSatisfy { $0.time == $1.time && $0.event == $1.event }
    }

    /// The trace moved later by `offset`.
    public func shifted(by offset: TimeSpan) -> Trace {
        Trace(devices: devices, events: events.map { ($0.time + offset, $0.event) })
    }

    /// The pieces as one trace: every device once, the events in time, those of the same time in the pieces' order.
    public static func merged(_ pieces: [Trace]) -> Trace {
        var merged = Trace(devices: [])
        for piece in pieces {
            for device in piece.devices where !merged.devices.contains(where: { $0.id == device.id }) { merged.devices.append(device) }
            merged.events += piece.events
        }
        merged.events = merged.events.enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
        }.map(\.element)
        return merged
    }

    /// When the last event happens.
    public var end: Timestamp { events.last?.time ?? .zero }

    // MARK: JSON Lines

    /// The trace as JSON Lines.
    public var jsonLines: String {
        ([Trace.headerLine(devices: devices)] + events.map { Trace.line(for: $0.event, at: $0.time) }).joined(separator: "\n") + "\n"
    }

    /// A trace's first line, which describes its devices (without the line break).
    public static func headerLine(devices: [DeviceDescription]) -> String {
        var header = JSONLine()
        header.add("tactus_trace", 1)
        header.add("devices", raw: "[" + devices.map { Trace.json(for: $0).text }.joined(separator: ",") + "]")
        return header.text
    }

    /// The line of one event (without the line break), for a trace written as its events come.
    public static func line(for event: InputEvent, at time: Timestamp) -> String { json(for: event, at: time).text }

    /// Reads the trace in the file at `path` whole (`TraceReader` reads one as it plays); errors name the file, and
    /// the line. tactus-wlr's reader (compositor/headless/trace.c) takes and refuses the same files
    /// (`TraceReaderAgreementTests`), but for what `maximumLineBytes` and `maximumDevices` say.
    public init(contentsOfFile path: String) throws {
        try self.init(reading: TraceReader(contentsOfFile: path))
    }

    /// Reads a trace from JSON Lines whole; errors name `source` and the line.
    public init(jsonLines text: String, source: String) throws {
        try self.init(reading: TraceReader(jsonLines: text, source: source))
    }

    /// The header's devices and every event the reader reads.
    private init(reading reader: TraceReader) throws {
        devices = reader.devices
        events = []
        while let event = try reader.nextEvent() { events.append(event) }
    }

    package static func json(for d: DeviceDescription) -> JSONLine {
        var o = JSONLine()
        o.add("id", Int(d.id.rawValue))
        o.add("kind", d.kind.rawValue)
        o.add("name", d.name)
        if let size = d.physicalSize { o.add("size_mm", [size.width, size.height]) }
        o.add("output", [d.outputRegion.origin.x, d.outputRegion.origin.y, d.outputRegion.size.width, d.outputRegion.size.height])
        o.add("rotation", d.transform.rotation.rawValue)
        o.add("flipped", d.transform.flipped)
        o.add("slots", d.slotLimit)
        return o
    }

    package static func device(from o: JSONObject) throws -> DeviceDescription {
        try o.checkKeys(["id", "kind", "name", "size_mm", "output", "rotation", "flipped", "slots"])
        guard let kind = DeviceKind(rawValue: try o.string("kind")) else { throw o.malformed("kind", "must be touchscreen or touchpad") }
        let size = try o.numbers("size_mm", ["width", "height"], in: Trace.lengths)
        let output = try o.numbers("output", ["x", "y", "width", "height"], in: Trace.coordinates) ?? [0, 0, 1920, 1080]
        guard Trace.lengths.contains(output[2]), Trace.lengths.contains(output[3]) else {
            throw o.malformed("output", "must have a width and a height within \(JSONObject.words(Trace.lengths))")
        }
        guard let rotation = DeviceTransform.Rotation(rawValue: try o.optionalWhole("rotation") ?? 0) else {
            throw o.malformed("rotation", "must be 0, 90, 180 or 270")
        }
        return DeviceDescription(
            id: DeviceID(try o.whole("id")), kind: kind, name: try o.optionalString("name") ?? "",
            physicalSize: size.map { Size(width: $0[0], height: $0[1]) },
            outputRegion: Rect(x: output[0], y: output[1], width: output[2], height: output[3]),
            transform: DeviceTransform(rotation: rotation, flipped: try o.bool("flipped")),
            slotLimit: try o.optionalWhole("slots", in: Trace.slotCounts) ?? 10)
    }

    package static func json(for event: InputEvent, at time: Timestamp) -> JSONLine {
        var o = JSONLine()
        o.add("t", time.microseconds)
        func device(_ id: DeviceID) { o.add("device", Int(id.rawValue)) }
        switch event {
        case .deviceAdded(let d): o.add("type", "device_added"); o.add("description", raw: json(for: d).text)
        case .deviceRemoved(let id): o.add("type", "device_removed"); device(id)
        case .touchDown(let id, let c, let p): o.add("type", "down"); device(id); o.add("id", Int(c)); o.add("x", p.x); o.add("y", p.y)
        case .touchMotion(let id, let c, let p): o.add("type", "motion"); device(id); o.add("id", Int(c)); o.add("x", p.x); o.add("y", p.y)
        case .touchUp(let id, let c): o.add("type", "up"); device(id); o.add("id", Int(c))
        case .touchCancel(let id): o.add("type", "cancel"); device(id)
        case .touchFrame(let id): o.add("type", "frame"); device(id)
        case .swipeBegin(let id, let f): o.add("type", "swipe_begin"); device(id); o.add("fingers", f)
        case .swipeUpdate(let id, let d): o.add("type", "swipe_update"); device(id); o.add("dx", d.dx); o.add("dy", d.dy)
        case .swipeEnd(let id, let c): o.add("type", "swipe_end"); device(id); o.add("cancelled", c)
        case .pinchBegin(let id, let f): o.add("type", "pinch_begin"); device(id); o.add("fingers", f)
        case .pinchUpdate(let id, let d, let s, let a):
            o.add("type", "pinch_update"); device(id); o.add("dx", d.dx); o.add("dy", d.dy); o.add("scale", s); o.add("angle", a)
        case .pinchEnd(let id, let c): o.add("type", "pinch_end"); device(id); o.add("cancelled", c)
        case .holdBegin(let id, let f): o.add("type", "hold_begin"); device(id); o.add("fingers", f)
        case .holdEnd(let id, let c): o.add("type", "hold_end"); device(id); o.add("cancelled", c)
        case .modifiers(let m):
            o.add("type", "modifiers")
            o.add("modifiers", strings: Trace.modifierNames.filter { m.contains($0.1) }.map(\.0))
        }
        return o
    }

    package static let modifierNames: [(String, ModifierSet)] = [("shift", .shift), ("control", .control), ("alt", .alt), ("super", .super)]

    /// An event from its JSON form, but for its time, which the caller reads among the keys `known` to it.
    package static func event(from o: JSONObject, besides known: Set<String> = []) throws -> InputEvent {
        let type = try o.string("type")
        /// Refuses keys other than the type's, the caller's, and the device for all types but two.
        func takes(_ keys: Set<String>, device: Bool = true) throws { try o.checkKeys(known.union(keys).union(device ? ["type", "device"] : ["type"])) }
        func id() throws -> DeviceID { DeviceID(try o.whole("device")) }
        func point() throws -> Point { Point(x: try o.double("x"), y: try o.double("y")) }
        func delta() throws -> Vector { Vector(dx: try o.double("dx"), dy: try o.double("dy")) }
        func fingers() throws -> Int { try o.whole("fingers", in: Trace.slotCounts) }
        switch type {
        case "modifiers":
            try takes(["modifiers"], device: false)
            return .modifiers(try Trace.modifiers(try o.strings("modifiers") ?? [], o))
        case "device_added":
            try takes(["description"], device: false)
            guard let d = try o.object("description") else { throw SimulationError.malformed(o.place, "missing \"description\"") }
            return .deviceAdded(try device(from: d))
        case "device_removed": try takes([]); return .deviceRemoved(try id())
        case "down": try takes(["id", "x", "y"]); return .touchDown(try id(), contact: try o.whole("id"), position: try point())
        case "motion": try takes(["id", "x", "y"]); return .touchMotion(try id(), contact: try o.whole("id"), position: try point())
        case "up": try takes(["id"]); return .touchUp(try id(), contact: try o.whole("id"))
        case "cancel": try takes([]); return .touchCancel(try id())
        case "frame": try takes([]); return .touchFrame(try id())
        case "swipe_begin": try takes(["fingers"]); return .swipeBegin(try id(), fingers: try fingers())
        case "swipe_update": try takes(["dx", "dy"]); return .swipeUpdate(try id(), delta: try delta())
        case "swipe_end": try takes(["cancelled"]); return .swipeEnd(try id(), cancelled: try o.bool("cancelled"))
        case "pinch_begin": try takes(["fingers"]); return .pinchBegin(try id(), fingers: try fingers())
        case "pinch_update":
            try takes(["dx", "dy", "scale", "angle"])
            return .pinchUpdate(try id(), delta: try delta(), scale: try o.double("scale"), angleDelta: try o.double("angle"))
        case "pinch_end": try takes(["cancelled"]); return .pinchEnd(try id(), cancelled: try o.bool("cancelled"))
        case "hold_begin": try takes(["fingers"]); return .holdBegin(try id(), fingers: try fingers())
        case "hold_end": try takes(["cancelled"]); return .holdEnd(try id(), cancelled: try o.bool("cancelled"))
        default: throw SimulationError.malformed(o.place(of: "type"), "unknown event type \"\(type)\"")
        }
    }

    /// The modifier set `names` name, as `o`'s "modifiers" gives them.
    package static func modifiers(_ names: [String], _ o: JSONObject) throws -> ModifierSet {
        var set: ModifierSet = []
        for name in names {
            guard let m = modifierNames.first(where: { $0.0 == name }) else {
                throw SimulationError.malformed(o.place(of: "modifiers"), "unknown modifier \"\(name)\"")
            }
            set.insert(m.1)
        }
        return set
    }
}

extension Trace {
    /// The times a trace may hold, in microseconds: within 2⁵³ µs (285 years) of the origin, so that sums and
    /// differences of a few stay far from Int64's ends and exact as Doubles. Every reader takes its times through it.
    package static let times: ClosedRange<Int64> = -(1 << 53)...(1 << 53)

    /// `microseconds` as a trace's time; `what` names it in the complaint when it is nil (it overflowed on the way
    /// from another unit) or beyond `times`.
    package static func time(_ microseconds: Int64?, _ what: String, at place: String) throws -> Timestamp {
        guard let microseconds, times.contains(microseconds) else {
            throw SimulationError.malformed(place, "\(what) must be within ±\(times.upperBound) µs")
        }
        return Timestamp(microseconds: microseconds)
    }

    /// How many slots (contacts at once) a device may have: Linux's hid-multitouch allows at most 250.
    package static let slotCounts: ClosedRange<Int> = 1...256

    /// Lengths of a device, in millimetres or layout pixels: a pixel or millimetre to a kilometre.
    public static let lengths: ClosedRange<Double> = 1...1_000_000
    /// Positions in the layout, in pixels.
    package static let coordinates: ClosedRange<Double> = -1_000_000...1_000_000

    // The limits of what a trace may hold, which bound the memory a replay takes however long the trace is (a
    // `TraceReader` keeps one line at a time). tactus-wlr's reader (compositor/headless/trace.c) keeps the same
    // (TRACE_MAX_LINE_BYTES, TRACE_MAX_DEVICES); it reads a trace whole before it plays, and also caps the file, at
    // 16 MiB (MAX_TRACE_BYTES): a trace within that cap is read alike by both.

    /// The longest line a trace may have, in bytes, without its line end: 64 KiB. An event takes some 100 bytes, and
    /// a header of `maximumDevices` devices some 50 KB; a longer line is no trace's (json-c, in tactus-wlr, reads a
    /// line in one go, a few milliseconds for 64 KiB; a line of 16 MiB takes hundreds of megabytes to parse).
    public static let maximumLineBytes = 64 << 10

    /// The most devices a trace may have at once: those of its header, and those added since (`device_added`) and not
    /// removed. A machine has a few; each costs the engine some 15 KB, and a header of 100 000 took 1.5 GB.
    public static let maximumDevices = 256
}
