// SPDX-License-Identifier: MIT
import Foundation
import RepositoryPrograms

/// Replays an evemu recording through the real libinput into `tactus-sim listen`, inside an umockdev testbed.
///
/// From the evemu description of a device it writes what umockdev needs: a device file (sysfs attributes and
/// udev properties), an ioctl file answering libevdev's queries with exactly the lengths libevdev asks for, and
/// the udev database entry libudev reads; the events get a 2 s lead-in (1.3 s suffices on an idle machine) because libinput drains whatever is
/// queued when it opens the device.
struct Testbed {
    enum Kind: String { case touchscreen = "ID_INPUT_TOUCHSCREEN", touchpad = "ID_INPUT_TOUCHPAD", keyboard = "ID_INPUT_KEYBOARD" }

    struct Description {
        var name = ""
        var ids: [Int] = [0, 0, 0, 0]
        var properties = [UInt8](repeating: 0, count: 8)
        var bits: [Int: [UInt8]] = [:]
        var axes: [(code: Int, values: [Int])] = []

        init(_ text: String) {
            for raw in text.split(separator: "\n") {
                let line = raw.trimmingCharacters(in: .whitespaces)
                let fields = line.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                if line.hasPrefix("N:") { name = String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces) }
                if line.hasPrefix("I:") { ids = fields.compactMap { Int($0, radix: 16) } }
                if line.hasPrefix("P:") { properties = fields.compactMap { UInt8($0, radix: 16) } }
                if line.hasPrefix("B:"), let type = Int(fields.first ?? "", radix: 16) {
                    bits[type, default: []] += fields.dropFirst().compactMap { UInt8($0, radix: 16) }
                }
                if line.hasPrefix("A:"), let code = Int(fields.first ?? "", radix: 16) {
                    axes.append((code, fields.dropFirst().compactMap { Int($0) }))
                }
            }
        }

