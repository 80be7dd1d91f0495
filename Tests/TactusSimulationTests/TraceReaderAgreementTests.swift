// SPDX-License-Identifier: MIT
import Foundation
import TactusTrace
import Testing
import TactusCore
import TactusSimulation
import RepositoryPrograms

/// tactus-wlr replays the traces tactus-sim reads with a reader of its own, in C over json-c (compositor/trace.c).
/// Both must take the same files, as the same events, and refuse the same files at the same line: each input here is
/// read by `Trace(contentsOfFile:)` and by trace.c (through Tests/TraceAgreement/trace-read.c), and any difference
/// fails with the input. The readers' words may differ, and so may the part of the line they name; `PATH:LINE` (or
/// `PATH` for the file as a whole) may not.
///
/// Not compared: trace.c refuses files over 16 MiB (a replay holds its trace whole), which tactus-sim reads a line at a
/// time; no input here comes near. The format's other limits, a line's length and the devices a trace has at once, are
/// both readers' (`Trace.maximumLineBytes`, `Trace.maximumDevices`; TRACE_MAX_LINE_BYTES, TRACE_MAX_DEVICES), and
/// compared. Nor what trace.c does not keep: device ids, modifiers, and the devices but for the first touchscreen's
/// size.
@Suite struct TraceReaderAgreementTests {
    /// What a reader made of a file: the trace as trace.c keeps it, or the place of its complaint.
    enum Outcome: Equatable, CustomStringConvertible {
        case read(size: String, events: [String])
        case refused(place: String, complaint: String)

        static func == (lhs: Outcome, rhs: Outcome) -> Bool {
            switch (lhs, rhs) {
            case let (.read(a, b), .read(c, d)): return a == c && b == d
            case let (.refused(a, _), .refused(b, _)): return a == b
            default: return false
            }
        }

        var description: String {
            switch self {
            case let .read(size, events): return "read \(events.count) events, size \(size): \(events.joined(separator: " "))"
            case let .refused(_, complaint): return "refused: \(complaint.debugDescription)"
            }
        }
    }

    /// What tactus-sim's reader makes of the file at `path`, in trace-read's notation.
    static func swiftOutcome(_ path: String) -> Outcome {
        do {
            let trace = try Trace(contentsOfFile: path)
            let size = trace.devices.first { $0.kind == .touchscreen && $0.physicalSize != nil }?.physicalSize
            return .read(size: size.map { "\(number($0.width))x\(number($0.height))" } ?? "none",
                         events: trace.events.map { fields(of: $0.event, at: $0.time) })
        } catch {
            return .refused(place: place(of: "\(error)", in: path), complaint: "\(error)")
        }
    }

    /// An event as trace-read prints trace.c's: time_us, type, touch_id, fingers, x, y, scale, angle, cancelled.
    static func fields(of event: InputEvent, at time: Timestamp) -> String {
        func printed(_ type: String, id: ContactID = 0, fingers: Int = 0, _ x: Double = 0, _ y: Double = 0,
                     scale: Double = 0, angle: Double = 0, cancelled: Bool = false) -> String {
            "\(time.microseconds),\(type),\(id),\(fingers),\(number(x)),\(number(y)),\(number(scale)),\(number(angle)),\(cancelled ? 1 : 0)"
        }
        switch event {
        case let .touchDown(_, contact, p): return printed("down", id: contact, p.x, p.y)
        case let .touchMotion(_, contact, p): return printed("motion", id: contact, p.x, p.y)
        case let .touchUp(_, contact): return printed("up", id: contact)
        case .touchCancel: return printed("cancel")
        case .touchFrame: return printed("frame")
        case let .swipeBegin(_, fingers): return printed("swipe_begin", fingers: fingers)
        case let .swipeUpdate(_, d): return printed("swipe_update", d.dx, d.dy)
        case let .swipeEnd(_, cancelled): return printed("swipe_end", cancelled: cancelled)
        case let .pinchBegin(_, fingers): return printed("pinch_begin", fingers: fingers)
        case let .pinchUpdate(_, d, scale, angle): return printed("pinch_update", d.dx, d.dy, scale: scale, angle: angle)
        case let .pinchEnd(_, cancelled): return printed("pinch_end", cancelled: cancelled)
        case let .holdBegin(_, fingers): return printed("hold_begin", fingers: fingers)
        case let .holdEnd(_, cancelled): return printed("hold_end", cancelled: cancelled)
        case .deviceAdded, .deviceRemoved, .modifiers: return printed("not_played")
        }
    }

