import Foundation
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

    /// When the last event happens.
    public var end: Timestamp { events.last?.time ?? .zero }

    // MARK: JSON Lines

    /// The trace as JSON Lines.
    public var jsonLines: String {
        var header = JSONLine()
        header.add("tactus_trace", 1)
        header.add("devices", raw: "[" + devices.map { Trace.json(for: $0).text }.joined(separator: ",") + "]")
        return ([header.text] + events.map { Trace.json(for: $0.event, at: $0.time).text }).joined(separator: "\n") + "\n"
    }

    /// Reads a trace from JSON Lines; errors name `source` and the line.
    public init(jsonLines text: String, source: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { !$0.element.trimmingCharacters(in: .whitespaces).isEmpty }.makeIterator()
        guard let first = lines.next() else { throw SimulationError.malformed(source, "empty trace") }
        let header = try JSONObject(line: String(first.element), place: "\(source):\(first.offset + 1)")
        guard try header.optionalInt("tactus_trace") == 1 else {
            throw SimulationError.malformed(header.place, "the first line must be a header with \"tactus_trace\": 1")
        }
        devices = try header.objects("devices").map(Trace.device(from:))
        events = []
        while let (index, line) = lines.next() {
            let object = try JSONObject(line: String(line), place: "\(source):\(index + 1)")
            events.append(try Trace.event(from: object))
        }
    }

    static func json(for d: DeviceDescription) -> JSONLine {
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

    static func device(from o: JSONObject) throws -> DeviceDescription {
        guard let kind = DeviceKind(rawValue: try o.string("kind")) else {
            throw SimulationError.malformed(o.place, "kind must be touchscreen or touchpad")
        }
        let size = o.numbers("size_mm").flatMap { $0.count == 2 ? Size(width: $0[0], height: $0[1]) : nil }
        let output = o.numbers("output") ?? [0, 0, 1920, 1080]
        guard output.count == 4 else { throw SimulationError.malformed(o.place, "output must be [x, y, width, height]") }
        guard let rotation = DeviceTransform.Rotation(rawValue: try o.optionalInt("rotation") ?? 0) else {
            throw SimulationError.malformed(o.place, "rotation must be 0, 90, 180 or 270")
        }
        return DeviceDescription(
            id: DeviceID(try o.whole("id")), kind: kind, name: o.optionalString("name") ?? "",
            physicalSize: size, outputRegion: Rect(x: output[0], y: output[1], width: output[2], height: output[3]),
            transform: DeviceTransform(rotation: rotation, flipped: o.bool("flipped")),
            slotLimit: try o.optionalInt("slots") ?? 10)
    }

    static func json(for event: InputEvent, at time: Timestamp) -> JSONLine {
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

    static let modifierNames: [(String, ModifierSet)] = [("shift", .shift), ("control", .control), ("alt", .alt), ("super", .super)]

    static func event(from o: JSONObject) throws -> (time: Timestamp, event: InputEvent) {
        let time = Timestamp(microseconds: try o.whole("t"))
        let type = try o.string("type")
        if type == "modifiers" {
            let names = (o.fields["modifiers"] as? [String]) ?? []
            var set: ModifierSet = []
            for name in names {
                guard let m = modifierNames.first(where: { $0.0 == name }) else {
                    throw SimulationError.malformed(o.place, "unknown modifier \"\(name)\"")
                }
                set.insert(m.1)
            }
            return (time, .modifiers(set))
        }
        if type == "device_added" {
            guard let d = o.object("description") else { throw SimulationError.malformed(o.place, "missing \"description\"") }
            return (time, .deviceAdded(try device(from: d)))
        }
        let id = DeviceID(try o.whole("device"))
        func point() throws -> Point { Point(x: try o.double("x"), y: try o.double("y")) }
        func delta() throws -> Vector { Vector(dx: try o.double("dx"), dy: try o.double("dy")) }
        let event: InputEvent
        switch type {
        case "device_removed": event = .deviceRemoved(id)
        case "down": event = .touchDown(id, contact: try o.whole("id"), position: try point())
        case "motion": event = .touchMotion(id, contact: try o.whole("id"), position: try point())
        case "up": event = .touchUp(id, contact: try o.whole("id"))
        case "cancel": event = .touchCancel(id)
        case "frame": event = .touchFrame(id)
        case "swipe_begin": event = .swipeBegin(id, fingers: try o.int("fingers"))
        case "swipe_update": event = .swipeUpdate(id, delta: try delta())
        case "swipe_end": event = .swipeEnd(id, cancelled: o.bool("cancelled"))
        case "pinch_begin": event = .pinchBegin(id, fingers: try o.int("fingers"))
        case "pinch_update":
            event = .pinchUpdate(id, delta: try delta(), scale: try o.double("scale"), angleDelta: try o.double("angle"))
        case "pinch_end": event = .pinchEnd(id, cancelled: o.bool("cancelled"))
        case "hold_begin": event = .holdBegin(id, fingers: try o.int("fingers"))
        case "hold_end": event = .holdEnd(id, cancelled: o.bool("cancelled"))
        default: throw SimulationError.malformed(o.place, "unknown event type \"\(type)\"")
        }
        return (time, event)
    }
}
