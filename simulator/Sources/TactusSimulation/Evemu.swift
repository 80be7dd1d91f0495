// SPDX-License-Identifier: MIT
import Glibc
import TactusPlatform
import TactusTrace

/// Reads evemu recordings (`evemu-record` output). The description (`N:`, `A:` lines) may come from a separate `.desc`
/// file or from the events file itself.
///
/// Every line must be a comment (`#`), a description line (`N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:`) or an event
/// (`E:`), with numbers the kernel's structures hold (16-bit types and codes, 32-bit values and axis ranges) and times
/// a trace holds (`Trace.times`); anything else is an error naming the file and line.
extension EvdevRecording {
    /// Parses an events file, taking the description from `description` text when given, then from the file's own
    /// `N:`/`A:` lines. Errors name the file and line.
    public init(evemu text: String, source: String, description: String? = nil, descriptionSource: String? = nil) throws {
        var header = Header()
        // A description may be the events file itself: its events are read, and left.
        if let description { _ = try Self.read(description, from: descriptionSource ?? "description", into: &header) }
        let events = try Self.read(text, from: source, into: &header)
        self.init(name: header.name, axes: header.axes, events: events, source: source)
    }

    /// Reads an events file and its description (a separate file, or the same file) from disk.
    public init(evemuPath eventsPath: String, descriptionPath: String?) throws {
        guard let text = Files.text(ofFile: eventsPath) else { throw SimulationError.unreadable(eventsPath) }
        var description: String?
        if let descriptionPath {
            guard let d = Files.text(ofFile: descriptionPath) else {
                throw SimulationError.unreadable(descriptionPath)
            }
            description = d
        }
        try self.init(evemu: text, source: eventsPath, description: description, descriptionSource: descriptionPath)
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
            let line = raw.trimmedOfWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            // Newer evemu versions append "# EV_ABS / ABS_MT_SLOT 0" comments after a tab (a name may hold a # itself).
            let fields = line.prefix { $0 != "#" }.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" })
            switch line.prefix(2) {
            case "N:": header.name = String(line.dropFirst(2).trimmedOfWhitespace())
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
        let axis = Axis(minimum: numbers[0], maximum: numbers[1], resolution: numbers.count == 5 ? numbers[4] : 0)
        if code == mtSlot { try checkSlots(axis, at: place) }
        return (code, axis)
    }

    /// `E: <sec>.<usec> <type> <code> <value>`, the numbers of the kernel's `input_event`.
    private static func event(_ fields: [Substring], line: Int, at place: String) throws -> Event {
        let format = SimulationError.malformed(place, "an E: line is \"E: <sec>.<usec> <type> <code> <value>\"")
        let clock = fields.first?.split(separator: ".", omittingEmptySubsequences: false) ?? []
        guard fields.count == 4, clock.count == 2, clock.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }) else {
            throw format
        }
        // The fraction is microseconds when written with six digits, as evemu does; pad or cut others.
        let microseconds = try time(seconds: Int64(clock[0]), microseconds: Int64((clock[1] + "000000").prefix(6)),
                                    "an E: line's time", at: place)
        return Event(line: line, time: microseconds,
                     type: try number(fields[1], radix: 16, "an E: line's type", format, at: place),
                     code: try number(fields[2], radix: 16, "an E: line's code", format, at: place),
                     value: try number(fields[3], "an E: line's value", format, at: place))
    }
}
