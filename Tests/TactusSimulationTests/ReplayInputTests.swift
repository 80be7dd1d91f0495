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

    @Test func aLibinputRecordingIsReplayedFromStandardInputWithItsOwnSize() throws {
        let (status, output, errors) = try Self.replay(["--libinput-record", "-"], input: LibinputRecordTests.recording)
        #expect(status == 0, "\(errors)")
        // The keyboard is said once and left out; the touchscreen's resolution gives its size, so none is assumed.
        #expect(errors == "tactus-sim: leaving out /dev/input/event4 (AT Translated Set 2 keyboard): it reports no touch positions\n")
        #expect(output.contains(#""name":"drag_1f","phase":"ended""#), "\(output)")
    }

    @Test func aTouchpadsRecordingSaysHowItIsReplayed() throws {
        let touchpad = LibinputRecordTests.recording.replacingOccurrences(of: "- ID_INPUT_TOUCHSCREEN=1", with: "- ID_INPUT_TOUCHPAD=1")
        let (status, _, errors) = try Self.replay(["--libinput-record", "-", "--summary"], input: touchpad)
        #expect(status == 0, "\(errors)")
        #expect(errors.contains("tactus-sim: /dev/input/event5 (Hand-written touchscreen) is a touchpad: its fingers replay as "
                                + "touches on a touchscreen of its size, not as libinput's touchpad gestures\n"), "\(errors)")
    }

    @Test func aLibinputRecordingGivenAsAnotherFormatGetsAHint() throws {
        let path = try CommandLineTests.temporaryFile("recording.yml", LibinputRecordTests.recording)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for option in ["--evemu", "--trace"] {
            let (status, _, errors) = try Self.replay([option, path])
            #expect(status == 2)
            #expect(errors.contains("\(path): this is a libinput recording, not \(option == "--evemu" ? "an evemu recording" : "a trace"): use --libinput-record"),
                    "\(errors)")
        }
        let (status, _, errors) = try Self.replay(["--libinput-record", "-"], input: Self.recording)
        #expect(status == 2)
        #expect(errors.contains("<stdin>: this is an evemu recording, not a libinput recording: use --evemu"), "\(errors)")
    }

    @Test func aLibinputRecordingWithoutATouchDeviceIsAClearError() throws {
        let keyboard = LibinputRecordTests.recording.components(separatedBy: "- node: /dev/input/event5")[0]
            .replacingOccurrences(of: "ndevices: 2", with: "ndevices: 1")
        let (status, output, errors) = try Self.replay(["--libinput-record", "-"], input: keyboard)
        #expect(status == 2)
        #expect(output.isEmpty)
        #expect(errors == "tactus-sim: <stdin>: unsupported device: no device in it reports touch positions (ABS_MT_POSITION_X/Y or ABS_X/Y)\n")
    }
}
