// SPDX-License-Identifier: MIT
import CTactusVersion
import Glibc
import JSONLines
import TactusConfiguration
import TactusCore
import TactusCommandLine
import TactusLibinput
import TactusPlatform
import TactusSimulation
import TactusTrace

/// tactus-sim: the program (simulator/Sources/tactus-sim) and, in the packages, a name of tactus-tools.
public struct TactusSim: ParsableCommand {
    public init() {}

    public static let configuration = CommandConfiguration(
        commandName: "tactus-sim",
        abstract: "Drives the Tactus engine with generated and recorded input, headless.",
        version: "tactus-sim \(String(cString: tactus_version()))",
        subcommands: [Generate.self, Replay.self, Run.self, Begins.self, Listen.self, Record.self])
}

/// Says something on standard error, as the program.
func say(_ message: String) {
    StandardError.write("tactus-sim: \(message)\n")
}

/// Output choices shared by the commands that run the engine.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print only the successful terminal updates (recognized, ended), then each success a gesture would have had alone, with the gestures it lost to (lost_to).")
    var summary = false
    @Flag(help: "Print, for each candidate gesture, the path it took and why it failed or lost.")
    var explain = false
    @Option(help: "Also write a picture of the interaction (SVG) to this file.")
    var svg: String?

    func print(_ session: Session, title: String) throws {
        if let svg {
            guard Files.write(Picture.svg(session, title: title), toFile: svg) else {
                throw SimulationError.unreadable(svg)
            }
        }
        if explain {
            Swift.print(Report.explanation(session), terminator: "")
        } else if summary {
            Swift.print(Report.summary(session), terminator: "")
        } else {
            Swift.print(Report.jsonLines(session), terminator: "")
        }
    }
}

/// "WxH" with an optional unit suffix, as in 160x100mm, each within the lengths a device may have.
struct Dimensions: ExpressibleByArgument {
    var size: Size
    /// How help texts write the unit after the numbers: "mm", or "" for pixels.
    var unit = ""

    init(width: Double, height: Double, unit: String) {
        size = Size(width: width, height: height)
        self.unit = unit
    }

    init?(argument: String) {
        var text = argument.lowercased()
        for unit in ["mm", "px"] where text.hasSuffix(unit) { text.removeLast(unit.count) }
        let parts = text.split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy(Trace.lengths.contains) else { return nil }
        size = Size(width: parts[0], height: parts[1])
    }

    /// As a user writes it: `160x100mm`, not the value's debug description.
    var defaultValueDescription: String { "\(JSONLine.number(size.width))x\(JSONLine.number(size.height))\(unit)" }

    /// The sides' range as help texts say it, in ASCII (`GeneratorParameter.rangeInHelp`).
    static let rangeInHelp = "each side from \(JSONLine.number(Trace.lengths.lowerBound)) to \(JSONLine.number(Trace.lengths.upperBound))"
}

/// "X,Y" in output pixels.
struct Position: ExpressibleByArgument {
    var point: Point

    init?(argument: String) {
        let parts = argument.split(separator: ",").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy(\.isFinite) else { return nil }
        point = Point(x: parts[0], y: parts[1])
    }
}

