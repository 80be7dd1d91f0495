// SPDX-License-Identifier: MIT
/// A gesture whose value type is erased, for hosts that build gestures from data (configuration files,
/// scenario files, the Wayland protocol) and compose them without knowing the types in advance.
public struct AnyGesture: Gesture {
    private let make: () -> GestureNode<Any>

    /// Erases `gesture`; its values arrive as `Any`.
    public init<G: Gesture>(_ gesture: G) {
        if let erased = gesture as? AnyGesture {
            make = erased.make
        } else {
            make = { MapNode(gesture.makeNode()) { $0 as Any } }
        }
    }

    public func makeNode() -> GestureNode<Any> { make() }
}
