// SPDX-License-Identifier: MIT
import Foundation
import TactusTrace
import Testing
import TactusCore
@testable import TactusSimulation

@Suite struct EvemuTests {
    static let description = """
    N: Test Panel
    I: 0018 0000 0000 0000
    A: 00 0 1000 0 0 0
    A: 01 0 500 0 0 0
    A: 2f 0 4 0 0 0
    A: 35 0 1000 0 0 0
    A: 36 0 500 0 0 0
    A: 39 0 65535 0 0 0
    """

    func kinds(_ trace: Trace) -> [String] {
        trace.events.map {
            switch $0.event {
            case .touchDown(_, let c, _): return "down\(c)"
            case .touchMotion(_, let c, _): return "move\(c)"
            case .touchUp(_, let c): return "up\(c)"
            case .touchFrame: return "frame"
            default: return "other"
            }
        }
    }

    @Test func protocolBWithoutAnInitialSlotEventImpliesSlotZero() throws {
        let events = """
        E: 0.000001 0003 0039 0007\t# EV_ABS / ABS_MT_TRACKING_ID   7
        E: 0.000001 0003 0035 0500
        E: 0.000001 0003 0036 0250
        E: 0.000001 0000 0000 0000
        E: 0.010000 0003 002f 0001
        E: 0.010000 0003 0039 0008
        E: 0.010000 0003 0035 0800
        E: 0.010000 0003 0036 0100
        E: 0.010000 0000 0000 0000
        E: 0.020000 0003 002f 0000
        E: 0.020000 0003 0035 0510
        E: 0.020000 0000 0000 0000
        E: 0.030000 0003 0039 -001
        E: 0.030000 0003 002f 0001
        E: 0.030000 0003 0039 -001
        E: 0.030000 0000 0000 0000
        """
        let trace = try EvdevRecording(evemu: events, source: "b.events", description: Self.description).trace(size: Size(width: 100, height: 50))
        #expect(kinds(trace) == ["down0", "frame", "down1", "frame", "move0", "frame", "up0", "up1", "frame"])
        #expect(trace.events[0].event == .touchDown(DeviceID(1), contact: 0, position: Point(x: 0.5, y: 0.5)))
        #expect(trace.events[0].time == .milliseconds(100))
        #expect(trace.events[2].time == Timestamp(microseconds: 109_999))  // relative to the first report, at 1 µs
        #expect(trace.devices.first?.name == "Test Panel")
    }

    @Test func protocolAFollowsContactsByPositionWhenTheOrderChanges() throws {
        let events = """
        E: 1.000000 0003 0035 100
        E: 1.000000 0003 0036 100
        E: 1.000000 0000 0002 0
        E: 1.000000 0001 014a 1
        E: 1.000000 0000 0000 0
        E: 1.010000 0003 0035 900
        E: 1.010000 0003 0036 400
        E: 1.010000 0000 0002 0
        E: 1.010000 0003 0035 102
        E: 1.010000 0003 0036 100
        E: 1.010000 0000 0002 0
        E: 1.010000 0000 0000 0
        E: 1.020000 0003 0035 104
        E: 1.020000 0003 0036 100
        E: 1.020000 0000 0002 0
        E: 1.020000 0003 0035 900
        E: 1.020000 0003 0036 410
        E: 1.020000 0000 0002 0
        E: 1.020000 0000 0000 0
        E: 1.030000 0001 014a 0
        E: 1.030000 0000 0002 0
        E: 1.030000 0000 0000 0
        """
        let trace = try EvdevRecording(evemu: events, source: "a.events", description: Self.description).trace(size: Size(width: 100, height: 50))
        // The first finger keeps id 0 although the new finger is reported first in the second report.
        #expect(kinds(trace) == ["down0", "frame", "move0", "down1", "frame", "move0", "move1", "frame", "up0", "up1", "frame"])
        #expect(trace.events[2].event == .touchMotion(DeviceID(1), contact: 0, position: Point(x: 0.102, y: 0.2)))
    }

