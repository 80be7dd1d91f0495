// SPDX-License-Identifier: MIT
/// Where a gesture stands. Continuous gestures go began → changed… → ended or cancelled; discrete
/// gestures are recognized once. A gesture that never began fails, with a reason.
public enum GesturePhase: String, CaseIterable, Hashable, Sendable {
    case began, changed, ended, cancelled, recognized, failed
}

/// Why a gesture failed or was cancelled: a closed set, so that "why did my swipe not fire" has an answer.
public enum FailureReason: String, CaseIterable, Hashable, Sendable {
    /// A finger travelled farther than the gesture allows (tap, long press, hold, tip-tap), or the next tap of a
    /// multi-tap landed too far from the first.
    case movedTooFar
    /// The fingers did not travel far enough (drag, swipe, edge swipe, magnify, rotate).
    case movedTooLittle
    /// The fingers were not fast enough at the end (swipe).
    case tooSlow
    /// The fingers lifted before the minimum duration (long press, hold).
    case tooShort
    /// More or fewer fingers than the gesture wants.
    case wrongFingerCount
    /// The motion went in a direction the gesture does not accept, or a tip-tap's tap landed on a side it does not.
    case wrongDirection
    /// The interaction did not start in the gesture's edge zone (edge swipe).
    case outsideEdgeZone
    /// The next tap did not come within the interval (multi-tap), or a tap's press lasted longer than a tap's
    /// may (`TapGesture.maximumDuration`), or a tip-tap's tapping finger stayed down too long.
    case timedOut
    /// Another gesture won the arena.
    case lostToAnotherGesture
    /// The binding's required keyboard modifiers were not held when it would have begun.
    case modifiersNotHeld
    /// The input cannot make this gesture (an edge swipe from a touchpad, a drag from a touchpad pinch).
    case unsupportedInput
    /// The input stack cancelled the touches (libinput touch cancel, a cancelled touchpad gesture).
    case cancelledByInput
    /// The device went away.
    case deviceRemoved
    /// The gesture was detached while it ran.
    case detached
    /// The interaction ended with the gesture still undecided and nothing left to wait for.
    case unresolved
}

/// Identifies one attachment of a gesture to a target.
public struct AttachmentID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The engine's number for the attachment, in attachment order.
    public var rawValue: Int

    public static func < (lhs: AttachmentID, rhs: AttachmentID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "attachment \(rawValue)" }
}

/// One step of one recognizer, as the engine reports it to the host (`Engine.onUpdate`).
///
/// A composed gesture has several recognizers; `recognizer` numbers them depth-first from 0 within the
/// attachment. Locations are in layout pixels, or surface-local pixels for gestures attached to a surface.
public struct GestureUpdate: Hashable, Sendable {
    /// The attachment the recognizer belongs to.
    public var attachment: AttachmentID
    /// The recognizer's index within the attachment's gesture, depth-first.
    public var recognizer: Int
    /// The device whose input drove it.
    public var device: DeviceID
    /// What kind of gesture it recognizes.
    public var kind: GestureKind
    /// The step.
    public var phase: GesturePhase
    /// When it happened.
    public var time: Timestamp
    /// The values at that moment.
    public var values: GestureValues
    /// Why it failed or was cancelled; nil otherwise.
    public var reason: FailureReason?
}
