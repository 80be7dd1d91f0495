// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import TactusCore

/// The protocol's enum values and the engine's types, both ways.
enum WireValue {
    static func priority(_ value: UInt32) -> AttachmentPriority? {
        switch value {
        case TACTUS_GESTURE_V1_PRIORITY_NORMAL.rawValue: return .normal
        case TACTUS_GESTURE_V1_PRIORITY_HIGH.rawValue: return .high
        case TACTUS_GESTURE_V1_PRIORITY_SIMULTANEOUS.rawValue: return .simultaneous
        default: return nil
        }
    }

    static func edge(_ value: UInt32) -> Edge? {
        switch value {
        case TACTUS_GESTURE_V1_EDGE_LEFT.rawValue: return .left
        case TACTUS_GESTURE_V1_EDGE_RIGHT.rawValue: return .right
        case TACTUS_GESTURE_V1_EDGE_TOP.rawValue: return .top
        case TACTUS_GESTURE_V1_EDGE_BOTTOM.rawValue: return .bottom
        default: return nil
        }
    }

    /// The version of the protocol whose kind enum has `kind`.
    static func since(_ kind: GestureKind) -> Int32 {
        switch kind {
        case .tap, .longPress, .drag, .swipe, .edgeSwipe, .magnify, .rotate, .hold: return 1
        case .tipTap: return TACTUS_GESTURE_MANAGER_V1_KIND_TIP_TAP_SINCE_VERSION
        }
    }

    /// Each direction's bit, and the version of the protocol that has it.
    private static let directionBits: [(SwipeDirection, tactus_gesture_v1_direction, since: Int32)] = [
        (.left, TACTUS_GESTURE_V1_DIRECTION_LEFT, 1), (.right, TACTUS_GESTURE_V1_DIRECTION_RIGHT, 1),
        (.up, TACTUS_GESTURE_V1_DIRECTION_UP, 1), (.down, TACTUS_GESTURE_V1_DIRECTION_DOWN, 1),
        (.upLeft, TACTUS_GESTURE_V1_DIRECTION_UP_LEFT, TACTUS_GESTURE_V1_DIRECTION_UP_LEFT_SINCE_VERSION),
        (.upRight, TACTUS_GESTURE_V1_DIRECTION_UP_RIGHT, TACTUS_GESTURE_V1_DIRECTION_UP_RIGHT_SINCE_VERSION),
        (.downLeft, TACTUS_GESTURE_V1_DIRECTION_DOWN_LEFT, TACTUS_GESTURE_V1_DIRECTION_DOWN_LEFT_SINCE_VERSION),
        (.downRight, TACTUS_GESTURE_V1_DIRECTION_DOWN_RIGHT, TACTUS_GESTURE_V1_DIRECTION_DOWN_RIGHT_SINCE_VERSION),
    ]

    /// The bits of the direction enum that an object of `version` knows.
    static func directionBits(atVersion version: Int32) -> UInt32 {
        directionBits.filter { $0.since <= version }.reduce(UInt32(0)) { $0 | $1.1.rawValue }
    }

    static func directions(_ bits: UInt32) -> SwipeDirections {
        var set: SwipeDirections = []
        for (direction, bit, _) in directionBits where bits & bit.rawValue != 0 { set.insert(SwipeDirections(direction)) }
        return set
    }

    static func direction(_ direction: SwipeDirection) -> UInt32 {
        directionBits.first { $0.0 == direction }?.1.rawValue ?? 0
    }

    static func reason(_ reason: FailureReason?) -> UInt32 {
        switch reason {
        case .movedTooFar: return TACTUS_GESTURE_V1_REASON_MOVED_TOO_FAR.rawValue
        case .movedTooLittle: return TACTUS_GESTURE_V1_REASON_MOVED_TOO_LITTLE.rawValue
        case .tooSlow: return TACTUS_GESTURE_V1_REASON_TOO_SLOW.rawValue
        case .tooShort: return TACTUS_GESTURE_V1_REASON_TOO_SHORT.rawValue
        case .wrongFingerCount: return TACTUS_GESTURE_V1_REASON_WRONG_FINGER_COUNT.rawValue
        case .wrongDirection: return TACTUS_GESTURE_V1_REASON_WRONG_DIRECTION.rawValue
        case .outsideEdgeZone: return TACTUS_GESTURE_V1_REASON_OUTSIDE_EDGE_ZONE.rawValue
        case .timedOut: return TACTUS_GESTURE_V1_REASON_TIMED_OUT.rawValue
        case .lostToAnotherGesture: return TACTUS_GESTURE_V1_REASON_LOST_TO_ANOTHER_GESTURE.rawValue
        case .cancelledByInput: return TACTUS_GESTURE_V1_REASON_CANCELLED_BY_INPUT.rawValue
        case .deviceRemoved: return TACTUS_GESTURE_V1_REASON_DEVICE_REMOVED.rawValue
        case .unsupportedInput: return TACTUS_GESTURE_V1_REASON_UNSUPPORTED_INPUT.rawValue
        case .unresolved: return TACTUS_GESTURE_V1_REASON_UNRESOLVED.rawValue
        // Client gestures require no modifiers, and a detached one sends nothing more.
        case .modifiersNotHeld, .detached, nil: return TACTUS_GESTURE_V1_REASON_OTHER.rawValue
        }
    }
}
