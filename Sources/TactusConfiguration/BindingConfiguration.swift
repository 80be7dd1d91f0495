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
    }

    /// The gesture. Parameters left unset take the device kind's thresholds, then the recognizer's defaults.
    public var specification: GestureSpecification
    public var modifiers: ModifierSet = []
    public var policy: RawTouchPolicy = .withhold
    public var priority: AttachmentPriority = .normal
    public var action: Action
    /// Run the action on every change, not only at the end.
    public var live = false

    /// Creates a binding.
    public init(kind: GestureKind, action: Action) {
        specification = GestureSpecification(kind: kind)
        self.action = action
    }

    public var kind: GestureKind { specification.kind }

    /// Checks what the type cannot: returns what is wrong, or nil.
    public var problem: String? {
        let gesture = specification
        if let fingers = gesture.fingers, !(1...10).contains(fingers) { return "fingers \(fingers) is outside 1...10" }
        if kind == .magnify || kind == .rotate, let fingers = gesture.fingers, fingers < 2 {
            return "a pinch or rotate needs 2 or more fingers"
        }
        if let count = gesture.count, !(1...5).contains(count) { return "count \(count) is outside 1...5" }
        if gesture.count != nil && kind != .tap { return "only a tap has a count" }
        if let distance = gesture.distance, !(distance > 0 && distance <= 500) { return "distance \(distance) mm is outside (0, 500]" }
        if gesture.distance != nil && ![.drag, .swipe, .edgeSwipe].contains(kind) {
            return "only a drag, swipe or edge swipe has a distance"
        }
        if gesture.directions != nil && kind != .swipe { return "only a swipe has a direction" }
        if gesture.edge != nil && kind != .edgeSwipe { return "only an edge swipe has an edge" }
        if kind == .edgeSwipe && gesture.edge == nil { return "an edge swipe needs an edge: left, right, top or bottom" }
        return nil
    }

    /// The gesture, with `thresholds` for what the binding leaves unset.
    public func gesture(thresholds: GestureThresholds = GestureThresholds()) -> AnyGesture {
        var gesture = specification
        switch kind {
        case .tap:
            gesture.distance = thresholds.tapMaximumMovement
            gesture.duration = thresholds.multiTapInterval
        case .longPress: gesture.duration = thresholds.longPressDuration
        case .hold: gesture.duration = thresholds.holdDuration
        case .drag: gesture.distance = gesture.distance ?? thresholds.dragDistance
        case .swipe:
            gesture.distance = gesture.distance ?? thresholds.swipeDistance
            gesture.minimumVelocity = thresholds.swipeVelocity
        case .edgeSwipe, .magnify, .rotate: break
        }
        return gesture.gesture
    }

    /// Where the gesture is attached: the layout, or for an edge swipe its edge's band, so that interactions
    /// elsewhere are never held back for it.
    public var target: Target {
        let edgeSwipe = specification.edgeSwipe
        return kind == .edgeSwipe ? .outputEdge(edgeSwipe.edge, width: edgeSwipe.edgeMargin) : .layout
    }

    /// How it takes part in arbitration, on the given kinds of device.
    public func options(on devices: Set<DeviceKind> = [.touchscreen, .touchpad]) -> AttachmentOptions {
        AttachmentOptions(priority: priority, rawTouchPolicy: policy, requiredModifiers: modifiers, deviceKinds: devices)
    }

    /// The attachments the binding becomes: one per kind of device it can come from (an edge swipe needs a
    /// touchscreen), each with that kind's threshold defaults.
    public func attachments(thresholds: [DeviceKind: GestureThresholds]) -> [(gesture: AnyGesture, target: Target, options: AttachmentOptions)] {
        let kinds: [DeviceKind] = kind == .edgeSwipe ? [.touchscreen] : [.touchscreen, .touchpad]
        return kinds.map { kind in
            (gesture(thresholds: thresholds[kind] ?? GestureThresholds()), target, options(on: [kind]))
        }
    }

    /// A short name for the binding: its host action, or "exec: COMMAND".
    public var name: String {
        switch action {
        case .host(let name): return name
        case .exec(let command): return "exec: \(command)"
        }
    }

    /// Whether an update in `phase` runs the action: endings always; beginnings, changes and cancellations
    /// (which undo them) only for live bindings.
    public func runs(on phase: GesturePhase) -> Bool {
        switch phase {
        case .recognized, .ended: return true
        case .began, .changed, .cancelled: return live
        case .failed: return false
        }
    }
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
