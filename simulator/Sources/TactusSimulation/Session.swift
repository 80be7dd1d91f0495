// SPDX-License-Identifier: MIT
import JSONLines
import TactusCore
import TactusTrace

/// One named gesture attached for a simulation, and how to describe its updates.
public struct NamedAttachment {
    public var name: String
    public var id: AttachmentID
    /// Where it listens: the layout, an output edge's band, a region or a surface.
    public var target: Target
}

/// A line of the simulator's output: one recognizer update with the names and units of the output format.
public struct OutputRecord: Equatable {
    public var update: GestureUpdate
    public var name: String
    /// Millimetres per layout pixel of the update's device, for translations.
    public var millimetresPerPixel: Vector

    public var isSuccess: Bool { update.phase == .recognized || update.phase == .ended }

    /// The values the expectations and the output talk about, by key: translations in millimetres, start locations
    /// in pixels of the target.
    public var values: [String: Double] {
        let flat = update.values.flat
        var v: [String: Double] = ["fingers": Double(fingers)]
        if let count = flat.count { v["count"] = Double(count) }
        if let t = flat.translation { v["dx"] = t.dx * millimetresPerPixel.dx; v["dy"] = t.dy * millimetresPerPixel.dy }
        if let progress = flat.progress { v["progress"] = progress }
        if let scale = flat.scale { v["scale"] = scale }
        if let rotation = flat.rotation { v["rotation_deg"] = rotation }
        if let p = flat.startLocation { v["start_x"] = p.x; v["start_y"] = p.y }
        if let a = flat.startAnchor { v["start_anchor_x"] = a.x; v["start_anchor_y"] = a.y }
        return v
    }

    /// How many fingers make the gesture (the engine always says).
    public var fingers: Int { update.values.flat.fingers ?? 0 }

    /// The swipe direction, as text, when the gesture has one.
    public var direction: String? { update.values.flat.direction?.rawValue }

    /// The edge of an edge swipe, as text.
    public var edge: String? { update.values.flat.edge?.rawValue }

    /// The JSON Lines form (simulator/README.md): the values the gesture's kind has, translations in millimetres.
    public var jsonLine: String { jsonLine(lostTo: nil) }

    /// The JSON Lines form, with `lost_to` when given: the gestures that won when this one, which succeeded alone,
    /// lost (`Report.losses`).
    public func jsonLine(lostTo winners: [String]?) -> String {
        var o = JSONLine()
        o.add("time_us", update.time.microseconds)
        o.add("gesture", update.kind.externalName)
        o.add("name", name)
        o.add("phase", update.phase.rawValue)
        o.add("fingers", fingers)
        let v = values
        if let count = v["count"] { o.add("count", Int(count)) }
        if let direction { o.add("direction", direction) }
        if let dx = v["dx"], let dy = v["dy"] { o.add("translation", [dx, dy]) }
        if let edge { o.add("edge", edge) }
        if let progress = v["progress"] { o.add("progress", progress) }
        if let scale = v["scale"] { o.add("scale", scale) }
        if let rotation = v["rotation_deg"] { o.add("rotation_deg", rotation) }
        if let x = v["start_x"], let y = v["start_y"] { o.add("start_location", [x, y]) }
        if let x = v["start_anchor_x"], let y = v["start_anchor_y"] { o.add("start_anchor", [x, y]) }
        if let reason = update.reason { o.add("reason", reason.rawValue) }
        if let winners { o.add("lost_to", raw: "[" + winners.map { "\"\($0)\"" }.joined(separator: ",") + "]") }
        return o.text
    }
}

/// A client surface of a simulated scene: where it is in layout pixels, and the part of it (if any) where compositor
/// gestures of normal priority should not start.
public struct SimulatedSurface {
    /// The surface's identifier in the engine.
    public var id: SurfaceID
    /// Where it is, in layout pixels.
    public var frame: Rect
    /// Where compositor gestures of normal priority do not start, in layout pixels; nil: nowhere.
    public var exclusion: Rect?

    /// Creates a surface.
    public init(id: SurfaceID, frame: Rect, exclusion: Rect? = nil) {
        self.id = id
        self.frame = frame
        self.exclusion = exclusion
    }
}

