import TactusCore

/// A generator asked for by name, as `tactus-sim generate` and scenario files' `generate` steps ask: the
/// parameters given, the others at the generator's defaults. Distances are millimetres, times milliseconds, angles
/// degrees (clockwise), speeds mm/s.
public struct GeneratorRequest {
    public var fingers: Int?
    public var count: Int?
    public var interval: Double?
    public var duration: Double?
    public var path: GeneratedGesture.Path?
    public var distance: Double?
    public var direction: SwipeDirection?
    public var speed: Double?
    public var edge: Edge?
    public var startSpan: Double?
    public var endSpan: Double?
    public var degrees: Double?
    public var radius: Double?
    public var scale: Double?

    /// A request with every parameter at its default.
    public init() {}

    /// The generators' names: a gesture kind's kebab name where the generator makes that kind's motion on a
    /// touchscreen, and the motions of their own.
    public static let names: [String] = [GestureKind.tap, .longPress, .drag, .swipe, .edgeSwipe, .magnify, .rotate].map(\.kebabName)
        + ["pinch-rotate", GestureKind.hold.kebabName, "touchpad-swipe", "touchpad-pinch", "touchpad-hold"]

    /// The gesture the generator `name` makes with these parameters; nil for a name that is none of `names`.
    public func gesture(named name: String) -> GeneratedGesture? {
        let fingers = self.fingers ?? 1, twoHands = max(self.fingers ?? 2, 2)
        let direction = self.direction ?? .right
        let (startSpan, endSpan) = (self.startSpan ?? 20, self.endSpan ?? 40)
        let degrees = self.degrees ?? 45
        switch name {
        case "tap": return .tap(fingers: fingers, count: count ?? 1, interval: interval ?? 150)
        case "long-press": return .longPress(fingers: fingers, duration: duration ?? 800)
        case "drag":
            return .drag(path: path ?? .line, fingers: fingers, distance: distance ?? 40, duration: duration ?? 500, direction: direction)
        case "swipe": return .swipe(direction: direction, fingers: fingers, speed: speed ?? 200, distance: distance ?? 30)
        case "edge-swipe": return .edgeSwipe(edge: edge ?? .left, fingers: fingers, distance: distance ?? 30, duration: duration ?? 250)
        case "pinch": return .pinch(fingers: twoHands, startSpan: startSpan, endSpan: endSpan, duration: duration ?? 400)
        case "rotate": return .rotate(fingers: twoHands, degrees: degrees, radius: radius ?? 15, duration: duration ?? 400)
        case "pinch-rotate":
            return .pinchRotate(fingers: twoHands, startSpan: startSpan, endSpan: endSpan, degrees: degrees, duration: duration ?? 400)
        case "hold": return .hold(fingers: fingers, duration: duration ?? 400)
        case "touchpad-swipe":
            return .touchpadSwipe(direction: direction, fingers: self.fingers ?? 3, distance: distance ?? 40, duration: duration ?? 250)
        case "touchpad-pinch":
            return .touchpadPinch(fingers: self.fingers ?? 2, scale: scale ?? 2, degrees: degrees, duration: duration ?? 400)
        case "touchpad-hold": return .touchpadHold(fingers: self.fingers ?? 2, duration: duration ?? 400)
        default: return nil
        }
    }
}
