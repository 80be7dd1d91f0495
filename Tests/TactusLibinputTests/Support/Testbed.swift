// SPDX-License-Identifier: MIT
import Foundation
import RepositoryPrograms

/// Replays an evemu recording through the real libinput into `tactus-sim listen`, inside an umockdev testbed.
///
/// From the evemu description of a device, Tests/Testbed/umockdev_device.py (which scripts/bench-daemon runs too)
/// writes what umockdev needs: a device file (sysfs attributes and udev properties), an ioctl file answering
/// libevdev's queries with exactly the lengths libevdev asks for, and the udev database entry libudev reads; the
/// events get a 2 s lead-in (1.3 s suffices on an idle machine) because libinput drains whatever is queued when it
/// opens the device.
struct Testbed {
    /// What the device is, as umockdev_device.py's `--kind` names it.
    enum Kind: String { case touchscreen, touchpad, keyboard }

    let folder: String
    /// The emulated nodes, /dev/input/event5 onwards, in the order the devices were given.
    let nodes: [String]
    var node: String { nodes[0] }
    /// The program the testbed runs, and the library preloaded into it: built before the recordings' clock starts,
    /// since a build would take the time of their lead-in.
    let program: String
    let preload: String

    /// One device and its recording, for `program`; `udevProperties` are more of its udev properties, as
    /// `NAME=value` (a hwdb entry's or a rule's, such as `LIBINPUT_CALIBRATION_MATRIX`).
    init(description text: String, kind: Kind, events: String, program: Artifact = .simulator,
         udevProperties: [String] = []) throws {
        try self.init(devices: [(text, kind, events)], program: program, udevProperties: udevProperties)
    }

