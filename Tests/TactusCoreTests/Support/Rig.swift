// SPDX-License-Identifier: MIT
import TactusCore

/// A test bench around one engine: a 100 × 100 mm touchscreen mapped 1:1 onto a 1000 × 1000 pixel output
/// (10 px per mm), a touchpad, a scene of surfaces, and everything the engine reports, in order.
///
/// Positions given to the touch helpers are millimetres on the touchscreen; times are milliseconds.
final class Rig: SurfaceLocator {
    static let screen = DeviceID(1)
    static let touchpad = DeviceID(2)

    let engine = Engine()
    private(set) var updates: [GestureUpdate] = []
    private(set) var decisions: [RawTouchDecision] = []
    /// What the engine decided of each touchpad stream for the client, in order.
    private(set) var streams: [TouchpadStreamDecision] = []
    /// Surfaces of the scene, front first, with their rectangles in layout pixels.
    var scene: [(surface: SurfaceID, frame: Rect, exclusion: Rect?)] = []
    /// The sizes the hit test reports for surfaces of the scene; surfaces not listed have no size.
    var surfaceSizes: [SurfaceID: Size] = [:]
    /// The app ids the hit test reports for surfaces of the scene; surfaces not listed name none.
    var applications: [SurfaceID: String] = [:]
    var pointerLocation = Point(x: 500, y: 500)
    private(set) var now: Int64 = 0
    private var touchEvents: [DeviceID: Int] = [:]

    /// How many touch down, motion, up and frame events the rig sent for a device.
    func touchEventsSent(to device: DeviceID) -> Int { touchEvents[device, default: 0] }

    init(transform: DeviceTransform = .identity, touchpad: Bool = true) {
        engine.surfaceLocator = self
        engine.onUpdate = { [unowned self] in updates.append($0) }
        engine.onRawTouch = { [unowned self] in decisions.append($0) }
        engine.onTouchpadStream = { [unowned self] in streams.append($0) }
        engine.handle(.deviceAdded(DeviceDescription(
            id: Rig.screen, kind: .touchscreen, name: "test screen", physicalSize: Size(width: 100, height: 100),
            outputRegion: Rect(x: 0, y: 0, width: 1000, height: 1000), transform: transform)), at: .zero)
        if touchpad {
            engine.handle(.deviceAdded(DeviceDescription(id: Rig.touchpad, kind: .touchpad, name: "test touchpad",
                                                         touchpadPixelsPerMillimetre: 10)), at: .zero)
        }
    }

    func surfaces(at point: Point, into stack: inout [SurfaceHit]) {
        for entry in scene where entry.frame.contains(point) {
            stack.append(SurfaceHit(surface: entry.surface, origin: entry.frame.origin,
                                    excludesCompositorGestures: entry.exclusion?.contains(point) ?? false,
                                    size: surfaceSizes[entry.surface], application: applications[entry.surface]))
        }
    }

    // MARK: Raw events (millimetres, milliseconds)

    func send(_ event: InputEvent, at ms: Double) {
        switch event {
        case .touchDown(let id, _, _), .touchMotion(let id, _, _), .touchUp(let id, _), .touchFrame(let id):
            touchEvents[id, default: 0] += 1
        default: break
        }
        now = Int64(ms * 1000)
        engine.handle(event, at: Timestamp(microseconds: now))
    }

    static func normalized(_ x: Double, _ y: Double) -> Point { Point(x: x / 100, y: y / 100) }

    func down(_ id: ContactID, _ x: Double, _ y: Double, at ms: Double) {
        send(.touchDown(Rig.screen, contact: id, position: Rig.normalized(x, y)), at: ms)
    }
    func move(_ id: ContactID, _ x: Double, _ y: Double, at ms: Double) {
        send(.touchMotion(Rig.screen, contact: id, position: Rig.normalized(x, y)), at: ms)
    }
    func up(_ id: ContactID, at ms: Double) { send(.touchUp(Rig.screen, contact: id), at: ms) }
    func frame(at ms: Double) { send(.touchFrame(Rig.screen), at: ms) }

    /// Lets virtual time pass, firing the engine's deadlines.
    func advance(to ms: Double) {
        now = Int64(ms * 1000)
        engine.advance(to: Timestamp(microseconds: now))
    }

    // MARK: Whole strokes

    /// One finger lands at (x, y), moves by `offset` mm 20 ms later, and lifts 20 ms after that.
    func nudge(_ x: Double, _ y: Double, by offset: (Double, Double), at ms: Double) {
        down(0, x, y, at: ms)
        frame(at: ms)
        move(0, x + offset.0, y + offset.1, at: ms + 20)
        frame(at: ms + 20)
        up(0, at: ms + 40)
        frame(at: ms + 40)
    }

    /// Fingers land (each followed by a frame), stay `hold` ms, and lift together.
    func tap(_ points: [(Double, Double)], at ms: Double, hold: Double = 60, firstContact: ContactID = 0) {
        for (i, p) in points.enumerated() { down(firstContact + ContactID(i), p.0, p.1, at: ms) }
        frame(at: ms)
        for i in points.indices { up(firstContact + ContactID(i), at: ms + hold) }
        frame(at: ms + hold)
    }

