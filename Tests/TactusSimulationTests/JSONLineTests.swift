// SPDX-License-Identifier: MIT
import Foundation
import JSONLines
import TactusTrace
import Testing
import TactusCore
@testable import TactusSimulation

/// What the simulator writes is JSON by RFC 8259 whatever text it carries: gesture names, device names, commands.
@Suite struct JSONLineTests {
    /// Every control character, then quotes, backslashes and text beyond ASCII.
    static let texts = [
        String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init))),
        #"say "hi" to C:\path\ and \"#,
        "Zürich → 東京, 👋🏽, \u{7F}\u{2028}",
    ]

    @Test func everyTextIsEscapedSoThatAStrictParserReadsItBack() throws {
        var line = JSONLine()
        for (index, text) in Self.texts.enumerated() {
            line.add("text\(index)", text)
            line.add(text, index)
        }
        line.add("texts", strings: Self.texts)
        #expect(!line.text.unicodeScalars.contains { $0.value < 0x20 })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any])
        for (index, text) in Self.texts.enumerated() {
            #expect(object["text\(index)"] as? String == text)
            #expect(object[text] as? Int == index)
        }
        #expect(object["texts"] as? [String] == Self.texts)
    }

    @Test func controlCharactersTakeTheirShortFormsOrSixCharacters() {
        var line = JSONLine()
        line.add("k", "\u{0}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F}\"\\/")
        #expect(line.text == #"{"k":"\u0000\b\t\n\u000b\f\r\u001f\"\\/"}"#)
    }

    @Test func aGestureNamedWithControlCharactersIsReportedAsJSON() throws {
        let session = Session()
        let name = Self.texts.joined()
        session.attach(name, GestureSpecification(kind: .tap).gesture)
        session.feed(Generator(options: GeneratorOptions()).trace(for: .tap(fingers: 1, count: 1, interval: 150)))
        let lines = Report.jsonLines(session).split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["name"] as? String == name)
        }
    }

    @Test func aTraceWithControlCharactersInADeviceNameReadsBack() throws {
        let device = DeviceDescription(id: DeviceID(3), kind: .touchscreen, name: Self.texts.joined())
        let trace = Trace(devices: [device], events: [(Timestamp(microseconds: 5), .touchFrame(DeviceID(3)))])
        for line in trace.jsonLines.split(separator: "\n") {
            _ = try JSONSerialization.jsonObject(with: Data(line.utf8))
        }
        #expect(try Trace(jsonLines: trace.jsonLines, source: "names.jsonl") == trace)
    }
}

/// Numbers too: whatever a Double holds is written as a JSON number, or null when it is none.
@Suite struct JSONLineNumberTests {
    @Test(arguments: [0, 0.5, -1.25, 1e15, -1e15, 123_456_789_012_345.5, 2.5e20, 1e308, -Double.greatestFiniteMagnitude, 5e-324])
    func aFiniteNumberIsWrittenAsAJSONNumber(_ value: Double) throws {
        var line = JSONLine()
        line.add("n", value)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any])
        let read = try #require(object["n"] as? NSNumber).doubleValue
        #expect(abs(read - value) <= max(abs(value) * 1e-15, 1e-6), "\(line.text)")
    }

    @Test func aNumberThatIsNoneIsWrittenAsNull() {
        var line = JSONLine()
        line.add("n", [Double.nan, .infinity, -.infinity])
        #expect(line.text == #"{"n":[null,null,null]}"#)
    }
}
