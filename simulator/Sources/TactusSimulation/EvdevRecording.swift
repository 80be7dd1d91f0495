// SPDX-License-Identifier: MIT
import TactusCore
import TactusTrace

/// A recording of one kernel input device: its name, its absolute axes and the `input_event`s it sent, as evemu
/// (Evemu.swift) and `libinput record` (LibinputRecord.swift) write them. It replays as a touchscreen.
///
/// Three multi-touch dialects of the kernel replay: protocol B with slots (with or without an initial `ABS_MT_SLOT`),
/// protocol A with anonymous contacts separated by `SYN_MT_REPORT` (identities tracked by nearest position, since
/// the order within a report changes), and single-touch devices (`ABS_X`/`ABS_Y` with `BTN_TOUCH`). Replaying takes
/// time linear in the recording, however many contacts it holds.
public struct EvdevRecording {
    /// An absolute axis: its range, and its resolution in units per millimetre (0 when the device gives none).
    struct Axis {
        var minimum: Int32
        var maximum: Int32
        var resolution: Int32 = 0
    }

    /// One `input_event`, with the line of its file it is on.
    struct Event {
        let line: Int
        let time: Int64
        let type: UInt16
        let code: UInt16
        let value: Int32
    }

    /// The device's name.
    public let name: String
    let axes: [UInt16: Axis]
    let events: [Event]
    /// The file the recording came from, for errors.
    let source: String

    static let absX: UInt16 = 0x00, absY: UInt16 = 0x01, mtSlot: UInt16 = 0x2f, mtX: UInt16 = 0x35, mtY: UInt16 = 0x36
    static let mtTrackingID: UInt16 = 0x39, btnTouch: UInt16 = 0x14a
    static let evSyn: UInt16 = 0, evKey: UInt16 = 1, evAbs: UInt16 = 3, synReport: UInt16 = 0, synMTReport: UInt16 = 2

    init(name: String, axes: [UInt16: Axis], events: [Event], source: String) {
        self.name = name
        self.axes = axes
        self.events = events
        self.source = source
    }

    /// Whether the description gave any axis: without one, the recording has no device to replay.
    public var hasAxes: Bool { !axes.isEmpty }

    /// The position axes contacts are read from: the multi-touch ones when the device has both, else ABS_X/ABS_Y.
    private var positionAxes: (x: Axis, y: Axis)? {
        if let x = axes[Self.mtX], let y = axes[Self.mtY] { return (x, y) }
        if let x = axes[Self.absX], let y = axes[Self.absY] { return (x, y) }
        return nil
    }

    /// Whether the device reports positions (ABS_MT_POSITION_X/Y or ABS_X/Y): a keyboard or a button does not.
    public var reportsPositions: Bool { positionAxes != nil }

    /// The touch surface's size in millimetres, from its axes' resolutions; nil when the device gives none, as
    /// most touchscreens do (a touchpad always does: libinput needs it).
    public var physicalSize: Size? {
        guard let (x, y) = positionAxes, x.resolution > 0, y.resolution > 0 else { return nil }
        let size = Size(width: (Double(x.maximum) - Double(x.minimum)) / Double(x.resolution),
                        height: (Double(y.maximum) - Double(y.minimum)) / Double(y.resolution))
        return Trace.lengths.contains(size.width) && Trace.lengths.contains(size.height) ? size : nil
    }

    /// The time of the recording's first event, in microseconds.
    var firstTime: Int64? { events.first?.time }

    /// `seconds` and `microseconds` of an event as one time in microseconds, within a trace's times; `what` names the
    /// time in the complaint. Seconds beyond any trace's time are refused before they are multiplied, so that nothing
    /// overflows.
    static func time(seconds: Int64?, microseconds: Int64?, _ what: String, at place: String) throws -> Int64 {
        let seconds = seconds.flatMap { $0 <= Trace.times.upperBound / 1_000_000 ? $0 : nil }
        let total = seconds.flatMap { s in microseconds.map { s * 1_000_000 + $0 } }
        return try Trace.time(total, what, at: place).microseconds
    }

