// SPDX-License-Identifier: MIT
/// A request to a gesture object exactly as it goes on the wire, for testing how the compositor handles
/// misbehaving clients (`GestureSubscription.sendRaw(_:)`). Clients use `RemoteGesture` instead.
@_spi(Testing) public enum RawRequest: Hashable, Sendable {
    /// `set_fingers`.
    case setFingers(UInt32)
    /// `set_tap_count`.
    case setTapCount(UInt32)
    /// `set_distance`, in millimetres.
    case setDistance(Double)
    /// `set_duration`, in milliseconds.
    case setDuration(UInt32)
    /// `set_scale_delta`.
    case setScaleDelta(Double)
    /// `set_angle_delta`, in degrees.
    case setAngleDelta(Double)
    /// `set_directions`, a direction bitfield.
    case setDirections(UInt32)
    /// `set_edge`, an edge enum value.
    case setEdge(UInt32)
    /// `set_priority`, a priority enum value.
    case setPriority(UInt32)
    /// `commit`.
    case commit
}
