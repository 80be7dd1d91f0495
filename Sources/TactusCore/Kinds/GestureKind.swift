// SPDX-License-Identifier: MIT
/// The recognizers the engine ships, and everything the rest of Tactus knows about each: this file is the one
/// place that describes a kind. The protocol server, the client library, the configuration file, the C ABI, the
/// simulator and the demo client derive names, parameters, validation, recognizers and values from it.
///
/// Adding a kind: its recognizer file (gesture, value type, state machine), a case here with its entry in
/// `traits`, a case of `GestureValues` below with its entry in `GestureValues.flat`, the protocol's kind enum
/// (`protocols/tactus-gestures-v1.xml`, then `scripts/generate-protocol`) and `tactus.h`'s
/// `enum tactus_gesture_kind`, both with the kind's `number`, and the protocol version that has it
/// (`WireValue.since` in TactusWayland); a generator in the simulator (`GeneratorRequest`) and a scenario.
public enum GestureKind: String, CaseIterable, Hashable, Sendable {
    case tap, longPress, drag, swipe, edgeSwipe, magnify, rotate, hold, tipTap

    /// What a kind is, as one value: the `traits` of each kind.
    struct Traits {
        /// The kind's number in the protocol's kind enum and in `tactus.h`'s `enum tactus_gesture_kind`.
        var number: UInt32
        /// The one external name, in snake case; the other spellings derive from it.
        var name: String
        /// How many fingers the recognizer can follow.
        var fingers: ClosedRange<Int>
        /// The parameters a description may set besides `fingers`.
        var parameters: Set<GestureParameter>
        /// Whether it needs an output edge: it comes from touchscreens only, and a compositor attaches it to the
        /// edge's band so that interactions elsewhere are never held back for it.
        var needsOutputEdge = false
        /// Whether it is discrete: recognized once (possible → recognized | failed), never began, changed and ended.
        var isDiscrete = false
        /// The name in running text, where it is not the external name with spaces: `tip-tap`.
        var spokenName: String? = nil
        /// Builds the gesture from a description whose parameters are valid for the kind.
        var make: (GestureSpecification) -> AnyGesture
    }

    /// The kind's traits: the one `switch` over kinds that says what each is and how it is built.
    var traits: Traits {
        switch self {
        case .tap:
            return Traits(number: 1, name: "tap", fingers: GestureParameter.fingerCounts, parameters: [.count, .distance, .duration],
                          isDiscrete: true) { spec in
                var tap = TapGesture(count: spec.count ?? 1, fingers: spec.fingers ?? 1)
                if let distance = spec.distance { tap.maximumMovement = distance }
                if let duration = spec.duration { tap.maximumInterval = .milliseconds(Int64(duration)) }
                return AnyGesture(tap)
            }
        case .longPress:
            return Traits(number: 2, name: "long_press", fingers: GestureParameter.fingerCounts, parameters: [.distance, .duration],
                          isDiscrete: true) { spec in
                var press = LongPressGesture(fingers: spec.fingers ?? 1)
                if let duration = spec.duration { press.minimumDuration = .milliseconds(Int64(duration)) }
                if let distance = spec.distance { press.maximumDistance = distance }
                return AnyGesture(press)
            }
        case .drag:
            return Traits(number: 3, name: "drag", fingers: GestureParameter.fingerCounts, parameters: [.distance]) { spec in
                AnyGesture(DragGesture(minimumDistance: spec.distance ?? GestureDefaults.slop, fingers: spec.fingers ?? 1))
            }
        case .swipe:
            return Traits(number: 4, name: "swipe", fingers: GestureParameter.fingerCounts,
                          parameters: [.distance, .minimumVelocity, .directions], isDiscrete: true) { spec in
                var swipe = SwipeGesture(directions: spec.directions ?? .cardinal, fingers: spec.fingers ?? 1)
                if let distance = spec.distance { swipe.minimumDistance = distance }
                if let velocity = spec.minimumVelocity { swipe.minimumVelocity = velocity }
                return AnyGesture(swipe)
            }
        case .edgeSwipe:
            return Traits(number: 5, name: "edge_swipe", fingers: GestureParameter.fingerCounts, parameters: [.distance, .edge],
                          needsOutputEdge: true) { spec in
                AnyGesture(spec.edgeSwipe)
            }
        case .magnify:
            return Traits(number: 6, name: "pinch", fingers: 2...5, parameters: [.scaleDelta]) { spec in
                var magnify = MagnifyGesture(fingers: spec.fingers ?? 2)
                if let delta = spec.scaleDelta { magnify.minimumScaleDelta = delta }
                return AnyGesture(magnify)
            }
        case .rotate:
            return Traits(number: 7, name: "rotate", fingers: 2...5, parameters: [.angleDelta]) { spec in
                var rotate = RotateGesture(fingers: spec.fingers ?? 2)
                if let delta = spec.angleDelta { rotate.minimumAngleDelta = delta }
                return AnyGesture(rotate)
            }
        case .hold:
            return Traits(number: 8, name: "hold", fingers: GestureParameter.fingerCounts, parameters: [.duration]) { spec in
                var hold = HoldGesture(fingers: spec.fingers ?? 1)
                if let duration = spec.duration { hold.minimumDuration = .milliseconds(Int64(duration)) }
                return AnyGesture(hold)
            }
        case .tipTap:
            return Traits(number: 9, name: "tip_tap", fingers: 1...4, parameters: [.distance, .duration, .directions],
                          isDiscrete: true, spokenName: "tip-tap") { spec in
                var tipTap = TipTapGesture(fingers: spec.fingers ?? 1, directions: spec.directions ?? .all)
                if let distance = spec.distance { tipTap.maximumMovement = distance }
                if let duration = spec.duration { tipTap.maximumDuration = .milliseconds(Int64(duration)) }
                return AnyGesture(tipTap)
            }
        }
    }

