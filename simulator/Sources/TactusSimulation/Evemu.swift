// SPDX-License-Identifier: MIT
import Foundation
import TactusCore

/// Reads evemu recordings (`evemu-record` output) into traces.
///
/// Handles the three multi-touch dialects of the kernel: protocol B with slots (with or without an initial
/// `ABS_MT_SLOT`), protocol A with anonymous contacts separated by `SYN_MT_REPORT` (identities tracked by
/// nearest position, since the order within a report changes), and single-touch devices (`ABS_X`/`ABS_Y`
/// with `BTN_TOUCH`). The description (`N:`, `A:` lines) may come from a separate `.desc` file or from the
/// events file itself.
///
/// Every line must be a comment (`#`), a description line (`N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:`) or an event
/// (`E:`), with numbers the kernel's structures hold (16-bit types and codes, 32-bit values and axis ranges) and times
/// a trace holds (`Trace.times`); anything else is an error naming the file and line. Reading takes time linear in
/// the recording, however many contacts it holds.
public struct EvemuRecording {
    /// An absolute axis: its range.
    struct Axis { var minimum: Int32; var maximum: Int32 }

    /// One `input_event`, with the line it is on.
    struct Event {
        let line: Int
        let time: Int64
        let type: UInt16
        let code: UInt16
        let value: Int32
    }

    public let name: String
    let axes: [UInt16: Axis]
    let events: [Event]
    let source: String

    static let absX: UInt16 = 0x00, absY: UInt16 = 0x01, mtSlot: UInt16 = 0x2f, mtX: UInt16 = 0x35, mtY: UInt16 = 0x36
    static let mtTrackingID: UInt16 = 0x39, btnTouch: UInt16 = 0x14a
    static let evSyn: UInt16 = 0, evKey: UInt16 = 1, evAbs: UInt16 = 3, synReport: UInt16 = 0, synMTReport: UInt16 = 2

    /// Parses an events file, taking the description from `description` text when given, then from the file's own
    /// `N:`/`A:` lines. Errors name the file and line.
    public init(events text: String, source: String, description: String? = nil, descriptionSource: String? = nil) throws {
        self.source = source
        var header = Header()
        // A description may be the events file itself: its events are read, and left.
        if let description { _ = try Self.read(description, from: descriptionSource ?? "description", into: &header) }
        events = try Self.read(text, from: source, into: &header)
        name = header.name
        axes = header.axes
    }

    /// Whether the description gave any axis: without one, the recording has no device to replay.
    public var hasAxes: Bool { !axes.isEmpty }

    /// Reads an events file and its description (a separate file, or the same file) from disk.
    public init(eventsPath: String, descriptionPath: String?) throws {
        guard let text = try? String(contentsOfFile: eventsPath, encoding: .utf8) else { throw SimulationError.unreadable(eventsPath) }
        var description: String?
        if let descriptionPath {
            guard let d = try? String(contentsOfFile: descriptionPath, encoding: .utf8) else {
                throw SimulationError.unreadable(descriptionPath)
            }
            description = d
        }
        try self.init(events: text, source: eventsPath, description: description, descriptionSource: descriptionPath)
    }

    // MARK: Lines

    /// What the description lines say.
    private struct Header {
        var name = ""
        var axes: [UInt16: Axis] = [:]
    }

