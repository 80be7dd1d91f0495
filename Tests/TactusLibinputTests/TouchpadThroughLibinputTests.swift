// SPDX-License-Identifier: MIT
import Foundation
import TactusTrace
import Testing
import TactusCore
@testable import TactusSimulation

/// Generated touchpad recordings through the real libinput (under umockdev): libinput's own gestures reach Tactus.
/// Serialized: libinput decides gestures on real time, and these replays should not compete for the CPU.
@Suite(.serialized) struct TouchpadThroughLibinputTests {
    /// Runs `tactus-sim record` on the touchpad and returns the summary lines and the trace libinput delivered.
    func record(_ events: String) throws -> (lines: [String], trace: Trace) {
        let testbed = try Testbed(description: Touchpad.description, kind: .touchpad, events: events)
        let output = testbed.folder + "/seen.jsonl"
        let lines = try testbed.run("record", ["--output", output, "--idle-exit", "3000", "--summary"])
        let text = try String(contentsOfFile: output, encoding: .utf8)
        return (lines, try Trace(jsonLines: text, source: output))
    }

    func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func aTwoFingerSpreadIsLibinputsPinchAndTactusReportsItsScale() throws {
        // Two fingers 20 mm apart spread to 60 mm over half a second.
        let (lines, trace) = try record(Touchpad.events(fingers: 2, frames: 50) { finger, f in
            let half = 10 + 20 * f
            return (50 + (finger == 0 ? -half : half), 30)
        })
        let scales = trace.events.compactMap { e -> Double? in if case .pinchUpdate(_, _, let s, _) = e.event { s } else { nil } }
        #expect(scales.count > 10, "libinput delivered \(trace.events.count) events")
        let libinputScale = try #require(scales.last)
        #expect(libinputScale > 2)
        let pinch = try #require(try lines.map(object).first { $0["name"] as? String == "pinch" })
        #expect(pinch["phase"] as? String == "ended")
        let scale = try #require(pinch["scale"] as? Double)
        #expect(abs(scale - libinputScale) / libinputScale < 0.01, "Tactus \(scale), libinput \(libinputScale)")
    }

    @Test func twoFingersTurningAreLibinputsRotationAndTactusSumsItsAngle() throws {
        // Two fingers 40 mm apart turn 60° clockwise around the middle of the pad.
        let (lines, trace) = try record(Touchpad.events(fingers: 2, frames: 50) { finger, f in
            let a = (Double(finger) * 180 + 60 * f) * Double.pi / 180
            return (50 + 20 * cos(a), 31 + 20 * sin(a))
        })
        let angle = trace.events.reduce(0.0) { sum, e in if case .pinchUpdate(_, _, _, let a) = e.event { sum + a } else { sum } }
        #expect(angle > 30, "libinput summed \(angle)°")
        let rotate = try #require(try lines.map(object).first { $0["name"] as? String == "rotate" })
        let rotation = try #require(rotate["rotation_deg"] as? Double)
        #expect(abs(rotation - angle) < 1, "Tactus \(rotation)°, libinput \(angle)°")
    }

    @Test(arguments: [3, 4])
    func aSwipeLeftIsLibinputsSwipeWithItsFingers(fingers: Int) throws {
        // The fingers move 40 mm left in 0.25 s.
        let (lines, trace) = try record(Touchpad.events(fingers: fingers, frames: 25) { finger, f in
            (70 - 40 * f, 15 + Double(finger) * 12)
        })
        let begins = trace.events.compactMap { e -> Int? in if case .swipeBegin(_, let n) = e.event { n } else { nil } }
        #expect(begins == [fingers])
        // The standard set's drag with those fingers claims the stream first...
        let drag = try #require(try lines.map(object).first { $0["name"] as? String == "drag_\(fingers)f" })
        #expect(drag["fingers"] as? Int == fingers)
        // libinput keeps the first millimetres (more on a loaded machine) to decide what the fingers do; the
        // rest arrives as deltas.
        let dx = try #require((drag["translation"] as? [Double])?.first)
        #expect(dx < -20 && dx > -41, "\(dx) mm")
        // ...and the same stream makes a swipe left of that many fingers where a swipe is attached alone.
        let session = Session()
        session.attach("swipe", SwipeGesture(fingers: fingers))
        session.feed(trace)
        let swipe = try #require(session.records.last { $0.name == "swipe" })
        #expect(swipe.update.phase == .recognized, "\(swipe.update.reason as Any) \(swipe.values) \(trace.events.suffix(3).map { "\($0.time) \($0.event)" })")
        #expect(swipe.direction == "left")
        #expect(swipe.fingers == fingers)
    }
}
