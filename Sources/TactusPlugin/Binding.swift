// SPDX-License-Identifier: MIT
import CTactusPlugin
import Glibc
import TactusConfiguration
import TactusCore

/// A compositor binding as the plugin keeps it beside the runtime (`BindingRuntime`, which recognizes it and runs its
/// action, under the id add_binding returns): where it came from, and what the host hears of its action, whose name
/// it keeps as a C string for run_action.
final class Binding {
    /// Whether it came from the configuration file (a reload replaces those) or through the C ABI.
    let isFromFile: Bool
    /// Whether the host ran its action's began and not yet an end (a live binding's gesture, as the host sees it).
    var isOpenForHost = false
    let actionName: UnsafeMutablePointer<CChar>

    init(_ configuration: BindingConfiguration, isFromFile: Bool) {
        self.isFromFile = isFromFile
        switch configuration.action {
        case .host(let name), .exec(let name), .stream(let name, _): actionName = strdup(name)
        }
    }

    deinit {
        free(actionName)
    }

    /// Reads a binding from the C ABI, or says what is wrong with it.
    static func configuration(from binding: tactus_binding) -> Result<BindingConfiguration, BindingError> {
        guard let action = binding.action, action.pointee != 0 else { return .failure(BindingError("a binding needs an action name")) }
        let modifierBits = TACTUS_MODIFIER_SHIFT | TACTUS_MODIFIER_CTRL | TACTUS_MODIFIER_ALT | TACTUS_MODIFIER_SUPER
        guard binding.modifiers & ~UInt32(modifierBits) == 0 else {
            return .failure(BindingError("modifiers 0x\(String(binding.modifiers, radix: 16)) hold bits that are no TACTUS_MODIFIER_*"))
        }
        guard let kind = GestureKind(number: binding.kind) else {
            return .failure(BindingError("kind \(binding.kind) is not a tactus_gesture_kind"))
        }
        var configuration = BindingConfiguration(kind: kind, action: .host(String(cString: action)))
        configuration.specification.fingers = binding.fingers == 0 ? nil : Int(binding.fingers)
        configuration.specification.count = binding.count == 0 ? nil : Int(binding.count)
        configuration.specification.distance = binding.distance_mm == 0 ? nil : binding.distance_mm
        if let name = binding.direction {
            guard let direction = SwipeDirection(name: String(cString: name)) else {
                let names = SwipeDirection.allCases.map(\.externalName).joined(separator: ", ")
                return .failure(BindingError("direction \"\(String(cString: name))\" is not one of \(names)"))
            }
            configuration.specification.directions = SwipeDirections(direction)
        }
        if let name = binding.edge {
            guard let edge = Edge(rawValue: String(cString: name)) else {
                return .failure(BindingError("edge \"\(String(cString: name))\" is not left, right, top or bottom"))
            }
            configuration.specification.edge = edge
        }
        configuration.modifiers = ModifierSet(rawValue: UInt8(truncatingIfNeeded: binding.modifiers))
        switch binding.policy {
        case TACTUS_POLICY_WITHHOLD.rawValue: configuration.policy = .withhold
        case TACTUS_POLICY_FORWARD_THEN_CANCEL.rawValue: configuration.policy = .forwardThenCancel
        default: return .failure(BindingError("policy \(binding.policy) is not a tactus_policy"))
        }
        switch binding.priority {
        case TACTUS_PRIORITY_NORMAL.rawValue: configuration.priority = .normal
        case TACTUS_PRIORITY_HIGH.rawValue: configuration.priority = .high
        case TACTUS_PRIORITY_SIMULTANEOUS.rawValue: configuration.priority = .simultaneous
        default: return .failure(BindingError("priority \(binding.priority) is not a tactus_priority"))
        }
        configuration.live = binding.live
        if let problem = configuration.problem { return .failure(BindingError(problem)) }
        return .success(configuration)
    }
}

/// Why a binding cannot be made.
struct BindingError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
