// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// The transform contract (tactus.h, `struct tactus_device`) through the real libinput: a touchscreen whose user
/// turned it a quarter with udev's `LIBINPUT_CALIBRATION_MATRIX`, as for a rotated output. libinput turns the
/// touches; it still measures the panel along its own axes, and the translator measures it along the touches'.
@Suite(.serialized) struct CalibrationThroughLibinputTests {
    /// EP0430M09 with a resolution of 13 units per mm on every position axis (its recording has none), so that
    /// libinput knows its size: 1279 x 767 units, 98.4 x 59.0 mm.
    static func panelWithASize() throws -> (events: String, description: String) {
        let (events, description) = try RecordingThroughLibinputTests.touchscreen("EP0430M09.4-finger-drag-down", "EP0430M09")
        let sized = description.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let fields = line.split(separator: " ")
            guard fields.count == 7, fields[0] == "A:", ["00", "01", "35", "36"].contains(fields[1]) else { return String(line) }
            return (fields.dropLast() + ["13"]).joined(separator: " ")
        }
        return (events, sized.joined(separator: "\n"))
    }

    /// The four-finger drag's translation in millimetres, through libinput, with these udev properties.
    static func drag(_ udevProperties: [String]) throws -> [Double] {
        let (events, description) = try panelWithASize()
        let testbed = try Testbed(description: description, kind: .touchscreen, events: events, udevProperties: udevProperties)
        let lines = try testbed.listen(["--idle-exit", "3000", "--summary"])
        let drag = try #require(try lines.compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .first { $0["name"] as? String == "drag_4f" }, "libinput gave \(lines)")
        #expect(drag["phase"] as? String == "ended")
        return try #require(drag["translation"] as? [Double])
    }

    @Test func aQuarterTurnCalibrationTurnsTheDragAndKeepsItsLengthInMillimetres() throws {
        let plain = try Self.drag([])
        // libinput's matrix for 90° clockwise: x' = 1 - y, y' = x.
        let turned = try Self.drag(["LIBINPUT_CALIBRATION_MATRIX=0 -1 1 1 0 0"])
        // The drag runs along the panel's y, some 18 mm, and next to nothing along its x.
        #expect(abs(plain[1]) > 10 && abs(plain[0]) < 2, "\(plain)")
        // Turned, it runs along x by as many millimetres: measured along the panel's 98.4 mm side instead of its
        // 59.0 mm one, it would be 1.67 times as long.
        #expect(abs(turned[0] + plain[1]) < 0.3 && abs(turned[1] - plain[0]) < 0.3, "\(turned) against \(plain)")
    }
}
