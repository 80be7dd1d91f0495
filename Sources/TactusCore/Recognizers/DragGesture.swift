// SPDX-License-Identifier: MIT
/// The values of a drag, as SwiftUI's `DragGesture.Value`: locations in layout pixels (surface-local for
/// surface targets), translation and velocity in pixels and pixels per second.
public struct DragValue: Hashable, Sendable {
    /// When these values were measured.
    public var time: Timestamp
    /// The centroid of the fingers when all of them were down.
    public var startLocation: Point
    /// The start location moved by the translation.
    public var location: Point
    /// The mean displacement of the fingers since `startLocation`.
    public var translation: Vector
    /// The least-squares velocity over the last 100 ms; zero once the fingers stopped.
    public var velocity: Vector
    /// Where the drag would come to rest if let go now (`DragGesture.decelerationHorizon`).
    public var predictedEndLocation: Point
    /// The translation at rest if let go now.
    public var predictedEndTranslation: Vector
    /// How many fingers the drag is made with (the gesture's count, also after some lift early).
    public var fingers: Int

    /// Creates values, for hosts and clients that rebuild them (from the wire, in tests).
    public init(time: Timestamp, startLocation: Point, location: Point, translation: Vector, velocity: Vector, predictedEndLocation: Point, predictedEndTranslation: Vector, fingers: Int) {
        self.time = time
        self.startLocation = startLocation
        self.location = location
        self.translation = translation
        self.velocity = velocity
        self.predictedEndLocation = predictedEndLocation
        self.predictedEndTranslation = predictedEndTranslation
        self.fingers = fingers
    }
}

/// One or more fingers moving together. Continuous: begins once the fingers moved `minimumDistance`,
/// changes on every frame, ends when the last finger lifts.
///
/// Works on touchscreen contacts and on libinput touchpad swipe streams (useful for live bindings such as
/// a three-finger workspace drag).
public struct DragGesture: Gesture {
    /// The drag begins once the fingers travelled farther than this, in millimetres; with 0 it begins as soon
    /// as its fingers are down. Default: `GestureDefaults.slop` (3 mm), the distance beyond which a tap or
    /// long press fails, so the two hand over.
    public var minimumDistance: Double
    /// How many fingers drag. Default: 1.
    public var fingers: Int

    /// How far ahead of a release the predicted end lies, in seconds of velocity: 0.499 s. This is
    /// exponential friction at UIKit's normal deceleration rate (0.998 per millisecond), whose total
    /// glide is v · 0.998 / (1 − 0.998) ms.
    public static let decelerationHorizon = 0.998 / (1 - 0.998) / 1000

    /// Creates a drag.
    public init(minimumDistance: Double = GestureDefaults.slop, fingers: Int = 1) {
        self.minimumDistance = minimumDistance
        self.fingers = fingers
    }

    public func makeNode() -> GestureNode<DragValue> { DragRecognizer(self) }
}

final class DragRecognizer: ContinuousRecognizer<DragValue> {
    private let minimumDistance: Double
    private var baseline = Vector.zero

    init(_ gesture: DragGesture) {
        minimumDistance = gesture.minimumDistance
        super.init(kind: .drag, fingers: gesture.fingers, minimumFingers: 1,
                   sources: [.touchscreen, .touchpadSwipe],
                   initial: DragValue(time: .zero, startLocation: .zero, location: .zero, translation: .zero,
                                      velocity: .zero, predictedEndLocation: .zero, predictedEndTranslation: .zero,
                                      fingers: gesture.fingers))
    }

    override func beginTracking(_ tracker: ContactTracker) {
        baseline = tracker.translation
        current.startLocation = local(tracker.centroidInLayout)
    }

    override func updateValue(_ tracker: ContactTracker) {
        let translation = tracker.geometry.pixels(forMillimetres: tracker.translation - baseline)
        let glide = tracker.velocity * DragGesture.decelerationHorizon
        current.time = tracker.time
        current.translation = translation
        current.location = current.startLocation + translation
        current.velocity = tracker.velocity
        current.predictedEndTranslation = translation + glide
        current.predictedEndLocation = current.startLocation + current.predictedEndTranslation
    }

    override func evaluate(_ tracker: ContactTracker) -> Verdict {
        // With no minimum distance the drag begins as soon as its fingers are down, as SwiftUI's
        // `DragGesture(minimumDistance: 0)`, the usual way to follow a touch from its start.
        minimumDistance <= 0 || (tracker.translation - baseline).length > minimumDistance ? .claim : .wait
    }

    override func describe(_ value: DragValue) -> GestureValues { .drag(value) }
}