    @Test func singleTouchDevicesUseAbsXYAndBtnTouch() throws {
        let description = "N: Old Panel\nA: 00 0 100 0 0 0\nA: 01 0 100 0 0 0\n"
        let events = """
        E: 5.000000 0003 0000 10
        E: 5.000000 0003 0001 20
        E: 5.000000 0001 014a 1
        E: 5.000000 0000 0000 0
        E: 5.050000 0003 0000 30
        E: 5.050000 0000 0000 0
        E: 5.100000 0001 014a 0
        E: 5.100000 0000 0000 0
        """
        let trace = try EvdevRecording(evemu: events, source: "st.events", description: description).trace(size: Size(width: 100, height: 100))
        #expect(kinds(trace) == ["down0", "frame", "move0", "frame", "up0", "frame"])
        #expect(trace.events[2].event == .touchMotion(DeviceID(1), contact: 0, position: Point(x: 0.3, y: 0.2)))
    }

    @Test func theDescriptionMayComeFromTheEventsFileItself() throws {
        let events = Self.description + "\nE: 0.1 0003 0039 1\nE: 0.1 0003 0035 10\nE: 0.1 0003 0036 10\nE: 0.1 0000 0000 0\n"
        let trace = try EvdevRecording(evemu: events, source: "own.events").trace(size: Size(width: 100, height: 50))
        #expect(kinds(trace) == ["down0", "frame", "up0", "frame"])
    }

    @Test func aMalformedLineNamesTheFileAndLine() {
        let events = "E: 0.1 0003 0039 1\nE: 0.2 0003 zz 5\n"
        #expect {
            try EvdevRecording(evemu: events, source: "bad, file.events", description: Self.description)
        } throws: { error in
            "\(error)" == "bad, file.events:2: an E: line is \"E: <sec>.<usec> <type> <code> <value>\""
        }
    }

    @Test func aDeviceWithoutPositionAxesSaysWhatIsMissing() throws {
        let recording = try EvdevRecording(evemu: "E: 0.1 0001 0110 1\n", source: "mouse.events", description: "N: Mouse\n")
        #expect {
            try recording.trace(size: Size(width: 10, height: 10))
        } throws: { error in
            "\(error)".contains("no ABS_MT_POSITION_X/Y or ABS_X/Y axis")
        }
    }

    @Test func pathsWithSpacesAndCommasAreRead() throws {
        let folder = NSTemporaryDirectory() + "tactus evemu, test \(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let events = folder + "/My Panel, 2 fingers.events", desc = folder + "/My Panel, desc.desc"
        try "E: 0.1 0003 0039 1\nE: 0.1 0003 0035 10\nE: 0.1 0003 0036 10\nE: 0.1 0000 0000 0\n".write(toFile: events, atomically: true, encoding: .utf8)
        try Self.description.write(toFile: desc, atomically: true, encoding: .utf8)
        let trace = try EvdevRecording(evemuPath: events, descriptionPath: desc).trace(size: Size(width: 100, height: 50))
        #expect(kinds(trace) == ["down0", "frame", "up0", "frame"])
    }
}

@Suite struct ScenarioRunnerTests {
    func write(_ json: String) throws -> String {
        let path = NSTemporaryDirectory() + "tactus-scenario-\(UUID().uuidString).json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func anExpectationThatShouldFailDoesFail() throws {
        let path = try write("""
        {"name": "wrong", "gestures": [{"name": "tap", "gesture": {"kind": "tap"}}],
         "timeline": [{"at_ms": 0, "generate": "tap", "count": 2, "interval": 100}],
         "expect": [{"gesture": "tap", "phase": "recognized", "times": 1}, {"gesture": "tap", "never": "recognized"},
                    {"gesture": "tap", "phase": "recognized", "values": {"count": [3, 0]}}, {"raw": "cancelled"}]}
        """)
        let result = try Scenario(path: path).run(corpus: nil)
        #expect(!result.passed)
        #expect(result.failures == [
            "tap reached recognized 2 times, expected 1 (phases: recognized recognized)",
            "tap was expected never to reach recognized, but did at 60000µs",
            "tap count = 1, expected 3 ± 0",
            "raw touches: withheld_then_dropped, expected cancelled",
        ])
    }

    @Test func aBadScenarioIsAClearError() throws {
        let path = try write("""
        {"gestures": [{"name": "x", "gesture": {"kind": "wiggle"}}], "timeline": [], "expect": []}
        """)
        #expect {
            try Scenario(path: path).run(corpus: nil)
        } throws: { error in
            "\(error)".hasSuffix("gestures[0] gesture: unknown gesture kind \"wiggle\"")
        }
    }
}