    // MARK: Names

    /// The kind's one external name, where Tactus writes it for others (tactus-gestures-v1's kind enum and
    /// messages, the simulator's and the demo client's JSON Lines): `long_press`, `edge_swipe`, and `pinch` for
    /// magnify.
    public var externalName: String { traits.name }

    /// The name with dashes, as command lines and the configuration file spell it: `long-press`.
    public var kebabName: String { GestureKind.kebabNames[self] ?? externalName }

    /// Every kind's `kebabName`, made once: hosts name a gesture's kind at each of its steps.
    private static let kebabNames = Dictionary(uniqueKeysWithValues: allCases.map {
        ($0, $0.externalName.replacingEach("_", with: "-"))
    })

    /// The name as C spells it in an enum entry: `LONG_PRESS` (`TACTUS_GESTURE_LONG_PRESS`).
    public var cName: String { String(externalName.uppercased()) }

    /// The name in running text: `long press`.
    public var displayName: String { traits.spokenName ?? externalName.replacingEach("_", with: " ") }

    /// The name in running text after its article: `a long press`, `an edge swipe`.
    public var withArticle: String { ("aeiou".contains(displayName.first ?? "x") ? "an " : "a ") + displayName }

    /// The kind an external name, snake or kebab case, names.
    public init?(externalName name: String) {
        let snake = name.replacingEach("-", with: "_")
        guard let kind = GestureKind.allCases.first(where: { $0.externalName == snake }) else { return nil }
        self = kind
    }

    /// The kind's number in tactus-gestures-v1's kind enum and in `tactus.h`'s `enum tactus_gesture_kind`.
    public var number: UInt32 { traits.number }

    /// Whether the kind is discrete: recognized once (possible → recognized | failed); a continuous one goes
    /// possible → began → changed… → ended | cancelled.
    public var isDiscrete: Bool { traits.isDiscrete }

    /// The kind a protocol or C ABI number names.
    public init?(number: UInt32) {
        guard let kind = GestureKind.allCases.first(where: { $0.number == number }) else { return nil }
        self = kind
    }

    // MARK: Parameters

    /// How many fingers the kind's recognizer can follow.
    public var fingerRange: ClosedRange<Int> { traits.fingers }

    /// Whether a description of the kind may set `parameter`.
    public func takes(_ parameter: GestureParameter) -> Bool {
        parameter == .fingers || traits.parameters.contains(parameter)
    }

    /// Whether the kind needs an output edge: it comes from touchscreens only, and a compositor attaches it to the
    /// band of its edge (`GestureSpecification.outputEdgeBand`).
    public var needsOutputEdge: Bool { traits.needsOutputEdge }
}

