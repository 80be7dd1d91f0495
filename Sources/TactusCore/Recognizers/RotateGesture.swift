// SPDX-License-Identifier: MIT
/// The values of a rotation, as SwiftUI's `RotateGesture.Value`.
public struct RotateValue: Hashable, Sendable {
    /// When these values were measured.
    public var time: Timestamp
    /// Degrees turned since all the fingers were down, clockwise positive as the user sees the output; cumulative
    /// (two full turns are 720).
    public var rotation: Double
    /// The centroid of the fingers now, the point to rotate around.
    public var anchor: Point
    /// Degrees per second.
    public var velocity: Double
    /// How many fingers turn.
    public var fingers: Int
    /// The centroid of the fingers when all of them were down, as SwiftUI's `startLocation`.
    public var startLocation: Point
    /// `startLocation` as a unit point of the target's bounds, as SwiftUI's `startAnchor`: of a region, of a
    /// surface whose size the host gave, of the output a touchscreen maps to for the layout and output edges.
    /// Nil where the target has no bounds (a touchpad gesture on the layout).
    public var startAnchor: UnitPoint?

    /// Creates values, for hosts and clients that rebuild them (from the wire, in tests).
    public init(time: Timestamp, rotation: Double, anchor: Point, velocity: Double, fingers: Int,
                startLocation: Point = .zero, startAnchor: UnitPoint? = nil) {
        self.time = time
        self.startLocation = startLocation
        self.startAnchor = startAnchor
        self.rotation = rotation
        self.anchor = anchor
        self.velocity = velocity
        self.fingers = fingers
    }
}

/// Fingers turning around their centroid. Continuous: begins once they turned `minimumAngleDelta`.
///
/// From a touchscreen the angle is the least-squares rotation of the fingers around their centroid; from a
/// touchpad it is the sum of libinput's angle deltas.
public struct RotateGesture: Gesture {
    /// Degrees of rotation before the gesture begins. Default: 5 (sway's threshold).
    public var minimumAngleDelta: Double
    /// How many fingers turn, within `GestureKind.rotate.fingerRange` (2…5; a count beyond it is taken as the nearest,
    /// while a description from outside is refused by `GestureSpecification.validate()`). Default: 2.
    public var fingers: Int

    /// Creates a rotation.
    public init(minimumAngleDelta: Double = 5, fingers: Int = 2) {
        self.minimumAngleDelta = minimumAngleDelta
        self.fingers = GestureKind.rotate.fingerRange.nearest(to: fingers)
    }

    public func makeNode() -> GestureNode<RotateValue> { RotateRecognizer(self) }
}

final class RotateRecognizer: ContinuousRecognizer<RotateValue> {
    private let minimumAngleDelta: Double
    private var baseline = 0.0

    init(_ gesture: RotateGesture) {
        minimumAngleDelta = gesture.minimumAngleDelta
        super.init(kind: .rotate, fingers: gesture.fingers, minimumFingers: 2,
                   sources: [.touchscreen, .touchpadPinch],
                   initial: RotateValue(time: .zero, rotation: 0, anchor: .zero, velocity: 0, fingers: gesture.fingers))
    }

    override func beginTracking(_ tracker: ContactTracker) {
        baseline = tracker.rotation
        current.startLocation = local(tracker.centroidInLayout)
        current.startAnchor = context.unitPoint(ofLocal: current.startLocation)
    }

    override func updateValue(_ tracker: ContactTracker) {
        current.time = tracker.time
        current.rotation = tracker.rotation - baseline
        current.anchor = local(tracker.centroidInLayout)
        current.velocity = tracker.rotationVelocity
    }

    override func evaluate(_ tracker: ContactTracker) -> Verdict {
        abs(current.rotation) >= minimumAngleDelta ? .claim : .wait
    }

    override func describe(_ value: RotateValue) -> GestureValues { .rotate(value) }
}
