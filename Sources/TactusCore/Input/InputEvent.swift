// SPDX-License-Identifier: MIT
/// Identifies one finger on a touchscreen while it is down (libinput's seat slot, wlroots' touch id).
public typealias ContactID = Int32

/// One event from the host's input stack, in libinput's vocabulary. Time travels beside it
/// (`Engine.handle(_:at:)`).
///
/// Touchscreen positions are normalized to the device (0…1 on both axes, the device's own orientation);
/// values slightly outside are clamped. Touchpad deltas are millimetres of finger travel (TactusLibinput
/// converts libinput's unaccelerated gesture deltas, see `LibinputTranslator.millimetresPerUnit`).
public enum InputEvent: Hashable, Sendable {
    /// A device appeared. A description with the id of a present device that differs from it only in its output
    /// region or transform moves it there, and what it has in flight goes on; any other replaces it (what it had in
    /// flight is cancelled).
    case deviceAdded(DeviceDescription)
    /// A device went away; what it had in flight is cancelled with `FailureReason.deviceRemoved`.
    case deviceRemoved(DeviceID)

    /// A finger touched a touchscreen.
    case touchDown(DeviceID, contact: ContactID, position: Point)
    /// A finger moved.
    case touchMotion(DeviceID, contact: ContactID, position: Point)
    /// A finger lifted.
    case touchUp(DeviceID, contact: ContactID)
    /// The kernel or libinput gave up on every contact of the device (palm detection, a grab):
    /// gestures in flight are cancelled, never ended.
    case touchCancel(DeviceID)
    /// The end of one hardware scan: the engine recognizes on frames.
    case touchFrame(DeviceID)

    /// libinput decided that fingers on a touchpad swipe.
    case swipeBegin(DeviceID, fingers: Int)
    /// The swiping fingers moved by `delta` millimetres.
    case swipeUpdate(DeviceID, delta: Vector)
    /// The swipe finished; `cancelled` when libinput withdrew it.
    case swipeEnd(DeviceID, cancelled: Bool)

    /// libinput decided that fingers on a touchpad pinch or rotate.
    case pinchBegin(DeviceID, fingers: Int)
    /// The centre moved by `delta` millimetres; `scale` is absolute since begin (1 at begin);
    /// `angleDelta` is the rotation since the previous update, in degrees, clockwise positive.
    case pinchUpdate(DeviceID, delta: Vector, scale: Double, angleDelta: Double)
    /// The pinch finished; `cancelled` when libinput withdrew it.
    case pinchEnd(DeviceID, cancelled: Bool)

    /// Fingers rest on a touchpad without moving.
    case holdBegin(DeviceID, fingers: Int)
    /// The resting fingers lifted (`cancelled` false) or started to move (`cancelled` true).
    case holdEnd(DeviceID, cancelled: Bool)

    /// The effective keyboard modifiers changed.
    case modifiers(ModifierSet)

    /// The device an event concerns, if any.
    public var device: DeviceID? {
        switch self {
        case .deviceAdded(let d): return d.id
        case .deviceRemoved(let id), .touchDown(let id, _, _), .touchMotion(let id, _, _), .touchUp(let id, _),
             .touchCancel(let id), .touchFrame(let id), .swipeBegin(let id, _), .swipeUpdate(let id, _),
             .swipeEnd(let id, _), .pinchBegin(let id, _), .pinchUpdate(let id, _, _, _), .pinchEnd(let id, _),
             .holdBegin(let id, _), .holdEnd(let id, _):
            return id
        case .modifiers: return nil
        }
    }

    /// The raw touch event a touchscreen event is, as the client under it would get it; nil for the others.
    public var touchEvent: TouchEvent? {
        switch self {
        case .touchDown(_, let contact, let position): return .down(contact, position)
        case .touchMotion(_, let contact, let position): return .motion(contact, position)
        case .touchUp(_, let contact): return .up(contact)
        case .touchFrame: return .frame
        default: return nil
        }
    }
}