        func bits(_ type: Int, _ length: Int) -> [UInt8] {
            let b = Array((bits[type] ?? []).prefix(length))
            return b + [UInt8](repeating: 0, count: length - b.count)
        }
    }

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
        folder = NSTemporaryDirectory() + "tactus-testbed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/udev", withIntermediateDirectories: true)
        let start = Testbed.monotonicNow()
        let origin = devices.compactMap { Testbed.firstTime($0.events) }.min() ?? 0
        var nodes: [String] = []
        for (index, device) in devices.enumerated() {
            let number = 5 + index, minor = 64 + number
            let d = Description(device.description)
            let name = "device\(index)"
            try Testbed.device(d, device.kind, number: number, udevProperties: udevProperties)
                .write(toFile: "\(folder)/\(name).umockdev", atomically: true, encoding: .utf8)
            try Testbed.ioctl(d, node: "/dev/input/event\(number)").write(toFile: "\(folder)/\(name).ioctl", atomically: true, encoding: .utf8)
            let more = udevProperties.map { "E:\($0)\n" }.joined()
            try "I:1000000\nE:ID_INPUT=1\nE:\(device.kind.rawValue)=1\n\(more)G:seat\nQ:seat\nV:1\n"
                .write(toFile: "\(folder)/udev/c13:\(minor)", atomically: true, encoding: .utf8)
            try Testbed.leadIn(device.events, origin: origin, now: start)
                .write(toFile: "\(folder)/\(name).events", atomically: true, encoding: .utf8)
            nodes.append("/dev/input/event\(number)")
        }
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

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined() }

    static func littleEndian<T: FixedWidthInteger>(_ values: [T]) -> [UInt8] {
        values.flatMap { value in withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    }

    static func ioctl(_ d: Description, node: String) -> String {
        var lines = ["@DEV \(node)", "EVIOCGBIT(0) 8 \(hex(d.bits(0, 8)))"]
        let name = Array(d.name.utf8.prefix(254))
        lines.append("EVIOCGNAME(0) \(name.count + 1) \(hex(name + [UInt8](repeating: 0, count: 255 - name.count)))")
        lines.append("EVIOCGID 0 \(hex(littleEndian((d.ids + [0, 0, 0, 0]).prefix(4).map { UInt16(truncatingIfNeeded: $0) })))")
        lines.append("EVIOCGVERSION 0 01000100")
        lines.append("EVIOCGPROP(0) 8 \(hex(Array((d.properties + [UInt8](repeating: 0, count: 8)).prefix(8))))")
        for type in [1, 2, 3, 4, 5, 17, 18, 21] {
            let length = type == 1 ? 96 : type == 21 ? 16 : 8
            lines.append("EVIOCGBIT(\(type)) \(length) \(hex(d.bits(type, length)))")
        }
        lines.append("EVIOCGKEY(0) 96 \(hex([UInt8](repeating: 0, count: 96)))")
        lines.append("EVIOCGLED(0) 8 \(hex([UInt8](repeating: 0, count: 8)))")
        lines.append("EVIOCGSW(0) 8 \(hex([UInt8](repeating: 0, count: 8)))")
        for axis in d.axes.sorted(by: { $0.code < $1.code }) {
            let v = axis.values + [0, 0, 0, 0, 0, 0]
            let info = littleEndian([Int32(0), Int32(v[0]), Int32(v[1]), Int32(v[2]), Int32(v[3]), Int32(v[4])])
            lines.append("EVIOCGABS\(axis.code == 0 ? "" : "(\(axis.code))") 0 \(hex(info))")
        }
        let slots = (d.axes.first { $0.code == 0x2f }?.values.dropFirst().first ?? 0) + 1
        for axis in d.axes.sorted(by: { $0.code < $1.code }) where axis.code > 0x2f && axis.code <= 0x3d {
            let values = [Int32](repeating: axis.code == 0x39 ? -1 : 0, count: slots)
            lines.append("EVIOCGMTSLOTS(0) 0 \(hex(littleEndian([UInt32(axis.code)]) + littleEndian(values)))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A capability bitmap as sysfs prints it: 64-bit words, most significant first, without leading zero words.
    static func capability(_ bytes: [UInt8]) -> String {
        var words = stride(from: 0, to: bytes.count, by: 8).map { start in
            bytes[start..<min(start + 8, bytes.count)].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
        while words.count > 1 && words.last == 0 { words.removeLast() }
        return words.reversed().map { String($0, radix: 16) }.joined(separator: " ")
    }

    static func device(_ d: Description, _ kind: Kind, number: Int, udevProperties: [String] = []) -> String {
        let ev = capability(d.bits(0, 8)), key = capability(d.bits(1, 96)), abs = capability(d.bits(3, 8))
        let prop = capability(Array((d.properties + [UInt8](repeating: 0, count: 8)).prefix(8)))
        let ids = (d.ids + [0, 0, 0, 0]).map { String(format: "%04x", $0) }
        return """
        P: /devices/virtual/input/input\(number)/event\(number)
        N: input/event\(number)
        E: DEVNAME=/dev/input/event\(number)
        E: ID_INPUT=1
        E: \(kind.rawValue)=1
        \(udevProperties.map { "E: \($0)\n" }.joined())E: MAJOR=13
        E: MINOR=\(64 + number)
        E: SUBSYSTEM=input
        A: dev=13:\(64 + number)
        L: device=../../input\(number)

        P: /devices/virtual/input/input\(number)
        E: ID_INPUT=1
        E: \(kind.rawValue)=1
        E: NAME="\(d.name)"
        E: PROP=\(prop)
        E: EV=\(ev)
        E: KEY=\(key)
        E: ABS=\(abs)
        E: SUBSYSTEM=input
        A: name=\(d.name)
        A: properties=\(prop)
        A: capabilities/ev=\(ev)
        A: capabilities/key=\(key)
        A: capabilities/abs=\(abs)
        A: capabilities/rel=0
        A: capabilities/msc=0
        A: capabilities/sw=0
        A: capabilities/led=0
        A: capabilities/ff=0
        A: capabilities/snd=0
        A: id/bustype=\(ids[0])
        A: id/vendor=\(ids[1])
        A: id/product=\(ids[2])
        A: id/version=\(ids[3])

        """
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
