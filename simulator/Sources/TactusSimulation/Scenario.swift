import Foundation
import JSONLines
import TactusCore

/// A scenario file (JSON, schema in simulator/README.md): devices, attached gestures, a timeline of generated
/// steps and recordings, and expectations.
public struct Scenario {
    public let name: String
    let path: String
    let root: JSONObject

    /// Reads a scenario file.
    public init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw SimulationError.unreadable(path) }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw SimulationError.malformed(path, "not a JSON object")
        }
        self.path = path
        root = JSONObject(object, place: path)
        name = root.optionalString("name") ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
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
        let options = try generatorOptions(root.object("device"))
        try prepare(session)
        // Steps are merged in time, so that an event step (a touch cancel, a device removal) can fall in the middle of
        // a generated gesture; events of the same time keep the order of their steps.
        var timeline = Trace(devices: [])
        for step in root.objects("timeline") {
            let piece = try play(step, options: options, corpus: corpus)
            for device in piece.devices where !timeline.devices.contains(where: { $0.id == device.id }) { timeline.devices.append(device) }
            timeline.events += piece.events
        }
        timeline.events = timeline.events.enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
        }.map(\.element)
        // Then every deadline passes: multi-tap windows, long presses.
        session.feed(timeline, settle: .milliseconds(2000))
        let failures = try root.objects("expect").flatMap { try Expectation($0).check(session) }
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
        for s in root.objects("surfaces") {
            guard let rect = s.numbers("rect"), rect.count == 4 else { throw SimulationError.malformed(s.place, "rect must be [x, y, w, h]") }
            let exclusion = s.numbers("exclusion").flatMap { $0.count == 4 ? Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) : nil }
            session.surfaces.append(SimulatedSurface(id: SurfaceID(try s.optionalUInt64("id") ?? s.missing("id")),
                                                     frame: Rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]),
                                                     exclusion: exclusion))
        }
        if let pointer = root.numbers("pointer"), pointer.count == 2 { session.pointerLocation = Point(x: pointer[0], y: pointer[1]) }
        if root.bool("standard_set") { StandardSet.attach(to: session) }
        for g in root.objects("gestures") { try attach(g, to: session) }
        for r in root.objects("relations") {
            if let pair = r.fields["simultaneous"] as? [String], pair.count == 2 {
                session.engine.recognizeSimultaneously(try id(pair[0], session, r), with: try id(pair[1], session, r))
            } else {
                session.engine.requireFailure(of: try id(try r.string("require_failure_of"), session, r),
                                              before: try id(try r.string("before"), session, r))
            }
        }
    }

    private func id(_ name: String, _ session: Session, _ o: JSONObject) throws -> AttachmentID {
        guard let id = session.attachment(named: name) else { throw SimulationError.malformed(o.place, "no gesture named \"\(name)\"") }
        return id
    }

    // MARK: Gestures

    private func attach(_ g: JSONObject, to session: Session) throws {
        let name = try g.string("name")
        guard let spec = g.object("gesture") else { throw SimulationError.malformed(g.place, "missing \"gesture\"") }
        var options = AttachmentOptions()
        options.priority = try g.optionalChoice("priority", "priority is normal, high or simultaneous") ?? options.priority
        options.mask = try g.optionalChoice("mask", "mask is all, thisTargetOnly, innerTargetsOnly or none") ?? options.mask
        options.rawTouchPolicy = try g.optionalChoice("policy", "policy is withhold or forwardThenCancel") ?? options.rawTouchPolicy
        options.requiredModifiers = try Scenario.modifiers(g.fields["modifiers"] as? [String] ?? [], g)
        session.attach(name, try Scenario.gesture(spec), to: try target(g.object("target")), options: options)
    }

    /// A gesture from its JSON description: one of the eight kinds with its parameters, or a composition.
    static func gesture(_ o: JSONObject) throws -> AnyGesture {
        let kind = try o.string("kind")
        if let single = GestureKind(externalName: kind) {
            var gesture = GestureSpecification(kind: single)
            gesture.fingers = try o.optionalInt("fingers")
            gesture.count = try o.optionalInt("count")
            gesture.duration = try o.optionalInt("duration_ms")
            gesture.distance = o.optionalDouble("minimum_distance")
            if let names = o.fields["directions"] as? [String] {
                var directions: SwipeDirections = []
                for name in names {
                    guard let direction = SwipeDirection(rawValue: name) else {
                        throw SimulationError.malformed(o.place, "unknown direction \"\(name)\"")
                    }
                    directions.insert(SwipeDirections(direction))
                }
                gesture.directions = directions
            }
            gesture.edge = try o.optionalChoice("edge", "unknown edge")
            do {
                try gesture.validate()
            } catch {
                throw SimulationError.invalidGesture(o.place, error)
            }
            return gesture.gesture
        }
        switch kind {
        case "simultaneous", "sequence", "exclusive":
            guard let first = o.object("first"), let second = o.object("second") else {
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

    private func target(_ o: JSONObject?) throws -> Target {
        guard let o else { return .layout }
        if let surface = try o.optionalUInt64("surface") { return .surface(SurfaceID(surface)) }
        if let edge = o.optionalString("edge") {
            guard let e = Edge(rawValue: edge) else { throw SimulationError.malformed(o.place, "unknown edge \"\(edge)\"") }
            return .outputEdge(e, width: o.optionalDouble("width") ?? 5)
        }
        if let r = o.numbers("region"), r.count == 4 { return .region(Rect(x: r[0], y: r[1], width: r[2], height: r[3])) }
        return .layout
    }

    static func modifiers(_ names: [String], _ o: JSONObject) throws -> ModifierSet {
        var set: ModifierSet = []
        for name in names {
            guard let m = Trace.modifierNames.first(where: { $0.0 == name }) else {
                throw SimulationError.malformed(o.place, "unknown modifier \"\(name)\"")
            }
            set.insert(m.1)
        }
        return set
    }

    // MARK: Timeline

    private func generatorOptions(_ o: JSONObject?) throws -> GeneratorOptions {
        var options = GeneratorOptions()
        guard let o else { return options }
        if let s = o.numbers("size_mm"), s.count == 2 { options.sizeMillimetres = Size(width: s[0], height: s[1]) }
        if let s = o.numbers("size_px"), s.count == 2 { options.sizePixels = Size(width: s[0], height: s[1]) }
        if let r = try o.optionalInt("rotation") {
            guard let rotation = DeviceTransform.Rotation(rawValue: r) else { throw SimulationError.malformed(o.place, "rotation is 0, 90, 180 or 270") }
            options.transform.rotation = rotation
        }
        options.transform.flipped = o.bool("flipped")
        options.rate = o.optionalDouble("rate") ?? options.rate
        options.jitter = o.optionalDouble("jitter") ?? options.jitter
        options.stagger = o.optionalDouble("stagger") ?? options.stagger
        options.seed = try o.optionalUInt64("seed") ?? 1
        return options
    }

    /// The events of one timeline step, at their times.
    private func play(_ step: JSONObject, options base: GeneratorOptions, corpus: String?) throws -> Trace {
        let at = step.optionalDouble("at_ms") ?? 0
        // Beyond a century of milliseconds a step's time is no time at all.
        guard let microseconds = Int64(exactly: (at * 1000).rounded()), abs(at) < 3e12 else {
            throw SimulationError.malformed(step.place, "\"at_ms\" must be a time in milliseconds")
        }
        let start = Timestamp(microseconds: microseconds)
        let offset = TimeSpan(microseconds: microseconds)
        if let names = step.fields["modifiers"] as? [String] {
            return Trace(devices: [], events: [(start, .modifiers(try Scenario.modifiers(names, step)))])
        }
        if let event = step.object("event") {
            var fields = event.fields
            fields["t"] = Double(start.microseconds)
            return Trace(devices: [], events: [try Trace.event(from: JSONObject(fields, place: event.place))])
        }
        if let kind = step.optionalString("generate") {
            var options = base
            options.start = at
            options.jitter = step.optionalDouble("jitter") ?? options.jitter
            options.stagger = step.optionalDouble("stagger") ?? options.stagger
            return Generator(options: options).trace(for: try Scenario.generated(kind, step))
        }
        if let file = step.optionalString("evemu") {
            let folder = corpus ?? ""
            let events = file.hasPrefix("/") ? file : (folder as NSString).appendingPathComponent(file)
            let desc = step.optionalString("desc").map { $0.hasPrefix("/") ? $0 : (folder as NSString).appendingPathComponent($0) }
            let size = step.numbers("size_mm").flatMap { $0.count == 2 ? Size(width: $0[0], height: $0[1]) : nil } ?? Size(width: 250, height: 160)
            let trace = try EvemuRecording(eventsPath: events, descriptionPath: desc).trace(size: size)
            return trace.shifted(by: offset)
        }
        if let file = step.optionalString("trace") {
            let path = file.hasPrefix("/") ? file : (URL(fileURLWithPath: self.path).deletingLastPathComponent().path as NSString).appendingPathComponent(file)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw SimulationError.unreadable(path) }
            return try Trace(jsonLines: text, source: path).shifted(by: offset)
        }
        throw SimulationError.malformed(step.place, "a timeline step has \"generate\", \"trace\", \"evemu\", \"event\" or \"modifiers\"")
    }

    /// A generated step from its JSON form (the same names and defaults as `tactus-sim generate`).
    static func generated(_ kind: String, _ o: JSONObject) throws -> GeneratedGesture {
        var request = GeneratorRequest()
        request.fingers = try o.optionalInt("fingers")
        request.count = try o.optionalInt("count")
        request.interval = o.optionalDouble("interval")
        request.duration = o.optionalDouble("duration")
        request.distance = o.optionalDouble("distance")
        request.speed = o.optionalDouble("speed")
        request.startSpan = o.optionalDouble("start_span")
        request.endSpan = o.optionalDouble("end_span")
        request.degrees = o.optionalDouble("degrees")
        request.radius = o.optionalDouble("radius")
        request.scale = o.optionalDouble("scale")
        request.path = try o.optionalChoice("path", "path is line, arc or circle")
        request.direction = try o.optionalChoice("direction", "direction is left, right, up or down")
        request.edge = try o.optionalChoice("edge", "unknown edge")
        let gesture: GeneratedGesture?
        do { gesture = try request.gesture(named: kind) } catch { throw SimulationError.malformed(o.place, "\(error)") }
        guard let gesture else { throw SimulationError.malformed(o.place, "unknown generator \"\(kind)\"") }
        return gesture
    }
}

/// One expectation of a scenario.
struct Expectation {
    let o: JSONObject

    init(_ o: JSONObject) { self.o = o }

    func check(_ session: Session) throws -> [String] {
        if let raw = o.optionalString("raw") { return checkRaw(raw, session) }
        if let summary = o.fields["summary"] as? [String] {
            let actual = session.records.filter(\.isSuccess).map { "\($0.name) \($0.update.phase.rawValue)" }
            return actual == summary ? [] : ["successes were [\(actual.joined(separator: ", "))], expected [\(summary.joined(separator: ", "))]"]
        }
        let gesture = try o.string("gesture")
        let records = session.records.filter { $0.name == gesture }
        if let never = o.optionalString("never") {
            let hits = records.filter { $0.update.phase.rawValue == never }
            return hits.isEmpty ? [] : ["\(gesture) was expected never to reach \(never), but did at \(hits[0].update.time)"]
        }
        let phase = try o.string("phase")
        let matching = records.filter { $0.update.phase.rawValue == phase }
        let seen = records.map(\.update.phase.rawValue).reduce(into: [String]()) { if $0.last != $1 || $1 != "changed" { $0.append($1) } }
        if let times = try o.optionalInt("times"), matching.count != times {
            return ["\(gesture) reached \(phase) \(matching.count) times, expected \(times) (phases: \(seen.joined(separator: " ")))"]
        }
        guard let record = matching.last else {
            return ["\(gesture) never reached \(phase) (phases: \(seen.isEmpty ? "none" : seen.joined(separator: " ")))"]
        }
        var failures: [String] = []
        if let reason = o.optionalString("reason"), record.update.reason?.rawValue != reason {
            failures.append("\(gesture) \(phase) with reason \(record.update.reason?.rawValue ?? "none"), expected \(reason)")
        }
        for (key, expected) in [("direction", record.direction), ("edge", record.edge)] {
            if let want = o.optionalString(key), want != expected {
                failures.append("\(gesture) \(key) \(expected ?? "none"), expected \(want)")
            }
        }
        let values = record.values
        for (key, spec) in (o.fields["values"] as? [String: Any]) ?? [:] {
            let pair = (spec as? [NSNumber])?.map(\.doubleValue) ?? [(spec as? NSNumber)?.doubleValue ?? .nan, 1e-6]
            guard pair.count == 2 else { failures.append("\(gesture): value \(key) must be [expected, tolerance]"); continue }
            guard let actual = values[key] else { failures.append("\(gesture) has no value \(key)"); continue }
            if abs(actual - pair[0]) > pair[1] {
                failures.append("\(gesture) \(key) = \(JSONLine.number(actual)), expected \(JSONLine.number(pair[0])) ± \(JSONLine.number(pair[1]))")
            }
        }
        return failures
    }

    /// What the client under the touches got: "delivered" (everything at once), "withheld_then_delivered",
    /// "withheld_then_dropped", "cancelled" (delivered, then cancel).
    func checkRaw(_ expected: String, _ session: Session) -> [String] {
        var kinds = ""
        for d in session.decisions {
            switch d {
            case .deliver: kinds += "D"
            case .withhold: kinds += "W"
            case .drop: kinds += "X"
            case .cancel: kinds += "C"
            }
        }
        let actual: String
        if kinds.contains("C") {
            actual = "cancelled"
        } else if kinds.contains("W") {
            actual = kinds.contains("X") ? "withheld_then_dropped" : "withheld_then_delivered"
        } else {
            actual = kinds.contains("X") ? "dropped" : "delivered"
        }
        return actual == expected ? [] : ["raw touches: \(actual), expected \(expected)"]
    }
}
