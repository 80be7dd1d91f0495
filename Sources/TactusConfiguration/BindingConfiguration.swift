// SPDX-License-Identifier: MIT
import TactusCore

/// A compositor binding, as the configuration file or the C ABI declares it: a gesture, how it competes, and
/// the action it runs.
public struct BindingConfiguration: Equatable, Sendable {
    /// What a binding does.
    public enum Action: Equatable, Sendable {
        /// A command line, run by /bin/sh without waiting for it.
        case exec(String)
        /// A named action the compositor runs (its run_action callback).
        case host(String)
        /// A long-running command, run by /bin/sh, that reads the gesture's steps on its standard input, a JSON object
        /// a line (`StreamLine`): started at the binding's first gesture, or when the binding is loaded
        /// (`startsAtLoad`), and again at a gesture after it exited.
        case stream(String, startsAtLoad: Bool)

        /// Whether a process of the host's runs it: an exec or a stream command, which tactusd runs too.
        public var isCommand: Bool {
            if case .host = self { return false }
            return true
        }
    }

    /// The gesture. Parameters left unset take the device kind's thresholds, then the recognizer's defaults.
    public var specification: GestureSpecification
    public var modifiers: ModifierSet = []
    public var policy: RawTouchPolicy = .withhold
    public var priority: AttachmentPriority = .normal
    public var action: Action
    /// Run the action on every change, not only at the end.
    public var live = false
    /// The steps of the gesture that run the action (`on` in the file); nil: the end, and every step for a live
    /// binding.
    public var steps: Set<ActionStep>?
    /// How far apart the changes that run the action are (`every-ms`, `every-mm`, `every-degrees`, `every-scale`);
    /// nil: every change.
    public var pace: ActionPace?
    /// A second gesture that must follow the first with the same fingers (`then`): the binding is the sequence (a
    /// hold, then a swipe), and its action runs at the second's steps.
    public var then: GestureSpecification?
    /// The name the file gives it (`name`), unique among the bindings, for `[[device]]`'s `bindings`.
    public var label: String?
    /// The applications over whose windows it acts (`app-id`), or those over which it does not (`not-app-id`); nil:
    /// any. It takes part in recognition only where its rule admits the application the gesture starts over.
    public var applications: ApplicationRule?
    /// Whether tactusd places an edge strip for an edge swipe's binding (`strip = false`: not), and its width in
    /// millimetres (`strip = 3`; nil: the width of the edge's band).
    public var hasStrip = true
    public var stripWidth: Double?

    /// The widths a `strip` may have, in millimetres.
    public static let stripWidths = 1.0...50.0

    /// The strip tactusd places along the output's edge for the binding, so that touches starting there reach no
    /// application: its edge and width in millimetres; nil for a binding of another gesture, or with `strip = false`.
    public var edgeStrip: (edge: Edge, width: Double)? {
        guard hasStrip, case .outputEdge(let edge, let band)? = specification.outputEdgeBand else { return nil }
        return (edge, stripWidth ?? band)
    }

    /// Creates a binding.
    public init(kind: GestureKind, action: Action) {
        specification = GestureSpecification(kind: kind)
        self.action = action
    }

    public var kind: GestureKind { specification.kind }

    /// The longest `exec` command, in bytes, that can start: Linux takes no argument of MAX_ARG_STRLEN (32 pages,
    /// 128 KiB with 4 KiB pages) or more, counting the NUL that ends it, and a longer one fails with E2BIG each time.
    /// Larger pages allow more; the configuration file means the same everywhere, so it holds to the least.
    public static let longestCommand = 128 * 1024 - 1

    /// Checks what the type cannot: the gesture against the core's rules (`GestureSpecification.validate()`, in
    /// its wording), then what a binding needs besides: an edge swipe's edge, whose band it is attached to.
    /// Returns what is wrong, or nil.
    public var problem: String? {
        do {
            try specification.validate()
        } catch {
            return error.description
        }
        if kind.needsOutputEdge && specification.edge == nil {
            return "\(kind.withArticle) needs an edge: left, right, top or bottom"
        }
        if let then {
            do {
                try then.validate()
            } catch {
                return "then: \(error.description)"
            }
            if then.kind.needsOutputEdge { return "then: \(then.kind.withArticle) can only come first: it starts at the edge" }
        }
        return nil
    }

    /// The kinds the binding recognizes: its gesture's, then its second's.
    var kinds: [GestureKind] { [kind] + (then.map { [$0.kind] } ?? []) }

    /// The gesture, with `thresholds` for what the binding leaves unset: the sequence when there is a `then`.
    public func gesture(thresholds: GestureThresholds = GestureThresholds()) -> AnyGesture {
        let first = GestureThresholds.filled(specification, from: thresholds).gesture
        guard let then else { return first }
        return AnyGesture(first.sequenced(before: GestureThresholds.filled(then, from: thresholds).gesture))
    }

