// SPDX-License-Identifier: MIT
import TactusCore

/// What the compositor reported for one gesture object in one frame: the phase event and the values that came
/// with it. Values the gesture's kind does not have, or the compositor did not send, are nil.
@dynamicMemberLookup
public struct GestureEvent: Hashable, Sendable {
    /// Where the gesture stands.
    public var phase: GesturePhase
    /// The serial of began and recognized, or of the began that a changed, ended or cancelled belongs to.
    public var serial: UInt32?
    /// When, in milliseconds of the input's clock.
    public var time: UInt32
    /// Why a gesture was cancelled or failed; nil when the compositor gave `other`.
    public var reason: FailureReason?
    /// The values that came with the phase, read as the event's own (`event.location`), in surface-local logical
    /// pixels; the protocol carries no edge, and a compositor of version 1 no `startLocation` nor `startAnchor`.
    public var values: FlatGestureValues

    /// The values' fields, as the event's own.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<FlatGestureValues, Value>) -> Value {
        get { values[keyPath: keyPath] }
        set { values[keyPath: keyPath] = newValue }
    }

    /// Creates an event, for instance the one a test expects.
    public init(phase: GesturePhase, time: UInt32, serial: UInt32? = nil, reason: FailureReason? = nil,
                location: Point? = nil, translation: Vector? = nil, velocity: Vector? = nil, scale: Double? = nil,
                rotation: Double? = nil, count: Int? = nil, fingers: Int? = nil, direction: SwipeDirection? = nil,
                progress: Double? = nil, startLocation: Point? = nil, startAnchor: UnitPoint? = nil) {
        self.phase = phase
        self.time = time
        self.serial = serial
        self.reason = reason
        values = FlatGestureValues(fingers: fingers, location: location, translation: translation, velocity: velocity,
                                   scale: scale, rotation: rotation, count: count, direction: direction,
                                   progress: progress, startLocation: startLocation, startAnchor: startAnchor)
    }
}