extension SwipeDirection: ExpressibleByArgument {}
extension Edge: ExpressibleByArgument {}
extension GeneratedGesture.Path: ExpressibleByArgument {}

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write a generated trace (JSON Lines) to standard output.")

    @Argument(help: ArgumentHelp("The generator: \(GeneratorRequest.names.joined(separator: ", ")).", valueName: "generator"))
    var kind: String
    // Each number's range comes from GeneratorParameter, which the request and the options check.
    @Option(help: "Fingers: \(GeneratorRequest.fingerRangesInHelp).") var fingers: Int?
    @Option(help: "Taps, \(GeneratorParameter.count.rangeInHelp) (tap; default 1).") var count: Int?
    @Option(help: "Pause between taps, \(GeneratorParameter.interval.rangeInHelp) (tap; default 150).") var interval: Double?
    @Option(help: "Duration of the motion or press, \(GeneratorParameter.duration.rangeInHelp).") var duration: Double?
    @Option(help: "Path of a drag: line, arc or circle (default line).") var path: GeneratedGesture.Path?
    @Option(help: "Distance, \(GeneratorParameter.distance.rangeInHelp) (drag, swipe, edge swipe, touchpad swipe).") var distance: Double?
    @Option(help: "Direction: left, right, up, down, up_left, up_right, down_left or down_right (default right).") var direction: SwipeDirection?
    @Option(help: "Speed, \(GeneratorParameter.speed.rangeInHelp), fast enough to last no longer than --duration may (swipe; default 200).")
    var speed: Double?
    @Option(help: "Edge: left, right, top or bottom (edge swipe; default left).") var edge: Edge?
    @Option(name: .customLong("start-span"), help: "Span between fingers at the start, \(GeneratorParameter.startSpan.rangeInHelp) (pinch; default 20).")
    var startSpan: Double?
    @Option(name: .customLong("end-span"), help: "Span between fingers at the end, \(GeneratorParameter.endSpan.rangeInHelp) (pinch; default 40).")
    var endSpan: Double?
    @Option(help: "Rotation, clockwise, \(GeneratorParameter.degrees.rangeInHelp) (rotate, touchpad pinch; default 45).") var degrees: Double?
    @Option(help: "Radius of the fingers' circle, \(GeneratorParameter.radius.rangeInHelp) (rotate; default 15).") var radius: Double?
    @Option(help: "Final scale, \(GeneratorParameter.scale.rangeInHelp) (touchpad pinch; default 2).") var scale: Double?
    // The knobs' defaults are GeneratorOptions', written in the help as a user writes them ("120", not "120.0").
    @Option(help: "Samples per second, \(GeneratorParameter.rate.rangeInHelp) (default \(JSONLine.number(GeneratorOptions().rate))).")
    var rate: Double?
    @Option(help: "Seeded jitter of every sample, \(GeneratorParameter.jitter.rangeInHelp) (default \(JSONLine.number(GeneratorOptions().jitter))).")
    var jitter: Double?
    @Option(help: "Delay between fingers landing and lifting, \(GeneratorParameter.stagger.rangeInHelp) (default \(JSONLine.number(GeneratorOptions().stagger))).")
    var stagger: Double?
    @Option(help: "Seed of the jitter, from 0 to \(UInt64.max).") var seed: UInt64 = 1
    @Option(help: "Touchscreen size in mm, as the output shows it, \(Dimensions.rangeInHelp).")
    var size = Dimensions(width: 160, height: 100, unit: "mm")
    @Option(help: "Output size in pixels, \(Dimensions.rangeInHelp).") var pixels = Dimensions(width: 1600, height: 1000, unit: "")
    @Option(help: "Device rotation onto its output: 0, 90, 180 or 270 degrees clockwise.") var rotation = 0
    @Flag(help: "Mirror the device's x axis before rotating.") var flipped = false
    @Option(help: "Where the gesture is centred on the output, in pixels, e.g. 340,350 (default: the output's centre).")
    var at: Position?

    func validate() throws {
        guard GeneratorRequest.names.contains(kind) else {
            throw ValidationError("unknown generator \"\(kind)\"; generators: \(GeneratorRequest.names.joined(separator: ", "))")
        }
        guard DeviceTransform.Rotation(rawValue: rotation) != nil else { throw ValidationError("--rotation must be 0, 90, 180 or 270") }
        do {
            try options.validate()
            _ = try request.gesture(named: kind)
        } catch {
            throw ValidationError(error.message(naming: "--" + error.parameter.name))
        }
        if let at {
            guard (0...pixels.size.width).contains(at.point.x), (0...pixels.size.height).contains(at.point.y) else {
                throw ValidationError("--at must lie on the output (0,0 to \(pixels.size.width),\(pixels.size.height))")
            }
        }
    }

    var options: GeneratorOptions {
        var o = GeneratorOptions()
        o.rate = rate ?? o.rate
        o.jitter = jitter ?? o.jitter
        o.stagger = stagger ?? o.stagger
        o.seed = seed
        o.sizeMillimetres = size.size
        o.sizePixels = pixels.size
        o.at = at?.point
        o.transform = DeviceTransform(rotation: DeviceTransform.Rotation(rawValue: rotation) ?? .none, flipped: flipped)
        return o
    }

    var request: GeneratorRequest {
        var request = GeneratorRequest()
        (request.fingers, request.count, request.interval, request.duration) = (fingers, count, interval, duration)
        (request.path, request.distance, request.direction, request.speed) = (path, distance, direction, speed)
        (request.edge, request.startSpan, request.endSpan) = (edge, startSpan, endSpan)
        (request.degrees, request.radius, request.scale) = (degrees, radius, scale)
        return request
    }

    func run() throws {
        guard let gesture = try request.gesture(named: kind) else { throw ValidationError("unknown generator \"\(kind)\"") }
        // Line by line as the events are made: a long trace never waits whole in memory.
        let generator = Generator(options: options)
        print(Trace.headerLine(devices: generator.devices(for: gesture)))
        generator.generate(gesture) { time, event in print(Trace.line(for: event, at: time)) }
    }
}