    /// `text` as a `T`; `format` when it is no number in `radix`, a complaint naming `what` and `T`'s range when `T`
    /// cannot hold it.
    static func number<T: FixedWidthInteger>(_ text: Substring, radix: Int = 10, _ what: String, _ format: SimulationError,
                                             at place: String) throws -> T {
        if let number = T(text, radix: radix) { return number }
        let digits = text.drop { $0 == "-" || $0 == "+" }
        guard !digits.isEmpty, digits.allSatisfy({ ($0.hexDigitValue ?? radix) < radix }) else { throw format }
        let range = radix == 16 ? "hexadecimal within \(String(T.min, radix: 16))…\(String(T.max, radix: 16))"
                                : "a whole number within \(T.min)…\(T.max)"
        throw SimulationError.malformed(place, "\(what) must be \(range)")
    }

    /// The slot axis' range, checked when a description gives it: a device has at most `Trace.slotCounts` slots.
    static func checkSlots(_ axis: Axis, at place: String) throws {
        guard Trace.slotCounts.contains(Int(axis.maximum) + 1) else {
            throw SimulationError.malformed(place, "ABS_MT_SLOT's maximum must be within \(Trace.slotCounts.lowerBound - 1)…"
                                                   + "\(Trace.slotCounts.upperBound - 1) (at most \(Trace.slotCounts.upperBound) slots)")
        }
    }

    // MARK: Trace

    /// The trace of the recording on a touchscreen of `size` millimetres mapped 10 px per mm onto the layout, as
    /// device `id`. The time `origin` (microseconds of the recording; its first report when nil) is at 100 ms, so
    /// that the devices of one recording keep their order in time.
    public func trace(size: Size, id: DeviceID = DeviceID(1), origin: Int64? = nil) throws -> Trace {
        guard let (xAxis, yAxis) = positionAxes else {
            throw SimulationError.unsupportedDevice(source, "no ABS_MT_POSITION_X/Y or ABS_X/Y axis in the description")
        }
        guard xAxis.maximum > xAxis.minimum, yAxis.maximum > yAxis.minimum else {
            throw SimulationError.unsupportedDevice(source, "an axis has an empty range")
        }
        let multiTouch = axes[Self.mtX] != nil && axes[Self.mtY] != nil
        let slots = axes[Self.mtSlot].map { Int($0.maximum) + 1 } ?? 1
        let device = DeviceDescription(id: id, kind: .touchscreen, name: name, physicalSize: size,
                                       outputRegion: Rect(x: 0, y: 0, width: size.width * 10, height: size.height * 10),
                                       slotLimit: max(slots, 10))
        func fraction(_ value: Int32, of axis: Axis) -> Double {
            Double(Int(value) - Int(axis.minimum)) / Double(Int(axis.maximum) - Int(axis.minimum))
        }
        var writer = ReportWriter(device: id, source: source, origin: origin) { Point(x: fraction($0, of: xAxis), y: fraction($1, of: yAxis)) }
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
    /// The time the trace puts at 100 ms: the caller's, else the first report's.
    private var origin: Int64?
    private var nextContact: ContactID = 0

    init(device: DeviceID, source: String, origin: Int64?, normalized: @escaping (Int32, Int32) -> Point) {
        self.device = device
        self.source = source
        self.origin = origin
        self.normalized = normalized
    }

    /// A fresh identifier: for a new tracking id, a new finger of protocol A, a new touch of a single-touch device.
    mutating func newContact(at event: EvdevRecording.Event) throws -> ContactID {
        guard nextContact < ContactID.max else {
            throw SimulationError.malformed("\(source):\(event.line)", "more than \(ContactID.max) contacts")
        }
        defer { nextContact += 1 }
        return nextContact
    }

    /// A report (`event` is its SYN_REPORT): `lifted` are gone, `placed` are down, new or not.
    mutating func report(at event: EvdevRecording.Event, lifted: [ContactID], placed: [Contact]) throws {
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
    mutating func report(at event: EvdevRecording.Event, contacts: [Contact]) throws {
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
