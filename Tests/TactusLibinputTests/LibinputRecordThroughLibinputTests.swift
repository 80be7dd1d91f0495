// SPDX-License-Identifier: MIT
import Foundation
import Testing
import RepositoryPrograms

/// What a user attaches to a libinput bug report: `libinput record` itself (Debian's libinput-tools) records an
/// emulated touchscreen under umockdev, and `tactus-sim replay --libinput-record` replays the recording with the
/// gestures and values that replaying the original evemu recording gives.
@Suite(.serialized) struct LibinputRecordThroughLibinputTests {
    /// Runs `libinput record` on the testbed's device until the recording holds every report the testbed plays (one
    /// more than `reports`, for the lead-in; the tool comments each with "---- SYN_REPORT (0) ----"), then stops it as
    /// a user does, with Ctrl+C, and returns the recording.
    static func record(_ testbed: Testbed, reports: Int) throws -> String {
        let output = testbed.folder + "/recording.yml"
        // The tool writes each frame as it comes; a minute is far beyond the recordings' few seconds.
        let script = """
            \(testbed.program) record -o \(output) \(testbed.node) & tool=$!; \
            for i in $(seq 600); do [ "$(grep -c -- '- SYN_REPORT (0) -' \(output) 2>/dev/null)" -gt \(reports) ] && break; sleep 0.1; done; \
            kill -INT $tool; wait $tool
            """
        _ = try testbed.run(script: script)
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    /// How many reports (SYN_REPORT events: type 0, code 0) an evemu recording holds.
    static func reports(in events: String) -> Int {
        events.split(separator: "\n").filter { line in
            let fields = line.split(whereSeparator: \.isWhitespace)
            return fields.count >= 5 && fields[0] == "E:" && Int(fields[2], radix: 16) == 0 && Int(fields[3], radix: 16) == 0
        }.count
    }

    /// `tactus-sim replay` with `arguments`: its summary lines and what it said on standard error.
    static func replay(_ arguments: [String]) throws -> (lines: [String], errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Artifact.simulator.path)
        process.arguments = ["replay", "--summary"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(said)")
        return (lines.split(separator: "\n").map(String.init), said)
    }

    /// A summary line without its time: the recording's clock starts with the testbed's lead-in, evemu's with the touch.
    static func timeless(_ line: String) throws -> NSDictionary {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object.removeValue(forKey: "time_us") != nil)
        return object as NSDictionary
    }

    @Test(arguments: [("EP0430M09.4-finger-drag-down", "EP0430M09"),
                      ("Atmel maXTouch Touchscreen.4-finger-drag-down", "Atmel maXTouch Touchscreen")])
    func aRecordingOfLibinputRecordReplaysAsTheEvemuRecordingItWasMadeFrom(recording: String, device: String) throws {
        let (events, description) = try RecordingThroughLibinputTests.touchscreen(recording, device)
        let folder = RecordingThroughLibinputTests.corpus + "/touchscreens/"
        let testbed = try Testbed(description: description, kind: .touchscreen, events: events, program: .libinputTool)
        let yaml = try Self.record(testbed, reports: Self.reports(in: events))
        #expect(yaml.hasPrefix("# libinput record\nversion: 1\n"))
        let file = testbed.folder + "/recording.yml"

        let fromLibinput = try Self.replay(["--libinput-record", file, "--size", "100x60mm"])
        let fromEvemu = try Self.replay(["--evemu", folder + recording + ".events", "--desc", folder + device + ".desc",
                                         "--size", "100x60mm"])
        #expect(fromLibinput.lines.contains { $0.contains("\"name\":\"drag_4f\",\"phase\":\"ended\"") }, "\(fromLibinput.lines)")
        #expect(try fromLibinput.lines.map(Self.timeless) == fromEvemu.lines.map(Self.timeless))
        #expect(fromLibinput.errors.isEmpty, "\(fromLibinput.errors)")
    }

    @Test func withoutASizeTheRecordingsResolutionGivesIt() throws {
        // EP0430M09's axes, 1280 × 768 units, at 8 units per millimetre: a 160 × 96 mm screen, said by the recording.
        let (events, description) = try RecordingThroughLibinputTests.touchscreen("EP0430M09.4-finger-drag-down", "EP0430M09")
        let resolved = description.replacingOccurrences(of: "A: 35 0 1279 0 0", with: "A: 35 0 1279 0 0 8")
            .replacingOccurrences(of: "A: 36 0 767 0 0", with: "A: 36 0 767 0 0 8")
        #expect(resolved != description)
        let testbed = try Testbed(description: resolved, kind: .touchscreen, events: events, program: .libinputTool)
        let yaml = try Self.record(testbed, reports: Self.reports(in: events))
        #expect(yaml.contains("53: [0, 1279, 0, 0, 8]"), "\(yaml.prefix(3000))")

        let replayed = try Self.replay(["--libinput-record", testbed.folder + "/recording.yml"])
        let sized = try Self.replay(["--libinput-record", testbed.folder + "/recording.yml", "--size", "159.875x95.875mm"])
        #expect(replayed.errors.isEmpty, "no size is assumed: \(replayed.errors)")
        #expect(replayed.lines == sized.lines)
    }
}
