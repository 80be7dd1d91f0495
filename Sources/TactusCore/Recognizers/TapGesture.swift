// SPDX-License-Identifier: MIT
/// The values of a tap.
public struct TapValue: Hashable, Sendable {
    /// When the last tap's fingers lifted. The update that reports the tap may come later: a single tap
    /// waits for a double tap beside it to fail.
    public var time: Timestamp
    /// Where the fingers were on the last tap: their centroid while all of them were down.
    public var location: Point
    /// How many taps (2 for a double tap).
    public var count: Int
    /// How many fingers tapped.
    public var fingers: Int

    /// Creates values, for hosts and clients that rebuild them (from the wire, in tests).
    public init(time: Timestamp, location: Point, count: Int, fingers: Int) {
        self.time = time
        self.location = location
        self.count = count
        self.fingers = fingers
    }
}

/// One or more quick touches without travel. Discrete: recognized when the last finger of the
/// `count`-th tap lifts.
///
/// A tap of count n waits for a sibling tap with the same fingers and a higher count to fail before it
/// is recognized (arbitration case 2), so a double tap never fires a single tap first. The fingers of a
/// multi-finger tap land within `GestureDefaults.fingerLandingWindow` of the first.
///
/// A press that can no longer be a tap fails at once, so that a long press waiting on the tap is not held up
/// until the lift: when it lasts longer than `maximumDuration`, or, in `tap.exclusively(before: longPress)`,
/// when the long press is recognized while the tap's fingers are still down.
///
/// As in SwiftUI, a tap has no in-progress value: `onChanged` and `updating` do not run before it is
/// recognized (a press that may still become a drag or a long press is not yet a tap).
public struct TapGesture: Gesture {
    /// How many taps. Default: 1.
    public var count: Int
    /// How many fingers each tap uses. Default: 1.
    public var fingers: Int
    /// How far any finger may travel during a tap, in millimetres. Default: `GestureDefaults.slop` (3 mm).
    public var maximumMovement: Double
    /// The longest pause between one tap's lift and the next tap's touch. Default: 300 ms (Flutter's
    /// `kDoubleTapTimeout` and Android's `DOUBLE_TAP_TIMEOUT`).
    public var maximumInterval: TimeSpan
    /// How far apart the taps of a multi-tap may land, in millimetres. Default: 15 mm (Flutter's
    /// `kDoubleTapSlop` is 100 logical pixels, 16 mm).
    public var maximumTapDistance: Double
    /// The longest one press of the tap may last, from its first finger down to its last finger up; a longer
    /// press fails with `timedOut`. Default: `TapGesture.defaultMaximumDuration`.
    public var maximumDuration: TimeSpan

    /// How long a press may last and still be a tap, unless a gesture says otherwise: 750 ms, as UIKit's and
    /// SwiftUI's taps (longer than the long presses of every platform, 400–700 ms, so that a competing long
    /// press decides first). docs/core.md gives the evidence.
    public static let defaultMaximumDuration = TimeSpan.milliseconds(750)

    /// Creates a tap.
    public init(count: Int = 1, fingers: Int = 1, maximumMovement: Double = GestureDefaults.slop,
                maximumInterval: TimeSpan = .milliseconds(300), maximumTapDistance: Double = 15,
                maximumDuration: TimeSpan = TapGesture.defaultMaximumDuration) {
        self.count = max(count, 1)
        self.fingers = max(fingers, 1)
        self.maximumMovement = maximumMovement
        self.maximumInterval = maximumInterval
        self.maximumTapDistance = maximumTapDistance
        self.maximumDuration = maximumDuration
    }

    public func makeNode() -> GestureNode<TapValue> { TapRecognizer(self) }
}

final class TapRecognizer: Recognizer<TapValue> {
    /// Where a tap stands while it is possible. Edges: `reset` picks `waitingForRelease` (started in the middle
    /// of a press) or `awaitingPress`; waitingForRelease → awaitingPress when the fingers lift; awaitingPress →
    /// pressing when a finger lands; pressing → awaitingPress when the press lifts and more taps are wanted.
    /// Recognition (the last tap lifted), failure and timeouts leave the state where it is.
    private enum State {
        /// Started in the middle of a press that is not ours: wait for it to end.
        case waitingForRelease
        /// No finger is down; the next press must come before the deadline.
        case awaitingPress(deadline: Timestamp)
        /// Fingers are down for the next tap since `since`: the press fails at `since + maximumDuration`.
        case pressing(since: Timestamp)
    }