struct Begins: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print how soon each binding of a configuration begins among the others, against alone.",
        discussion: """
            Each binding's canonical gesture (a pinch from 30 to 60 mm in 400 ms, a drag of 40 mm in 500 ms, a swipe of \
            30 mm at 200 mm/s, ...; its fingers, count, edge and direction) is generated on a touchscreen and replayed \
            through every binding of the file, then through the binding alone. The table gives, per binding, when it began \
            (or was recognized) after the fingers first moved, both ways, how much later among the others, and how much of \
            the motion was done by then. Exit 1 when a binding that wins alone loses among the others, or when a live one \
            (continuous, acting at began or changed) begins more than 50 ms later than alone.
            """)

    @Argument(help: "A Tactus configuration file (config.toml).") var config: String

    func run() throws {
        let configuration = try Replay.configuration(config)
        let thresholds = configuration.thresholds[.touchscreen] ?? GestureThresholds()
        // Numbered names: two bindings may run the same command.
        let names = configuration.bindings.enumerated().map { "\($0.offset + 1). \($0.element.name)" }
        let timings = zip(names, configuration.bindings).map { name, binding in
            let specification = binding.specification(thresholds: thresholds)
            guard binding.then == nil else {
                return BeginTiming(name: name, specification: specification, isLive: binding.actsWhileFingersMove,
                                   notMeasured: "a sequence (then)")
            }
            return BeginTiming.measure(name, specification, isLive: binding.actsWhileFingersMove, modifiers: binding.modifiers) {
                Replay.attach(configuration, to: $0, names: names)
            }
        }
        print(BeginTiming.table(timings), terminator: "")
        let problems = timings.compactMap(\.problem)
        for problem in problems { say(problem) }
        if !problems.isEmpty { throw ExitCode(1) }
    }
}

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay an evemu recording, a libinput recording or a trace through the standard set of gestures.")

    @Option(help: "An evemu events file; - reads standard input.") var evemu: String?
    @Option(help: "The evemu description file (default: the events file's own header).") var desc: String?
    @Option(help: "A recording of `libinput record` (YAML, as libinput's bug reports carry); - reads standard input.")
    var libinputRecord: String?
    @Option(help: "A trace file (JSON Lines, as `generate` writes); - reads standard input.") var trace: String?
    @Option(help: ArgumentHelp("Physical size of the recorded touchscreen in mm, \(Dimensions.rangeInHelp) (default: the size the device's resolution gives; evemu recordings rarely carry one, and without either \(Replay.assumedSize.defaultValueDescription) is assumed, and said).", valueName: "size"))
    var size: Dimensions?
    @Option(help: "A Tactus configuration file (config.toml): replay through its bindings, named by their actions, instead of the standard set (exit 2 for a bad file, 64 for a gesture that breaks the engine's rules).")
    var config: String?
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard [evemu, libinputRecord, trace].compactMap({ $0 }).count == 1 else {
            throw ValidationError("give exactly one of --evemu, --libinput-record or --trace")
        }
    }

    /// The configuration's bindings, or the standard set.
    func attachGestures(to session: Session) throws {
        guard let config else { return StandardSet.attach(to: session) }
        Replay.attach(try Replay.configuration(config), to: session)
    }

    /// A configuration file, or the exit for a bad one: 2, or 64 for a gesture that breaks the engine's rules.
    static func configuration(_ path: String) throws -> Configuration {
        do {
            return try Configuration(contentsOf: path)
        } catch {
            say("\(error)")
            throw ExitCode(error.gestureProblem == nil ? 2 : 64)
        }
    }

    /// Attaches a configuration's bindings, each under its name (`names`, else `BindingConfiguration.name`).
    static func attach(_ configuration: Configuration, to session: Session, names: [String]? = nil) {
        for (index, binding) in configuration.bindings.enumerated() {
            for attachment in binding.attachments(thresholds: configuration.thresholds) {
                session.attach(names?[index] ?? binding.name, attachment.gesture, to: attachment.target,
                               options: attachment.options)
            }
        }
    }

    /// The size a recording's touchscreen is taken to have without --size: a 12-inch panel.
    static let assumedSize = Dimensions(width: 250, height: 160, unit: "mm")

    /// An input file's text, "-" being standard input (named `<stdin>` in errors).
    static func text(of path: String) throws -> (text: String, source: String) {
        if path == "-" {
            return (Files.standardInput(), "<stdin>")
        }
        guard let text = Files.text(ofFile: path) else { throw SimulationError.unreadable(path) }
        return (text, path)
    }

    /// The formats replay reads, each with its option.
    enum Format: String {
        case evemu = "an evemu recording", libinputRecord = "a libinput recording", trace = "a trace"

        var option: String {
            switch self {
            case .evemu: "--evemu"
            case .libinputRecord: "--libinput-record"
            case .trace: "--trace"
            }
        }

        /// The format of a file, from its first lines that say anything: nil when they say nothing.
        init?(of text: String) {
            for line in text.split(whereSeparator: \.isNewline) {
                let line = line.drop(while: \.isWhitespace)
                if line.isEmpty { continue }
                if line.hasPrefix("# libinput record") { self = .libinputRecord; return }
                // evemu's own comments ("# EVEMU 1.3") and YAML's: the next line decides.
                if line.hasPrefix("#") { continue }
                if line.hasPrefix("{") { self = .trace; return }
                if ["E:", "N:", "I:", "P:", "B:", "A:"].contains(where: { line.hasPrefix($0) }) { self = .evemu; return }
                self = .libinputRecord
                return
            }
            return nil
        }
    }

    /// An input file's text, refused with a hint when it is in another format than `format`.
    static func text(of path: String, as format: Format) throws -> (text: String, source: String) {
        let (text, source) = try Replay.text(of: path)
        try check(text, of: source, is: format)
        return (text, source)
    }

    /// Refuses, with a hint, a text (or the beginning of one) in another format than `format`.
    static func check(_ text: String, of source: String, is format: Format) throws {
        if let found = Format(of: text), found != format {
            throw SimulationError.malformed(source, "this is \(found.rawValue), not \(format.rawValue): use \(found.option)")
        }
    }

    /// A trace, to be read as it plays (`TraceReader`): standard input for "-". A regular file whose beginning (its
    /// first 64 KiB) is a recording of another format is refused with a hint.
    static func traceReader(_ path: String) throws -> TraceReader {
        guard path != "-" else { return try TraceReader(contentsOfFile: "/dev/stdin", source: "<stdin>") }
        if Files.isRegularFile(path), let beginning = Files.bytes(ofFile: path, limit: 1 << 16) {
            try check(String(decoding: beginning, as: UTF8.self), of: path, is: .trace)
        }
        return try TraceReader(contentsOfFile: path)
    }

    /// The size of a recorded touchscreen: --size, else what its resolution gives, else the assumed one, said.
    func size(of recording: EvdevRecording) -> Size {
        if let size { return size.size }
        if let size = recording.physicalSize { return size }
        say("assuming a \(Replay.assumedSize.defaultValueDescription) touchscreen; give --size")
        return Replay.assumedSize.size
    }

    /// The trace of an evemu recording.
    func evemuTrace(_ path: String) throws -> Trace {
        let (events, source) = try Replay.text(of: path, as: .evemu)
        let description = try desc.map(Replay.text(of:))
        let recording = try EvdevRecording(evemu: events, source: source, description: description?.text,
                                           descriptionSource: description?.source)
        guard recording.hasAxes else {
            throw SimulationError.malformed(source, "no description of the device (its N: and A: lines): give --desc")
        }
        return try recording.trace(size: size(of: recording))
    }

    /// The trace of a libinput recording: its devices that report positions, each said on standard error.
    func libinputTrace(_ path: String) throws -> Trace {
        let (text, source) = try Replay.text(of: path, as: .libinputRecord)
        let recording = try LibinputRecord(yaml: text, source: source)
        guard recording.devices.contains(where: \.recording.reportsPositions) else {
            throw SimulationError.unsupportedDevice(source, "no device in it reports touch positions (ABS_MT_POSITION_X/Y or ABS_X/Y)")
        }
        for device in recording.devices {
            let name = "\(device.node) (\(device.recording.name))"
            if !device.recording.reportsPositions {
                say("leaving out \(name): it reports no touch positions")
            } else if device.isTouchpad {
                say("\(name) is a touchpad: its fingers replay as touches on a touchscreen of its size, not as libinput's touchpad gestures")
            }
        }
        return try recording.trace { size(of: $0.recording) }
    }

    func run() throws {
        do {
            // The gestures first: a bad configuration is reported before a long recording is read.
            let session = Session()
            try attachGestures(to: session)
            if let evemu {
                session.feed(try evemuTrace(evemu))
            } else if let libinputRecord {
                session.feed(try libinputTrace(libinputRecord))
            } else {
                try session.feed(try Replay.traceReader(trace ?? ""))
            }
            try output.print(session, title: evemu ?? libinputRecord ?? trace ?? "")
        } catch let error as SimulationError {
            say("\(error)")
            throw ExitCode(error.exitCode)
        }
    }
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scenario files (or folders of them) and check their expectations.",
        discussion: """
            Prints a table (scenario, result, key values); exits 1 when an expectation does not hold, 2 on a bad file, \
            64 on a gesture that breaks the engine's rules (such as a 7-finger pinch).
            """)

    @Argument(help: "Scenario files (.json) or folders holding them.") var scenarios: [String]
    @Option(help: "Folder of the shared evemu corpus, for scenarios that replay recordings (default: $TACTUS_EVEMU_CORPUS).")
    var corpus: String?
    @Option(name: .customLong("svg-dir"), help: "Write one picture (SVG) per scenario into this folder.") var svgDirectory: String?
    @Flag(help: "Also print every gesture update as JSON Lines.") var updates = false
    @Flag(help: "Also print, per scenario, the path each gesture took and why.") var explain = false

    func run() throws {
        let files = try scenarios.flatMap(Run.scenarioFiles)
        let corpus = corpus ?? Environment.current["TACTUS_EVEMU_CORPUS"]
        if let svgDirectory, !Files.makeFolder(svgDirectory) { throw SimulationError.unreadable(svgDirectory) }
        var failed = 0
        let labels = files.map { String($0.split(separator: "/").last ?? "") }
        let width = max(labels.map(\.count).max() ?? 8, 8)
        func padded(_ text: String) -> String { text + String(repeating: " ", count: max(width - text.count, 0)) }
        print("\(padded("scenario"))  result  key values")
        for (file, label) in zip(files, labels) {
            do {
                let result = try Scenario(path: file).run(corpus: corpus)
                print("\(padded(label))  \(result.passed ? "pass  " : "FAIL  ")  \(result.keyValues)")
                for failure in result.failures { print("    differs: \(failure)") }
                if !result.passed { failed += 1 }
                if updates { print(Report.jsonLines(result.session), terminator: "") }
                if explain { print(Report.explanation(result.session), terminator: "") }
                if let svgDirectory {
                    let path = Paths.joining(svgDirectory, Paths.baseName(of: label) + ".svg")
                    guard Files.write(Picture.svg(result.session, title: result.scenario), toFile: path) else {
                        throw SimulationError.unreadable(path)
                    }
                }
            } catch let error as SimulationError {
                say("\(error)")
                throw ExitCode(error.exitCode)
            }
        }
        print("\(files.count - failed) passed, \(failed) failed")
        if failed > 0 { throw ExitCode(1) }
    }

    static func scenarioFiles(_ path: String) throws -> [String] {
        guard Files.isFolder(path) else {
            guard access(path, F_OK) == 0 else { throw SimulationError.unreadable(path) }
            return [path]
        }
        guard let names = Files.names(inFolder: path) else { throw SimulationError.unreadable(path) }
        return names.filter { $0.hasSuffix(".json") }.sorted().map { Paths.joining(path, $0) }
    }
}

