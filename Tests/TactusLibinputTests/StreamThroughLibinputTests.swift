// SPDX-License-Identifier: MIT
import Foundation
import TactusCore
import TactusSimulation
import Testing

/// tactusd's stream bindings on a seat through the real libinput under umockdev: one long-running process per binding
/// reads the gesture's steps on its standard input, a JSON object a line, without ever holding the daemon up. (The
/// panel's events start after a lead-in of 2 s: `DaemonThroughLibinputTests.run`.)
@Suite(.serialized) struct StreamThroughLibinputTests {
    /// The lines a stream wrote to `path`, parsed.
    static func lines(_ path: String) throws -> [[String: Any]] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "not a JSON object: \($0)")
        }
    }

    static func number(_ line: [String: Any], _ key: String) -> Double { (line[key] as? NSNumber)?.doubleValue ?? .nan }

    @Test func aPinchAndADragStreamTheirStepsValueByValue() throws {
        let folder = try DaemonThroughLibinputTests.folder()
        let generated = GeneratedEvents.evemu([
            (at: 100, gesture: .pinch(fingers: 2, startSpan: 20, endSpan: 45, duration: 500)),
            (at: 1100, gesture: .drag(path: .line, fingers: 3, distance: 30, duration: 600, direction: .down)),
        ])
        let output = try DaemonThroughLibinputTests.run("""
            [[binding]]
            gesture = "pinch"
            action = { stream = "cat > \(folder)/pinch" }

            [[binding]]
            gesture = "drag"
            fingers = 3
            every-mm = 2
            action = { stream = "cat > \(folder)/drag" }
            """, in: folder, options: "--verbose", generated: generated, seconds: 5)
        #expect(output.last == "exit 0", "\(output)")

        // What each process read is what the daemon said it streamed, line for line.
        for (number, name) in [(1, "pinch"), (2, "drag")] {
            let said = output.filter { $0.hasPrefix("tactusd: binding \(number) streams: ") }
                .map { $0.dropFirst("tactusd: binding \(number) streams: ".count) }
            let read = ((try? String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)) ?? "").split(separator: "\n")
            #expect(read == said && !read.isEmpty, "\(name): read \(read.count) lines, said \(said.count): \(output.filter { !$0.contains("streams:") && !$0.contains("changed") && !$0.contains("lagging") })")
        }

        // The pinch: began, changes, ended; 2 fingers; the scale grows with the span, 20 to 45 mm in 500 ms: by
        // 1.25 in 500 ms between any two steps while the fingers move, and 2.25 at the end (the fingers lift, still).
        let pinch = try Self.lines(folder + "/pinch")
        #expect(pinch.first?["phase"] as? String == "began" && pinch.last?["phase"] as? String == "ended", "\(pinch)")
        #expect(pinch.dropFirst().dropLast().allSatisfy { $0["phase"] as? String == "changed" })
        #expect(pinch.allSatisfy { $0["gesture"] as? String == "pinch" && $0["fingers"] as? Int == 2 && $0["dx_mm"] == nil })
        #expect(Set(pinch.flatMap(\.keys)) == ["gesture", "phase", "time_ms", "fingers", "scale"], "\(pinch.first ?? [:])")
        let moving = pinch.dropLast()
        for (earlier, later) in zip(moving, moving.dropFirst()) {
            let elapsed = Self.number(later, "time_ms") - Self.number(earlier, "time_ms")
            let grown = Self.number(later, "scale") - Self.number(earlier, "scale")
            #expect(elapsed >= 0 && abs(grown - 1.25 * elapsed / 500) < 0.02, "\(earlier) → \(later)")
        }
        #expect(abs(Self.number(pinch.last ?? [:], "scale") - 2.25) < 0.02, "\(pinch.last ?? [:])")

        // The drag: 30 mm down in 600 ms, its changes paced 2 mm apart; each line's translation is the fingers' since
        // they landed, in millimetres: 0.05 mm a millisecond, none across.
        let drag = try Self.lines(folder + "/drag")
        #expect(drag.first?["phase"] as? String == "began" && drag.last?["phase"] as? String == "ended", "\(drag)")
        #expect(drag.allSatisfy { $0["gesture"] as? String == "drag" && $0["fingers"] as? Int == 3 })
        #expect(Set(drag.flatMap(\.keys)) == ["gesture", "phase", "time_ms", "fingers", "dx_mm", "dy_mm"], "\(drag.first ?? [:])")
        #expect(drag.allSatisfy { abs(Self.number($0, "dx_mm")) < 0.2 }, "\(drag)")
        let changes = drag.filter { $0["phase"] as? String == "changed" }
        #expect((10...16).contains(changes.count), "\(changes.count) changes of a 30 mm drag paced 2 mm apart")
        for (earlier, later) in zip(changes, changes.dropFirst()) {
            let elapsed = Self.number(later, "time_ms") - Self.number(earlier, "time_ms")
            let moved = Self.number(later, "dy_mm") - Self.number(earlier, "dy_mm")
            #expect(moved >= 2 && abs(moved - 0.05 * elapsed) < 0.3, "\(earlier) → \(later)")
        }
        #expect(abs(Self.number(drag.last ?? [:], "dy_mm") - 30) < 1, "\(drag.last ?? [:])")
    }

    /// One reader stops reading for 10 s while a two-finger drag goes on at 480 Hz; another, alongside it, reads all
    /// the while. The daemon goes on at the input's pace: the second reader gets every step; the first gets the steps
    /// the socket and the queue held, then the end, and the daemon says how many it dropped.
    @Test func aReaderThatStopsReadingLosesChangesNotTheEndAndHoldsNothingUp() throws {
        let folder = try DaemonThroughLibinputTests.folder()
        let generated = GeneratedEvents.evemu([
            (at: 100, gesture: .drag(path: .line, fingers: 2, distance: 40, duration: 12_000, direction: .down)),
        ], rate: 480)
        let output = try DaemonThroughLibinputTests.run("""
            [[binding]]
            gesture = "drag"
            fingers = 2
            action = { stream = "sleep 10; cat > \(folder)/slow" }

            [[binding]]
            gesture = "drag"
            fingers = 2
            priority = "simultaneous"
            action = { stream = "cat > \(folder)/steady" }
            """, in: folder, generated: generated, seconds: 20)
        #expect(output.last == "exit 0", "\(output)")
        let steady = try Self.lines(folder + "/steady"), slow = try Self.lines(folder + "/slow")
        // Every frame of the drag, at 480 Hz for some 12 s, reached the steady reader.
        #expect(steady.count > 5000 && steady.last?["phase"] as? String == "ended", "\(steady.count) lines")
        let times = steady.map { Self.number($0, "time_ms") }
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 < 5 }, "a gap of more than 5 ms between steps")
        // The slow reader: fewer lines, in order, its end the same as the steady one's; and the daemon said the rest.
        let dropped = try #require(output.compactMap { line -> Int? in
            guard line.hasPrefix("tactusd: binding 1's stream dropped ") else { return nil }
            return Int(line.split(separator: " ")[5])
        }.first, "\(output)")
        #expect(slow.count + dropped == steady.count, "\(slow.count) read + \(dropped) dropped, \(steady.count) steps")
        #expect(dropped > 1000 && slow.last?["phase"] as? String == "ended" && slow.first?["phase"] as? String == "began")
        #expect(Self.number(slow.last ?? [:], "dy_mm") == Self.number(steady.last ?? [:], "dy_mm"))
        let slowTimes = slow.map { Self.number($0, "time_ms") }
        #expect(zip(slowTimes, slowTimes.dropFirst()).allSatisfy { $0 < $1 }, "the slow reader's steps out of order")
    }

    /// A reader that exits after five lines, in the middle of a drag: the daemon says so and counts the steps it could
    /// not take; the next drag starts it again, from that drag's beginning.
    @Test func aReaderThatExitsMidGestureStartsAgainAtTheNextGesture() throws {
        let folder = try DaemonThroughLibinputTests.folder()
        let generated = GeneratedEvents.evemu([
            (at: 100, gesture: .drag(path: .line, fingers: 2, distance: 30, duration: 600, direction: .down)),
            (at: 1600, gesture: .drag(path: .line, fingers: 2, distance: 30, duration: 600, direction: .up)),
        ])
        let output = try DaemonThroughLibinputTests.run("""
            [[binding]]
            gesture = "drag"
            fingers = 2
            action = { stream = "head -n 5 >> \(folder)/read" }
            """, in: folder, generated: generated, seconds: 6)
        #expect(output.last == "exit 0", "\(output)")
        let read = try Self.lines(folder + "/read")
        #expect(read.count == 10, "\(read.count) lines")
        #expect(read.map { $0["phase"] as? String } == ["began"] + Array(repeating: "changed", count: 4)
                + ["began"] + Array(repeating: "changed", count: 4), "\(read)")
        #expect(Self.number(read[5], "dy_mm") < 0, "the second drag goes up: \(read[5])")
        #expect(output.contains { $0.hasPrefix("tactusd: binding 1's stream exited with status 0") }, "\(output)")
        #expect(output.contains { $0.hasPrefix("tactusd: binding 1's stream dropped ") && $0.hasSuffix("its process was not running") },
                "\(output)")
    }

    /// A stream whose command is not found: the shell's message reaches the daemon's log, then how it exited; the
    /// daemon runs on, and stops as asked.
    @Test func aCommandThatIsNotFoundIsSaidAndTheDaemonRunsOn() throws {
        let folder = try DaemonThroughLibinputTests.folder()
        let generated = GeneratedEvents.evemu([
            (at: 100, gesture: .drag(path: .line, fingers: 2, distance: 30, duration: 600, direction: .down)),
        ])
        let output = try DaemonThroughLibinputTests.run("""
            [[binding]]
            gesture = "drag"
            fingers = 2
            action = { stream = "tactus-no-such-command --please" }
            """, in: folder, generated: generated, seconds: 4)
        #expect(output.last == "exit 0", "\(output)")
        #expect(output.contains { $0.hasPrefix("tactusd: binding 1's stream says: ") && $0.contains("tactus-no-such-command: not found") },
                "\(output)")
        #expect(output.contains { $0.hasPrefix("tactusd: binding 1's stream exited with status 127") }, "\(output)")
    }
}
