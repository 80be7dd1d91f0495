// SPDX-License-Identifier: MIT
/// The values of a pinch, as SwiftUI's `MagnifyGesture.Value`.
public struct MagnifyValue: Hashable, Sendable {
    /// When these values were measured.
    public var time: Timestamp
    /// The span of the fingers relative to their span when all were down (absolute since began, 1 = unchanged).
    public var magnification: Double
    /// The centroid of the fingers now, the point to zoom around.
    public var anchor: Point
    /// The rate of change of `magnification`, per second.
    public var velocity: Double
    /// How many fingers the pinch is made with (the gesture's count, also after some lift early).
    public var fingers: Int
    /// The centroid of the fingers when all of them were down, as SwiftUI's `startLocation`.
    public var startLocation: Point
    /// `startLocation` as a unit point of the target's bounds, as SwiftUI's `startAnchor`: of a region, of a
    /// surface whose size the host gave, of the output a touchscreen maps to for the layout and output edges.
    /// Nil where the target has no bounds (a touchpad gesture on the layout).
    public var startAnchor: UnitPoint?

    /// Creates values, for hosts and clients that rebuild them (from the wire, in tests).
    public init(time: Timestamp, magnification: Double, anchor: Point, velocity: Double, fingers: Int,
                startLocation: Point = .zero, startAnchor: UnitPoint? = nil) {
        self.time = time
        self.startLocation = startLocation
        self.startAnchor = startAnchor
        self.magnification = magnification
        self.anchor = anchor
        self.velocity = velocity
        self.fingers = fingers
    }
}

/// Fingers spreading or closing. Continuous: begins once the span changed by `minimumScaleDelta`.
///
/// From a touchscreen the scale is the least-squares span ratio of the fingers around their centroid,
/// measured from the moment all of them are down; a finger lifting early from a three-finger pinch does
/// not end it while two remain, and the scale does not jump. From a touchpad the scale is libinput's own.
public struct MagnifyGesture: Gesture {
    /// The change of scale, as a fraction, before the pinch begins. Default: 0.1 (sway's threshold).
    public var minimumScaleDelta: Double
    /// How many fingers pinch, within `GestureKind.magnify.fingerRange` (2…5; a count beyond it is taken as the nearest,
    /// while a description from outside is refused by `GestureSpecification.validate()`). Default: 2.
    public var fingers: Int

    /// Creates a pinch.
    public init(minimumScaleDelta: Double = 0.1, fingers: Int = 2) {
        self.minimumScaleDelta = minimumScaleDelta
        self.fingers = GestureKind.magnify.fingerRange.nearest(to: fingers)
    }

    public func makeNode() -> GestureNode<MagnifyValue> { MagnifyRecognizer(self) }
}

final class MagnifyRecognizer: ContinuousRecognizer<MagnifyValue> {
    private let minimumScaleDelta: Double
    private var baseline = 1.0

    init(_ gesture: MagnifyGesture) {
        minimumScaleDelta = gesture.minimumScaleDelta
        super.init(kind: .magnify, fingers: gesture.fingers, minimumFingers: 2,
                   sources: [.touchscreen, .touchpadPinch],
                   initial: MagnifyValue(time: .zero, magnification: 1, anchor: .zero, velocity: 0,
                                         fingers: gesture.fingers))
    }

    override func beginTracking(_ tracker: ContactTracker) {
        baseline = tracker.magnification
        current.startLocation = local(tracker.centroidInLayout)
        current.startAnchor = context.unitPoint(ofLocal: current.startLocation)
    }

    override func updateValue(_ tracker: ContactTracker) {
        current.time = tracker.time
        current.magnification = tracker.magnification / baseline
        current.anchor = local(tracker.centroidInLayout)
        current.velocity = tracker.magnificationVelocity / baseline
    }

    override func evaluate(_ tracker: ContactTracker) -> Verdict {
        abs(current.magnification - 1) >= minimumScaleDelta ? .claim : .wait
    }

    override func describe(_ value: MagnifyValue) -> GestureValues { .magnify(value) }
}
