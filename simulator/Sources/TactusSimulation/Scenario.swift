// SPDX-License-Identifier: MIT
import Glibc
import TactusPlatform
import JSONLines
import TactusCore
import TactusTrace

/// A scenario file (JSON, schema in simulator/README.md): devices, attached gestures, a timeline of generated
/// steps and recordings, and expectations.
///
/// The whole file is read when the scenario is made, strictly: a misspelt key, a value of the wrong kind or out of its
/// range is an error naming the file, line and key, before anything runs.
public struct Scenario {
    public let name: String
    let path: String
    private let options: GeneratorOptions
    private let surfaces: [SimulatedSurface]
    private let pointer: Point?
    private let standardSet: Bool
    private let gestures: [NamedGesture]
    private let relations: [Relation]
    private let timeline: [Step]
    private let expectations: [Expectation]

    /// A gesture to attach, under its name.
    private struct NamedGesture {
        let name: String
        let gesture: AnyGesture
        let target: Target
        let options: AttachmentOptions
    }

    /// A relation between two named gestures, and where it is written.
    private enum Relation {
        case simultaneous(String, String, place: String)
        case requireFailure(of: String, before: String, place: String)
    }

    /// One timeline step: when it starts, and what it plays.
    private struct Step {
        enum Action {
            case generate(GeneratedGesture, jitter: Double?, stagger: Double?)
            case event(InputEvent)
            case modifiers(ModifierSet)
            case evemu(events: String, description: String?, size: Size)
            case trace(path: String)
        }

        /// In milliseconds, as the generator takes it, and as the timestamp it is.
        let milliseconds: Double
        let start: Timestamp
        let action: Action
    }

    /// Reads a scenario file.
    public init(path: String) throws {
        guard let bytes = Files.bytes(ofFile: path) else { throw SimulationError.unreadable(path) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw SimulationError.malformed(path, "not UTF-8 text") }
        let root = try JSONObject(parsing: text, source: path, line: 1)
        try root.checkKeys(["name", "description", "device", "surfaces", "pointer", "standard_set", "gestures", "relations",
                            "timeline", "expect"])
        self.path = path
        name = try root.optionalString("name") ?? Paths.baseName(of: path)
        _ = try root.optionalString("description")
        options = try Scenario.generatorOptions(try root.object("device"))
        surfaces = try root.objects("surfaces").map(Scenario.surface)
        pointer = try root.numbers("pointer", ["x", "y"], in: Trace.coordinates).map { Point(x: $0[0], y: $0[1]) }
        standardSet = try root.bool("standard_set")
        gestures = try root.objects("gestures").map(Scenario.namedGesture)
        relations = try root.objects("relations").map(Scenario.relation)
        let folder = Paths.folder(of: Paths.absolute(path))
        timeline = try root.objects("timeline").map { try Scenario.step($0, folder: folder) }
        expectations = try root.objects("expect").map(Expectation.init)
    }

    /// What running a scenario gave.
    public struct Result {
        public let scenario: String
        public let session: Session
        /// Expectations that did not hold, each with what differed.
        public let failures: [String]
        /// The key values of the run, for the table: the successful terminal updates, briefly.
        public let keyValues: String
        public var passed: Bool { failures.isEmpty }
    }

    /// Runs the scenario; `corpus` is where `evemu` paths that are not absolute are found.
    public func run(corpus: String?) throws -> Result {
        let session = Session()
        try prepare(session)
        // Steps are merged in time, so that an event step (a touch cancel, a device removal) can fall in the middle of
        // a generated gesture; events of the same time keep the order of their steps.
        let merged = Trace.merged(try timeline.map { try play($0, corpus: corpus) })
        // Then every deadline passes: multi-tap windows, long presses.
        session.feed(merged, settle: .milliseconds(2000))
        let failures = try expectations.flatMap { try $0.check(session) }
        let key = session.records.filter(\.isSuccess).map { r in
            var text = "\(r.name) \(r.update.phase.rawValue)"
            let v = r.values
            if let s = v["scale"] { text += " ×\(JSONLine.number((s * 100).rounded() / 100))" }
            if let d = v["rotation_deg"] { text += " \(JSONLine.number(d.rounded()))°" }
            if let p = v["progress"] { text += " \(JSONLine.number((p * 100).rounded()))%" }
            if let dir = r.direction { text += " \(dir)" }
            if let dx = v["dx"], let dy = v["dy"] { text += " (\(JSONLine.number((dx * 10).rounded() / 10)), \(JSONLine.number((dy * 10).rounded() / 10))) mm" }
            return text
        }.joined(separator: ", ")
        return Result(scenario: name, session: session, failures: failures, keyValues: key)
    }

