// SPDX-License-Identifier: MIT
import Foundation
import TactusTrace
import Testing
import TactusCore
@testable import TactusSimulation

/// A trace is read as written or refused with its file and line: never a trap, a huge allocation or a skipped key.
@Suite struct TraceReaderTests {
    static let header = #"{"tactus_trace":1,"devices":[{"id":1,"kind":"touchscreen","slots":10}]}"#

    /// What reading `lines` says, or nil when it reads.
    func complaint(_ lines: String...) -> String? {
        do {
            _ = try Trace(jsonLines: lines.joined(separator: "\n"), source: "t.jsonl")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: [
        (#"{"t":100,"type":"down","device":1,"id":4294967296,"x":0.5,"y":0.5}"#,
         #"t.jsonl:2: "id" must be a whole number within -2147483648…2147483647"#),
        (#"{"t":1e30,"type":"frame","device":1}"#, #"t.jsonl:2: "t" must be a whole number within -9007199254740992…9007199254740992"#),
        (#"{"t":9223372036854775807,"type":"frame","device":1}"#,
         #"t.jsonl:2: "t" must be a whole number within -9007199254740992…9007199254740992"#),
        (#"{"t":1,"type":"frame","device":-1}"#, #"t.jsonl:2: "device" must be a whole number within 0…4294967295"#),
        (#"{"t":1,"type":"down","device":1,"id":0,"x":1e400,"y":0}"#, #"t.jsonl:2: "x" must be a finite number"#),
        (#"{"t":1,"type":"swipe_begin","device":1,"fingers":1e15}"#, #"t.jsonl:2: "fingers" must be a whole number within 1…256"#),
        (#"{"t":1,"type":"pinch_update","device":1,"dx":0,"dy":0,"scale":"2","angle":0}"#, #"t.jsonl:2: "scale" must be a number"#),
        (#"{"t":1,"type":"swipe_end","device":1,"cancelled":1}"#, #"t.jsonl:2: "cancelled" must be true or false"#),
    ])
    func anEventWithAValueOutOfItsRangeIsRefusedAtItsLine(event: String, complaint expected: String) {
        #expect(complaint(Self.header, event) == expected)
    }

    @Test(arguments: [
        (#"{"tactus_trace":1,"devices":[{"id":1,"kind":"touchscreen","slots":1e15}]}"#,
         #"t.jsonl:1 devices[0]: "slots" must be a whole number within 1…256"#),
        (#"{"tactus_trace":1,"devices":[{"id":1,"kind":"touchscreen","slots":0}]}"#,
         #"t.jsonl:1 devices[0]: "slots" must be a whole number within 1…256"#),
        (#"{"tactus_trace":1,"devices":[{"id":4294967296,"kind":"touchscreen"}]}"#,
         #"t.jsonl:1 devices[0]: "id" must be a whole number within 0…4294967295"#),
        (#"{"tactus_trace":1,"devices":[{"id":1,"kind":"touchscreen","size_mm":[1e400,10]}]}"#,
         #"t.jsonl:1 devices[0]: "size_mm" must be [width, height], each within 1…1000000"#),
        (#"{"tactus_trace":1,"devices":[{"id":1,"kind":"touchscreen","output":[0,0,100]}]}"#,
         #"t.jsonl:1 devices[0]: "output" must be [x, y, width, height], each within -1000000…1000000"#),
    ])
    func aDeviceWithAValueOutOfItsRangeIsRefusedAtItsLine(header: String, complaint expected: String) {
        #expect(complaint(header, #"{"t":1,"type":"frame","device":1}"#) == expected)
    }

    @Test func anUnknownKeyIsNamedWithItsLine() {
        #expect(complaint(Self.header, #"{"t":1,"type":"frame","device":1}"#, #"{"t":2,"type":"frame","devcie":1}"#)
            == #"t.jsonl:3: unknown key "devcie" (expected one of device, t, type)"#)
        #expect(complaint(Self.header, #"{"t":1,"type":"up","device":1,"id":0,"x":0.5}"#)
            == #"t.jsonl:2: unknown key "x" (expected one of device, id, t, type)"#)
        #expect(complaint(#"{"tactus_trace":1,"devices":[],"comment":"x"}"#)
            == #"t.jsonl:1: unknown key "comment" (expected one of devices, tactus_trace)"#)
        #expect(complaint(#"{"tactus_trace":1,"devices":[{"id":1,"kind":"touchscreen","slot":4}]}"#)?
            .hasPrefix(#"t.jsonl:1 devices[0]: unknown key "slot" (expected one of "#) == true)
    }

    @Test func aLineThatIsNotJSONIsRefusedAtItsLine() {
        #expect(complaint(Self.header, #"{"t":1,"type":"frame","device":1,}"#)?.hasPrefix("t.jsonl:2: not a JSON object") == true)
        #expect(complaint(Self.header, #"{"t":1,"type":"frame","device":1,"t":2}"#) == #"t.jsonl:2: "t" is given twice"#)
        #expect(complaint(Self.header, String(repeating: "[", count: 60_000))?.hasPrefix("t.jsonl:2: not a JSON object") == true)
    }

    /// JSON Lines ends a line with "\n" or "\r\n". The reader split at Swift's Characters, where "\r\n" is one and
    /// no "\n": a CRLF trace was one line, refused at line 2 ("more follows the object"), and the complaint about a
    /// CRLF blank line named the line after it.
    @Test func linesMayEndWithCRLF() throws {
        let lines = [Self.header, #"{"t":1,"type":"frame","device":1}"#, #"{"t":2,"type":"frame","device":1}"#]
        let crlf = try Trace(jsonLines: lines.joined(separator: "\r\n") + "\r\n", source: "t.jsonl")
        #expect(crlf == (try Trace(jsonLines: lines.joined(separator: "\n"), source: "t.jsonl")))
        #expect(crlf.events.count == 2)
        #expect(complaint(Self.header, " \r", #"{"t":1,"type":"frame","devcie":1}"#)?.hasPrefix("t.jsonl:3: unknown key") == true)
        #expect(complaint(Self.header + "\r\n" + #"{"t":1,"type":"frame","device":1} x"#)?.hasPrefix("t.jsonl:2: not a JSON object") == true)
    }

    @Test func escapesAreReadAsRFC8259DefinesThem() throws {
        let header = #"{"tactus_trace":1,"devices":[{"id":1,"kind":"touchscreen","name":"\u00e9\ud83d\udc4b\t\"\/\\"}]}"#
        #expect(try Trace(jsonLines: header, source: "t.jsonl").devices.first?.name == "é👋\t\"/\\")
        #expect(complaint(#"{"tactus_trace":1,"devices":[{"id":1,"kind":"touchscreen","name":"\ud800"}]}"#)
            == "t.jsonl:1: not a JSON object: a surrogate without its pair")
        #expect(complaint("{\"tactus_trace\":1,\"devices\":[{\"id\":1,\"kind\":\"touchscreen\",\"name\":\"a\u{1}b\"}]}")
            == "t.jsonl:1: not a JSON object: a control character in a text must be escaped")
    }

    @Test func wholeNumbersAreReadExactly() throws {
        let trace = try Trace(jsonLines: Self.header + "\n" + #"{"t":9007199254740991,"type":"frame","device":1}"#, source: "t.jsonl")
        #expect(trace.events.first?.time == Timestamp(microseconds: 9_007_199_254_740_991))
    }

    @Test func aGeneratedTraceWrittenAndReadBackIsWrittenTheSame() throws {
        var options = GeneratorOptions()
        options.transform = DeviceTransform(rotation: .quarter, flipped: true)
        for gesture in [GeneratedGesture.pinch(fingers: 3, startSpan: 20, endSpan: 40, duration: 300),
                        .touchpadPinch(fingers: 2, scale: 2, degrees: 30, duration: 200)] {
            let trace = Generator(options: options).trace(for: gesture)
            #expect(try Trace(jsonLines: trace.jsonLines, source: "g.jsonl").jsonLines == trace.jsonLines)
        }
    }
}
