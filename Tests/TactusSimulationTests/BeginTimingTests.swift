// SPDX-License-Identifier: MIT
import Foundation
import RepositoryPrograms
import Testing
import TactusCore
import TactusSimulation

/// How soon bindings begin among the others (`tactus-sim begins`, `BeginTiming`): every live binding of the shipped
/// configurations within 50 ms of its time alone (arbitration case 29).
@Suite struct BeginTimingTests {
    static let examples = ["examples/config.toml"]
        + ((try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/examples/tactusd")) ?? [])
            .filter { $0.hasSuffix(".toml") }.sorted().map { "examples/tactusd/" + $0 }

    /// The table's rows as cells, without the header.
    static func rows(_ table: String) -> [[String]] {
        table.split(separator: "\n").dropFirst(2).map {
            $0.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    @Test func theShippedConfigurationsAreAllHere() {
        #expect(Self.examples.count == 6, "\(Self.examples)")
    }

    @Test(arguments: examples)
    func everyLiveBindingOfAnExampleBeginsAsSoonAsItWouldAlone(_ example: String) throws {
        let (status, output, errors) = try CommandLineTests.launch(["begins", repositoryRoot + "/" + example])
        #expect(status == 0, "\(errors)")
        let rows = Self.rows(output)
        #expect(!rows.isEmpty)
        var live = 0
        for row in rows {
            #expect(row.count == 7, "\(row)")
            guard row.count == 7 else { continue }
            // Every binding of the examples wins its own gesture, and begins or is recognized alone.
            #expect(Double(row[3]) != nil && Double(row[4]) != nil, "\(row)")
            if row[2] == "yes" {
                live += 1
                #expect((Double(row[5]) ?? .infinity) <= 50, "\(row)")
            }
        }
        #expect(live >= 1, "each example has a live binding")
    }

    @Test func aLivePinchHeldBackByAHigherRankedDragFailsTheCheck() throws {
        let file = try CommandLineTests.temporaryFile("begins.toml", """
            [[binding]]
            gesture = "pinch"
            fingers = 3
            live = true
            action = { host = "resize" }

            [[binding]]
            gesture = "drag"
            fingers = 4
            priority = "high"
            action = { host = "volume" }
            """)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let (status, output, errors) = try CommandLineTests.launch(["begins", file])
        #expect(status == 1)
        // It waits for the four-finger drag's landing window (250 ms after the first finger), by rank.
        #expect(Self.rows(output).first == ["1. resize", "3-finger pinch", "yes", "33.3", "241.7", "208.3", "63 %"])
        #expect(errors.contains("1. resize: began 208.3 ms later than alone (at most 50.0)"), "\(errors)")
    }

    @Test func aPinchBesideAFourFingerDragBeginsOnTheFrameItWouldAlone() {
        var pinch = GestureSpecification(kind: .magnify)
        pinch.fingers = 3
        var drag = GestureSpecification(kind: .drag)
        drag.fingers = 4
        let timing = BeginTiming.measure("pinch", pinch, isLive: true) { session in
            session.attach("pinch", pinch.gesture)
            session.attach("drag", drag.gesture)
        }
        // 120 Hz: the fifth frame after the fingers landed, four after the first motion, spreads past 1.1.
        #expect(timing.alone == TimeSpan(microseconds: 33_334))
        #expect(timing.amongOthers == timing.alone)
        #expect(timing.problem == nil)
    }
}