    /// A number as Swift writes it shortest; trace-read's 17 digits are read back to the same Double first.
    static func number(_ value: Double) -> String { value == 0 ? "0" : "\(value)" }

    /// `PATH:LINE` when the complaint starts with it, `PATH` when it is about the file as a whole, or the complaint.
    static func place(of complaint: String, in path: String) -> String {
        guard complaint.hasPrefix(path + ":") else { return complaint }
        let line = complaint.dropFirst(path.count + 1).prefix { $0.isASCII && $0.isNumber }
        return line.isEmpty ? path : "\(path):\(line)"
    }

    /// What trace.c makes of each file, from trace-read's lines.
    static func compositorOutcomes(_ paths: [String]) throws -> [Outcome] {
        let output = try runInRepository(try TraceRead.path, paths)
        let lines = output.split(separator: "\n").map(String.init)
        guard lines.count == paths.count else {
            throw TestFailure("trace-read printed \(lines.count) lines for \(paths.count) files:\n\(output)")
        }
        return try zip(lines, paths).map { line, path in try outcome(printed: line, for: path) }
    }

    /// One line of trace-read's, with its numbers written as `number` writes them.
    static func outcome(printed line: String, for path: String) throws -> Outcome {
        if line.hasPrefix("refused ") {
            let complaint = String(line.dropFirst("refused ".count))
            return .refused(place: place(of: complaint, in: path), complaint: complaint)
        }
        let words = line.split(separator: " ").map(String.init)
        guard words.count >= 3, words[0] == "ok", Int(words[1]) == words.count - 3 else {
            throw TestFailure("trace-read printed \(line)")
        }
        /// The Double that 17 digits name, as Swift writes it.
        func reread(_ digits: Substring) -> String { Double(digits).map(number) ?? String(digits) }
        let size = words[2] == "none" ? "none" : words[2].split(separator: "x").map(reread).joined(separator: "x")
        let events = words.dropFirst(3).map { event in
            // x, y, scale and angle are the fifth to the eighth fields.
            event.split(separator: ",", omittingEmptySubsequences: false).enumerated()
                .map { index, field in (4...7).contains(index) ? reread(field) : String(field) }.joined(separator: ",")
        }
        return .read(size: size, events: events)
    }