/// An engine with named attachments, fed with traces, recording everything it reports.
public final class Session: SurfaceLocator {
    public let engine = Engine()
    public private(set) var attachments: [NamedAttachment] = []
    /// The name of each attachment, for its updates: found in one step among thousands of bindings.
    private var names: [AttachmentID: String] = [:]
    public private(set) var records: [OutputRecord] = []
    public private(set) var decisions: [RawTouchDecision] = []
    /// The trace fed so far, for pictures.
    public private(set) var fed = Trace(devices: [])
    /// The devices of `fed`, to know one in one step among many.
    private var fedDevices: Set<DeviceID> = []
    /// The client surfaces of the scene, in stacking order, the last in front.
    public var surfaces: [SimulatedSurface] = []
    public var pointerLocation = Point(x: 500, y: 500)
    private var scale: [DeviceID: Vector] = [:]
    /// How to attach each gesture again, by name, for a replay with it alone (`alone(_:)`): every attachment made
    /// under the name (a binding has one for each kind of device).
    private var reattach: [String: [(Session) -> Void]] = [:]
    /// How long the input was let settle after its end.
    private var settle = TimeSpan.milliseconds(1000)

    public init() {
        engine.surfaceLocator = self
        engine.onUpdate = { [unowned self] update in
            let name = names[update.attachment] ?? "\(update.attachment.rawValue)"
            records.append(OutputRecord(update: update, name: update.recognizer == 0 ? name : "\(name).\(update.recognizer)",
                                        millimetresPerPixel: scale[update.device] ?? Vector(dx: 1, dy: 1)))
        }
        engine.onRawTouch = { [unowned self] in decisions.append($0) }
    }

    public func surfaces(at point: Point, into stack: inout [SurfaceHit]) {
        for s in surfaces where s.frame.contains(point) {
            stack.append(SurfaceHit(surface: s.id, origin: s.frame.origin,
                                    excludesCompositorGestures: s.exclusion?.contains(point) ?? false, size: s.frame.size))
        }
    }

    /// Attaches a gesture under a name.
    @discardableResult
    public func attach<G: Gesture>(_ name: String, _ gesture: G, to target: Target = .layout,
                                   options: AttachmentOptions = AttachmentOptions()) -> AttachmentID {
        let id = engine.attach(gesture, to: target, options: options)
        attachments.append(NamedAttachment(name: name, id: id, target: target))
        names[id] = name
        reattach[name, default: []].append { $0.attach(name, gesture, to: target, options: options) }
        return id
    }

    /// The same input (all that was fed) through one of this session's gestures alone, in the same scene: what it
    /// would have done had nothing competed with it.
    public func alone(_ name: String) -> Session {
        let session = Session()
        (session.surfaces, session.pointerLocation) = (surfaces, pointerLocation)
        for attach in reattach[name] ?? [] { attach(session) }
        session.feed(fed, settle: settle)
        return session
    }

    /// The attachment of a name.
    public func attachment(named name: String) -> AttachmentID? { attachments.first { $0.name == name }?.id }

    /// Adds the trace's devices that are not there yet, then feeds its events, then lets `settle` pass.
    public func feed(_ trace: Trace, settle: TimeSpan = .milliseconds(1000)) {
        for device in trace.devices where !fedDevices.contains(device.id) {
            handle(.deviceAdded(device), at: trace.events.first?.time ?? .zero)
        }
        for (time, event) in trace.events { handle(event, at: time) }
        letSettle(settle, after: trace.end)
    }

    /// Plays a trace as it is read: its devices, then its events (`TraceReader.next()`), then lets `settle` pass.
    /// Throws what is wrong with a line of it, once the events before that line are fed.
    public func feed(_ trace: TraceReader, settle: TimeSpan = .milliseconds(1000)) throws {
        var end = Timestamp.zero
        while let (time, event) = try trace.next() {
            handle(event, at: time)
            end = time
        }
        letSettle(settle, after: end)
    }

    /// Lets the engine's time run on `settle` after the input's `end`, for its timers.
    private func letSettle(_ settle: TimeSpan, after end: Timestamp) {
        engine.advance(to: end + settle)
        self.settle = settle
    }

    /// Hands one event to the engine, keeping what the output needs to know about devices.
    public func handle(_ event: InputEvent, at time: Timestamp) {
        if case .deviceAdded(let device) = event {
            if fedDevices.insert(device.id).inserted { fed.devices.append(device) }
            scale[device.id] = Session.millimetresPerPixel(device)
        } else {
            fed.events.append((time, event))
        }
        engine.handle(event, at: time)
    }

    static func millimetresPerPixel(_ d: DeviceDescription) -> Vector {
        let scale = d.pixelsPerMillimetre
        return Vector(dx: 1 / scale.dx, dy: 1 / scale.dy)
    }
}
