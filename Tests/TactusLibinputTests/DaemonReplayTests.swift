// SPDX-License-Identifier: MIT
import Foundation
import RepositoryPrograms
import Testing

/// tactusd playing tactus-sim traces (`--replay`): what a trace holds that a live device rarely does on cue.
@Suite(.serialized) struct DaemonReplayTests {
    /// A 4-finger drag up whose touchscreen is unplugged halfway: the binding's cancelled command runs, and its
    /// ended command does not.
    @Test func aDeviceRemovedMidGestureRunsTheCancelledCommand() throws {
        let folder = try DaemonThroughLibinputTests.folder()
        let generated = try runInRepository(try Artifact.simulator.path,
                                            ["generate", "drag", "--fingers", "4", "--direction", "up", "--distance", "35"])
        let lines = generated.split(separator: "\n").map(String.init)
        // The header, and the first half of the events; then the device goes.
        let half = lines.prefix(1 + (lines.count - 1) / 2)
        let time = try #require(half.last.flatMap { $0.firstMatch(of: /"t":(\d+)/)?.1 })
        let trace = (half + [#"{"t":\#(time),"type":"device_removed","device":1}"#]).joined(separator: "\n") + "\n"
        try trace.write(toFile: folder + "/unplugged.jsonl", atomically: true, encoding: .utf8)
        try """
            [[binding]]
            gesture = "drag"
            fingers = 4
            on = ["began", "changed", "ended", "cancelled"]
            every-mm = 5
            action = { exec = "echo $TACTUS_PHASE >> \(folder)/steps" }
            """.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        let printed = try runInRepository(try Artifact.daemon.path,
                                          ["--config", folder + "/config.toml", "--replay", folder + "/unplugged.jsonl", "--verbose"])
        let steps = DaemonThroughLibinputTests.written(folder + "/steps").map { $0.joined() }
        #expect(steps.first == "began" && steps.last == "cancelled" && !steps.contains("ended"), "\(steps)\n\(printed)")
        #expect(printed.contains("binding 1: drag cancelled (deviceRemoved)"), "\(printed)")
    }
}