    /// Fingers land at `from` and move in a straight line by `by` (mm) over `duration` ms at `hz`,
    /// optionally lifting at the end.
    func stroke(_ from: [(Double, Double)], by delta: (Double, Double), at ms: Double, duration: Double,
                hz: Double = 120, lift: Bool = true) {
        for (i, p) in from.enumerated() { down(ContactID(i), p.0, p.1, at: ms) }
        frame(at: ms)
        let steps = max(Int(duration * hz / 1000), 1)
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            let t = ms + duration * f
            for (i, p) in from.enumerated() { move(ContactID(i), p.0 + delta.0 * f, p.1 + delta.1 * f, at: t) }
            frame(at: t)
        }
        if lift {
            for i in from.indices { up(ContactID(i), at: ms + duration) }
            frame(at: ms + duration)
        }
    }

    /// Two or more fingers on a circle around `center` whose radius goes from `r0` to `r1` mm while it turns
    /// by `degrees` clockwise, over `duration` ms at 120 Hz. Returns nothing; lifts at the end if asked.
    func pinch(center: (Double, Double), fingers: Int = 2, radius r0: Double, to r1: Double, turning degrees: Double = 0,
               at ms: Double, duration: Double, lift: Bool = true) {
        func point(_ finger: Int, _ f: Double) -> (Double, Double) {
            let r = r0 + (r1 - r0) * f
            let a = (Double(finger) / Double(fingers) * 360 + degrees * f) * Double.pi / 180
            return (center.0 + r * cosine(a), center.1 + r * sine(a))
        }
        for i in 0..<fingers { let p = point(i, 0); down(ContactID(i), p.0, p.1, at: ms) }
        frame(at: ms)
        let steps = max(Int(duration * 120 / 1000), 1)
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            for i in 0..<fingers { let p = point(i, f); move(ContactID(i), p.0, p.1, at: ms + duration * f) }
            frame(at: ms + duration * f)
        }
        if lift {
            for i in 0..<fingers { up(ContactID(i), at: ms + duration) }
            frame(at: ms + duration)
        }
    }

    // MARK: Reading what happened

    /// The phases one attachment's recognizer went through, in order.
    func phases(_ id: AttachmentID, recognizer: Int = 0) -> [GesturePhase] {
        updates.filter { $0.attachment == id && $0.recognizer == recognizer }.map(\.phase)
    }

    /// The phases without repeated `changed`, for readable expectations.
    func path(_ id: AttachmentID, recognizer: Int = 0) -> [GesturePhase] {
        var result: [GesturePhase] = []
        for phase in phases(id, recognizer: recognizer) where !(phase == .changed && result.last == .changed) {
            result.append(phase)
        }
        return result
    }

    /// The last update of one attachment's recognizer.
    func last(_ id: AttachmentID, recognizer: Int = 0) -> GestureUpdate? {
        updates.last { $0.attachment == id && $0.recognizer == recognizer }
    }

    /// The failure or cancellation reason of one attachment's recognizer.
    func reason(_ id: AttachmentID, recognizer: Int = 0) -> FailureReason? {
        updates.last { $0.attachment == id && $0.recognizer == recognizer && $0.reason != nil }?.reason
    }

    /// The update at which a recognizer first reached `phase`.
    func first(_ phase: GesturePhase, of id: AttachmentID, recognizer: Int = 0) -> GestureUpdate? {
        updates.first { $0.attachment == id && $0.recognizer == recognizer && $0.phase == phase }
    }

    func clearRecords() {
        updates.removeAll()
        decisions.removeAll()
    }
}

/// Taylor-free trigonometry for building traces: the tests, like the core, link no libm wrapper.
func sine(_ x: Double) -> Double {
    var a = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if a > Double.pi { a -= 2 * Double.pi } else if a < -Double.pi { a += 2 * Double.pi }
    var term = a, sum = a
    for n in 1..<12 {
        term *= -a * a / Double((2 * n) * (2 * n + 1))
        sum += term
    }
    return sum
}

func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }

extension GestureUpdate {
    var drag: DragValue? { if case .drag(let v) = values { return v } else { return nil } }
    var tap: TapValue? { if case .tap(let v) = values { return v } else { return nil } }
    var swipe: SwipeValue? { if case .swipe(let v) = values { return v } else { return nil } }
    var magnify: MagnifyValue? { if case .magnify(let v) = values { return v } else { return nil } }
    var rotate: RotateValue? { if case .rotate(let v) = values { return v } else { return nil } }
    var edgeSwipe: EdgeSwipeValue? { if case .edgeSwipe(let v) = values { return v } else { return nil } }
    var longPress: LongPressValue? { if case .longPress(let v) = values { return v } else { return nil } }
    var hold: HoldValue? { if case .hold(let v) = values { return v } else { return nil } }
    var tipTap: TipTapValue? { if case .tipTap(let v) = values { return v } else { return nil } }
}