    /// Reads every line of `text`, from `source`: the description into `header`; returns the events.
    private static func read(_ text: String, from source: String, into header: inout Header) throws -> [Event] {
        var events: [Event] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let place = "\(source):\(index + 1)"
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            // Newer evemu versions append "# EV_ABS / ABS_MT_SLOT 0" comments after a tab (a name may hold a # itself).
            let fields = line.prefix { $0 != "#" }.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" })
            switch line.prefix(2) {
            case "N:": header.name = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
            case "A:":
                let (code, axis) = try Self.axis(fields, at: place)
                header.axes[code] = axis
            case "E:": events.append(try Self.event(fields, line: index + 1, at: place))
            // The device's identity, properties, event bits, LED and switch states: nothing a replay needs.
            case "I:", "P:", "B:", "L:", "S:": continue
            default: throw SimulationError.malformed(place, "\"\(line.prefix(60))\" is not an evemu line")
            }
        }
        return events
    }

    /// `A: <code> <min> <max> [<fuzz> <flat> [<resolution>]]`, the numbers of the kernel's `input_absinfo`.
    private static func axis(_ fields: [Substring], at place: String) throws -> (UInt16, Axis) {
        let format = SimulationError.malformed(place, "an A: line is \"A: <code> <min> <max> [<fuzz> <flat> [<resolution>]]\"")
        guard (3...6).contains(fields.count) else { throw format }
        let code: UInt16 = try number(fields[0], radix: 16, "an A: line's code", format, at: place)
        var numbers: [Int32] = []
        for (field, what) in zip(fields.dropFirst(), ["minimum", "maximum", "fuzz", "flat", "resolution"]) {
            numbers.append(try number(field, "an A: line's \(what)", format, at: place))
        }
        if code == mtSlot, !Trace.slotCounts.contains(Int(numbers[1]) + 1) {
            throw SimulationError.malformed(place, "ABS_MT_SLOT's maximum must be within \(Trace.slotCounts.lowerBound - 1)…"
                                                   + "\(Trace.slotCounts.upperBound - 1) (at most \(Trace.slotCounts.upperBound) slots)")
        }
        return (code, Axis(minimum: numbers[0], maximum: numbers[1]))
    }

    /// `E: <sec>.<usec> <type> <code> <value>`, the numbers of the kernel's `input_event`.
    private static func event(_ fields: [Substring], line: Int, at place: String) throws -> Event {
        let format = SimulationError.malformed(place, "an E: line is \"E: <sec>.<usec> <type> <code> <value>\"")
        let time = fields.first?.split(separator: ".", omittingEmptySubsequences: false) ?? []
        guard fields.count == 4, time.count == 2, time.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }) else {
            throw format
        }
        // Seconds beyond any trace's time are refused before they are multiplied, so that nothing overflows. The
        // fraction is microseconds when written with six digits, as evemu does; pad or cut others.
        let seconds = Int64(time[0]).flatMap { $0 <= Trace.times.upperBound / 1_000_000 ? $0 : nil }
        let microseconds = seconds.flatMap { s in Int64((time[1] + "000000").prefix(6)).map { s * 1_000_000 + $0 } }
        return Event(line: line, time: try Trace.time(microseconds, "an E: line's time", at: place).microseconds,
                     type: try number(fields[1], radix: 16, "an E: line's type", format, at: place),
                     code: try number(fields[2], radix: 16, "an E: line's code", format, at: place),
                     value: try number(fields[3], "an E: line's value", format, at: place))
    }

    /// `text` as a `T`; `format` when it is no number in `radix`, a complaint naming `what` and `T`'s range when `T`
    /// cannot hold it.
    private static func number<T: FixedWidthInteger>(_ text: Substring, radix: Int = 10, _ what: String, _ format: SimulationError,
                                                     at place: String) throws -> T {
        if let number = T(text, radix: radix) { return number }
        let digits = text.drop { $0 == "-" || $0 == "+" }
        guard !digits.isEmpty, digits.allSatisfy({ ($0.hexDigitValue ?? radix) < radix }) else { throw format }
        let range = radix == 16 ? "hexadecimal within \(String(T.min, radix: 16))…\(String(T.max, radix: 16))"
                                : "a whole number within \(T.min)…\(T.max)"
        throw SimulationError.malformed(place, "\(what) must be \(range)")
    }

    // MARK: Trace

    /// The trace of the recording on a touchscreen of `size` millimetres mapped 10 px per mm onto the layout
    /// (the recordings report no resolution). Time starts at 100 ms.
    public func trace(size: Size, id: DeviceID = DeviceID(1)) throws -> Trace {
        let multiTouch = axes[Self.mtX] != nil && axes[Self.mtY] != nil
        guard let xAxis = multiTouch ? axes[Self.mtX] : axes[Self.absX],
              let yAxis = multiTouch ? axes[Self.mtY] : axes[Self.absY] else {
            throw SimulationError.unsupportedDevice(source, "no ABS_MT_POSITION_X/Y or ABS_X/Y axis in the description")
        }
        guard xAxis.maximum > xAxis.minimum, yAxis.maximum > yAxis.minimum else {
            throw SimulationError.unsupportedDevice(source, "an axis has an empty range")
        }
        let slots = axes[Self.mtSlot].map { Int($0.maximum) + 1 } ?? 1
        let device = DeviceDescription(id: id, kind: .touchscreen, name: name, physicalSize: size,
                                       outputRegion: Rect(x: 0, y: 0, width: size.width * 10, height: size.height * 10),
                                       slotLimit: max(slots, 10))
        func fraction(_ value: Int32, of axis: Axis) -> Double {
            Double(Int(value) - Int(axis.minimum)) / Double(Int(axis.maximum) - Int(axis.minimum))
        }
        var writer = ReportWriter(device: id, source: source) { Point(x: fraction($0, of: xAxis), y: fraction($1, of: yAxis)) }
        let usesProtocolA = events.contains { $0.type == Self.evSyn && $0.code == Self.synMTReport }
        let usesSlots = events.contains { $0.type == Self.evAbs && ($0.code == Self.mtSlot || $0.code == Self.mtTrackingID) }
        if multiTouch && usesSlots && !usesProtocolA {
            try writeProtocolB(into: &writer)
        } else if multiTouch && usesProtocolA {
            try writeProtocolA(into: &writer)
        } else {
            try writeSingleTouch(into: &writer)
        }
        writer.finish()
        return Trace(devices: [device], events: writer.events)
    }

    /// Slots: each slot keeps its contact until its tracking id goes to -1. Slot 0 is implied until a slot event.
    /// A report hands the writer only the slots it touched.
    private func writeProtocolB(into writer: inout ReportWriter) throws {
        var slot: Int32 = 0
        var contacts: [Int32: ReportWriter.Contact] = [:]
        // The slots the report touched, each with the contact it had before.
        var touched: [Int32: ReportWriter.Contact?] = [:]
        for e in events {
            switch (e.type, e.code) {
            case (Self.evAbs, Self.mtSlot):
                slot = e.value
            case (Self.evAbs, Self.mtTrackingID), (Self.evAbs, Self.mtX), (Self.evAbs, Self.mtY):
                if touched.index(forKey: slot) == nil { touched.updateValue(contacts[slot], forKey: slot) }
                switch e.code {
                case Self.mtTrackingID:
                    contacts[slot] = e.value < 0 ? nil
                        : ReportWriter.Contact(id: try writer.newContact(at: e), x: contacts[slot]?.x ?? 0, y: contacts[slot]?.y ?? 0)
                case Self.mtX: contacts[slot]?.x = e.value
                default: contacts[slot]?.y = e.value
                }
            case (Self.evSyn, Self.synReport):
                var lifted: [ContactID] = [], placed: [ReportWriter.Contact] = []
                for (slot, before) in touched.sorted(by: { $0.key < $1.key }) {
                    let now = contacts[slot]
                    if let before, before.id != now?.id { lifted.append(before.id) }
                    if let now { placed.append(now) }
                }
                try writer.report(at: e, lifted: lifted, placed: placed)
                touched.removeAll(keepingCapacity: true)
            default: break
            }
        }
    }

    /// Anonymous contacts: each SYN_MT_REPORT closes one contact; identities follow the nearest previous contact.
    /// Matching compares every pair of a report and the one before, so a report holds at most as many contacts as a
    /// device may have (`Trace.slotCounts`).
    private func writeProtocolA(into writer: inout ReportWriter) throws {
        var current: [(x: Int32, y: Int32)] = []
        var x: Int32?, y: Int32?
        var previous: [ReportWriter.Contact] = []
        var touching = true
        for e in events {
            if e.type == Self.evAbs && e.code == Self.mtX { x = e.value }
            if e.type == Self.evAbs && e.code == Self.mtY { y = e.value }
            if e.type == Self.evKey && e.code == Self.btnTouch { touching = e.value != 0 }
            if e.type == Self.evSyn && e.code == Self.synMTReport {
                if let px = x, let py = y {
                    guard current.count < Trace.slotCounts.upperBound else {
                        throw SimulationError.malformed("\(source):\(e.line)", "a report holds more than \(Trace.slotCounts.upperBound) contacts")
                    }
                    current.append((px, py))
                }
                x = nil
                y = nil
            }
            if e.type == Self.evSyn && e.code == Self.synReport {
                if !touching { current.removeAll() }
                // Closest pairs first, so that a new finger reported first does not take an old one's identity.
                var pairs: [(previous: Int, current: Int, distance: Double)] = []
                for (i, p) in previous.enumerated() {
                    for (j, c) in current.enumerated() {
                        let dx = Double(p.x) - Double(c.x), dy = Double(p.y) - Double(c.y)
                        pairs.append((i, j, dx * dx + dy * dy))
                    }
                }
                pairs.sort { ($0.distance, $0.previous, $0.current) < ($1.distance, $1.previous, $1.current) }
                var idOfCurrent = [ContactID?](repeating: nil, count: current.count)
                var taken = Set<Int>()
                for pair in pairs where idOfCurrent[pair.current] == nil && !taken.contains(pair.previous) {
                    idOfCurrent[pair.current] = previous[pair.previous].id
                    taken.insert(pair.previous)
                }
                var contacts: [ReportWriter.Contact] = []
                for (j, c) in current.enumerated() {
                    contacts.append(ReportWriter.Contact(id: try idOfCurrent[j] ?? writer.newContact(at: e), x: c.x, y: c.y))
                }
                contacts.sort { $0.id < $1.id }
                try writer.report(at: e, contacts: contacts)
                previous = contacts
                current.removeAll()
            }
        }
    }

    /// One contact from ABS_X/ABS_Y while BTN_TOUCH is down.
    private func writeSingleTouch(into writer: inout ReportWriter) throws {
        var x: Int32 = 0, y: Int32 = 0, touching = false
        var contact: ContactID?
        for e in events {
            if e.type == Self.evAbs && e.code == Self.absX { x = e.value }
            if e.type == Self.evAbs && e.code == Self.absY { y = e.value }
            if e.type == Self.evKey && e.code == Self.btnTouch {
                if e.value != 0 && !touching { contact = try writer.newContact(at: e) }
                touching = e.value != 0
            }
            if e.type == Self.evSyn && e.code == Self.synReport {
                if touching, let contact {
                    try writer.report(at: e, contacts: [ReportWriter.Contact(id: contact, x: x, y: y)])
                } else {
                    try writer.report(at: e, contacts: [])
                }
            }
        }
    }
}

