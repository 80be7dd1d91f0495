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

    /// A reader that lags behind its device gets whole input events and every one of them, as from the kernel's
    /// evdev. umockdev's pty cuts its 4 KiB buffer wherever it filled, mid-event; libevdev answers such a read with
    /// EINVAL and libinput stops reading the device (a daemon under a flood once stalled so in CI); the preload
    /// library completes the event. The reader here reads nothing until the buffer holds part of an event.
    @Test func aReaderThatLagsBehindItsDeviceGetsWholeEventsAndEveryOne() throws {
        let (events, description) = try Self.touchscreen("EP0430M09.4-finger-drag-down", "EP0430M09")
        // The testbed's lead-in synchronization, then the recording's type, code (hexadecimal) and value.
        let recorded = ["0 0 0"] + events.split(separator: "\n").filter { $0.hasPrefix("E:") }.map { line in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            return "\(Int(fields[2], radix: 16)!) \(Int(fields[3], radix: 16)!) \(Int(fields[4])!)"
        }
        let testbed = try Testbed(description: description, kind: .touchscreen, events: events)
        let reader = testbed.folder + "/lagging-reader.py"
        try """
            import ctypes, os, struct, sys, time
            node, expected, size = sys.argv[1], int(sys.argv[2]), 24
            fd = os.open(node, os.O_RDONLY)
            libc, queued = ctypes.CDLL(None), ctypes.c_int(0)
            deadline = time.monotonic() + 30
            while True:
                libc.syscall(16, fd, 0x541B, ctypes.byref(queued))  # ioctl(FIONREAD), past umockdev's ioctl emulation
                if queued.value % size or time.monotonic() > deadline:
                    break
                time.sleep(0.005)
            print("queued", queued.value, flush=True)
            stream = bytearray()
            while len(stream) < expected * size:
                data = os.read(fd, size * 1024)
                print("read", len(data), flush=True)
                stream += data
            for offset in range(0, len(stream), size):
                print("event", *struct.unpack_from("<HHi", stream, offset + 16))
            """.write(toFile: reader, atomically: true, encoding: .utf8)
        let lines = try testbed.run(script: "exec python3 \(reader) \(testbed.node) \(recorded.count)", limit: 60)

        let queued = try #require(lines.first.flatMap { $0.hasPrefix("queued ") ? Int($0.dropFirst(7)) : nil },
                                  "the reader said \(lines.prefix(3))")
        #expect(queued % 24 != 0, "the device's buffer never held part of an event: the test proves nothing")
        let reads = lines.filter { $0.hasPrefix("read ") }.compactMap { Int($0.dropFirst(5)) }
        #expect(reads.allSatisfy { $0 % 24 == 0 }, "reads of \(reads.filter { $0 % 24 != 0 }) bytes")
        #expect(reads.first.map { $0 > queued } == true, "the first read, \(reads.first ?? 0) bytes, has the cut event whole")
        let received = lines.filter { $0.hasPrefix("event ") }.map { String($0.dropFirst(6)) }
        let differing = zip(received, recorded).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(received.count == recorded.count && differing == nil,
                "\(received.count) events of \(recorded.count); the first that differs: \(String(describing: differing))")
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