    /// Several devices (a keyboard beside a touchscreen), their recordings on one clock, for `program`.
    init(devices: [(description: String, kind: Kind, events: String)], program: Artifact = .simulator,
         udevProperties: [String] = []) throws {
        self.program = try program.path
        preload = try Artifact.umockdevPreload.path
        let folder = NSTemporaryDirectory() + "tactus-testbed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/udev", withIntermediateDirectories: true)
        let nodes = devices.indices.map { "/dev/input/event\(5 + $0)" }
        // Device N's files are deviceN.desc (its description), .umockdev, .ioctl and .events.
        let files = devices.indices.map { "\(folder)/device\($0)" }
        for index in devices.indices {
            try devices[index].description.write(toFile: files[index] + ".desc", atomically: true, encoding: .utf8)
            _ = try runInRepository("/usr/bin/python3", ["Tests/Testbed/umockdev_device.py", files[index] + ".desc",
                                                         "--kind", devices[index].kind.rawValue, "--node", nodes[index],
                                                         "--files", files[index], "--udev", folder + "/udev"]
                                                        + udevProperties.flatMap { ["--property", $0] })
        }
        // The recordings' clock starts once the devices are written, so that writing them takes none of the lead-in.
        let start = Testbed.monotonicNow()
        let origin = devices.compactMap { Testbed.firstTime($0.events) }.min() ?? 0
        for index in devices.indices {
            try Testbed.leadIn(devices[index].events, origin: origin, now: start)
                .write(toFile: files[index] + ".events", atomically: true, encoding: .utf8)
        }
        self.folder = folder
        self.nodes = nodes
    }

    static func firstTime(_ events: String) -> Double? {
        events.split(separator: "\n").first { $0.hasPrefix("E:") }?.split(separator: " ").dropFirst().first.flatMap { Double($0) }
    }

    static func monotonicNow() -> Double {
        var clock = timespec()
        clock_gettime(CLOCK_MONOTONIC, &clock)
        return Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9
    }

    /// The events restamped on the monotonic clock, `origin` becoming 2 s from `now`, behind an empty report
    /// stamped now. Kernel events carry CLOCK_MONOTONIC times, and libinput mixes them with its own timers (a
    /// touchpad hold begins on a timer): a recording's old times would make time run backwards between the two.
    static func leadIn(_ events: String, origin start: Double, now: Double) -> String {
        let lines = events.split(separator: "\n").filter { $0.hasPrefix("E:") }
        var out = "E: \(umockdevTime(now)) 0000 0000 0\n"
        for line in lines {
            let fields = line.split(separator: " ", maxSplits: 2)
            guard fields.count == 3, let t = Double(fields[1]) else { continue }
            out += "E: \(umockdevTime(now + 2.0 + t - start)) \(fields[2])\n"
        }
        return out
    }

    /// umockdev 0.17.16 reads the part after the dot as an integer count of microseconds in C's base 0, so
    /// evemu's zero-padded "100.050000" becomes 20480 µs (octal) and "101.008000" 0: write it unpadded.
    ///
    /// umockdev replays the events as a script of input_event structs (bytes below 0x20 escaped), reading each
    /// line with scanf("%u "), whose trailing space also swallows an event's first byte when it is a space (0x20):
    /// the low byte of its seconds. The rest of the stream would then be misaligned, the program reads garbage, and
    /// umockdev-run can hang (`timeLimit`). Such an event is stamped a second earlier with a million microseconds
    /// more: the same time to libinput, which adds the two.
    static func umockdevTime(_ seconds: Double) -> String {
        let microseconds = Int64((seconds * 1_000_000).rounded())
        var (whole, part) = (microseconds / 1_000_000, microseconds % 1_000_000)
        if whole % 256 == 0x20 { (whole, part) = (whole - 1, part + 1_000_000) }
        return "\(whole).\(part)"
    }

    /// Runs `tactus-sim listen` on the emulated device and returns the JSON lines it printed.
    func listen(_ arguments: [String]) throws -> [String] { try run("listen", arguments) }

    /// Runs a `tactus-sim` command that reads the emulated device (`listen` or `record`) and returns its output lines.
    func run(_ command: String, _ arguments: [String], namingDevices: Bool = true) throws -> [String] {
        try run(arguments: [command] + (namingDevices ? nodes.flatMap { ["--device", $0] } : []) + arguments)
    }

    /// Runs the testbed's program (it reads the emulated devices at `nodes`) and returns its output lines.
    func run(arguments: [String]) throws -> [String] {
        try run(script: "exec \(program) " + arguments.joined(separator: " "))
    }

    /// How long a run may take before it is ended: the longest run (a daemon test) takes about 15 s. umockdev-run
    /// can hang once its program has ended: it joins the thread that plays the recording, which blocks for ever
    /// writing into the emulated device when no process reads it any more (seen once in CI, and caught under gdb:
    /// the main thread in g_thread_join, the player in write() on /dev/ptmx). It would otherwise hold CI until CI's
    /// own limit.
    static let timeLimit = 120.0

    /// Runs a shell script in the testbed, every program it starts preloaded, and returns its output lines.
    /// Throws `Timeout`, naming umockdev-run, when the run outlives `limit` seconds; it is then killed with
    /// whatever it started.
    ///
    /// With `unplugging`, the device of that index goes away `after` seconds into the run, as when it is pulled
    /// out: umockdev-run cannot do that, so `unplug-testbed.py` beside this file runs the testbed instead.
    func run(script: String, limit: Double = Testbed.timeLimit, unplugging: (device: Int, after: Double)? = nil) throws -> [String] {
        let process = Process()
        let line = "export LD_PRELOAD=\(preload):$LD_PRELOAD; " + script
        var options: [String] = []
        for (index, node) in nodes.enumerated() {
            options += ["-d", "\(folder)/device\(index).umockdev", "-i", "\(node)=\(folder)/device\(index).ioctl",
                        "-e", "\(node)=\(folder)/device\(index).events"]
        }
        if let unplugging {
            let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("unplug-testbed.py")
            let number = 5 + unplugging.device
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            options = [driver.path] + options + ["--unplug-after", "\(unplugging.after)",
                                                 "--unplug", "/sys/devices/virtual/input/input\(number)/event\(number)"]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/umockdev-run")
        }
        process.arguments = options + ["--", "sh", "-c", line]
        var environment = ProcessInfo.processInfo.environment
        environment["TACTUS_UDEV_DATA"] = folder + "/udev"
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Both pipes are drained at once, so that a program writing much to stderr never blocks on a full pipe.
        let drained = DispatchGroup()
        nonisolated(unsafe) var errorText = Data()
        DispatchQueue.global().async(group: drained) { errorText = errors.fileHandleForReading.readDataToEndOfFile() }
        let pid = process.processIdentifier
        let killer = DispatchWorkItem { Testbed.killTree(pid) }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: killer)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        killer.cancel()
        if process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL {
            throw Timeout(script: script, limit: limit, output: String(decoding: data, as: UTF8.self),
                          errors: String(decoding: errorText, as: UTF8.self))
        }
        // The driver's own failure (a missing package) says why on stderr; umockdev-run's status is the script's.
        if unplugging != nil && process.terminationStatus != 0 {
            throw DriverFailure(status: process.terminationStatus, errors: String(decoding: errorText, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// unplug-testbed.py failed.
    struct DriverFailure: Error, CustomStringConvertible {
        var status: Int32
        var errors: String

        var description: String { "unplug-testbed.py exited with \(status): \(errors.suffix(2000))" }
    }

    /// A testbed run that did not end within `timeLimit`.
    struct Timeout: Error, CustomStringConvertible {
        var script: String
        var limit: Double
        var output: String
        var errors: String

        var description: String {
            "umockdev-run did not end within \(limit) s and was killed with what it started; it ran "
                + "`\(script)`; its output ended with: \(output.suffix(2000)); its stderr ended with: \(errors.suffix(2000))"
        }
    }

    /// Kills a process and every process below it, children first found from /proc.
    static func killTree(_ root: Int32) {
        var children: [Int32: [Int32]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { children[parent, default: []].append(pid) }
        }
        var queue = [root], index = 0
        while index < queue.count {
            queue += children[queue[index]] ?? []
            index += 1
        }
        for pid in queue { kill(pid, SIGKILL) }
    }
}