/// Turns the reports of a recording into a trace's touch events: at each report the contacts that lifted, then the
/// others it gives (down when new, motion when moved), and a frame when anything changed. A report costs what it
/// gives, never what is down, so that contacts held over many reports keep the reading linear.
private struct ReportWriter {
    /// A contact of the recording: our identifier for it, and where it is in the device's units.
    struct Contact {
        let id: ContactID
        var x: Int32
        var y: Int32
    }

    let device: DeviceID
    let source: String
    /// A position in the device's units, normalized.
    let normalized: (Int32, Int32) -> Point
    private(set) var events: [(time: Timestamp, event: InputEvent)] = []
    /// Where each contact that is down is.
    private var positions: [ContactID: (x: Int32, y: Int32)] = [:]
    /// The time of the first report, which the trace puts at 100 ms.
    private var origin: Int64?
    private var nextContact: ContactID = 0

    init(device: DeviceID, source: String, normalized: @escaping (Int32, Int32) -> Point) {
        self.device = device
        self.source = source
        self.normalized = normalized
    }

    /// A fresh identifier: for a new tracking id, a new finger of protocol A, a new touch of a single-touch device.
    mutating func newContact(at event: EvemuRecording.Event) throws -> ContactID {
        guard nextContact < ContactID.max else {
            throw SimulationError.malformed("\(source):\(event.line)", "more than \(ContactID.max) contacts")
        }
        defer { nextContact += 1 }
        return nextContact
    }