/// Set by SIGINT: `listen` and `record` stop at the next turn of their loop.
nonisolated(unsafe) var interrupted: sig_atomic_t = 0

/// The devices to listen to and how, shared by `listen` and `record`.
struct DeviceOptions: ParsableArguments {
    @Option(name: .customLong("device"), help: "A device node, e.g. /dev/input/event5 (repeatable).") var devices: [String] = []
    @Option(help: "Every input device of a udev seat instead, e.g. seat0.") var seat: String?
    @Option(name: .customLong("unplug-after"),
            help: "Remove the first --device this many milliseconds after its first input, as if unplugged, \(DeviceOptions.millisecondsInHelp).")
    var unplugAfter: Int?
    @Option(help: "Physical size to assume for a device that reports none, in mm, \(Dimensions.rangeInHelp), e.g. 250x160mm.")
    var size: Dimensions?
    @Option(name: .customLong("idle-exit"), help: "Stop after this many milliseconds without input, \(DeviceOptions.millisecondsInHelp).")
    var idleExit: Int?
    @Flag(help: "Print only the successful terminal updates (recognized, ended).") var summary = false
    @Option(help: "A scenario file whose gestures, surfaces and relations replace the standard set.") var gestures: String?

    /// The range of --unplug-after and --idle-exit: a millisecond to a day.
    static let milliseconds = 1...86_400_000
    static let millisecondsInWords = "\(milliseconds.lowerBound)…\(milliseconds.upperBound)"
    static let millisecondsInHelp = "from \(milliseconds.lowerBound) to \(milliseconds.upperBound)"

