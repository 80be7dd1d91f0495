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

    /// Issue 32: tactusd read a trace whole before it played it (29.5 MB: 17 s and 185 MB before the first event). It
    /// reads one line at a time, in the memory of a line however long the trace: here a finger dragging for 60 000
    /// frames ten microseconds apart, 6.5 MB that play in 0.6 s of the trace's time.
    @Test func aLongTraceIsReadAsItPlays() throws {
        let folder = try DaemonThroughLibinputTests.folder()
        var lines = [#"{"tactus_trace":1,"devices":[{"id":1,"kind":"touchscreen","size_mm":[160,100],"output":[0,0,1600,1000],"slots":10}]}"#,
                     #"{"t":1000,"type":"down","device":1,"id":0,"x":0.1,"y":0.5}"#, #"{"t":1000,"type":"frame","device":1}"#]
        for frame in 1...60_000 {
            let time = 1000 + 10 * frame, x = 0.1 + 0.8 * Double(frame % 1000) / 1000
            lines += [#"{"t":\#(time),"type":"motion","device":1,"id":0,"x":\#(x),"y":0.5}"#, #"{"t":\#(time),"type":"frame","device":1}"#]
        }
        lines += [#"{"t":601010,"type":"up","device":1,"id":0}"#, #"{"t":601010,"type":"frame","device":1}"#]
        try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/long.jsonl", atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: folder + "/long.jsonl") }
        try """
            [[binding]]
            gesture = "drag"
            on = ["began", "ended"]
            action = { exec = "true" }
            """.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        let (output, samples) = try memoryWhileReading(try Artifact.daemon.path,
                                                       ["--config", folder + "/config.toml", "--replay", folder + "/long.jsonl", "--verbose"])
        let printed = String(decoding: output, as: UTF8.self)
        #expect(printed.contains("binding 1: drag began") && printed.contains("binding 1: drag ended"), "\(printed.suffix(300))")
        // A sample at each megabyte printed while tactusd ran (it prints 2 MB), each after the start, when a reader of
        // the whole trace had it all in memory.
        #expect(samples.count >= 1, "\(samples.count) samples")
        let peak = samples.max() ?? .max
        #expect(peak < 48 << 20, "\(peak) bytes resident")
    }
}
