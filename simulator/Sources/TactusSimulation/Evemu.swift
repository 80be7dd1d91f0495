import Foundation
import TactusCore

/// Reads evemu recordings (`evemu-record` output) into traces.
///
/// Handles the three multi-touch dialects of the kernel: protocol B with slots (with or without an initial
/// `ABS_MT_SLOT`), protocol A with anonymous contacts separated by `SYN_MT_REPORT` (identities tracked by
/// nearest position, since the order within a report changes), and single-touch devices (`ABS_X`/`ABS_Y`
/// with `BTN_TOUCH`). The description (`N:`, `A:` lines) may come from a separate `.desc` file or from the
/// events file itself.
public struct EvemuRecording {
    /// An absolute axis: its range.
    struct Axis { var minimum: Int; var maximum: Int }

    public let name: String
    let axes: [Int: Axis]
    let events: [(line: Int, time: Int64, type: Int, code: Int, value: Int)]
    let source: String

    static let absX = 0x00, absY = 0x01, mtSlot = 0x2f, mtX = 0x35, mtY = 0x36, mtTrackingID = 0x39
    static let evSyn = 0, evKey = 1, evAbs = 3, synReport = 0, synMTReport = 2, btnTouch = 0x14a

    /// Parses an events file, taking the description from `description` text when given, else from the file's own
    /// `N:`/`A:` lines. Errors name the file and line.
    public init(events text: String, source: String, description: String? = nil, descriptionSource: String? = nil) throws {
        self.source = source
        var name = ""
        var axes: [Int: Axis] = [:]
        func readDescription(_ text: String, _ place: String) throws {
            for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("N:") {
                    name = String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces)
                } else if line.hasPrefix("A:") {
                    let f = line.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" })
                    guard f.count >= 3, let code = Int(f[0], radix: 16), let lo = Int(f[1]), let hi = Int(f[2]) else {
                        throw SimulationError.malformed("\(place):\(index + 1)", "an A: line needs a hex code, a minimum and a maximum")
                    }
                    axes[code] = Axis(minimum: lo, maximum: hi)
                }
            }
        }
        if let description { try readDescription(description, descriptionSource ?? "description") }
        try readDescription(text, source)
        var events: [(line: Int, time: Int64, type: Int, code: Int, value: Int)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("E:") else { continue }
            // Newer evemu versions append "# EV_ABS / ABS_MT_SLOT 0" comments after a tab.
            let content = line.dropFirst(2).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let f = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let seconds = f.first.map { $0.split(separator: ".") } ?? []
            // The fraction is microseconds when written with six digits, as evemu does; pad or cut others.
            let fraction = seconds.count == 2 ? String((seconds[1] + "000000").prefix(6)) : ""
            guard f.count == 4, seconds.count == 2, let s = Int64(seconds[0]), let us = Int64(fraction),
                  let type = Int(f[1], radix: 16), let code = Int(f[2], radix: 16), let value = Int(f[3]) else {
                throw SimulationError.malformed("\(source):\(index + 1)", "an E: line is \"E: <sec>.<usec> <type> <code> <value>\"")
            }
            events.append((index + 1, s * 1_000_000 + us, type, code, value))
        }
        self.name = name
        self.axes = axes
        self.events = events
    }

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
        let slots = (axes[Self.mtSlot]?.maximum ?? 0) + 1
        let device = DeviceDescription(id: id, kind: .touchscreen, name: name, physicalSize: size,
                                       outputRegion: Rect(x: 0, y: 0, width: size.width * 10, height: size.height * 10),
                                       slotLimit: max(slots, 10))
        func normalized(_ x: Int, _ y: Int) -> Point {
            Point(x: Double(x - xAxis.minimum) / Double(xAxis.maximum - xAxis.minimum),
                  y: Double(y - yAxis.minimum) / Double(yAxis.maximum - yAxis.minimum))
        }
        let usesProtocolA = events.contains { $0.type == Self.evSyn && $0.code == Self.synMTReport }
        let usesSlots = events.contains { $0.type == Self.evAbs && ($0.code == Self.mtSlot || $0.code == Self.mtTrackingID) }
        var frames: [(time: Int64, contacts: [(id: Int, x: Int, y: Int)])]
        if multiTouch && usesSlots && !usesProtocolA {
            frames = protocolBFrames()
        } else if multiTouch && usesProtocolA {
            frames = protocolAFrames()
        } else {
            frames = singleTouchFrames()
        }
        guard let origin = frames.first?.time else { return Trace(devices: [device]) }
        var trace = Trace(devices: [device])
        var previous: [Int: (Int, Int)] = [:]
        for frame in frames {
            let time = Timestamp(microseconds: frame.time - origin + 100_000)
            var changed = false
            let now = Dictionary(frame.contacts.map { ($0.id, ($0.x, $0.y)) }, uniquingKeysWith: { a, _ in a })
            for contact in previous.keys.sorted() where now[contact] == nil {
                trace.events.append((time, .touchUp(id, contact: ContactID(contact))))
                changed = true
            }
            for contact in frame.contacts {
                if let old = previous[contact.id] {
                    guard old != (contact.x, contact.y) else { continue }
                    trace.events.append((time, .touchMotion(id, contact: ContactID(contact.id), position: normalized(contact.x, contact.y))))
                } else {
                    trace.events.append((time, .touchDown(id, contact: ContactID(contact.id), position: normalized(contact.x, contact.y))))
                }
                changed = true
            }
            if changed { trace.events.append((time, .touchFrame(id))) }
            previous = now
        }
        if !previous.isEmpty, let last = trace.events.last?.time {
            for contact in previous.keys.sorted() { trace.events.append((last, .touchUp(id, contact: ContactID(contact)))) }
            trace.events.append((last, .touchFrame(id)))
        }
        return trace
    }

    /// Slots: each slot keeps its contact until its tracking id goes to -1. Slot 0 is implied until a slot event.
    private func protocolBFrames() -> [(time: Int64, contacts: [(id: Int, x: Int, y: Int)])] {
        var slot = 0
        var state: [Int: (tracking: Int, x: Int, y: Int)] = [:]
        var frames: [(time: Int64, contacts: [(id: Int, x: Int, y: Int)])] = []
        var nextID = 0
        var ids: [Int: Int] = [:]  // slot → our contact id, fresh for every new tracking id
        for e in events {
            if e.type == Self.evAbs {
                switch e.code {
                case Self.mtSlot: slot = e.value
                case Self.mtTrackingID:
                    if e.value < 0 {
                        state[slot] = nil
                        ids[slot] = nil
                    } else {
                        state[slot] = (e.value, state[slot]?.x ?? 0, state[slot]?.y ?? 0)
                        ids[slot] = nextID
                        nextID += 1
                    }
                case Self.mtX: if state[slot] != nil { state[slot]!.x = e.value }
                case Self.mtY: if state[slot] != nil { state[slot]!.y = e.value }
                default: break
                }
            } else if e.type == Self.evSyn && e.code == Self.synReport {
                let contacts = state.keys.sorted().compactMap { s -> (id: Int, x: Int, y: Int)? in
                    guard let c = state[s], let id = ids[s] else { return nil }
                    return (id, c.x, c.y)
                }
                frames.append((e.time, contacts))
            }
        }
        return frames
    }

    /// Anonymous contacts: each SYN_MT_REPORT closes one contact; identities follow the nearest previous contact.
    private func protocolAFrames() -> [(time: Int64, contacts: [(id: Int, x: Int, y: Int)])] {
        var frames: [(time: Int64, contacts: [(id: Int, x: Int, y: Int)])] = []
        var current: [(x: Int, y: Int)] = []
        var x: Int?, y: Int?
        var previous: [(id: Int, x: Int, y: Int)] = []
        var nextID = 0
        var touching = true
        for e in events {
            if e.type == Self.evAbs && e.code == Self.mtX { x = e.value }
            if e.type == Self.evAbs && e.code == Self.mtY { y = e.value }
            if e.type == Self.evKey && e.code == Self.btnTouch { touching = e.value != 0 }
            if e.type == Self.evSyn && e.code == Self.synMTReport {
                if let px = x, let py = y { current.append((px, py)) }
                x = nil
                y = nil
            }
            if e.type == Self.evSyn && e.code == Self.synReport {
                if !touching { current.removeAll() }
                // Closest pairs first, so that a new finger reported first does not take an old one's identity.
                var pairs: [(previous: Int, current: Int, distance: Int)] = []
                for (i, p) in previous.enumerated() {
                    for (j, c) in current.enumerated() { pairs.append((i, j, EvemuRecording.distance(p, c))) }
                }
                pairs.sort { ($0.distance, $0.previous, $0.current) < ($1.distance, $1.previous, $1.current) }
                var idOfCurrent = [Int?](repeating: nil, count: current.count)
                var taken = Set<Int>()
                for pair in pairs where idOfCurrent[pair.current] == nil && !taken.contains(pair.previous) {
                    idOfCurrent[pair.current] = previous[pair.previous].id
                    taken.insert(pair.previous)
                }
                var contacts: [(id: Int, x: Int, y: Int)] = []
                for (j, c) in current.enumerated() {
                    if let id = idOfCurrent[j] {
                        contacts.append((id, c.x, c.y))
                    } else {
                        contacts.append((nextID, c.x, c.y))
                        nextID += 1
                    }
                }
                contacts.sort { $0.id < $1.id }
                frames.append((e.time, contacts))
                previous = contacts
                current.removeAll()
            }
        }
        return frames
    }

    private static func distance(_ a: (id: Int, x: Int, y: Int), _ b: (x: Int, y: Int)) -> Int {
        (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)
    }

    /// One contact from ABS_X/ABS_Y while BTN_TOUCH is down.
    private func singleTouchFrames() -> [(time: Int64, contacts: [(id: Int, x: Int, y: Int)])] {
        var frames: [(time: Int64, contacts: [(id: Int, x: Int, y: Int)])] = []
        var x = 0, y = 0, touching = false, id = -1
        for e in events {
            if e.type == Self.evAbs && e.code == Self.absX { x = e.value }
            if e.type == Self.evAbs && e.code == Self.absY { y = e.value }
            if e.type == Self.evKey && e.code == Self.btnTouch {
                if e.value != 0 && !touching { id += 1 }
                touching = e.value != 0
            }
            if e.type == Self.evSyn && e.code == Self.synReport {
                frames.append((e.time, touching ? [(id, x, y)] : []))
            }
        }
        return frames
    }
}