    /// The first gesture's specification with `thresholds` for what the binding leaves unset.
    public func specification(thresholds: GestureThresholds) -> GestureSpecification {
        GestureThresholds.filled(specification, from: thresholds)
    }

    /// Whether `update`, of one of the binding's recognizers, runs the action: a step of `on` (`runs(on:)`) of the
    /// gesture that acts, the sequence's second when there is one.
    public func runs(_ update: GestureUpdate) -> Bool {
        update.recognizer == actingRecognizer && runs(on: update.phase)
    }

    /// The recognizer whose steps run the action, numbered as `GestureUpdate.recognizer` numbers them.
    public var actingRecognizer: Int { kinds.count - 1 }

    /// Where the gesture is attached: the layout, or for an edge swipe its edge's band, so that interactions
    /// elsewhere are never held back for it.
    public var target: Target { specification.outputEdgeBand ?? .layout }

    /// How it takes part in arbitration, on the given kinds of device, from the devices `deviceRules` admit.
    public func options(on devices: Set<DeviceKind> = [.touchscreen, .touchpad],
                        deviceRules: [DeviceRule] = []) -> AttachmentOptions {
        var options = AttachmentOptions(priority: priority, rawTouchPolicy: policy, requiredModifiers: modifiers,
                                        deviceKinds: devices)
        options.deviceRules = deviceRules
        options.applications = applications
        return options
    }

    /// The attachments the binding becomes: one per kind of device it can come from (an edge swipe needs a
    /// touchscreen), each with that kind's threshold defaults, driven by the devices `deviceRules` admit.
    public func attachments(thresholds: [DeviceKind: GestureThresholds],
                            deviceRules: [DeviceRule] = []) -> [BindingAttachment] {
        let devices: [DeviceKind] = kinds.contains(where: \.needsOutputEdge) ? [.touchscreen] : [.touchscreen, .touchpad]
        return devices.map { device in
            BindingAttachment(gesture: gesture(thresholds: thresholds[device] ?? GestureThresholds()), target: target,
                              options: options(on: [device], deviceRules: deviceRules))
        }
    }

    /// A short name for the binding: the `name` the file gives it, else its host action, or "exec: COMMAND".
    public var name: String {
        if let label { return label }
        switch action {
        case .host(let name): return name
        case .exec(let command): return "exec: \(command)"
        case .stream(let command, _): return "stream: \(command)"
        }
    }

    /// Whether the action runs while the fingers move: its gesture is continuous and runs it at began or changed.
    public var actsWhileFingersMove: Bool {
        !kinds[actingRecognizer].isDiscrete && (runs(on: .began) || runs(on: .changed))
    }

    /// Whether an exec action runs at changes of a continuous gesture without a pace: at every frame the device reports
    /// (a command launcher holds such changes to a least interval; a stream takes every one).
    public var runsUnpacedChanges: Bool {
        guard case .exec = action else { return false }
        return pace == nil && !kinds[actingRecognizer].isDiscrete && runs(on: .changed)
    }

    /// Whether an update in `phase` runs the action: the steps of `on`; without them, endings always, and
    /// beginnings, changes and cancellations (which undo them) only for live bindings and streams, which follow the
    /// gesture as it moves.
    public func runs(on phase: GesturePhase) -> Bool {
        guard let step = ActionStep(phase) else { return false }
        if case .stream = action, steps == nil { return true }
        return steps.map { $0.contains(step) } ?? (step == .ended || live)
    }
}

/// A step of a gesture that can run a binding's action, as `on` names it.
public enum ActionStep: String, CaseIterable, Hashable, Sendable {
    case began, changed, ended, cancelled

    /// The step of an update's phase: a discrete gesture's recognition is its end; a failure runs nothing.
    public init?(_ phase: GesturePhase) {
        switch phase {
        case .began: self = .began
        case .changed: self = .changed
        case .ended, .recognized: self = .ended
        case .cancelled: self = .cancelled
        case .failed: return nil
        }
    }
}

/// How far apart the changes that run a binding's action are: time, or travel of the gesture's own measure.
public enum ActionPace: Equatable, Sendable {
    /// Milliseconds since the change that last ran it.
    case milliseconds(Int)
    /// Millimetres of translation since then (drags, swipes, edge swipes).
    case millimetres(Double)
    /// Degrees of rotation since then.
    case degrees(Double)
    /// Scale since then, as a difference of magnifications (0.1: from 1.0 to 1.1).
    case scale(Double)

    /// Each pace's key in the file, and how it is made from the key's number.
    static let keys: [(key: String, make: @Sendable (Double) -> ActionPace)] = [
        ("every-ms", { .milliseconds(Int($0)) }), ("every-mm", { .millimetres($0) }),
        ("every-degrees", { .degrees($0) }), ("every-scale", { .scale($0) }),
    ]
}