    private let gesture: TapGesture
    private var state = State.waitingForRelease
    private var tapsSoFar = 0
    private var firstTapLocation = Point.zero
    /// The centroid of the press while most of its fingers were down, in output millimetres.
    private var pressLocation = Point.zero

    init(_ gesture: TapGesture) {
        self.gesture = gesture
        super.init(kind: .tap, fingers: gesture.fingers,
                   initial: TapValue(time: .zero, location: .zero, count: gesture.count, fingers: gesture.fingers))
    }

    override var signature: GestureSignature? { GestureSignature(kind: .tap, fingers: gesture.fingers, count: gesture.count) }

    override func reset(_ tracker: ContactTracker) {
        tapsSoFar = 0
        state = tracker.isInteracting
            ? .waitingForRelease : .awaitingPress(deadline: tracker.time + gesture.maximumInterval)
    }

    override func process(_ tracker: ContactTracker) {
        let time = tracker.time
        guard decidesOnFrame() else { return }
        guard tracker.source == .touchscreen else { return fail(.unsupportedInput, at: time) }
        switch state {
        case .waitingForRelease:
            if tracker.fingerCount == 0 { state = .awaitingPress(deadline: time + gesture.maximumInterval) }
            return
        case .awaitingPress:
            guard tracker.landed > 0 else { return }
            state = .pressing(since: time)
        case .pressing:
            break
        }
        if hasTooManyFingers(tracker, wanted: gesture.fingers)
            || missedLandingWindow(tracker, wanted: gesture.fingers, at: time) {
            return fail(.wrongFingerCount, at: time)
        }
        if tracker.maximumTravel > gesture.maximumMovement { return fail(.movedTooFar, at: time) }
        if tracker.fingerCount > 0 && tracker.fingerCount == tracker.peakFingerCount { pressLocation = tracker.centroid }
        guard tracker.fingerCount == 0 else { return }
        if tracker.peakFingerCount != gesture.fingers { return fail(.wrongFingerCount, at: time) }
        tapsSoFar += 1
        if tapsSoFar == 1 { firstTapLocation = tracker.firstContactStart }
        current = TapValue(time: time, location: local(tracker.layoutPoint(forMillimetres: pressLocation)),
                           count: tapsSoFar, fingers: gesture.fingers)
        if tapsSoFar >= gesture.count {
            claim(at: time)
        } else {
            state = .awaitingPress(deadline: time + gesture.maximumInterval)
        }
    }

    override func interactionWillBegin(at outputPoint: Point?, time: Timestamp) {
        // Decided before the press is tracked, so that a single tap waiting on this one is settled (and
        // free to count the new press) when the next tap lands too far away. A pending tap (recognized, waiting
        // for a tap of a higher count to fail) is asked too, and has nothing left to decide.
        guard status == .possible, case .awaitingPress = state, tapsSoFar > 0, let outputPoint else { return }
        if (outputPoint - firstTapLocation).length > gesture.maximumTapDistance { fail(.movedTooFar, at: time) }
    }

    override func deadline(in tracker: ContactTracker) -> Timestamp? {
        // Asked of every live node: a pending tap wants no timer.
        guard status == .possible else { return nil }
        switch state {
        case .awaitingPress(let deadline): return deadline
        case .pressing(let since):
            return earliest(landingDeadline(tracker, wanted: gesture.fingers), since + gesture.maximumDuration)
        case .waitingForRelease: return nil
        }
    }

    override func deadlinePassed(at time: Timestamp) {
        switch state {
        case .awaitingPress:
            fail(.timedOut, at: time)
        case .pressing(let since):
            if time >= since + gesture.maximumDuration {
                fail(.timedOut, at: time)
            } else if missedLandingWindow(context.tracker, wanted: gesture.fingers, at: time) {
                fail(.wrongFingerCount, at: time)
            }
        case .waitingForRelease:
            reportImpossibleTransition("timer while waiting for release")  // no deadline then
        }
    }

    /// A press held until a long press of its fingers is recognized was a long press, not a tap.
    override func yields(to competitor: GestureSignature) -> Bool {
        guard case .pressing = state else { return false }
        return competitor.kind == .longPress
    }

    override func describe(_ value: TapValue) -> GestureValues { .tap(value) }
}
