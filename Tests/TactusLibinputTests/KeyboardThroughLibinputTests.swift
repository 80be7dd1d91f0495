// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// Keys through the real libinput and xkbcommon: a binding that requires Super fires only with Super held.
@Suite(.serialized) struct KeyboardThroughLibinputTests {
    /// A small keyboard: Escape, A, left Shift, left Control, left Alt and left Meta (Super).
    static var keyboard: String {
        var keys = [UInt8](repeating: 0, count: 96)
        for code in [1, 30, 42, 29, 56, 125] { keys[code / 8] |= 1 << UInt8(code % 8) }
        var lines = ["N: Tactus Test Keyboard", "I: 0003 046d 0001 0100", "P: 00 00 00 00 00 00 00 00",
                     "B: 00 13 00 00 00 00 00 00 00"]
        for row in 0..<12 {
            lines.append("B: 01 " + keys[row * 8..<row * 8 + 8].map { String(format: "%02x", $0) }.joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Super pressed 100 ms before `start` and released 100 ms after `end` (seconds, the recording's clock).
    static func superHeld(from start: Double, to end: Double) -> String {
        String(format: "E: %.6f 0001 007d 1\nE: %.6f 0000 0000 0\nE: %.6f 0001 007d 0\nE: %.6f 0000 0000 0\n",
               start - 0.1, start - 0.1, end + 0.1, end + 0.1)
    }

    func run(withSuper: Bool) throws -> [String] {
        let (touches, description) = try RecordingThroughLibinputTests.touchscreen("EP0430M09.4-finger-drag-down", "EP0430M09")
        let times = touches.split(separator: "\n").filter { $0.hasPrefix("E:") }.compactMap { Double($0.split(separator: " ")[1]) }
        // A key event far in the past anchors the keyboard's clock when Super is not pressed at all.
        let keys = withSuper ? Self.superHeld(from: times.first!, to: times.last!)
                             : String(format: "E: %.6f 0001 0001 1\nE: %.6f 0000 0000 0\nE: %.6f 0001 0001 0\nE: %.6f 0000 0000 0\n",
                                      times.first! - 0.1, times.first! - 0.1, times.first! - 0.05, times.first! - 0.05)
        let testbed = try Testbed(devices: [(description, .touchscreen, touches), (Self.keyboard, .keyboard, keys)])
        let gestures = testbed.folder + "/gestures.json"
        try """
        {"gestures": [{"name": "super_drag", "gesture": {"kind": "drag", "fingers": 4}, "modifiers": ["super"]}], "timeline": []}
        """.write(toFile: gestures, atomically: true, encoding: .utf8)
        return try testbed.listen(["--size", "95x54mm", "--idle-exit", "3000", "--gestures", gestures])
    }

    func phases(_ lines: [String]) throws -> [(phase: String, reason: String?)] {
        try lines.compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["name"] as? String == "super_drag" && $0["phase"] as? String != "changed" }
            .map { ($0["phase"] as? String ?? "", $0["reason"] as? String) }
    }

    @Test func aBindingThatRequiresSuperFiresWithSuperHeld() throws {
        let seen = try phases(try run(withSuper: true))
        #expect(seen.map(\.phase) == ["began", "ended"], "\(seen)")
    }

    @Test func aBindingThatRequiresSuperDoesNotFireWithoutIt() throws {
        let seen = try phases(try run(withSuper: false))
        #expect(seen.map(\.phase) == ["failed"], "\(seen)")
        #expect(seen.first?.reason == "modifiersNotHeld")
    }
}
