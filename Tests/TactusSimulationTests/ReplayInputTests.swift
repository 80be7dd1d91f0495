// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TactusSimulation

/// `tactus-sim replay` with the input a newcomer gives it: the wrong kind of file gets a hint, standard input is
/// read for `-`, and a size it has to assume is said.
@Suite struct ReplayInputTests {
    static let recording = EvemuTests.description + "\n" + """
    E: 0.000001 0003 0039 0007
    E: 0.000001 0003 0035 0500
    E: 0.000001 0003 0036 0250
    E: 0.000001 0000 0000 0000
    E: 0.060000 0003 0039 -001
    E: 0.060000 0000 0000 0000
    """

    /// `tactus-sim replay` with `input` on its standard input (`CommandLineTests.launch`).
    static func replay(_ arguments: [String], input: String = "") throws -> (status: Int32, output: String, errors: String) {
        try CommandLineTests.launch(["replay"] + arguments, input: input)
    }

    /// A generated one-finger tap, as `tactus-sim generate tap` writes it.
    static let tapTrace = Generator(options: GeneratorOptions()).trace(for: .tap(fingers: 1, count: 1, interval: 150)).jsonLines

    static func generatedTap() throws -> String {
        try CommandLineTests.temporaryFile("tap.jsonl", tapTrace)
    }

    @Test func aTraceGivenAsEvemuGetsAHint() throws {
        let path = try Self.generatedTap()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, _, errors) = try Self.replay(["--evemu", path])
        #expect(status == 2)
        #expect(errors.contains("\(path): this is a trace, not an evemu recording: use --trace"), "\(errors)")
    }

    @Test func anEvemuRecordingGivenAsATraceGetsAHint() throws {
        let path = try CommandLineTests.temporaryFile("tap.events", Self.recording)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, _, errors) = try Self.replay(["--trace", path])
        #expect(status == 2)
        #expect(errors.contains("\(path): this is an evemu recording, not a trace: use --evemu"), "\(errors)")
    }

    @Test func anEvemuRecordingWithoutADescriptionAsksForOne() throws {
        let events = Self.recording.split(separator: "\n").filter { $0.hasPrefix("E:") }.joined(separator: "\n")
        let (status, _, errors) = try Self.replay(["--evemu", "-"], input: events)
        #expect(status == 2)
        #expect(errors.contains("<stdin>: no description of the device (its N: and A: lines): give --desc"), "\(errors)")
    }

    /// Recordings carry no physical size: the one assumed is said once, and not when --size gives it.
    @Test func aReplayThatAssumesASizeSaysSoOnce() throws {
        let assumed = try Self.replay(["--evemu", "-", "--summary"], input: Self.recording)
        #expect(assumed.status == 0, "\(assumed.errors)")
        #expect(assumed.errors == "tactus-sim: assuming a 250x160mm touchscreen; give --size\n")
        #expect(assumed.output.contains(#""gesture":"tap""#), "\(assumed.output)")
        let given = try Self.replay(["--evemu", "-", "--size", "100x50mm", "--summary"], input: Self.recording)
        #expect(given.status == 0)
        #expect(given.errors.isEmpty, "\(given.errors)")
    }

    @Test func aTraceIsReadFromStandardInput() throws {
        let (status, output, errors) = try Self.replay(["--trace", "-", "--summary"], input: Self.tapTrace)
        #expect(status == 0, "\(errors)")
        #expect(output.contains(#""name":"tap_1x1f","phase":"recognized""#), "\(output)")
    }
}