    func validate() throws {
        guard devices.isEmpty != (seat == nil) else { throw ValidationError("give --device (repeatable) or --seat") }
        for (name, value) in [("--unplug-after", unplugAfter), ("--idle-exit", idleExit)] {
            if let value, !DeviceOptions.milliseconds.contains(value) {
                throw ValidationError("\(name) must be within \(DeviceOptions.millisecondsInWords) ms, not \(value)")
            }
        }
    }

    /// Feeds the standard set from the devices until idle or interrupted, printing updates as they come.
    func listen() throws -> Session {
        let session = Session()
        do {
            if let gestures { try Scenario(path: gestures).prepare(session) } else { StandardSet.attach(to: session) }
        } catch let error as SimulationError {
            say("\(error)")
            throw ExitCode(error.exitCode)
        }
        let source: LibinputSource
        let log: (String) -> Void = say
        do {
            if let seat {
                source = try LibinputSource(seat: seat, log: log) { session.handle($0, at: $1) }
            } else {
                source = try LibinputSource(paths: devices, log: log) { session.handle($0, at: $1) }
            }
        } catch {
            log("\(error)")
            throw ExitCode(2)
        }
        if let size {
            source.placement = { _ in
                LibinputSource.Placement(outputRegion: Rect(x: 0, y: 0, width: size.size.width * 10, height: size.size.height * 10),
                                         fallbackSize: size.size)
            }
        }
        signal(SIGINT) { _ in interrupted = 1 }
        var printed = 0
        var idleSince = DeviceOptions.now()
        var unplugAt: Timestamp?
        var unplugged = false
        while interrupted == 0 {
            var poller = pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 10) > 0 {
                source.dispatch()
                idleSince = DeviceOptions.now()
                if unplugAt == nil, let unplugAfter, !session.fed.events.isEmpty {
                    unplugAt = idleSince + TimeSpan.milliseconds(Int64(unplugAfter))
                }
            }
            if !unplugged, let at = unplugAt, let device = devices.first, DeviceOptions.now() >= at {
                source.remove(path: device)
                unplugged = true
            }
            session.engine.advance(to: DeviceOptions.now())
            for record in session.records.dropFirst(printed) where !summary || record.isSuccess {
                print(record.jsonLine)
            }
            printed = session.records.count
            fflush(nil)  // every stream, so that a pipe sees each line as it comes
            if let idleExit, DeviceOptions.now() - idleSince > TimeSpan.milliseconds(Int64(idleExit)) { break }
        }
        return session
    }

    /// The monotonic clock, the one libinput stamps events with.
    static func now() -> Timestamp {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Timestamp(microseconds: Int64(t.tv_sec) * 1_000_000 + Int64(t.tv_nsec) / 1000)
    }
}

struct Listen: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Listen to real input devices through libinput and print what the standard set recognizes.",
        discussion: "Needs read access to the device nodes: run as root, or as a member of the input group. Stop with Ctrl-C.")

    @OptionGroup var options: DeviceOptions

    func run() throws { _ = try options.listen() }
}

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Listen like `listen`, and write what libinput delivered as a trace that `replay --trace` accepts.",
        discussion: "Attach the file to a bug report: it replays the same input through the same engine anywhere.")

    @OptionGroup var options: DeviceOptions
    @Option(help: "Where to write the trace (JSON Lines).") var output: String

    func run() throws {
        let session = try options.listen()
        guard Files.write(session.fed.jsonLines, toFile: output) else {
            throw SimulationError.unreadable(output)
        }
    }
}
