import TactusCore

/// A generator asked for by name, as `tactus-sim generate` and scenario files' `generate` steps ask: the
/// parameters given, the others at the generator's defaults. Distances are millimetres, times milliseconds, angles
/// degrees (clockwise), speeds mm/s.
public struct GeneratorRequest {
    /// How many fingers (each generator has its own default: 1, 2 for two-handed motions, 3 for touchpad swipes).
    public var fingers: Int?
    /// Taps: how many (1).
    public var count: Int?
    /// Taps: the pause between them (150 ms).
    public var interval: Double?
    /// How long the motion or press lasts.
    public var duration: Double?
    /// A drag's path (a line).
    public var path: GeneratedGesture.Path?
    /// How far the fingers travel.
    public var distance: Double?
    /// Which way a drag or swipe goes (right).
    public var direction: SwipeDirection?
    /// A swipe's speed (200 mm/s).
    public var speed: Double?
    /// The edge an edge swipe starts from (left).
    public var edge: Edge?
    /// A pinch's span between fingers at the start (20 mm) and at the end (40 mm).
    public var startSpan: Double?
    public var endSpan: Double?
    /// How far the fingers turn, clockwise (45°).
    public var degrees: Double?
    /// The radius of a rotation's circle (15 mm).
    public var radius: Double?
    /// A touchpad pinch's final scale (2).
    public var scale: Double?

    /// A request with every parameter at its default.
    public init() {}

    /// Each generator by name, with what it makes of a request: a gesture kind's kebab name where the generator
    /// makes that kind's motion on a touchscreen, and names of their own for the other motions.
    private static let generators: [(name: String, make: @Sendable (GeneratorRequest) -> GeneratedGesture)] = [
        (GestureKind.tap.kebabName, { .tap(fingers: $0.fingers ?? 1, count: $0.count ?? 1, interval: $0.interval ?? 150) }),
        (GestureKind.longPress.kebabName, { .longPress(fingers: $0.fingers ?? 1, duration: $0.duration ?? 800) }),
        (GestureKind.drag.kebabName, {
            .drag(path: $0.path ?? .line, fingers: $0.fingers ?? 1, distance: $0.distance ?? 40, duration: $0.duration ?? 500,
                  direction: $0.direction ?? .right)
        }),
        (GestureKind.swipe.kebabName, {
            .swipe(direction: $0.direction ?? .right, fingers: $0.fingers ?? 1, speed: $0.speed ?? 200, distance: $0.distance ?? 30)
        }),
        (GestureKind.edgeSwipe.kebabName, {
            .edgeSwipe(edge: $0.edge ?? .left, fingers: $0.fingers ?? 1, distance: $0.distance ?? 30, duration: $0.duration ?? 250)
        }),
        (GestureKind.magnify.kebabName, {
            .pinch(fingers: $0.twoHands, startSpan: $0.startSpan ?? 20, endSpan: $0.endSpan ?? 40, duration: $0.duration ?? 400)
        }),
        (GestureKind.rotate.kebabName, {
            .rotate(fingers: $0.twoHands, degrees: $0.degrees ?? 45, radius: $0.radius ?? 15, duration: $0.duration ?? 400)
        }),
        ("pinch-rotate", {
            .pinchRotate(fingers: $0.twoHands, startSpan: $0.startSpan ?? 20, endSpan: $0.endSpan ?? 40, degrees: $0.degrees ?? 45,
                         duration: $0.duration ?? 400)
        }),
        (GestureKind.hold.kebabName, { .hold(fingers: $0.fingers ?? 1, duration: $0.duration ?? 400) }),
        ("touchpad-swipe", {
            .touchpadSwipe(direction: $0.direction ?? .right, fingers: $0.fingers ?? 3, distance: $0.distance ?? 40,
                           duration: $0.duration ?? 250)
        }),
        ("touchpad-pinch", {
            .touchpadPinch(fingers: $0.fingers ?? 2, scale: $0.scale ?? 2, degrees: $0.degrees ?? 45, duration: $0.duration ?? 400)
        }),
        ("touchpad-hold", { .touchpadHold(fingers: $0.fingers ?? 2, duration: $0.duration ?? 400) }),
    ]

    /// The generators' names, in the order `tactus-sim generate --help` lists them.
    public static let names = generators.map(\.name)

    /// The gesture the generator `name` makes with these parameters; nil for a name that is none of `names`.
    public func gesture(named name: String) -> GeneratedGesture? {
        GeneratorRequest.generators.first { $0.name == name }?.make(self)
    }

    /// Fingers for a motion that needs two hands' worth: at least 2.
    private var twoHands: Int { max(fingers ?? 2, 2) }
}