    /// A report (`event` is its SYN_REPORT): `lifted` are gone, `placed` are down, new or not.
    mutating func report(at event: EvemuRecording.Event, lifted: [ContactID], placed: [Contact]) throws {
        let origin = self.origin ?? event.time
        self.origin = origin
        // Both times are within Trace.times, so the difference cannot overflow; what it gives must be a trace's time too.
        let time = try Trace.time(event.time - origin + 100_000, "the time since the first report", at: "\(source):\(event.line)")
        var changed = false
        for contact in lifted.sorted() where positions.removeValue(forKey: contact) != nil {
            events.append((time, .touchUp(device, contact: contact)))
            changed = true
        }
        for contact in placed {
            if let old = positions[contact.id] {
                guard old != (contact.x, contact.y) else { continue }
                events.append((time, .touchMotion(device, contact: contact.id, position: normalized(contact.x, contact.y))))
            } else {
                events.append((time, .touchDown(device, contact: contact.id, position: normalized(contact.x, contact.y))))
            }
            positions[contact.id] = (contact.x, contact.y)
            changed = true
        }
        if changed { events.append((time, .touchFrame(device))) }
    }

    /// A report that gives every contact that is down: those it leaves out lifted. Its cost is what is down, which
    /// a protocol A report gives anyway.
    mutating func report(at event: EvemuRecording.Event, contacts: [Contact]) throws {
        let present = Set(contacts.map(\.id))
        try report(at: event, lifted: positions.keys.filter { !present.contains($0) }, placed: contacts)
    }

    /// Lifts the contacts still down at the last event's time, as the recording ends.
    mutating func finish() {
        guard !positions.isEmpty, let last = events.last?.time else { return }
        for contact in positions.keys.sorted() { events.append((last, .touchUp(device, contact: contact))) }
        events.append((last, .touchFrame(device)))
        positions.removeAll()
    }
}
