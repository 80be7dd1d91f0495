// SPDX-License-Identifier: MIT
internal import CTactusWaylandClient
import TactusCore

// TactusCore's vocabulary and the values of tactus-gestures-v1's enums, mapped case by case so that a change on
// either side fails to compile here instead of silently sending another value. Gesture kinds carry their own
// number (`GestureKind.number`), which a test checks against the protocol's kind enum.

extension SwipeDirection {
    /// The direction's bit in the gesture's direction enum.
    var wireValue: UInt32 {
        switch self {
        case .left: TACTUS_GESTURE_V1_DIRECTION_LEFT.rawValue
        case .right: TACTUS_GESTURE_V1_DIRECTION_RIGHT.rawValue
        case .up: TACTUS_GESTURE_V1_DIRECTION_UP.rawValue
        case .down: TACTUS_GESTURE_V1_DIRECTION_DOWN.rawValue
        case .upLeft: TACTUS_GESTURE_V1_DIRECTION_UP_LEFT.rawValue
        case .upRight: TACTUS_GESTURE_V1_DIRECTION_UP_RIGHT.rawValue
        case .downLeft: TACTUS_GESTURE_V1_DIRECTION_DOWN_LEFT.rawValue
        case .downRight: TACTUS_GESTURE_V1_DIRECTION_DOWN_RIGHT.rawValue
        }
    }

    /// The direction a direction event names; nil for anything but a single known bit.
    init?(wireValue: UInt32) {
        guard let direction = SwipeDirection.allCases.first(where: { $0.wireValue == wireValue }) else { return nil }
        self = direction
    }
}

extension SwipeDirections {
    /// The set as the direction bitfield.
    var wireValue: UInt32 {
        SwipeDirection.allCases.filter { contains(SwipeDirections($0)) }.reduce(0) { $0 | $1.wireValue }
    }
}

extension Edge {
    /// The edge's entry in the gesture's edge enum.
    var wireValue: UInt32 {
        switch self {
        case .left: TACTUS_GESTURE_V1_EDGE_LEFT.rawValue
        case .right: TACTUS_GESTURE_V1_EDGE_RIGHT.rawValue
        case .top: TACTUS_GESTURE_V1_EDGE_TOP.rawValue
        case .bottom: TACTUS_GESTURE_V1_EDGE_BOTTOM.rawValue
        }
    }
}

extension AttachmentPriority {
    /// The priority's entry in the gesture's priority enum.
    var wireValue: UInt32 {
        switch self {
        case .normal: TACTUS_GESTURE_V1_PRIORITY_NORMAL.rawValue
        case .high: TACTUS_GESTURE_V1_PRIORITY_HIGH.rawValue
        case .simultaneous: TACTUS_GESTURE_V1_PRIORITY_SIMULTANEOUS.rawValue
        }
    }
}

extension FailureReason {
    /// The reason a reason enum value names; nil for `other` and for values this client does not know.
    init?(wireValue: UInt32) {
        switch wireValue {
        case TACTUS_GESTURE_V1_REASON_MOVED_TOO_FAR.rawValue: self = .movedTooFar
        case TACTUS_GESTURE_V1_REASON_MOVED_TOO_LITTLE.rawValue: self = .movedTooLittle
        case TACTUS_GESTURE_V1_REASON_TOO_SLOW.rawValue: self = .tooSlow
        case TACTUS_GESTURE_V1_REASON_TOO_SHORT.rawValue: self = .tooShort
        case TACTUS_GESTURE_V1_REASON_WRONG_FINGER_COUNT.rawValue: self = .wrongFingerCount
        case TACTUS_GESTURE_V1_REASON_WRONG_DIRECTION.rawValue: self = .wrongDirection
        case TACTUS_GESTURE_V1_REASON_OUTSIDE_EDGE_ZONE.rawValue: self = .outsideEdgeZone
        case TACTUS_GESTURE_V1_REASON_TIMED_OUT.rawValue: self = .timedOut
        case TACTUS_GESTURE_V1_REASON_LOST_TO_ANOTHER_GESTURE.rawValue: self = .lostToAnotherGesture
        case TACTUS_GESTURE_V1_REASON_CANCELLED_BY_INPUT.rawValue: self = .cancelledByInput
        case TACTUS_GESTURE_V1_REASON_DEVICE_REMOVED.rawValue: self = .deviceRemoved
        case TACTUS_GESTURE_V1_REASON_UNSUPPORTED_INPUT.rawValue: self = .unsupportedInput
        case TACTUS_GESTURE_V1_REASON_UNRESOLVED.rawValue: self = .unresolved
        default: return nil
        }
    }
}

extension Double {
    /// A fraction of a surface's width or height as start_anchor carries it, in 1/65536.
    init(unitFraction: Int32) {
        self = Double(unitFraction) / 65_536
    }
}

extension Int32 {
    /// `value` rounded to the nearest integer, clamped to Int32's range, NaN as 0: odd input never traps.
    init(roundingClamped value: Double) {
        self = value.isNaN ? 0 : Int32(Swift.min(Swift.max(value.rounded(), Double(Int32.min)), Double(Int32.max)))
    }
}

extension ProtocolError {
    /// The error's name in its interface's error enum, for `wl_display` and tactus-gestures-v1's interfaces.
    public var name: String? {
        switch (interface, code) {
        case ("wl_display", WL_DISPLAY_ERROR_INVALID_OBJECT.rawValue): "invalid_object"
        case ("wl_display", WL_DISPLAY_ERROR_INVALID_METHOD.rawValue): "invalid_method"
        case ("wl_display", WL_DISPLAY_ERROR_NO_MEMORY.rawValue): "no_memory"
        case ("wl_display", WL_DISPLAY_ERROR_IMPLEMENTATION.rawValue): "implementation"
        case ("tactus_gesture_manager_v1", TACTUS_GESTURE_MANAGER_V1_ERROR_INVALID_KIND.rawValue): "invalid_kind"
        case ("tactus_gesture_manager_v1", TACTUS_GESTURE_MANAGER_V1_ERROR_TOO_MANY_OBJECTS.rawValue): "too_many_objects"
        case ("tactus_gesture_v1", TACTUS_GESTURE_V1_ERROR_INVALID_PARAMETER.rawValue): "invalid_parameter"
        case ("tactus_gesture_v1", TACTUS_GESTURE_V1_ERROR_INVALID_RELATION.rawValue): "invalid_relation"
        case ("tactus_gesture_v1", TACTUS_GESTURE_V1_ERROR_CONFLICTING_STATE.rawValue): "conflicting_state"
        default: nil
        }
    }
}
