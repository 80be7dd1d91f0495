import TactusCore

/// One named gesture attached for a simulation, and how to describe its updates.
public struct NamedAttachment {
    public var name: String
    public var id: AttachmentID
}

/// A line of the simulator's output: one recognizer update with the names and units of the output format.
public struct OutputRecord: Equatable {
    public var update: GestureUpdate
    public var name: String
    /// Millimetres per layout pixel of the update's device, for translations.
    public var millimetresPerPixel: Vector

    public var isSuccess: Bool { update.phase == .recognized || update.phase == .ended }

    /// The values the expectations and the output talk about, by key.
    public var values: [String: Double] {
        var v: [String: Double] = ["fingers": Double(fingers)]
        switch update.values {
        case .tap(let t): v["count"] = Double(t.count)
        case .drag(let d): v["dx"] = d.translation.dx * millimetresPerPixel.dx; v["dy"] = d.translation.dy * millimetresPerPixel.dy
        case .swipe(let s): v["dx"] = s.translation.dx * millimetresPerPixel.dx; v["dy"] = s.translation.dy * millimetresPerPixel.dy
        case .edgeSwipe(let e): v["progress"] = e.progress
        case .magnify(let m): v["scale"] = m.magnification
        case .rotate(let r): v["rotation_deg"] = r.rotation
        case .longPress, .hold: break
        }
        return v
    }

    public var fingers: Int {
        switch update.values {
        case .tap(let t): return t.fingers
        case .longPress(let l): return l.fingers
        case .drag(let d): return d.fingers
        case .swipe(let s): return s.fingers
        case .edgeSwipe(let e): return e.fingers
        case .magnify(let m): return m.fingers
        case .rotate(let r): return r.fingers
        case .hold(let h): return h.fingers
        }
    }

    /// The swipe direction or edge, as text, when the gesture has one.
    public var direction: String? {
        switch update.values {
        case .swipe(let s): return s.direction.rawValue
        default: return nil
        }
    }

    public var edge: String? {
        if case .edgeSwipe(let e) = update.values { return e.edge.rawValue }
        return nil
    }

    /// The JSON Lines form (simulator/README.md).
    public var jsonLine: String {
        var o = JSONLine()
        o.add("time_us", update.time.microseconds)
        o.add("gesture", update.kind.externalName)
        o.add("name", name)
        o.add("phase", update.phase.rawValue)
        o.add("fingers", fingers)
        let v = values
        switch update.values {
        case .tap: o.add("count", Int(v["count"] ?? 0))
        case .swipe: o.add("direction", direction ?? ""); o.add("translation", [v["dx"] ?? 0, v["dy"] ?? 0])
        case .drag: o.add("translation", [v["dx"] ?? 0, v["dy"] ?? 0])
        case .edgeSwipe: o.add("edge", edge ?? ""); o.add("progress", v["progress"] ?? 0)
        case .magnify: o.add("scale", v["scale"] ?? 1)
        case .rotate: o.add("rotation_deg", v["rotation_deg"] ?? 0)
        case .longPress, .hold: break
        }
        if let reason = update.reason { o.add("reason", reason.rawValue) }
        return o.text
    }
}

/// An engine with named attachments, fed with traces, recording everything it reports.
public final class Session: SurfaceLocator {
    public let engine = Engine()
    public private(set) var attachments: [NamedAttachment] = []
    public private(set) var records: [OutputRecord] = []
    public private(set) var decisions: [RawTouchDecision] = []
    /// The trace fed so far, for pictures.
    public private(set) var fed = Trace(devices: [])
    public var surfaces: [(id: SurfaceID, frame: Rect, exclusion: Rect?)] = []
    public var pointerLocation = Point(x: 500, y: 500)
    private var scale: [DeviceID: Vector] = [:]

    public init() {
        engine.surfaceLocator = self
        engine.onUpdate = { [unowned self] update in
            let name = attachments.first { $0.id == update.attachment }?.name ?? "\(update.attachment.rawValue)"
            records.append(OutputRecord(update: update, name: update.recognizer == 0 ? name : "\(name).\(update.recognizer)",
                                        millimetresPerPixel: scale[update.device] ?? Vector(dx: 1, dy: 1)))
        }
        engine.onRawTouch = { [unowned self] in decisions.append($0) }
    }

    public func surfaces(at point: Point, into stack: inout [SurfaceHit]) {
        for s in surfaces where s.frame.contains(point) {
            stack.append(SurfaceHit(surface: s.id, origin: s.frame.origin, excludesCompositorGestures: s.exclusion?.contains(point) ?? false))
        }
    }

    /// Attaches a gesture under a name.
    @discardableResult
    public func attach<G: Gesture>(_ name: String, _ gesture: G, to target: Target = .layout,
                                   options: AttachmentOptions = AttachmentOptions()) -> AttachmentID {
        let id = engine.attach(gesture, to: target, options: options)
        attachments.append(NamedAttachment(name: name, id: id))
        return id
    }

    /// The attachment of a name.
    public func attachment(named name: String) -> AttachmentID? { attachments.first { $0.name == name }?.id }

    /// Adds the trace's devices that are not there yet, then feeds its events, then lets `settle` pass.
    public func feed(_ trace: Trace, settle: TimeSpan = .milliseconds(1000)) {
        for device in trace.devices where !fed.devices.contains(where: { $0.id == device.id }) {
            handle(.deviceAdded(device), at: trace.events.first?.time ?? .zero)
        }
        for (time, event) in trace.events { handle(event, at: time) }
        engine.advance(to: trace.end + settle)
    }

    /// Hands one event to the engine, keeping what the output needs to know about devices.
    public func handle(_ event: InputEvent, at time: Timestamp) {
        if case .deviceAdded(let device) = event {
            if !fed.devices.contains(where: { $0.id == device.id }) { fed.devices.append(device) }
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
