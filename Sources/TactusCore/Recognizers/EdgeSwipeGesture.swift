// SPDX-License-Identifier: MIT
/// The values of an edge swipe.
public struct EdgeSwipeValue: Hashable, Sendable {
    /// When these values were measured.
    public var time: Timestamp
    /// The edge the fingers came from.
    public var edge: Edge
    /// How far inwards the fingers travelled, as a fraction of `EdgeSwipeGesture.distance`, clamped to 0…1.
    public var progress: Double
    /// The fingers' displacement since they landed, in pixels.
    public var translation: Vector
    /// How many fingers swipe.
    public var fingers: Int

    /// Creates values, for hosts and clients that rebuild them (from the wire, in tests).
    public init(time: Timestamp, edge: Edge, progress: Double, translation: Vector, fingers: Int) {
        self.time = time
        self.edge = edge
        self.progress = progress
        self.translation = translation
        self.fingers = fingers
    }
}

/// Fingers that land within `edgeMargin` of an edge of the device's output and move inwards: the system
/// gestures of tablets (app switcher, notification shade). Continuous: begins once the fingers moved
/// inwards by the slop (3 mm) more than along the edge, reports progress, ends at lift.
///
/// Touchscreens only; attach it to the `.outputEdge` target of the same edge so that touches elsewhere
/// are not withheld while it decides.
public struct EdgeSwipeGesture: Gesture {
    /// The edge to swipe from. Default: left.
    public var edge: Edge
    /// How close to the edge the first finger must land, in millimetres. Default: 5 mm (Android's system
    /// gesture inset is 24 dp, 3.8 mm; our zone is a little wider because touchscreen edges are hard to hit).
    public var edgeMargin: Double
    /// How many fingers swipe. Default: 1.
    public var fingers: Int
    /// The inward travel, in millimetres, at which progress reaches 1. Default: 20 mm.
    public var distance: Double

    /// Creates an edge swipe.
    public init(edge: Edge = .left, edgeMargin: Double = 5, fingers: Int = 1, distance: Double = 20) {
        self.edge = edge
        self.edgeMargin = edgeMargin
        self.fingers = fingers
        self.distance = distance
    }

    public func makeNode() -> GestureNode<EdgeSwipeValue> { EdgeSwipeRecognizer(self) }
}

final class EdgeSwipeRecognizer: ContinuousRecognizer<EdgeSwipeValue> {
    /// Where the interaction started, as far as the edge swipe knows, on top of the continuous gesture's
    /// `State`. Edges: `reset` picks `awaitingFingers`, or `outsideZone` when the interaction started before
    /// this recognizer (the second gesture of a sequence cannot have started at the edge); when tracking
    /// begins, awaitingFingers → inZone or outsideZone, by where the first finger landed.
    private enum Zone {
        /// The fingers are not all down yet: where the first one landed is judged when they are.
        case awaitingFingers
        /// The first finger landed within the edge margin.
        case inZone
        /// The first finger landed elsewhere: the gesture fails (`outsideEdgeZone`) at its first evaluation.
        case outsideZone
    }

    private let gesture: EdgeSwipeGesture
    private var baseline = Vector.zero
    private var zone = Zone.awaitingFingers

    init(_ gesture: EdgeSwipeGesture) {
        self.gesture = gesture
        super.init(kind: .edgeSwipe, fingers: gesture.fingers, minimumFingers: 1, sources: [.touchscreen],
                   initial: EdgeSwipeValue(time: .zero, edge: gesture.edge, progress: 0, translation: .zero,
                                           fingers: gesture.fingers))
    }

    override func reset(_ tracker: ContactTracker) {
        // Only an interaction that starts with this recognizer can have started at the edge.
        zone = tracker.isInteracting ? .outsideZone : .awaitingFingers
        super.reset(tracker)
    }

    override func beginTracking(_ tracker: ContactTracker) {
        baseline = tracker.translation
        switch zone {
        case .awaitingFingers:
            let landedInZone = tracker.geometry.distance(of: tracker.firstContactStart, from: gesture.edge)
                <= gesture.edgeMargin
            zone = landedInZone ? .inZone : .outsideZone
        case .outsideZone:
            break
        case .inZone:
            // Tracking begins once per interaction, and only `awaitingFingers` leads to `inZone`.
            reportImpossibleTransition("edge zone judged twice")
        }
    }

    override func updateValue(_ tracker: ContactTracker) {
        let travel = tracker.translation - baseline
        current.time = tracker.time
        current.translation = tracker.geometry.pixels(forMillimetres: travel)
        current.progress = min(max(inwards(travel) / max(gesture.distance, 1e-9), 0), 1)
    }

    override func evaluate(_ tracker: ContactTracker) -> Verdict {
        switch zone {
        case .inZone: break
        case .outsideZone: return .fail(.outsideEdgeZone)
        case .awaitingFingers:
            // The zone is judged when tracking begins, and the threshold is evaluated only while tracking.
            reportImpossibleTransition("edge swipe evaluated before tracking")
        }
        let travel = tracker.translation - baseline
        let inward = inwards(travel)
        let along = abs(gesture.edge == .left || gesture.edge == .right ? travel.dy : travel.dx)
        if inward > GestureDefaults.slop && inward >= along { return .claim }
        if along > GestureDefaults.slop && along > inward { return .fail(.wrongDirection) }
        return .wait
    }

    /// The component of a displacement that points away from the edge, into the output.
    private func inwards(_ v: Vector) -> Double {
        switch gesture.edge {
        case .left: return v.dx
        case .right: return -v.dx
        case .top: return v.dy
        case .bottom: return -v.dy
        }
    }

    override func describe(_ value: EdgeSwipeValue) -> GestureValues { .edgeSwipe(value) }
}
