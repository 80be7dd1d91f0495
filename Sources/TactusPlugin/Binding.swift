import CTactusPlugin
import Glibc
import TactusCore

/// A compositor binding: a gesture attached to the layout (edge swipes: to their edge's band) whose updates run
/// a named action.
final class Binding {
    /// The name the host's run_action receives, kept as a C string for the binding's lifetime.
    let action: UnsafeMutablePointer<CChar>
    let live: Bool
    let gesture: AnyGesture
    let target: Target
    let options: AttachmentOptions

    /// Reads a binding from the C ABI; nil, with the reason, when it cannot be made.
    static func make(from binding: tactus_binding) -> Result<Binding, BindingError> {
        guard let action = binding.action else { return .failure(BindingError("a binding needs an action name")) }
        let fingers = binding.fingers == 0 ? nil : Int(binding.fingers)
        let distance = binding.distance_mm > 0 ? binding.distance_mm : nil
        guard binding.distance_mm.isFinite, binding.distance_mm >= 0 else {
            return .failure(BindingError("distance \(binding.distance_mm) mm is not a distance"))
        }
        guard fingers.map({ (1...10).contains($0) }) ?? true else {
            return .failure(BindingError("\(binding.fingers) fingers is outside 1...10"))
        }
        var target = Target.layout
        let gesture: AnyGesture
        switch binding.kind {
        case TACTUS_GESTURE_TAP:
            gesture = AnyGesture(TapGesture(count: max(Int(binding.count), 1), fingers: fingers ?? 1))
        case TACTUS_GESTURE_LONG_PRESS:
            gesture = AnyGesture(LongPressGesture(fingers: fingers ?? 1))
        case TACTUS_GESTURE_DRAG:
            gesture = AnyGesture(DragGesture(minimumDistance: distance ?? GestureDefaults.slop, fingers: fingers ?? 1))
        case TACTUS_GESTURE_SWIPE:
            var directions = SwipeDirections.all
            if let name = binding.direction {
                guard let direction = SwipeDirection(rawValue: String(cString: name)) else {
                    return .failure(BindingError("direction \"\(String(cString: name))\" is not left, right, up or down"))
                }
                directions = SwipeDirections(direction)
            }
            var swipe = SwipeGesture(directions: directions, fingers: fingers ?? 1)
            if let distance { swipe.minimumDistance = distance }
            gesture = AnyGesture(swipe)
        case TACTUS_GESTURE_EDGE_SWIPE:
            guard let name = binding.edge, let edge = Edge(rawValue: String(cString: name)) else {
                return .failure(BindingError("an edge swipe needs an edge: left, right, top or bottom"))
            }
            var edgeSwipe = EdgeSwipeGesture(edge: edge, fingers: fingers ?? 1)
            if let distance { edgeSwipe.distance = distance }
            // Only interactions that start in the band take part, so the rest are never held back for it.
            target = .outputEdge(edge, width: edgeSwipe.edgeMargin)
            gesture = AnyGesture(edgeSwipe)
        case TACTUS_GESTURE_PINCH:
            gesture = AnyGesture(MagnifyGesture(fingers: fingers ?? 2))
        case TACTUS_GESTURE_ROTATE:
            gesture = AnyGesture(RotateGesture(fingers: fingers ?? 2))
        case TACTUS_GESTURE_HOLD:
            gesture = AnyGesture(HoldGesture(fingers: fingers ?? 1))
        default:
            return .failure(BindingError("kind \(binding.kind.rawValue) is not a tactus_gesture_kind"))
        }
        guard let policy = binding.policy == TACTUS_POLICY_WITHHOLD ? RawTouchPolicy.withhold
                : binding.policy == TACTUS_POLICY_FORWARD_THEN_CANCEL ? .forwardThenCancel : nil else {
            return .failure(BindingError("policy \(binding.policy.rawValue) is not a tactus_policy"))
        }
        let priority: AttachmentPriority
        switch binding.priority {
        case TACTUS_PRIORITY_NORMAL: priority = .normal
        case TACTUS_PRIORITY_HIGH: priority = .high
        case TACTUS_PRIORITY_SIMULTANEOUS: priority = .simultaneous
        default: return .failure(BindingError("priority \(binding.priority.rawValue) is not a tactus_priority"))
        }
        let options = AttachmentOptions(priority: priority, rawTouchPolicy: policy,
                                        requiredModifiers: ModifierSet(rawValue: UInt8(truncatingIfNeeded: binding.modifiers)))
        return .success(Binding(action: strdup(action), live: binding.live, gesture: gesture, target: target,
                                options: options))
    }

    private init(action: UnsafeMutablePointer<CChar>, live: Bool, gesture: AnyGesture, target: Target,
                 options: AttachmentOptions) {
        self.action = action
        self.live = live
        self.gesture = gesture
        self.target = target
        self.options = options
    }

    deinit {
        free(action)
    }

    /// Whether an update of this binding's gesture runs its action: endings always, beginnings and changes
    /// (and so cancellations, which undo them) only for live bindings.
    func runs(on phase: GesturePhase) -> Bool {
        switch phase {
        case .recognized, .ended: return true
        case .began, .changed, .cancelled: return live
        case .failed: return false
        }
    }
}

/// Why a binding cannot be made.
struct BindingError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
