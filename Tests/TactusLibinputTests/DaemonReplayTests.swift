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
        try Self.fourFingerDragPhases(in: folder).write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        let printed = try runInRepository(try Artifact.daemon.path,
                                          ["--config", folder + "/config.toml", "--replay", folder + "/unplugged.jsonl", "--verbose"])
        let steps = DaemonThroughLibinputTests.written(folder + "/steps").map { $0.joined() }
        #expect(steps.first == "began" && steps.last == "cancelled" && !steps.contains("ended"), "\(steps)\n\(printed)")
        #expect(printed.contains("binding 1: drag cancelled (deviceRemoved)"), "\(printed)")
    }

    /// SIGTERM halfway through a 10-second four-finger drag: the daemon cancels the drag, whose cancelled command runs
    /// (a binding that presses at began is released), and stops at once rather than when the replay would end.
    @Test func sigtermMidGestureRunsTheCancelledCommandAndStops() throws {
        let folder = try DaemonThroughLibinputTests.folder()
        let trace = try Self.generated(["drag", "--fingers", "4", "--duration", "10000", "--distance", "100"], in: folder)
        let daemon = try Self.start(config: Self.fourFingerDragPhases(in: folder), replaying: trace, in: folder)
        try Self.waitFor(seconds: 8, "a change's command") { Self.steps(folder).contains("changed") }
        let signalled = Date()
        daemon.terminate()
        try Self.waitForExit(of: daemon, seconds: 5)
        let stopping = Date().timeIntervalSince(signalled)
        let steps = Self.steps(folder)
        #expect(daemon.terminationReason == .exit && daemon.terminationStatus == 0)
        #expect(stopping < 3, "it stopped \(stopping) s after SIGTERM, in a replay of 10 s")
        #expect(steps.first == "began" && steps.last == "cancelled" && !steps.contains("ended"), "\(steps)")
    }

    /// examples/streams: the volume bar, as a user runs it (volume-bar on the PATH, piped into wob), on a two-finger
    /// pull from the right edge: wpctl is asked for a volume at each millimetre, rising to the gesture's progress at
    /// its end, and wob is given the same levels. (wpctl and wob stand in here as programs that write down what they
    /// get.)
    @Test func theVolumeBarExampleSetsTheVolumeAndFeedsWobAsTheFingersMove() throws {
        let folder = try DaemonThroughLibinputTests.folder()
        let bin = folder + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for (name, script) in [("wpctl", "echo \"$*\" >> \(folder)/wpctl"), ("wob", "cat > \(folder)/wob")] {
            try "#!/bin/sh\n\(script)\n".write(toFile: "\(bin)/\(name)", atomically: true, encoding: .utf8)
            chmod("\(bin)/\(name)", 0o755)
        }
        let examples = repositoryRoot + "/examples/streams"
        let trace = try Self.generated(["edge-swipe", "--edge", "right", "--fingers", "2", "--distance", "45",
                                        "--size", "254x143", "--pixels", "1280x720"], in: folder)
        let configuration = try String(contentsOfFile: examples + "/volume-bar.toml", encoding: .utf8)
        let daemon = try Self.start(config: configuration, replaying: trace, in: folder,
                                    environment: ["PATH": "\(examples):\(bin):/usr/bin:/bin"])
        try Self.waitForExit(of: daemon, seconds: 10)
        #expect(daemon.terminationStatus == 0)
        let levels = ((try? String(contentsOfFile: folder + "/wob", encoding: .utf8)) ?? "").split(separator: "\n").compactMap { Int($0) }
        let asked = ((try? String(contentsOfFile: folder + "/wpctl", encoding: .utf8)) ?? "").split(separator: "\n")
        // 45 mm of 60: 75 % at the end, a level every millimetre or two on the way (a frame at 120 Hz), never going down.
        #expect(levels.last == 75 && levels.count >= 20 && zip(levels, levels.dropFirst()).allSatisfy { $0 <= $1 }, "\(levels)")
        #expect(asked.map(String.init) == levels.map { "set-volume @DEFAULT_AUDIO_SINK@ \($0)%" }, "\(asked)")
    }

    /// A trace whose next event is eleven days on: SIGINT stops the replay while it waits.
    @Test func sigintStopsAReplayThatWaitsForItsNextEvent() throws {
        let folder = try DaemonThroughLibinputTests.folder()
        let header = try String(contentsOfFile: Self.generated(["tap"], in: folder), encoding: .utf8).split(separator: "\n")[0]
        let trace = folder + "/gap.jsonl"
        try ([String(header)] + Self.touch(downAt: 100_000, upAt: 1_000_000_000_000)).joined(separator: "\n")
            .appending("\n").write(toFile: trace, atomically: true, encoding: .utf8)
        let daemon = try Self.start(config: "", replaying: trace, in: folder)
        Thread.sleep(forTimeInterval: 1)
        let signalled = Date()
        daemon.interrupt()
        try Self.waitForExit(of: daemon, seconds: 5)
        #expect(Date().timeIntervalSince(signalled) < 3 && daemon.terminationStatus == 0)
    }

    /// A finger held still for 30 s of a trace: the long press is recognized by the engine's timer at its own time,
    /// half a second in, not when the finger lifts.
    @Test func aLongPressInAReplayIsRecognizedAtItsDeadline() throws {
        let folder = try DaemonThroughLibinputTests.folder()
        let header = try String(contentsOfFile: Self.generated(["tap"], in: folder), encoding: .utf8).split(separator: "\n")[0]
        let trace = folder + "/still.jsonl"
        try ([String(header)] + Self.touch(downAt: 100_000, upAt: 30_100_000)).joined(separator: "\n")
            .appending("\n").write(toFile: trace, atomically: true, encoding: .utf8)
        let daemon = try Self.start(config: """
            [[binding]]
            gesture = "long-press"
            action = { exec = "echo pressed >> \(folder)/steps" }
            """, replaying: trace, in: folder)
        defer { daemon.terminate(); try? Self.waitForExit(of: daemon, seconds: 5) }
        try Self.waitFor(seconds: 10, "the long press's command, due 0.5 s in (the finger lifts at 30 s)") {
            Self.steps(folder) == ["pressed"]
        }
    }

    /// The commands' `TACTUS_*` variables are the gesture's alone: those of tactusd's own environment do not reach
    /// them, not even the ones a swipe does not set.
    @Test func commandsGetTheGesturesVariablesAndNoneOfTheDaemons() throws {
        let folder = try DaemonThroughLibinputTests.folder()
        let daemon = try Self.swipe(running: "env | grep ^TACTUS_ | sort > \(folder)/environment", in: folder,
                                    environment: ["TACTUS_COUNT": "666", "TACTUS_EDGE": "evil", "TACTUS_SCALE": "9.999"])
        try Self.waitForExit(of: daemon, seconds: 20)
        let variables = DaemonThroughLibinputTests.written(folder + "/environment").map { $0.joined() }
        #expect(variables.contains("TACTUS_GESTURE=swipe") && variables.contains("TACTUS_DIRECTION=left"), "\(variables)")
        #expect(!variables.contains { $0.hasPrefix("TACTUS_COUNT") || $0.hasPrefix("TACTUS_EDGE") || $0.hasPrefix("TACTUS_SCALE") },
                "\(variables)")
    }

    /// A binding that runs at every change without a pace, on a 2-second four-finger drag reported at 480 Hz: at
    /// most one command every 50 ms (before: one per frame, some 960); `--check` says so.
    @Test func anUnpacedLiveBindingRunsAtMostOneCommandEvery50Milliseconds() throws {
        let folder = try DaemonThroughLibinputTests.folder()
        let trace = try Self.generated(["drag", "--fingers", "4", "--duration", "2000", "--distance", "60", "--rate", "480"],
                                       in: folder)
        let configuration = """
            [[binding]]
            gesture = "drag"
            fingers = 4
            on = ["changed"]
            action = { exec = "echo $TACTUS_PHASE >> \(folder)/steps" }
            """
        let daemon = try Self.start(config: configuration, replaying: trace, in: folder)
        try Self.waitForExit(of: daemon, seconds: 20)
        let changes = Self.steps(folder).count
        #expect(changes >= 20 && changes <= 2000 / 50 + 1, "\(changes) commands for 2 s of changes")
        let checked = try runInRepository(try Artifact.daemon.path, ["--check", folder + "/config.toml"])
        #expect(checked.contains("binding 1 (exec: echo $TACTUS_PHASE >> \(folder)/steps): runs its command at changes "
                                 + "without a pace; at most one every 50 ms runs"), "\(checked)")
    }

    /// tactusd's output read by a reader that goes away (`tactusd --verbose | head -2`): it carries on and exits 0
    /// rather than dying of SIGPIPE.
    @Test func aReaderThatGoesAwayDoesNotEndTheDaemon() throws {
        let folder = try DaemonThroughLibinputTests.folder()
        let daemon = try Self.swipe(running: "echo swiped >> \(folder)/steps", in: folder, arguments: ["--verbose"],
                                    closingOutput: true)
        try Self.waitForExit(of: daemon, seconds: 20)
        #expect(daemon.terminationReason == .exit && daemon.terminationStatus == 0)
        #expect(Self.steps(folder) == ["swiped"])
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

    /// A trace that goes bad after a tap: the tap plays and runs its command, then tactusd stops and exits 1, naming
    /// the bad line.
    @Test func aTraceThatGoesBadPlaysUpToItsBadLineAndExits1() throws {
        let folder = try DaemonThroughLibinputTests.folder()
        let header = try String(contentsOfFile: Self.generated(["tap"], in: folder), encoding: .utf8).split(separator: "\n")[0]
        let trace = folder + "/bad.jsonl"
        try ([String(header)] + Self.touch(downAt: 100_000, upAt: 150_000) + [#"{"t":200000,"type":"frame","device":1,"x":1}"#])
            .joined(separator: "\n").appending("\n").write(toFile: trace, atomically: true, encoding: .utf8)
        try """
            [[binding]]
            gesture = "tap"
            action = { exec = "echo tapped >> \(folder)/steps" }
            """.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        let failure = #expect(throws: ProgramFailure.self) {
            try runInRepository(try Artifact.daemon.path, ["--config", folder + "/config.toml", "--replay", trace])
        }
        #expect(failure?.description.contains("status 1") == true, "\(String(describing: failure))")
        #expect(failure?.description.contains("bad.jsonl:6: unknown key \"x\"") == true, "\(String(describing: failure))")
        #expect(Self.steps(folder) == ["tapped"])
    }

    // MARK: Support

    /// Writes `tactus-sim generate ARGUMENTS` into the folder and returns its path.
    static func generated(_ arguments: [String], in folder: String) throws -> String {
        let path = folder + "/\(arguments[0])-\(UUID().uuidString).jsonl"
        try runInRepository(try Artifact.simulator.path, ["generate"] + arguments)
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A finger on device 1, down and up at those times (µs), as trace lines.
    static func touch(downAt down: Int, upAt up: Int) -> [String] {
        [#"{"t":\#(down),"type":"down","device":1,"id":0,"x":0.5,"y":0.5}"#, #"{"t":\#(down),"type":"frame","device":1}"#,
         #"{"t":\#(up),"type":"up","device":1,"id":0}"#, #"{"t":\#(up),"type":"frame","device":1}"#]
    }

    /// A configuration whose 4-finger drag writes each phase it runs at (every 5 mm) to FOLDER/steps.
    static func fourFingerDragPhases(in folder: String) -> String {
        """
            [[binding]]
            gesture = "drag"
            fingers = 4
            on = ["began", "changed", "ended", "cancelled"]
            every-mm = 5
            action = { exec = "echo $TACTUS_PHASE >> \(folder)/steps" }
            """
    }

    /// tactusd replaying a generated 3-finger swipe to the left, bound to `command`.
    static func swipe(running command: String, in folder: String, arguments: [String] = [],
                      environment: [String: String] = [:], closingOutput: Bool = false) throws -> Process {
        let trace = try generated(["swipe", "--fingers", "3", "--direction", "left"], in: folder)
        return try start(config: """
            [[binding]]
            gesture = "swipe"
            fingers = 3
            action = { exec = "\(command)" }
            """, replaying: trace, in: folder, arguments: arguments, environment: environment, closingOutput: closingOutput)
    }

    /// Starts `tactusd --config FOLDER/config.toml --replay TRACE` with `config` written there; its output is
    /// discarded, or read by nobody when `closingOutput` (the pipe's reader closed at once).
    static func start(config: String, replaying trace: String, in folder: String, arguments: [String] = [],
                      environment: [String: String] = [:], closingOutput: Bool = false) throws -> Process {
        try config.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Artifact.daemon.path)
        process.arguments = ["--config", folder + "/config.toml", "--replay", trace] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = closingOutput ? output : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if closingOutput { try output.fileHandleForReading.close() }
        return process
    }

    /// Waits for the daemon to exit; after `seconds`, kills it and fails.
    static func waitForExit(of daemon: Process, seconds: Double) throws {
        defer { if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL); daemon.waitUntilExit() } }
        try waitFor(seconds: seconds, "tactusd's exit") { !daemon.isRunning }
    }

    /// The steps the commands wrote, a line each.
    static func steps(_ folder: String) -> [String] {
        DaemonThroughLibinputTests.written(folder + "/steps").map { $0.joined() }
    }

    /// Waits until `condition` holds, looking every 50 ms; fails naming `what` after `seconds`.
    static func waitFor(seconds: Double, _ what: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { throw ProgramFailure(description: "\(what): not within \(seconds) s") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}