/// One engine attachment a binding becomes.
public struct BindingAttachment {
    /// The gesture, with the device kind's thresholds.
    public var gesture: AnyGesture
    /// Where it is attached.
    public var target: Target
    /// How it takes part in arbitration, on one kind of device.
    public var options: AttachmentOptions
}

/// Defaults for one kind of device that bindings use where they set nothing themselves. Unset: the engine's.
public struct GestureThresholds: Equatable, Sendable {
    /// Millimetres a finger may travel during a tap.
    public var tapMaximumMovement: Double?
    /// Milliseconds between the taps of a multi-tap.
    public var multiTapInterval: Int?
    /// Milliseconds before a long press.
    public var longPressDuration: Int?
    /// Milliseconds before a hold.
    public var holdDuration: Int?
    /// Millimetres before a drag begins.
    public var dragDistance: Double?
    /// Millimetres a swipe must travel.
    public var swipeDistance: Double?
    /// Millimetres per second a swipe must reach.
    public var swipeVelocity: Double?

    /// Creates thresholds that keep every engine default.
    public init() {}
}

extension GestureThresholds {
    /// One threshold: its key in the configuration file, the gesture parameter it is the default of, and how it
    /// is kept.
    struct Threshold: Sendable {
        let key: String
        let kind: GestureKind
        let parameter: GestureParameter
        /// Keeps a value read from the file.
        let store: @Sendable (inout GestureThresholds, Double) -> Void
        /// Sets the parameter of a specification that leaves it unset.
        let fill: @Sendable (GestureThresholds, inout GestureSpecification) -> Void

        /// What is wrong with `value` for this threshold, in the core's wording.
        func problem(with value: Double) -> GestureSpecificationError? {
            var thresholds = GestureThresholds()
            store(&thresholds, value)
            var specification = GestureSpecification(kind: kind)
            fill(thresholds, &specification)
            return specification.problem(with: parameter)
        }
    }

    /// `specification` with these thresholds for the parameters it leaves unset.
    static func filled(_ specification: GestureSpecification, from thresholds: GestureThresholds) -> GestureSpecification {
        var filled = specification
        for threshold in all where threshold.kind == filled.kind { threshold.fill(thresholds, &filled) }
        return filled
    }

    /// Every threshold, in the file's documented order: its key, the kind and parameter it is the default of, where
    /// it is kept, and the specification's field it fills.
    static let all: [Threshold] = [
        Threshold("tap-movement", .tap, .distance, kept: \.tapMaximumMovement, fills: \.distance),
        Threshold("multi-tap-interval", .tap, .duration, kept: \.multiTapInterval, fills: \.duration),
        Threshold("long-press-duration", .longPress, .duration, kept: \.longPressDuration, fills: \.duration),
        Threshold("hold-duration", .hold, .duration, kept: \.holdDuration, fills: \.duration),
        Threshold("drag-distance", .drag, .distance, kept: \.dragDistance, fills: \.distance),
        Threshold("swipe-distance", .swipe, .distance, kept: \.swipeDistance, fills: \.distance),
        Threshold("swipe-velocity", .swipe, .minimumVelocity, kept: \.swipeVelocity, fills: \.minimumVelocity),
    ]
}

extension GestureThresholds.Threshold {
    /// A threshold kept as a number of millimetres or millimetres per second.
    init(_ key: String, _ kind: GestureKind, _ parameter: GestureParameter,
         kept: WritableKeyPath<GestureThresholds, Double?> & Sendable,
         fills field: WritableKeyPath<GestureSpecification, Double?> & Sendable) {
        self.init(key: key, kind: kind, parameter: parameter,
                  store: { thresholds, value in thresholds[keyPath: kept] = value },
                  fill: { thresholds, gesture in gesture[keyPath: field] = gesture[keyPath: field] ?? thresholds[keyPath: kept] })
    }

    /// A threshold kept as a whole number of milliseconds.
    init(_ key: String, _ kind: GestureKind, _ parameter: GestureParameter,
         kept: WritableKeyPath<GestureThresholds, Int?> & Sendable,
         fills field: WritableKeyPath<GestureSpecification, Int?> & Sendable) {
        self.init(key: key, kind: kind, parameter: parameter,
                  store: { thresholds, value in thresholds[keyPath: kept] = whole(value) },
                  fill: { thresholds, gesture in gesture[keyPath: field] = gesture[keyPath: field] ?? thresholds[keyPath: kept] })
    }
}

/// A whole number read as a double, clamped to `Int` (so that a value beyond it is still refused by its range).
private func whole(_ value: Double) -> Int {
    Int(exactly: value.rounded()) ?? (value > 0 ? Int.max : Int.min)
}