    /// Sets a session up as the scenario says: surfaces, pointer, gestures and their relations (the standard set
    /// too when asked), without playing the timeline. `tactus-sim listen --gestures` uses it for live input.
    public func prepare(_ session: Session) throws {
        session.surfaces += surfaces
        if let pointer { session.pointerLocation = pointer }
        if standardSet { StandardSet.attach(to: session) }
        for g in gestures { session.attach(g.name, g.gesture, to: g.target, options: g.options) }
        for relation in relations {
            switch relation {
            case .simultaneous(let a, let b, let place):
                session.engine.recognizeSimultaneously(try id(a, session, place), with: try id(b, session, place))
            case .requireFailure(let a, let b, let place):
                session.engine.requireFailure(of: try id(a, session, place), before: try id(b, session, place))
            }
        }
    }

    private func id(_ name: String, _ session: Session, _ place: String) throws -> AttachmentID {
        guard let id = session.attachment(named: name) else { throw SimulationError.malformed(place, "no gesture named \"\(name)\"") }
        return id
    }

    // MARK: Scene

    private static func surface(_ o: JSONObject) throws -> SimulatedSurface {
        try o.checkKeys(["id", "rect", "exclusion"])
        guard let rect = try o.numbers("rect", ["x", "y", "width", "height"], in: Trace.coordinates) else {
            throw SimulationError.malformed(o.place, "missing \"rect\"")
        }
        let exclusion = try o.numbers("exclusion", ["x", "y", "width", "height"], in: Trace.coordinates)
        return SimulatedSurface(id: SurfaceID(try o.whole("id")), frame: Rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]),
                                exclusion: exclusion.map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) })
    }

    private static func relation(_ o: JSONObject) throws -> Relation {
        if let pair = try o.strings("simultaneous") {
            try o.checkKeys(["simultaneous"])
            guard pair.count == 2 else { throw o.malformed("simultaneous", "must name two gestures") }
            return .simultaneous(pair[0], pair[1], place: o.place)
        }
        try o.checkKeys(["require_failure_of", "before"])
        return .requireFailure(of: try o.string("require_failure_of"), before: try o.string("before"), place: o.place)
    }

    // MARK: Gestures

    private static func namedGesture(_ o: JSONObject) throws -> NamedGesture {
        try o.checkKeys(["name", "gesture", "target", "priority", "mask", "policy", "modifiers"])
        guard let spec = try o.object("gesture") else { throw SimulationError.malformed(o.place, "missing \"gesture\"") }
        var options = AttachmentOptions()
        options.priority = try o.optionalChoice("priority", among: ["normal", "high", "simultaneous"]) ?? options.priority
        options.mask = try o.optionalChoice("mask", among: ["all", "thisTargetOnly", "innerTargetsOnly", "none"]) ?? options.mask
        options.rawTouchPolicy = try o.optionalChoice("policy", among: ["withhold", "forwardThenCancel"]) ?? options.rawTouchPolicy
        options.requiredModifiers = try Trace.modifiers(try o.strings("modifiers") ?? [], o)
        return NamedGesture(name: try o.string("name"), gesture: try gesture(spec), target: try target(try o.object("target")),
                            options: options)
    }

    /// A gesture from its JSON description: one of the eight kinds with its parameters, or a composition.
    static func gesture(_ o: JSONObject) throws -> AnyGesture {
        let kind = try o.string("kind")
        if let single = GestureKind(externalName: kind) {
            try o.checkKeys(["kind", "fingers", "count", "duration_ms", "minimum_distance", "directions", "edge"])
            var gesture = GestureSpecification(kind: single)
            gesture.fingers = try o.optionalWhole("fingers")
            gesture.count = try o.optionalWhole("count")
            gesture.duration = try o.optionalWhole("duration_ms")
            gesture.distance = try o.optionalDouble("minimum_distance")
            if let names = try o.strings("directions") {
                var directions: SwipeDirections = []
                for name in names {
                    guard let direction = SwipeDirection(rawValue: name) else {
                        throw o.malformed("directions", "must name directions among \(SwipeDirection.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    directions.insert(SwipeDirections(direction))
                }
                gesture.directions = directions
            }
            gesture.edge = try o.optionalChoice("edge")
            do {
                try gesture.validate()
            } catch {
                throw SimulationError.invalidGesture(o.place, error)
            }
            return gesture.gesture
        }
        switch kind {
        case "simultaneous", "sequence", "exclusive":
            try o.checkKeys(["kind", "first", "second"])
            guard let first = try o.object("first"), let second = try o.object("second") else {
                throw SimulationError.malformed(o.place, "a \(kind) needs \"first\" and \"second\"")
            }
            let a = try gesture(first), b = try gesture(second)
            switch kind {
            case "simultaneous": return AnyGesture(a.simultaneously(with: b))
            case "sequence": return AnyGesture(a.sequenced(before: b))
            default: return AnyGesture(a.exclusively(before: b))
            }
        default:
            throw SimulationError.malformed(o.place, "unknown gesture kind \"\(kind)\"")
        }
    }

    private static func target(_ o: JSONObject?) throws -> Target {
        guard let o else { return .layout }
        if let surface: UInt64 = try o.optionalWhole("surface") {
            try o.checkKeys(["surface"])
            return .surface(SurfaceID(surface))
        }
        if let edge: Edge = try o.optionalChoice("edge") {
            try o.checkKeys(["edge", "width"])
            return .outputEdge(edge, width: try o.optionalDouble("width") ?? 5)
        }
        if let r = try o.numbers("region", ["x", "y", "width", "height"], in: Trace.coordinates) {
            try o.checkKeys(["region"])
            return .region(Rect(x: r[0], y: r[1], width: r[2], height: r[3]))
        }
        try o.checkKeys(["surface", "edge", "width", "region"])
        return .layout
    }

    // MARK: Timeline

    private static func generatorOptions(_ o: JSONObject?) throws -> GeneratorOptions {
        var options = GeneratorOptions()
        guard let o else { return options }
        try o.checkKeys(["size_mm", "size_px", "rotation", "flipped", "rate", "jitter", "stagger", "seed"])
        if let s = try o.numbers("size_mm", ["width", "height"], in: Trace.lengths) { options.sizeMillimetres = Size(width: s[0], height: s[1]) }
        if let s = try o.numbers("size_px", ["width", "height"], in: Trace.lengths) { options.sizePixels = Size(width: s[0], height: s[1]) }
        if let r: Int = try o.optionalWhole("rotation") {
            guard let rotation = DeviceTransform.Rotation(rawValue: r) else { throw o.malformed("rotation", "must be 0, 90, 180 or 270") }
            options.transform.rotation = rotation
        }
        options.transform.flipped = try o.bool("flipped")
        options.rate = try knob(.rate, o) ?? options.rate
        options.jitter = try knob(.jitter, o) ?? options.jitter
        options.stagger = try knob(.stagger, o) ?? options.stagger
        options.seed = try o.optionalWhole("seed") ?? 1
        return options
    }

    /// A generator knob (rate, jitter, stagger) if the object has it, refused at its place outside its range, as
    /// `tactus-sim generate` refuses it (`GeneratorOptions.validate()`).
    private static func knob(_ parameter: GeneratorParameter, _ o: JSONObject) throws -> Double? {
        guard let value = try o.optionalDouble(parameter.rawValue) else { return nil }
        do { try parameter.check(value, within: parameter.range) } catch {
            throw SimulationError.malformed(o.place(of: parameter.rawValue), "\(error)")
        }
        return value
    }

    /// The keys of a generated step, beside its time and generator: the generator's parameters.
    private static let generatorKeys: Set<String> = ["fingers", "count", "interval", "duration", "path", "distance", "direction",
                                                     "speed", "edge", "start_span", "end_span", "degrees", "radius", "scale",
                                                     "jitter", "stagger"]

    /// A timeline step; `folder` is where a `trace` path that is not absolute is found.
    private static func step(_ o: JSONObject, folder: String) throws -> Step {
        let milliseconds = try o.optionalDouble("at_ms") ?? 0
        let start = try Trace.time(Int64(exactly: (milliseconds * 1000).rounded()), "\"at_ms\"", at: o.place(of: "at_ms"))
        func step(_ keys: Set<String>, _ action: Step.Action) throws -> Step {
            try o.checkKeys(keys.union(["at_ms"]))
            return Step(milliseconds: milliseconds, start: start, action: action)
        }
        if let names = try o.strings("modifiers") {
            return try step(["modifiers"], .modifiers(try Trace.modifiers(names, o)))
        }
        if let event = try o.object("event") {
            return try step(["event"], .event(try Trace.event(from: event)))
        }
        if let kind = try o.optionalString("generate") {
            return try step(generatorKeys.union(["generate"]), .generate(try generated(kind, o), jitter: try knob(.jitter, o),
                                                                         stagger: try knob(.stagger, o)))
        }
        if let file = try o.optionalString("evemu") {
            let size = try o.numbers("size_mm", ["width", "height"], in: Trace.lengths).map { Size(width: $0[0], height: $0[1]) }
            return try step(["evemu", "desc", "size_mm"], .evemu(events: file, description: try o.optionalString("desc"),
                                                                 size: size ?? Size(width: 250, height: 160)))
        }
        if let file = try o.optionalString("trace") {
            return try step(["trace"], .trace(path: Paths.joining(folder, file)))
        }
        throw SimulationError.malformed(o.place, "a timeline step has \"generate\", \"trace\", \"evemu\", \"event\" or \"modifiers\"")
    }

    /// The events of one timeline step, at their times.
    private func play(_ step: Step, corpus: String?) throws -> Trace {
        switch step.action {
        case .modifiers(let set):
            return Trace(devices: [], events: [(step.start, .modifiers(set))])
        case .event(let event):
            return Trace(devices: [], events: [(step.start, event)])
        case .generate(let gesture, let jitter, let stagger):
            var options = options
            options.start = step.milliseconds
            options.jitter = jitter ?? options.jitter
            options.stagger = stagger ?? options.stagger
            return Generator(options: options).trace(for: gesture)
        case .evemu(let events, let description, let size):
            let folder = corpus ?? ""
            func resolved(_ file: String) -> String { Paths.joining(folder, file) }
            let trace = try EvdevRecording(evemuPath: resolved(events), descriptionPath: description.map(resolved)).trace(size: size)
            return trace.shifted(by: TimeSpan(microseconds: step.start.microseconds))
        case .trace(let path):
            return try Trace(contentsOfFile: path).shifted(by: TimeSpan(microseconds: step.start.microseconds))
        }
    }

    /// A generated step from its JSON form (the same names and defaults as `tactus-sim generate`).
    static func generated(_ kind: String, _ o: JSONObject) throws -> GeneratedGesture {
        var request = GeneratorRequest()
        request.fingers = try o.optionalWhole("fingers")
        request.count = try o.optionalWhole("count")
        request.interval = try o.optionalDouble("interval")
        request.duration = try o.optionalDouble("duration")
        request.distance = try o.optionalDouble("distance")
        request.speed = try o.optionalDouble("speed")
        request.startSpan = try o.optionalDouble("start_span")
        request.endSpan = try o.optionalDouble("end_span")
        request.degrees = try o.optionalDouble("degrees")
        request.radius = try o.optionalDouble("radius")
        request.scale = try o.optionalDouble("scale")
        request.path = try o.optionalChoice("path")
        request.direction = try o.optionalChoice("direction")
        request.edge = try o.optionalChoice("edge")
        let gesture: GeneratedGesture?
        do { gesture = try request.gesture(named: kind) } catch { throw SimulationError.malformed(o.place(of: "generate"), "\(error)") }
        guard let gesture else { throw SimulationError.malformed(o.place(of: "generate"), "unknown generator \"\(kind)\"") }
        return gesture
    }
}
