// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// tactusd on a seat through the real libinput's udev backend under umockdev: the configuration's exec bindings run
/// their commands, which write what they were told to a file the test reads.
@Suite(.serialized) struct DaemonThroughLibinputTests {
    /// A folder for one run's configuration and the files its commands write.
    static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "tactusd-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs tactusd on the recorded four-finger drag (EP0430M09 with a size, 98.4 x 59.0 mm) with `configuration`,
    /// stops it with SIGTERM once the recording has played, and returns what it printed, its last line its exit
    /// status.
    static func run(_ configuration: String, in folder: String, options: String = "") throws -> [String] {
        try configuration.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        let (events, description) = try CalibrationThroughLibinputTests.panelWithASize()
        let testbed = try Testbed(description: description, kind: .touchscreen, events: events, program: .daemon)
        return try testbed.run(script: """
            \(testbed.program) --seat seat0 --config \(folder)/config.toml \(options) & daemon=$!
            sleep 6; kill -TERM $daemon; wait $daemon; echo "exit $?"
            """)
    }

    /// The lines a command wrote, split into words.
    static func written(_ path: String) -> [[String]] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    }

    @Test func aFourFingerDragRunsItsCommandAtBeganAtPacedChangesAndAtEndedWithItsValues() throws {
        let folder = try Self.folder()
        let lines = try Self.run("""
            [[binding]]
            gesture = "drag"
            fingers = 4
            on = ["began", "changed", "ended"]
            every-mm = 4
            action = { exec = "echo $TACTUS_GESTURE $TACTUS_PHASE $TACTUS_FINGERS $TACTUS_DX $TACTUS_DY $TACTUS_PACES >> \(folder)/steps" }
            """, in: folder)
        #expect(lines.last == "exit 0", "\(lines)")
        let steps = Self.written(folder + "/steps")
        #expect(steps.first?.prefix(3) == ["drag", "began", "4"], "\(steps)")
        #expect(steps.last?.prefix(3) == ["drag", "ended", "4"], "\(steps)")
        // The drag runs some 18 mm along the panel's y: its end says so in millimetres.
        let endY = try #require(steps.last.flatMap { Double($0[4]) })
        #expect(abs(endY + 17.6) < 0.5, "\(steps)")
        // Changes at least 4 mm apart, each saying how many 4 mm paces it came.
        let changes = steps.filter { $0[1] == "changed" }.compactMap { Double($0[4]) }
        #expect((3...5).contains(changes.count), "\(steps)")
        let gaps = zip(changes, changes.dropFirst()).map { abs($1 - $0) }
        #expect(gaps.allSatisfy { $0 >= 4 }, "\(gaps)")
        #expect(steps.filter { $0[1] == "changed" }.allSatisfy { Int($0[5]) ?? 0 >= 1 }, "\(steps)")
    }
}
