// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TactusCore
@testable import TactusSimulation

/// A scenario is read as written or refused with its file, line and key: a misspelt key or value never makes a scenario
/// pass by being skipped.
@Suite struct ScenarioReaderTests {
    static let tap = #"{"name": "tap", "gesture": {"kind": "tap"}}"#

    /// What reading and running `json` says, with the file's path shortened to s.json; nil when it runs.
    func complaint(_ json: String) throws -> String? {
        let path = try CommandLineTests.temporaryFile("scenario-\(UUID().uuidString).json", json)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try Scenario(path: path).run(corpus: nil)
            return nil
        } catch {
            return "\(error)".replacingOccurrences(of: path, with: "s.json")
        }
    }

    @Test func aMisspeltKeyAtTheTopIsNamedWithItsLine() throws {
        #expect(try complaint("""
            {"name": "typo",
             "gestures": [\(Self.tap)],
             "timeline": [{"at_ms": 0, "generate": "tap"}],
             "expectt": [{"gesture": "tap", "never": "recognized"}]}
            """) == #"s.json:4: unknown key "expectt" (expected one of description, device, expect, gestures, name, pointer, relations, standard_set, surfaces, timeline)"#)
    }

    @Test(arguments: [
        (#"{"gestures": [\#(tap)], "timeline": [],"#, #""expect": [{"gesture": "tap", "phase": "recognized", "tims": 3}]}"#,
         #"s.json:2 expect[0]: unknown key "tims" (expected one of direction, edge, gesture, phase, reason, times, values)"#),
        (#"{"gestures": [{"name": "tap", "gesture": {"kind": "tap","#, #""fingerz": 2}}], "timeline": []}"#,
         #"s.json:2 gestures[0] gesture: unknown key "fingerz" (expected one of count, directions, duration_ms, edge, fingers, kind, minimum_distance)"#),
        (#"{"gestures": [{"name": "tap", "gesture": {"kind": "tap"},"#, #""target": {"surfac": 1}}], "timeline": []}"#,
         #"s.json:2 gestures[0] target: unknown key "surfac" (expected one of edge, region, surface, width)"#),
        (#"{"gestures": [\#(tap)], "timeline": [{"at_ms": 0,"#, #""generate": "tap", "fingres": 2}]}"#,
         #"s.json:2 timeline[0]: unknown key "fingres" (expected one of at_ms, count, degrees, direction, distance, duration, edge, end_span, fingers, generate, interval, jitter, path, radius, scale, speed, stagger, start_span)"#),
        (#"{"gestures": [\#(tap)], "timeline": [{"at_ms": 0,"#, #""event": {"t": 5, "type": "cancel", "device": 1}}]}"#,
         #"s.json:2 timeline[0] event: unknown key "t" (expected one of device, type)"#),
        (#"{"device": {"seed": 3,"#, #""sizemm": [10, 10]}, "timeline": []}"#,
         #"s.json:2 device: unknown key "sizemm" (expected one of flipped, jitter, rate, rotation, seed, size_mm, size_px, stagger)"#),
        (#"{"gestures": [\#(tap), {"name": "b", "gesture": {"kind": "drag"}}],"#, #""relations": [{"before": "b", "require_failure": "tap"}], "timeline": []}"#,
         #"s.json:2 relations[0]: unknown key "require_failure" (expected one of before, require_failure_of)"#),
    ])
    func aMisspeltKeyInsideIsNamedWithItsLineAndPlace(firstLine: String, secondLine: String, expected: String) throws {
        #expect(try complaint(firstLine + "\n" + secondLine) == expected)
    }

    @Test(arguments: [
        (#"{"gesture": "tap", "never": "recognised"}"#,
         #"s.json:3 expect[0]: "never" must be one of began, changed, ended, cancelled, recognized, failed"#),
        (#"{"gesture": "tapp", "never": "recognized"}"#, #"s.json:3 expect[0]: no gesture named "tapp""#),
        (#"{"gesture": "tap", "phase": "recognized", "values": {"count": "one"}}"#,
         #"s.json:3 expect[0] values: "count" must be a number or [expected, tolerance]"#),
        (#"{"gesture": "tap", "phase": "recognized", "reason": "tooslow"}"#,
         #"s.json:3 expect[0]: "reason" must be one of \#(FailureReason.allCases.map(\.rawValue).joined(separator: ", "))"#),
        (#"{"raw": "withheld"}"#,
         #"s.json:3 expect[0]: "raw" must be one of delivered, withheld_then_delivered, withheld_then_dropped, dropped, cancelled"#),
    ])
    func anExpectationThatCouldNeverFailIsRefused(expectation: String, expected: String) throws {
        #expect(try complaint("""
            {"gestures": [\(Self.tap)], "timeline": [{"at_ms": 0, "generate": "tap"}],
             "expect": [
              \(expectation)]}
            """) == expected)
    }

    @Test(arguments: [
        (#""timeline": [{"at_ms": 1e300, "generate": "tap"}]"#, #"s.json:2 timeline[0]: "at_ms" must be within ±9007199254740992 µs"#),
        (#""timeline": [{"at_ms": 0, "event": {"type": "cancel", "device": -1}}]"#,
         #"s.json:2 timeline[0] event: "device" must be a whole number within 0…4294967295"#),
        (#""pointer": [1e400, 0], "timeline": []"#, #"s.json:2: "pointer" must be [x, y], each within -1000000…1000000"#),
        (#""surfaces": [{"id": 1, "rect": [0, 0, 10]}], "timeline": []"#,
         #"s.json:2 surfaces[0]: "rect" must be [x, y, width, height], each within -1000000…1000000"#),
        (#""surfaces": [{"id": 1e20, "rect": [0, 0, 10, 10]}], "timeline": []"#,
         #"s.json:2 surfaces[0]: "id" must be a whole number within 0…18446744073709551615"#),
        (#""standard_set": "yes", "timeline": []"#, #"s.json:2: "standard_set" must be true or false"#),
        (#""device": {"jitter": 1e999}, "timeline": []"#, #"s.json:2 device: "jitter" must be a finite number"#),
    ])
    func aValueOutOfItsRangeIsRefusedAtItsLine(body: String, expected: String) throws {
        #expect(try complaint("{\"name\": \"numbers\",\n" + body + "}") == expected)
    }

    @Test func aMisspeltExpectationEndsTactusSimWithStatus2() throws {
        let path = try CommandLineTests.temporaryFile("expectt.json", """
            {"gestures": [\(Self.tap)], "timeline": [{"at_ms": 0, "generate": "tap"}],
             "expectt": [{"gesture": "tap", "never": "recognized"}]}
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, errors) = try CommandLineTests.run(["run", path])
        #expect(status == 2)
        #expect(errors.contains(#"\#(path):2: unknown key "expectt""#), "\(errors)")
    }
}