    /// The inputs on which the readers disagree, each with what both made of it.
    static func disagreements(_ inputs: [(name: String, path: String)]) throws -> [String] {
        let compositor = try compositorOutcomes(inputs.map(\.path))
        return zip(inputs, compositor).compactMap { input, compositor in
            let simulator = swiftOutcome(input.path)
            guard simulator != compositor else { return nil }
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: input.path))) ?? Data()
            let text = String(decoding: bytes.prefix(600), as: UTF8.self).debugDescription
            return "\(input.name): \(text)\n  tactus-sim: \(simulator)\n  trace.c:    \(compositor)"
        }
    }

    // MARK: The inputs

    /// The trace fuzzer's seed corpus: traces generated, cut and broken.
    @Test func theReadersAgreeOnTheFuzzersSeedCorpus() throws {
        let folder = repositoryRoot + "/Tests/FuzzCorpus/trace"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files.count >= 80)
        for disagreement in try Self.disagreements(files.map { ($0, folder + "/" + $0) }) {
            Issue.record(Comment(rawValue: disagreement))
        }
    }

    /// A trace file's bytes, named for the test's report.
    struct Input: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        var testDescription: String { name }

        init(_ name: String, _ text: String) { self.init(name, bytes: Array(text.utf8)) }
        init(_ name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    static let header = #"{"tactus_trace":1,"devices":[{"id":1,"kind":"touchscreen","size_mm":[160,100],"slots":10}]}"#

    /// A trace of the usual header and `lines`.
    static func trace(_ name: String, _ lines: String...) -> Input { Input(name, ([header] + lines).joined(separator: "\n") + "\n") }

    /// A trace whose header has `devices` for its devices.
    static func devices(_ name: String, _ devices: String) -> Input {
        Input(name, #"{"tactus_trace":1,"devices":["# + devices + "]}\n" + #"{"t":1,"type":"frame","device":1}"# + "\n")
    }

    /// A trace with one event of `type` and these fields besides its time and type.
    static func event(_ type: String, _ fields: String) -> Input {
        trace("\(type) \(fields)", #"{"t":5,"type":"\#(type)""# + (fields.isEmpty ? "" : ",") + fields + "}")
    }

    /// The usual trace with `bytes` for its second line.
    static func line(_ name: String, bytes: [UInt8]) -> Input {
        Input(name, bytes: Array((header + "\n").utf8) + bytes + Array("\n{\"t\":1,\"type\":\"frame\",\"device\":1}\n".utf8))
    }

    /// Every rule of the format at its edges, and what JSON, UTF-8 and lines allow around them.
    static let inputs: [Input] = [
        Input("an empty file", ""),
        Input("blank lines only", "\n  \n\t\n"),
        Input("a header only", header + "\n"),
        Input("a header without its line break", header),
        Input("a header with no devices", #"{"tactus_trace":1,"devices":[]}"#),
        Input("a header with no devices key", #"{"tactus_trace":1}"#),
        Input("a missing header", #"{"t":1,"type":"frame","device":1}"# + "\n"),
        Input("header version 2", #"{"tactus_trace":2,"devices":[]}"#),
        Input("header version 1.0", #"{"tactus_trace":1.0,"devices":[]}"#),
        Input("header version 1e0", #"{"tactus_trace":1e0,"devices":[]}"#),
        Input("header version \"1\"", #"{"tactus_trace":"1","devices":[]}"#),
        Input("header version true", #"{"tactus_trace":true,"devices":[]}"#),
        Input("header version 1.5", #"{"tactus_trace":1.5,"devices":[]}"#),
        Input("header version huge", #"{"tactus_trace":99999999999999999999,"devices":[]}"#),
        Input("a header without its version", #"{"devices":[]}"#),
        Input("an unknown key in the header", #"{"tactus_trace":1,"devices":[],"comment":"x"}"#),
        Input("devices an object", #"{"tactus_trace":1,"devices":{}}"#),
        Input("devices null", #"{"tactus_trace":1,"devices":null}"#),
        Input("devices of numbers", #"{"tactus_trace":1,"devices":[1]}"#),
        Input("a header that is an array", "[]\n"),
        Input("a header that is a number", "5\n"),
        Input("a header that is null", "null\n"),
        devices("an unknown key in a device", #"{"id":1,"kind":"touchscreen","slot":4}"#),
        devices("a touchpad", #"{"id":1,"kind":"touchpad","name":"pad","size_mm":[100,60]}"#),
        devices("a device of another kind", #"{"id":1,"kind":"keyboard"}"#),
        devices("a device without a kind", #"{"id":1}"#),
        devices("a device whose kind is a number", #"{"id":1,"kind":1}"#),
        devices("a device without an id", #"{"kind":"touchscreen"}"#),
        devices("device id 4294967295", #"{"id":4294967295,"kind":"touchscreen"}"#),
        devices("device id 4294967296", #"{"id":4294967296,"kind":"touchscreen"}"#),
        devices("device id -1", #"{"id":-1,"kind":"touchscreen"}"#),
        devices("device id 1.5", #"{"id":1.5,"kind":"touchscreen"}"#),
        devices("device id \"1\"", #"{"id":"1","kind":"touchscreen"}"#),
        devices("slots 1e15", #"{"id":1,"kind":"touchscreen","slots":1e15}"#),
        devices("slots 0", #"{"id":1,"kind":"touchscreen","slots":0}"#),
        devices("slots 256", #"{"id":1,"kind":"touchscreen","slots":256}"#),
        devices("slots 257", #"{"id":1,"kind":"touchscreen","slots":257}"#),
        devices("slots 2.0", #"{"id":1,"kind":"touchscreen","slots":2.0}"#),
        devices("slots null", #"{"id":1,"kind":"touchscreen","slots":null}"#),
        devices("rotation 90", #"{"id":1,"kind":"touchscreen","rotation":90}"#),
        devices("rotation 45", #"{"id":1,"kind":"touchscreen","rotation":45}"#),
        devices("rotation 270.0", #"{"id":1,"kind":"touchscreen","rotation":270.0}"#),
        devices("rotation huge", #"{"id":1,"kind":"touchscreen","rotation":-99999999999999999999}"#),
        devices("flipped true", #"{"id":1,"kind":"touchscreen","flipped":true}"#),
        devices("flipped 1", #"{"id":1,"kind":"touchscreen","flipped":1}"#),
        devices("a name that is a number", #"{"id":1,"kind":"touchscreen","name":5}"#),
        devices("a name with escapes", #"{"id":1,"kind":"touchscreen","name":"\u00e9\ud83d\udc4b\t\"\/\\"}"#),
        devices("size_mm of one number", #"{"id":1,"kind":"touchscreen","size_mm":[10]}"#),
        devices("size_mm under a millimetre", #"{"id":1,"kind":"touchscreen","size_mm":[0.5,10]}"#),
        devices("size_mm 1e400", #"{"id":1,"kind":"touchscreen","size_mm":[1e400,10]}"#),
        devices("size_mm of texts", #"{"id":1,"kind":"touchscreen","size_mm":["1","2"]}"#),
        devices("output of three numbers", #"{"id":1,"kind":"touchscreen","output":[0,0,100]}"#),
        devices("output of width 0", #"{"id":1,"kind":"touchscreen","output":[0,0,0,100]}"#),
        devices("output beyond a million pixels", #"{"id":1,"kind":"touchscreen","output":[-1000001,0,10,10]}"#),
        devices("two touchscreens, the second with a size",
                #"{"id":1,"kind":"touchscreen"},{"id":2,"kind":"touchpad","size_mm":[9,9]},{"id":3,"kind":"touchscreen","size_mm":[0.1e3,5e1]}"#),
        devices("a duplicate key in a device", #"{"id":1,"kind":"touchscreen","id":2}"#),
        devices("a key with U+0000 in a device", #"{"id":1,"kind\u0000x":"touchscreen","kind":"touchpad"}"#),
        devices("a kind with U+0000", #"{"id":1,"kind":"touchscreen\u0000"}"#),

        // Every type of event, with its keys.
        event("down", #""device":1,"id":0,"x":0.25,"y":0.75"#),
        event("motion", #""device":1,"id":-3,"x":0.1,"y":1e-3"#),
        event("up", #""device":1,"id":2147483647"#),
        event("cancel", #""device":1"#),
        event("frame", #""device":1"#),
        event("swipe_begin", #""device":1,"fingers":3"#),
        event("swipe_update", #""device":1,"dx":-1.5,"dy":2"#),
        event("swipe_end", #""device":1,"cancelled":true"#),
        event("pinch_begin", #""device":1,"fingers":2"#),
        event("pinch_update", #""device":1,"dx":0,"dy":0,"scale":1.25,"angle":-7.5"#),
        event("pinch_end", #""device":1,"cancelled":false"#),
        event("hold_begin", #""device":1,"fingers":4"#),
        event("hold_end", #""device":1"#),
        event("modifiers", #""modifiers":["shift","super"]"#),
        event("modifiers", #""modifiers":[]"#),
        event("modifiers", ""),
        event("device_added", #""description":{"id":2,"kind":"touchpad"}"#),
        event("device_removed", #""device":1"#),

        // Keys: unknown, missing, repeated.
        event("frame", #""devcie":1"#),
        event("up", #""device":1,"id":0,"x":0.5"#),
        event("modifiers", #""device":1,"modifiers":[]"#),
        event("down", #""device":1,"id":0,"x":0.5"#),
        event("down", #""device":1,"x":0.5,"y":0.5"#),
        event("pinch_update", #""device":1,"dx":0,"dy":0,"scale":1"#),
        event("swipe_begin", #""device":1"#),
        event("frame", ""),
        event("frame", #""device":1,"device":1"#),
        event("frame", #""device":1,"\u0064evice":1"#),
        event("frame", #""device":1,"devi\u0000ce":1"#),
        event("frame", #""device\u0000x":1"#),
        trace("an event without a time", #"{"type":"frame","device":1}"#),
        trace("an event without a type", #"{"t":1,"device":1}"#),
        trace("a repeated time", #"{"t":1,"t":2,"type":"frame","device":1}"#),
        trace("an unknown type", #"{"t":1,"type":"tap","device":1}"#),
        trace("a type that is a number", #"{"t":1,"type":5,"device":1}"#),
        trace("a type with U+0000", #"{"t":1,"type":"frame\u0000","device":1}"#),
        trace("an empty object", "{}"),

        // Numbers out of their ranges, or of the wrong kind.
        event("down", #""device":1,"id":4294967296,"x":0.5,"y":0.5"#),
        event("down", #""device":1,"id":-2147483648,"x":0.5,"y":0.5"#),
        event("down", #""device":1,"id":-2147483649,"x":0.5,"y":0.5"#),
        event("down", #""device":1,"id":1.5,"x":0.5,"y":0.5"#),
        event("down", #""device":1,"id":2.0,"x":0.5,"y":0.5"#),
        event("down", #""device":1,"id":"1","x":0.5,"y":0.5"#),
        event("down", #""device":1,"id":0,"x":1e400,"y":0"#),
        event("down", #""device":1,"id":0,"x":1e-400,"y":-0.0"#),
        event("down", #""device":1,"id":0,"x":99999999999999999999,"y":-99999999999999999999"#),
        event("down", #""device":1,"id":0,"x":18446744073709551615,"y":-9223372036854775808"#),
        event("down", #""device":1,"id":0,"x":9007199254740993,"y":1.7976931348623157e308"#),
        event("down", #""device":1,"id":0,"x":0.1,"y":1E2"#),
        event("down", #""device":1,"id":0,"x":123456789012345678,"y":1234567890123456789"#),
        event("down", #""device":1,"id":0,"x":1e-99999999999999999999,"y":0e99999"#),
        event("down", #""device":1,"id":0,"x":1"# + String(repeating: "0", count: 400) + #","y":0"#),
        event("down", #""device":1,"id":0,"x":null,"y":0"#),
        event("down", #""device":1,"id":0,"x":true,"y":0"#),
        event("down", #""device":1,"id":0,"x":"0.5","y":0"#),
        event("down", #""device":1,"id":0,"x":NaN,"y":0"#),
        event("down", #""device":1,"id":0,"x":Infinity,"y":0"#),
        event("down", #""device":1,"id":0,"x":-Infinity,"y":0"#),
        event("frame", #""device":-1"#),
        event("frame", #""device":4294967295"#),
        event("frame", #""device":4294967296"#),
        event("frame", #""device":1e0"#),
        event("swipe_begin", #""device":1,"fingers":1e15"#),
        event("swipe_begin", #""device":1,"fingers":0"#),
        event("swipe_begin", #""device":1,"fingers":256"#),
        event("hold_begin", #""device":1,"fingers":257"#),
        event("pinch_begin", #""device":1,"fingers":3.0"#),
        event("pinch_update", #""device":1,"dx":0,"dy":0,"scale":"2","angle":0"#),
        event("swipe_end", #""device":1,"cancelled":1"#),
        event("pinch_end", #""device":1,"cancelled":0"#),
        event("hold_end", #""device":1,"cancelled":"true""#),
        event("hold_end", #""device":1,"cancelled":null"#),
        event("modifiers", #""modifiers":["hyper"]"#),
        event("modifiers", #""modifiers":"shift""#),
        event("modifiers", #""modifiers":[1]"#),
        event("modifiers", #""modifiers":["shift\u0000"]"#),
        event("device_added", ""),
        event("device_added", #""description":[]"#),
        event("device_added", #""description":{"id":2,"kind":"mouse"}"#),
        event("device_added", #""description":{"id":2,"kind":"touchpad","colour":"red"}"#),
        trace("t 1e30", #"{"t":1e30,"type":"frame","device":1}"#),
        trace("t -1", #"{"t":-1,"type":"frame","device":1}"#),
        trace("t -0", #"{"t":-0,"type":"frame","device":1}"#),
        trace("t 1e3", #"{"t":1e3,"type":"frame","device":1}"#),
        trace("t 1.5", #"{"t":1.5,"type":"frame","device":1}"#),
        trace("t \"1\"", #"{"t":"1","type":"frame","device":1}"#),
        trace("t beyond 24 days", #"{"t":2147483648000,"type":"frame","device":1}"#),
        trace("t 2^53", #"{"t":9007199254740992,"type":"frame","device":1}"#),
        trace("t -2^53", #"{"t":-9007199254740992,"type":"frame","device":1}"#),
        trace("t 2^53 + 1", #"{"t":9007199254740993,"type":"frame","device":1}"#),
        trace("t 2^53 as a fraction", #"{"t":9007199254740992.0,"type":"frame","device":1}"#),
        trace("t 2^53 + 1 as a fraction", #"{"t":9007199254740993.0,"type":"frame","device":1}"#),
        trace("t Int64.max", #"{"t":9223372036854775807,"type":"frame","device":1}"#),
        trace("t beyond UInt64", #"{"t":99999999999999999999,"type":"frame","device":1}"#),

        // JSON itself.
        trace("a trailing comma in an object", #"{"t":1,"type":"frame","device":1,}"#),
        trace("a trailing comma in an array", #"{"t":1,"type":"modifiers","modifiers":["shift",]}"#),
        trace("a word after the object", #"{"t":1,"type":"frame","device":1} x"#),
        trace("two objects on a line", #"{"t":1,"type":"frame","device":1}{"t":2,"type":"frame","device":1}"#),
        trace("spaces and tabs around", " \t{ \"t\" : 1 ,\t\"type\" : \"frame\" , \"device\" : 1 } \t"),
        trace("a form feed after the object", "{\"t\":1,\"type\":\"frame\",\"device\":1}\u{0C}"),
        trace("single quotes", "{'t':1,'type':'frame','device':1}"),
        trace("true as TRUE", #"{"t":1,"type":"swipe_end","device":1,"cancelled":TRUE}"#),
        trace("true cut short", #"{"t":1,"type":"swipe_end","device":1,"cancelled":tru}"#),
        trace("true run on", #"{"t":1,"type":"swipe_end","device":1,"cancelled":truex}"#),
        trace("a number 01", #"{"t":01,"type":"frame","device":1}"#),
        trace("a number 1.", #"{"t":1.,"type":"frame","device":1}"#),
        trace("a number .5", #"{"t":.5,"type":"frame","device":1}"#),
        trace("a number +1", #"{"t":+1,"type":"frame","device":1}"#),
        trace("a number 1e", #"{"t":1e,"type":"frame","device":1}"#),
        trace("a number 0x10", #"{"t":0x10,"type":"frame","device":1}"#),
        trace("a number -", #"{"t":-,"type":"frame","device":1}"#),
        trace("a string not ended", #"{"t":1,"type":"frame"#),
        trace("a bad escape", #"{"t":1,"type":"fr\xame","device":1}"#),
        trace("a short \\u escape", #"{"t":1,"type":"fr\u61","device":1}"#),
        trace("an escaped type", #"{"t":1,"type":"\u0066rame","device":1}"#),
        trace("a lone high surrogate", #"{"t":1,"type":"modifiers","modifiers":["\ud800"]}"#),
        trace("a lone low surrogate", #"{"t":1,"type":"modifiers","modifiers":["\udc00"]}"#),
        trace("a high surrogate before a letter", #"{"t":1,"type":"modifiers","modifiers":["\ud800\u0041"]}"#),
        trace("a surrogate pair", #"{"t":1,"type":"modifiers","modifiers":["\ud83d\udc4b"]}"#),
        trace("a raw tab in a string", "{\"t\":1,\"type\":\"frame\t\",\"device\":1}"),
        trace("a raw DEL in a string", "{\"t\":1,\"type\":\"frame\u{7F}\",\"device\":1}"),
        trace("nested 64 deep", #"{"t":1,"type":"modifiers","modifiers":"# + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "}"),
        trace("nested 65 deep", #"{"t":1,"type":"modifiers","modifiers":"# + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "}"),
        trace("nested 100 000 deep", #"{"t":1,"x":"# + String(repeating: "[", count: 100_000)),
        trace("a NUL byte after the object", "{\"t\":1,\"type\":\"frame\",\"device\":1}\u{0}"),
        line("a NUL byte alone", bytes: [0]),

        // Lines, line ends, encodings.
        Input("CRLF line ends", [header, #"{"t":1,"type":"frame","device":1}"#, #"{"t":2,"type":"frame","device":1}"#].joined(separator: "\r\n") + "\r\n"),
        Input("a CRLF header alone", header + "\r\n"),
        Input("a CRLF blank line", header + "\n\r\n" + #"{"t":1,"type":"frame","device":1}"# + "\n"),
        Input("CR CR LF", header + "\r\r\n" + #"{"t":1,"type":"frame","device":1}"# + "\r\r\n"),
        Input("a CR inside a line", header + "\n{\"t\":1,\"type\":\"frame\",\r\"device\":1}\n"),
        Input("CR alone between lines", header + "\r" + #"{"t":1,"type":"frame","device":1}"#),
        Input("blank lines between", "\n\n" + header + "\n   \n\t\n" + #"{"t":1,"type":"frame","device":1}"# + "\n\n"),
        Input("a byte order mark first", "\u{FEFF}" + header + "\n"),
        Input("a byte order mark, then a blank line", "\u{FEFF}\n" + header + "\n"),
        Input("two byte order marks", "\u{FEFF}\u{FEFF}" + header + "\n"),
        Input("a byte order mark on line 2", header + "\n\u{FEFF}" + #"{"t":1,"type":"frame","device":1}"# + "\n"),
        line("a line of U+00A0", bytes: Array("\u{A0}\u{A0}".utf8)),
        line("a line of U+200B", bytes: Array("\u{200B}".utf8)),
        line("a line of U+3000", bytes: Array("\u{3000} ".utf8)),
        line("a line of U+1680 and U+205F", bytes: Array("\u{1680}\u{205F}\u{202F}".utf8)),
        line("a line of U+180E", bytes: Array("\u{180E}".utf8)),
        line("a line of U+2028", bytes: Array("\u{2028}".utf8)),
        line("a line of U+0085", bytes: Array("\u{85}".utf8)),
        line("a line of U+FEFF", bytes: Array("\u{FEFF}".utf8)),
        line("a line of a vertical tab", bytes: [0x0B]),
        line("a line of a form feed", bytes: [0x0C]),
        line("a line of 0xFF", bytes: [0xFF]),
        line("an overlong slash", bytes: [0xC0, 0xAF]),
        line("an encoded surrogate", bytes: [0xED, 0xA0, 0x80]),
        line("a code point beyond U+10FFFF", bytes: [0xF4, 0x90, 0x80, 0x80]),
        line("a sequence cut short", bytes: [0xE2, 0x82]),
        line("a lone continuation byte in a string", bytes: Array(#"{"t":1,"type":"frame","device":1,"x":""#.utf8) + [0x80, 0x22, 0x7D]),
        line("Latin-1 text", bytes: Array("{\"t\":1,\"type\":\"caf".utf8) + [0xE9] + Array("\",\"device\":1}".utf8)),
        devices("a header of as many devices as a trace may have", (1...Trace.maximumDevices).map(touchpad).joined(separator: ",")),
        devices("a header of one device more", (1...Trace.maximumDevices + 1).map(touchpad).joined(separator: ",")),
        devices("a header of one device more, the last a repeated id",
                ((1...Trace.maximumDevices).map(touchpad) + [touchpad(1)]).joined(separator: ",")),
        Input("a device added beyond the limit", header(touchpads: Trace.maximumDevices) + "\n" + added(9999) + "\n"),
        Input("a device removed, then one added in its place",
              header(touchpads: Trace.maximumDevices) + "\n" + #"{"t":5,"type":"device_removed","device":3}"# + "\n" + added(9999) + "\n"),
        line("a line as long as a line may be", bytes: Array(padded(to: Trace.maximumLineBytes).utf8)),
        line("a line a byte longer", bytes: Array(padded(to: Trace.maximumLineBytes + 1).utf8)),
        Input("a bad line, then a line too long further on",
              [header, #"{"t":5,"type":"jump","device":1}"#, #"{"t":5,"type":"frame","device":1}"#,
               padded(to: Trace.maximumLineBytes + 1)].joined(separator: "\n") + "\n"),
        Input("a line too long, then a byte that is no UTF-8 further on",
              bytes: Array(([header, padded(to: Trace.maximumLineBytes + 1), ""].joined(separator: "\n")).utf8) + [0xFF, 0x0A]),
        Input("a sequence cut at the end of the file", bytes: Array((header + "\n").utf8) + [0xE2, 0x82]),
    ]

    /// A touchpad's description, of id `id`.
    static func touchpad(_ id: Int) -> String { #"{"id":\#(id),"kind":"touchpad"}"# }

    /// A header of touchpads 1 to `count`.
    static func header(touchpads count: Int) -> String {
        #"{"tactus_trace":1,"devices":["# + (1...count).map(touchpad).joined(separator: ",") + "]}"
    }

    /// A device_added of touchpad `id`.
    static func added(_ id: Int) -> String { #"{"t":5,"type":"device_added","description":\#(touchpad(id))}"# }

    /// A frame event padded with spaces to `length` bytes: one of the format's longest lines, or longer.
    static func padded(to length: Int) -> String {
        let event = #"{"t":5,"type":"frame","device":1}"#
        return String(event.dropLast()) + String(repeating: " ", count: length - event.count) + "}"
    }

    @Test(arguments: inputs)
    func theReadersAgree(on input: Input) throws {
        let path = NSTemporaryDirectory() + "tactus-agreement-\(getpid())-\(UUID().uuidString).jsonl"
        try Data(input.bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for disagreement in try Self.disagreements([(input.name, path)]) {
            Issue.record(Comment(rawValue: disagreement))
        }
    }
}

/// trace-read (Tests/TraceAgreement/trace-read.c), built by scripts/lib/build-trace-read once per process: a test run
/// alone builds what it runs.
enum TraceRead {
    static var path: String {
        get throws { try built.get() }
    }

    private static let built = Result { () throws(ProgramFailure) -> String in try programBuilt(byScript: "build-trace-read") }
}
