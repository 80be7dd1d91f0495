// SPDX-License-Identifier: MIT
import Foundation

/// A clickpad of 100 × 62.5 mm (40 units per mm), described as evemu would, and recordings of fingers on it.
enum Touchpad {
    static let unitsPerMillimetre = 40.0

    /// The evemu description: pointer and button-pad properties, BTN_TOOL_* up to five fingers, protocol B axes.
    static var description: String {
        var keys = [UInt8](repeating: 0, count: 96)
        for code in [0x110, 0x145, 0x148, 0x14a, 0x14d, 0x14e, 0x14f] { keys[code / 8] |= 1 << UInt8(code % 8) }
        var lines = ["N: Tactus Test Touchpad", "I: 0018 06cb 0001 0100", "P: 05 00 00 00 00 00 00 00",
                     "B: 00 0b 00 00 00 00 00 00 00"]
        for row in 0..<12 {
            lines.append("B: 01 " + keys[row * 8..<row * 8 + 8].map { String(format: "%02x", $0) }.joined(separator: " "))
        }
        lines.append("B: 03 03 00 00 00 00 80 60 02")
        lines += ["A: 00 0 4000 0 0 40", "A: 01 0 2500 0 0 40", "A: 2f 0 4 0 0 0",
                  "A: 35 0 4000 0 0 40", "A: 36 0 2500 0 0 40", "A: 39 0 65535 0 0 0"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Fingers that land together, follow `path` (millimetres, for a progress 0…1) for `frames` reports 10 ms apart,
    /// and lift: evemu events in protocol B with the BTN_TOOL_* of the finger count.
    static func events(fingers: Int, frames: Int, path: (Int, Double) -> (Double, Double)) -> String {
        let tool = [1: 0x145, 2: 0x14d, 3: 0x14e, 4: 0x14f, 5: 0x148][fingers]!
        var out = ""
        var time = 1.0
        func line(_ type: Int, _ code: Int, _ value: Int) {
            out += String(format: "E: %.6f %04x %04x %d\n", time, type, code, value)
        }
        for frame in 0...frames {
            let f = Double(frame) / Double(frames)
            for finger in 0..<fingers {
                let (x, y) = path(finger, f)
                line(3, 0x2f, finger)
                if frame == 0 { line(3, 0x39, 100 + finger) }
                line(3, 0x35, Int((x * unitsPerMillimetre).rounded()))
                line(3, 0x36, Int((y * unitsPerMillimetre).rounded()))
            }
            let (x0, y0) = path(0, f)
            if frame == 0 {
                line(1, 0x14a, 1)
                line(1, tool, 1)
            }
            line(3, 0x00, Int((x0 * unitsPerMillimetre).rounded()))
            line(3, 0x01, Int((y0 * unitsPerMillimetre).rounded()))
            line(0, 0, 0)
            time += 0.01
        }
        for finger in 0..<fingers {
            line(3, 0x2f, finger)
            line(3, 0x39, -1)
        }
        line(1, 0x14a, 0)
        line(1, tool, 0)
        line(0, 0, 0)
        return out
    }
}