/// The values of one gesture update, one case per kind whatever the input source.
public enum GestureValues: Hashable, Sendable {
    case tap(TapValue)
    case longPress(LongPressValue)
    case drag(DragValue)
    case swipe(SwipeValue)
    case edgeSwipe(EdgeSwipeValue)
    case magnify(MagnifyValue)
    case rotate(RotateValue)
    case hold(HoldValue)
    case tipTap(TipTapValue)

    /// The values as one flat record, the same fields for every kind: what outputs (the protocol's events, the C
    /// ABI's `tactus_values`, the simulator's lines) loop over instead of asking for the kind.
    public var flat: FlatGestureValues {
        switch self {
        case .tap(let v): return FlatGestureValues(fingers: v.fingers, location: v.location, count: v.count)
        case .longPress(let v): return FlatGestureValues(fingers: v.fingers, location: v.location)
        case .drag(let v):
            return FlatGestureValues(fingers: v.fingers, location: v.location, translation: v.translation, velocity: v.velocity)
        case .swipe(let v):
            return FlatGestureValues(fingers: v.fingers, location: v.location, translation: v.translation,
                                     velocity: v.velocity, direction: v.direction)
        case .edgeSwipe(let v):
            return FlatGestureValues(fingers: v.fingers, translation: v.translation, edge: v.edge, progress: v.progress)
        case .magnify(let v):
            return FlatGestureValues(fingers: v.fingers, location: v.anchor, scale: v.magnification,
                                     startLocation: v.startLocation, startAnchor: v.startAnchor)
        case .rotate(let v):
            return FlatGestureValues(fingers: v.fingers, location: v.anchor, rotation: v.rotation,
                                     startLocation: v.startLocation, startAnchor: v.startAnchor)
        case .hold(let v): return FlatGestureValues(fingers: v.fingers, location: v.location)
        case .tipTap(let v): return FlatGestureValues(fingers: v.fingers, location: v.location, direction: v.direction)
        }
    }
}

/// A gesture's values with the same fields whatever its kind; those the kind lacks are nil. The engine always
/// sets `fingers`; a client rebuilding values from the wire may not have heard it.
public struct FlatGestureValues: Hashable, Sendable {
    /// How many fingers make the gesture.
    public var fingers: Int?
    /// Where the gesture is (the anchor of a pinch or rotation, a tip-tap's tapping finger), in layout or
    /// surface-local pixels.
    public var location: Point?
    /// How far the fingers moved since the gesture began, in pixels.
    public var translation: Vector?
    /// How fast the fingers move, in pixels per second.
    public var velocity: Vector?
    /// A pinch's magnification since it began; 1 means unchanged.
    public var scale: Double?
    /// A rotation since it began, in degrees clockwise.
    public var rotation: Double?
    /// How many taps.
    public var count: Int?
    /// A swipe's direction; for a tip-tap, the side of the held fingers the tap landed on.
    public var direction: SwipeDirection?
    /// The edge an edge swipe comes from.
    public var edge: Edge?
    /// How far an edge swipe has come, 0 to 1.
    public var progress: Double?
    /// Where a pinch or rotation started: the centroid when all its fingers were down, in the same pixels as
    /// `location`.
    public var startLocation: Point?
    /// `startLocation` as a unit point of the target's bounds, where the target has bounds.
    public var startAnchor: UnitPoint?

    /// Creates values, for hosts and clients that rebuild them.
    public init(fingers: Int? = nil, location: Point? = nil, translation: Vector? = nil, velocity: Vector? = nil,
                scale: Double? = nil, rotation: Double? = nil, count: Int? = nil, direction: SwipeDirection? = nil,
                edge: Edge? = nil, progress: Double? = nil, startLocation: Point? = nil,
                startAnchor: UnitPoint? = nil) {
        self.fingers = fingers
        self.location = location
        self.translation = translation
        self.velocity = velocity
        self.scale = scale
        self.rotation = rotation
        self.count = count
        self.direction = direction
        self.edge = edge
        self.progress = progress
        self.startLocation = startLocation
        self.startAnchor = startAnchor
    }
}

extension ClosedRange where Bound == Int {
    /// The value in the range nearest to `value`.
    func nearest(to value: Int) -> Int { Swift.min(Swift.max(value, lowerBound), upperBound) }
}

extension StringProtocol {
    /// The text with every `target` replaced, with the standard library's own means (not _StringProcessing's
    /// `replacing`, which brings its regex engine into every static link of the core).
    fileprivate func replacingEach(_ target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
