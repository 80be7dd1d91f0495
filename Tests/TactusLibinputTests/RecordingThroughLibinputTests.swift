// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TactusCore
@testable import TactusSimulation
import RepositoryPrograms

/// Shared recordings through the real libinput (under umockdev) give what the simulator's direct replay gives.
/// umockdev-run must be installed (scripts/test installs it); without it these tests fail, they never skip.
@Suite(.serialized) struct RecordingThroughLibinputTests {
    static let corpus = ProcessInfo.processInfo.environment["TACTUS_EVEMU_CORPUS"]
        ?? (repositoryRoot as NSString).deletingLastPathComponent + "/shared/data/evemu"

    /// A shared touchscreen recording and its device's description.
    static func touchscreen(_ recording: String, _ device: String) throws -> (events: String, description: String) {
        let folder = corpus + "/touchscreens/"
        return (try String(contentsOfFile: folder + recording + ".events", encoding: .utf8),
                try String(contentsOfFile: folder + device + ".desc", encoding: .utf8))
    }

    @Test func umockdevIsInstalled() throws {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/umockdev-run"))
        let preload = try Artifact.umockdevPreload.path
        #expect(FileManager.default.fileExists(atPath: preload))
    }

    /// Times as umockdev reads them: unpadded microseconds, and a second whose low byte is a space (0x20, which
    /// umockdev's scanf would swallow) told as the second before and a million microseconds more.
    @Test func timesAreWrittenAsUmockdevReadsThem() {
        #expect(Testbed.umockdevTime(100.05) == "100.50000")
        #expect(Testbed.umockdevTime(288.000_25) == "287.1000250")
        #expect(Testbed.umockdevTime(289.5) == "289.500000")
    }

    /// A run that hangs fails its test, naming umockdev-run, instead of holding CI until CI's own limit.
    @Test func aHungTestbedRunIsEndedAndNamesUmockdev() throws {
        let (events, description) = try Self.touchscreen("EP0430M09.4-finger-drag-down", "EP0430M09")
        let testbed = try Testbed(description: description, kind: .touchscreen, events: events)
        let started = Testbed.monotonicNow()
        let error = #expect(throws: Testbed.Timeout.self) { try testbed.run(script: "sleep 600", limit: 2) }
        #expect(Testbed.monotonicNow() - started < 30)
        #expect(error?.description.hasPrefix("umockdev-run did not end within 2.0 s") == true)
    }

    @Test(arguments: [("EP0430M09.4-finger-drag-down", "EP0430M09", "95x54mm"),
                      ("Atmel maXTouch Touchscreen.4-finger-drag-down", "Atmel maXTouch Touchscreen", "154x92mm")])
    func aTouchscreenRecordingGivesTheSameGesturesAsTheDirectReplay(recording: String, device: String, size: String) throws {
        let (events, description) = try Self.touchscreen(recording, device)
        let parts = size.dropLast(2).split(separator: "x").compactMap { Double($0) }
        let millimetres = Size(width: parts[0], height: parts[1])

        let direct = Session()
        StandardSet.attach(to: direct)
        direct.feed(try EvdevRecording(evemu: events, source: recording, description: description).trace(size: millimetres))
        let expected = direct.records.filter(\.isSuccess)

        let testbed = try Testbed(description: description, kind: .touchscreen, events: events)
        let lines = try testbed.listen(["--size", size, "--idle-exit", "3000", "--summary"])
        #expect(!expected.isEmpty)
        #expect(lines.count == expected.count, "libinput gave \(lines)")
        for (line, record) in zip(lines, expected) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["name"] as? String == record.name)
            #expect(object["phase"] as? String == record.update.phase.rawValue)
            let translation = (object["translation"] as? [Double]) ?? []
            let values = record.values
            if let dx = values["dx"], let dy = values["dy"], translation.count == 2 {
                // libinput scales by the axis range exactly as the replay does; a tenth of a millimetre is rounding.
                #expect(abs(translation[0] - dx) < 0.1 && abs(translation[1] - dy) < 0.1, "\(translation) vs \(dx), \(dy)")
            }
        }
    }
}

/// libinput's udev backend: a compositor listens to a seat rather than to device nodes.
@Suite(.serialized) struct SeatThroughLibinputTests {
    @Test func theSeatsTouchscreenIsFoundAndRecognized() throws {
        let (events, description) = try RecordingThroughLibinputTests.touchscreen("EP0430M09.4-finger-drag-down", "EP0430M09")
        let testbed = try Testbed(description: description, kind: .touchscreen, events: events)
        let lines = try testbed.run("listen", ["--seat", "seat0", "--size", "95x54mm", "--idle-exit", "3000", "--summary"],
                                    namingDevices: false)
        let drag = try #require(try lines.compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .first { $0["name"] as? String == "drag_4f" })
        #expect(drag["phase"] as? String == "ended")
        let dy = try #require((drag["translation"] as? [Double])?.last)
        #expect(abs(dy + 16.1) < 0.5, "\(dy) mm")
    }
}

/// Faults on the way in from libinput.
@Suite(.serialized) struct LibinputFaultTests {
    @Test func aDeviceRemovedMidGestureCancelsItCleanly() throws {
        let (events, description) = try RecordingThroughLibinputTests.touchscreen("EP0430M09.4-finger-drag-down", "EP0430M09")
        let testbed = try Testbed(description: description, kind: .touchscreen, events: events)
        // The four fingers move for 1.2 s; the device goes away after 600 ms.
        let lines = try testbed.listen(["--size", "95x54mm", "--idle-exit", "3000", "--unplug-after", "600"])
        let drag = try lines.compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["name"] as? String == "drag_4f" }
        let phases = drag.compactMap { $0["phase"] as? String }
        #expect(phases.first == "began")
        #expect(phases.last == "cancelled")
        #expect(phases.filter { $0 == "began" }.count == 1 && !phases.contains("ended"))
        // libinput cancels the touches of a device it removes before it reports the removal.
        #expect(drag.last?["reason"] as? String == "cancelledByInput")
    }

    @Test func aNodeThatIsNotThereIsAClearErrorWithExitStatus2() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Artifact.simulator.path)
        process.arguments = ["listen", "--device", "/dev/input/no-such-node", "--idle-exit", "100"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.contains("libinput did not take /dev/input/no-such-node"), "\(message)")
    }
}
