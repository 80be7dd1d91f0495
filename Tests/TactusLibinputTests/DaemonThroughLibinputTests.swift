// SPDX-License-Identifier: MIT
import Foundation
import TactusCore
import TactusSimulation
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
    /// status. `meanwhile` is shell run while the recording's lead-in of 2 s plays (the daemon is `$daemon`).
    /// `unplugAfter`: the panel is pulled out that many seconds into the run. `generated`: the panel plays these
    /// evemu events (`GeneratedEvents`) instead of the recording, for `seconds`. `keys`: a keyboard beside it
    /// plays these (`KeyboardThroughLibinputTests.keyboard`).
    static func run(_ configuration: String, in folder: String, options: String = "", meanwhile: String = "",
                    unplugAfter: Double? = nil, generated: String? = nil, seconds: Int = 6,
                    keys: String? = nil) throws -> [String] {
        try configuration.write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        let (recorded, description) = try CalibrationThroughLibinputTests.panelWithASize()
        let panel = (description: description, kind: Testbed.Kind.touchscreen, events: generated ?? recorded)
        let testbed = try Testbed(devices: [panel] + (keys.map { [(KeyboardThroughLibinputTests.keyboard, .keyboard, $0)] } ?? []),
                                  program: .daemon)
        return try testbed.run(script: """
            \(testbed.program) --seat seat0 --config \(folder)/config.toml \(options) & daemon=$!
            \(meanwhile)
            sleep \(seconds); kill -TERM $daemon; wait $daemon; echo "exit $?"
            """, unplugging: unplugAfter.map { (device: 0, after: $0) })
    }

    /// The ids of the processes whose command line matches `pattern` (pgrep -f).
    static func processes(matching pattern: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
        process.arguments = ["-f", pattern]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
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
            action = { exec = "echo $TACTUS_GESTURE $TACTUS_PHASE $TACTUS_FINGERS $TACTUS_DX $TACTUS_DY $TACTUS_PACES $TACTUS_STEP_DY >> \(folder)/steps" }
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
        // Each step says how far the fingers came since the command last ran: the difference of the totals.
        let totals = steps.compactMap { Double($0[4]) }, moves = steps.compactMap { Double($0[6]) }
        #expect(moves.first == 0 && zip(zip(totals, totals.dropFirst()), moves.dropFirst()).allSatisfy { abs($0.1 - $0.0 - $1) < 0.003 },
                "\(steps)")
    }

    @Test func aCommandThatHangsDelaysNoOtherAndIsEndedWithTheDaemon() throws {
        let folder = try Self.folder()
        let lines = try Self.run("""
            [[binding]]
            gesture = "drag"
            fingers = 4
            on = ["began", "ended"]
            action = { exec = "echo $TACTUS_PHASE >> \(folder)/steps; [ $TACTUS_PHASE = began ] && exec sleep 4321 >/dev/null 2>&1" }
            """, in: folder)
        #expect(lines.last == "exit 0", "\(lines)")
        // The began's command still slept when the drag ended: the end's ran all the same.
        #expect(Self.written(folder + "/steps") == [["began"], ["ended"]])
        // Stopping, the daemon ended it: no sleep of that length is left. (Its output goes elsewhere, so that one left
        // behind would not hold the testbed's output open, and the test would fail rather than wait for it.)
        let left = try Self.processes(matching: "sleep 4321")
        #expect(left.isEmpty, "\(left)")
    }

    @Test func sighupPutsAGoodFileInForceAndKeepsTheBindingsOfABadOne() throws {
        let folder = try Self.folder()
        let binding = { (name: String) in
            "[[binding]]\ngesture = \"drag\"\nfingers = 4\naction = { exec = \"echo \(name) >> \(folder)/ran\" }\n"
        }
        try binding("second").write(toFile: folder + "/second.toml", atomically: true, encoding: .utf8)
        let lines = try Self.run(binding("first"), in: folder, meanwhile: """
            sleep 0.3; printf '[[binding]]\\ngesture = "drag"\\nfingerz = 4\\n' > \(folder)/config.toml; kill -HUP $daemon
            sleep 0.3; cp \(folder)/second.toml \(folder)/config.toml; kill -HUP $daemon
            """)
        #expect(lines.last == "exit 0", "\(lines)")
        #expect(lines.contains { $0.contains("config.toml:3: fingerz: unknown key") && $0.hasSuffix("keeping the configuration in force") },
                "\(lines)")
        #expect(Self.written(folder + "/ran") == [["second"]], "\(lines)")
    }

    @Test func itListsItsDevicesAndSaysWhatItWouldRun() throws {
        let folder = try Self.folder()
        let (events, description) = try CalibrationThroughLibinputTests.panelWithASize()
        let testbed = try Testbed(description: description, kind: .touchscreen, events: events, program: .daemon)
        let listed = try testbed.run(arguments: ["--list-devices", "--seat", "seat0"])
        #expect(listed.contains { $0.hasPrefix("EP0430M09: touchscreen, 98.38") && $0.contains("×59.0 mm, 5 touches") }, "\(listed)")

        let lines = try Self.run("""
            [[binding]]
            gesture = "drag"
            fingers = 4
            action = { exec = "echo ran >> \(folder)/ran" }

            [[binding]]
            gesture = "swipe"
            fingers = 2
            action = { exec = "echo swiped" }
            """, in: folder, options: "--verbose --dry-run")
        #expect(lines.contains("tactusd: binding 1: drag began") && lines.contains("tactusd: binding 1: drag ended"), "\(lines)")
        #expect(lines.contains("tactusd: binding 2: swipe failed (wrongFingerCount)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("tactusd: binding 1 runs: TACTUS_GESTURE=drag TACTUS_PHASE=ended TACTUS_PACES=1 TACTUS_FINGERS=4 TACTUS_DX=") },
                "\(lines)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/ran"), "a dry run ran a command")
    }

    /// The panel pulled out halfway through the four-finger drag: libinput cancels its touches, then removes it,
    /// and the drag's cancelled command runs instead of its ended one.
    @Test func aDeviceUnpluggedMidGestureRunsTheCancelledCommand() throws {
        let folder = try Self.folder()
        let lines = try Self.run("""
            [[binding]]
            gesture = "drag"
            fingers = 4
            on = ["began", "ended", "cancelled"]
            action = { exec = "echo $TACTUS_PHASE >> \(folder)/phases" }
            """, in: folder, options: "--verbose", unplugAfter: 2.6)
        #expect(lines.last == "exit 0", "\(lines)")
        let told = lines.filter { !$0.contains("drag changed") }
        #expect(Self.written(folder + "/phases") == [["began"], ["cancelled"]], "\(told)")
        let cancelled = lines.firstIndex { $0.hasSuffix("drag cancelled (cancelledByInput)") }
        let removed = lines.firstIndex { $0 == "tactusd: removed EP0430M09" }
        #expect(cancelled != nil && removed != nil && cancelled! < removed!, "\(told)")
    }

    /// Modifiers come from the seat's keyboards through xkbcommon: a drag that requires Super runs with Super held
    /// on the keyboard beside the panel, and one that requires Control does not.
    @Test func aBindingThatRequiresSuperRunsWithSuperHeldOnTheSeatsKeyboard() throws {
        let folder = try Self.folder()
        let (recorded, _) = try CalibrationThroughLibinputTests.panelWithASize()
        let times = recorded.split(separator: "\n").filter { $0.hasPrefix("E:") }.compactMap { Double($0.split(separator: " ")[1]) }
        let lines = try Self.run("""
            [[binding]]
            gesture = "drag"
            fingers = 4
            modifiers = ["super"]
            action = { exec = "echo super >> \(folder)/ran" }

            [[binding]]
            gesture = "drag"
            fingers = 4
            modifiers = ["ctrl"]
            priority = "high"
            action = { exec = "echo ctrl >> \(folder)/ran" }
            """, in: folder, options: "--verbose",
            keys: KeyboardThroughLibinputTests.superHeld(from: times.first!, to: times.last!))
        #expect(lines.last == "exit 0", "\(lines)")
        #expect(Self.written(folder + "/ran") == [["super"]], "\(lines.filter { !$0.hasSuffix(" changed") })")
        #expect(lines.contains("tactusd: binding 2: drag failed (modifiersNotHeld)"), "\(lines.filter { !$0.hasSuffix(" changed") })")
    }

    @Test func aDevicesSettingsTurnItsTouchesOrLeaveItOut() throws {
        let drag = { (folder: String) in
            "[[binding]]\ngesture = \"drag\"\nfingers = 4\naction = { exec = \"echo $TACTUS_DX $TACTUS_DY >> \(folder)/ran\" }\n"
        }
        let turned = try Self.folder()
        let lines = try Self.run(drag(turned) + "[[device]]\nmatch = \"EP0430\"\nrotation = 90\n", in: turned)
        #expect(lines.last == "exit 0", "\(lines)")
        // Along the panel's y as it lies (-17.6 mm), turned a quarter clockwise: along x, to the right.
        let ran = Self.written(turned + "/ran")
        let dx = try #require(ran.first.flatMap { Double($0[0]) }), dy = try #require(ran.first.flatMap { Double($0[1]) })
        #expect(ran.count == 1 && abs(dx - 17.6) < 0.5 && abs(dy) < 1, "\(ran)")

        let ignored = try Self.folder()
        let quiet = try Self.run(drag(ignored) + "[[device]]\nmatch = \"EP0430\"\nignore = true\n", in: ignored)
        #expect(quiet.contains { $0.hasPrefix("tactusd: left out EP0430M09: touchscreen") }, "\(quiet)")
        #expect(!FileManager.default.fileExists(atPath: ignored + "/ran"), "a left-out device ran a command")
    }

    /// Three fingers held still for 700 ms (a long press), then dragged 30 mm down in 400 ms: a sequence.
    static func pressThenDrag(at start: Double) -> [(Timestamp, InputEvent)] {
        var events: [(Timestamp, InputEvent)] = []
        let device = DeviceID(1)
        for step in 0...138 {
            let milliseconds = start + Double(step) * 8
            let time = Timestamp(microseconds: Int64(milliseconds * 1000))
            let travel = min(max(milliseconds - start - 700, 0) / 400, 1) * 30 / GeneratedEvents.size.height
            for finger in 0..<3 {
                let point = Point(x: 0.35 + 0.15 * Double(finger), y: 0.25 + travel)
                events.append((time, step == 0 ? .touchDown(device, contact: ContactID(finger), position: point)
                                               : .touchMotion(device, contact: ContactID(finger), position: point)))
            }
            events.append((time, .touchFrame(device)))
        }
        let end = Timestamp(microseconds: Int64((start + 139 * 8) * 1000))
        for finger in 0..<3 { events.append((end, .touchUp(device, contact: ContactID(finger)))) }
        events.append((end, .touchFrame(device)))
        return events
    }

    /// Gestures no recording holds, generated as the panel's events: an edge swipe's progress, a pinch's live
    /// scale every quarter, a tip-tap's side and a long press then drag (a sequence binding) each run their
    /// commands; a tip-tap binding that the panel's [[device]] leaves out runs nothing, though its high priority
    /// would otherwise win the tip-tap.
    @Test func anEdgeSwipeALivePinchATipTapAndASequenceRunTheirCommands() throws {
        let folder = try Self.folder()
        let generated = GeneratedEvents.evemu([
            (at: 100, gesture: .edgeSwipe(edge: .left, fingers: 1, distance: 30, duration: 300)),
            (at: 1100, gesture: .pinch(fingers: 2, startSpan: 20, endSpan: 45, duration: 500)),
            (at: 2100, gesture: .tipTap(fingers: 1, side: .right, distance: 20, duration: 800)),
        ]).trimmingCharacters(in: .newlines) + "\n" + GeneratedEvents.evemu(Self.pressThenDrag(at: 3400))
        let lines = try Self.run("""
            [[device]]
            match = "EP0430"
            bindings = ["edge", "pinch", "tip-tap", "sequence"]

            [[binding]]
            name = "edge"
            gesture = "edge-swipe"
            edge = "left"
            on = ["began", "ended"]
            action = { exec = "echo $TACTUS_PHASE $TACTUS_EDGE $TACTUS_PROGRESS >> \(folder)/edge" }

            [[binding]]
            name = "pinch"
            gesture = "pinch"
            on = ["changed", "ended"]
            every-scale = 0.25
            action = { exec = "echo $TACTUS_PHASE $TACTUS_SCALE $TACTUS_STEP_SCALE >> \(folder)/pinch" }

            [[binding]]
            name = "tip-tap"
            gesture = "tip-tap"
            action = { exec = "echo $TACTUS_GESTURE $TACTUS_DIRECTION $TACTUS_FINGERS >> \(folder)/tip-tap" }

            [[binding]]
            name = "unlisted"
            gesture = "tip-tap"
            priority = "high"
            action = { exec = "echo ran >> \(folder)/unlisted" }

            [[binding]]
            name = "sequence"
            gesture = "long-press"
            fingers = 3
            then = { gesture = "drag" }
            on = ["began", "ended"]
            action = { exec = "echo $TACTUS_GESTURE $TACTUS_PHASE $TACTUS_FINGERS $TACTUS_DY >> \(folder)/sequence" }
            """, in: folder, options: "--verbose", generated: generated, seconds: 8)
        let told = lines.filter { !$0.hasSuffix(" changed") }
        #expect(lines.last == "exit 0", "\(told)")

        let edge = Self.written(folder + "/edge")
        #expect(edge.map(\.first) == ["began", "ended"] && edge.allSatisfy { $0.dropFirst().first == "left" }, "\(told)")
        #expect(Double(edge.last?.last ?? "") == 1, "\(edge)")

        // From ×1 to ×2.25 (20 to 45 mm), beginning past the pinch's threshold: a change every quarter of scale
        // from there, each step the ratio to the last, then the end at ×2.25.
        let pinch = Self.written(folder + "/pinch")
        let scales = pinch.compactMap { Double($0[1]) }, steps = pinch.compactMap { Double($0[2]) }
        #expect(pinch.map(\.first) == ["changed", "changed", "changed", "changed", "ended"], "\(pinch)")
        #expect(zip(scales.dropFirst(), scales.dropLast(2)).allSatisfy { $0 - $1 >= 0.25 && $0 - $1 < 0.32 }, "\(pinch)")
        #expect(abs((scales.last ?? 0) - 2.25) < 0.05, "\(pinch)")
        #expect(zip(steps.dropFirst(), zip(scales.dropFirst(), scales)).allSatisfy { abs($0 - $1.0 / $1.1) < 0.01 }, "\(pinch)")

        #expect(Self.written(folder + "/tip-tap") == [["tip-tap", "right", "1"]], "\(told)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/unlisted"), "a binding the device leaves out ran")

        let sequence = Self.written(folder + "/sequence")
        #expect(sequence.map { $0.prefix(3) } == [["drag", "began", "3"], ["drag", "ended", "3"]], "\(told)")
        #expect(abs((Double(sequence.last?.last ?? "") ?? 0) - 30) < 2, "\(sequence)")
    }
}
