// SPDX-License-Identifier: MIT
/// A gesture described by data: its kind and the parameters a host sets, the others keeping the recognizer's
/// defaults. Hosts that build gestures from outside descriptions (the Wayland protocol's gesture objects, the
/// configuration file's bindings, the simulator's scenarios) describe them with one, check it with `validate()`
/// and attach `gesture`. What each parameter means and takes is `GestureParameter`.
public struct GestureSpecification: Hashable, Sendable {
    /// What it recognizes.
    public var kind: GestureKind
    /// How many fingers.
    public var fingers: Int?
    /// Taps: how many.
    public var count: Int?
    /// Millimetres. Tap, long press and tip-tap: the most a finger may travel; drag and swipe: the travel before it
    /// begins or counts; edge swipe: the inward travel at which progress reaches 1.
    public var distance: Double?
    /// Milliseconds. Tap: the longest pause between taps; long press and hold: how long the fingers stay;
    /// tip-tap: the longest the tapping finger may stay down.
    public var duration: Int?
    /// Swipe: millimetres per second the fingers must still move at the end.
    public var minimumVelocity: Double?
    /// Pinch: the change of scale before it begins.
    public var scaleDelta: Double?
    /// Rotate: degrees before it begins.
    public var angleDelta: Double?
    /// Swipe: the directions it accepts; tip-tap: the sides of the held fingers the tap may land on.
    public var directions: SwipeDirections?
    /// Edge swipe: the edge it comes from.
    public var edge: Edge?

    /// A specification of `kind` with every parameter at its default.
    public init(kind: GestureKind) {
        self.kind = kind
    }

    /// The gesture, type-erased, with the parameters that are set. Check the description with `validate()`
    /// first: a value out of range is not refused here.
    public var gesture: AnyGesture { kind.traits.make(self) }

    /// The edge swipe this describes (its edge defaulting to the left), for the band it is attached to.
    public var edgeSwipe: EdgeSwipeGesture {
        var gesture = EdgeSwipeGesture(edge: edge ?? .left, fingers: fingers ?? 1)
        if let distance { gesture.distance = distance }
        return gesture
    }

    /// For kinds that need an output edge: the band of that edge where a compositor attaches the gesture, so that
    /// interactions elsewhere are never held back for it; nil for the others.
    public var outputEdgeBand: Target? {
        guard kind.needsOutputEdge else { return nil }
        let band = edgeSwipe
        return .outputEdge(band.edge, width: band.edgeMargin)
    }
}
