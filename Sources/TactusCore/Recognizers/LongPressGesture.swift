// SPDX-License-Identifier: MIT
/// The values of a long press.
public struct LongPressValue: Hashable, Sendable {
    /// When these values were measured.
    public var time: Timestamp
    /// The centroid of the pressing fingers.
    public var location: Point
    /// How many fingers press.
    public var fingers: Int
    /// Whether all the fingers press: true from the moment they are all down, in the in-progress value that
    /// `onChanged` and `updating` see and in the recognized value that `onEnded` and a sequence's `.second` see
    /// (a press is recognized with its fingers still down). It is SwiftUI's long press `Bool`, and matches a
    /// `Bool` pattern as that does (`~=`). `onPressingChanged` tells when the pressing ends.
    public var isPressing: Bool

    /// Creates values, for hosts and clients that rebuild them (from the wire, in tests).
    public init(time: Timestamp, location: Point, fingers: Int, isPressing: Bool) {
        self.time = time
        self.location = location
        self.fingers = fingers
        self.isPressing = isPressing
    }

    /// Matches a long press's value against a `Bool`, its `isPressing`, so that SwiftUI's patterns read as they
    /// are written for its `Bool` value: `case .first(true)` while the press is held, `case .second(true, let
    /// drag)` once it succeeded in `press.sequenced(before: drag)`.
    public static func ~= (pattern: Bool, value: LongPressValue) -> Bool { value.isPressing == pattern }
}

/// Fingers held still. Discrete: recognized when they have been down for `minimumDuration` (not at
/// release) without travelling more than `maximumDistance`.
///
/// As in SwiftUI, the press reports while it is held: once all its fingers are down, `onChanged` and
/// `updating` run with `isPressing` true (once per press: a press counter counts in `onChanged`); `onEnded`
/// runs once, at `minimumDuration`, with the fingers still down and `isPressing` still true; a `GestureState`
/// set while pressing returns to its initial value when the press is recognized, fails or is cancelled. The
/// host's update stream has only `recognized` or `failed`: nothing begins before the press is recognized.
public struct LongPressGesture: Gesture {
    /// How long the fingers must stay down. Default: 500 ms (SwiftUI's default; Android and GTK use 400–500 ms).
    public var minimumDuration: TimeSpan
    /// How far any finger may travel, in millimetres. Default: `GestureDefaults.slop` (3 mm), the distance
    /// at which a drag begins, so a press that drifts hands over to a drag (arbitration case 7).
    public var maximumDistance: Double
    /// How many fingers press. Default: 1.
    public var fingers: Int
    /// Called with true when all the fingers are down, and with false when the press is recognized or fails,
    /// as SwiftUI's `onPressingChanged`.
    var pressingChanged: ((Bool) -> Void)?

    /// Creates a long press.
    public init(minimumDuration: TimeSpan = .milliseconds(500), maximumDistance: Double = GestureDefaults.slop,
                fingers: Int = 1) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
        self.fingers = max(fingers, 1)
    }

    /// The same long press, calling `action` when the pressing state changes.
    public func onPressingChanged(_ action: @escaping (Bool) -> Void) -> LongPressGesture {
        var copy = self
        copy.pressingChanged = action
        return copy
    }

    public func makeNode() -> GestureNode<LongPressValue> { LongPressRecognizer(self) }
}

final class LongPressRecognizer: Recognizer<LongPressValue> {
    /// Where a long press stands while it is possible. Edges: `reset` starts in `awaitingFingers`;
    /// awaitingFingers → pressing when all the wanted fingers are down. Recognition (the duration passed),
    /// failure and a pending claim leave the state where it is.
    private enum State {
        /// Not all the wanted fingers are down yet; they may land within the landing window.
        case awaitingFingers
        /// All the fingers are down since `since`: recognized at `since + minimumDuration` unless they move
        /// too far or one lifts first.
        case pressing(since: Timestamp)
    }

    private let gesture: LongPressGesture
    private var state = State.awaitingFingers
    private var travelBaseline = 0.0

    init(_ gesture: LongPressGesture) {
        self.gesture = gesture
        super.init(kind: .longPress, fingers: gesture.fingers,
                   initial: LongPressValue(time: .zero, location: .zero, fingers: gesture.fingers, isPressing: false))
    }

    override func reset(_ tracker: ContactTracker) {
        state = .awaitingFingers
        travelBaseline = tracker.maximumTravel
        current.isPressing = false
    }

    override func process(_ tracker: ContactTracker) {
        let time = tracker.time
        guard decidesOnFrame() else { return }
        guard tracker.source == .touchscreen else { return fail(.unsupportedInput, at: time) }
        if hasTooManyFingers(tracker, wanted: gesture.fingers) { return fail(.wrongFingerCount, at: time) }
        if tracker.maximumTravel - travelBaseline > gesture.maximumDistance { return fail(.movedTooFar, at: time) }
        switch state {
        case .awaitingFingers:
            if tracker.fingerCount == 0 { return fail(.wrongFingerCount, at: time) }
            updateValue(tracker)
            if tracker.fingerCount == gesture.fingers {
                state = .pressing(since: time)
                current.isPressing = true
                gesture.pressingChanged?(true)
                // SwiftUI runs `onChanged` and `updating` as the press begins; the callback above may have
                // stopped the press already (`NodeStatus`).
                if status == .possible { progress(at: time) }
            } else if missedLandingWindow(tracker, wanted: gesture.fingers, at: time) {
                fail(.wrongFingerCount, at: time)
            }
        case .pressing:
            // A finger that lifts before the duration ends the press for all of them.
            if tracker.fingerCount < gesture.fingers { return fail(.tooShort, at: time) }
            updateValue(tracker)
        }
    }

    private func updateValue(_ tracker: ContactTracker) {
        current.time = tracker.time
        current.location = local(tracker.centroidInLayout)
    }

    override func deadline(in tracker: ContactTracker) -> Timestamp? {
        // Asked of every live node: a pending press wants no timer.
        guard status == .possible else { return nil }
        switch state {
        case .awaitingFingers: return landingDeadline(tracker, wanted: gesture.fingers)
        case .pressing(let since): return since + gesture.minimumDuration
        }
    }

    override func deadlinePassed(at time: Timestamp) {
        switch state {
        case .awaitingFingers:
            if missedLandingWindow(context.tracker, wanted: gesture.fingers, at: time) { fail(.wrongFingerCount, at: time) }
        case .pressing:
            current.time = time
            claim(at: time)
        }
    }

    override func didFinish(at time: Timestamp) {
        // The pressing ends with the press, but the value keeps `isPressing`: a recognized press is still
        // pressed, as SwiftUI's `true` in `onEnded` and in a sequence's `.second(true, drag)`; a failed one has
        // no value (`Recognizer.value`).
        if case .pressing = state { gesture.pressingChanged?(false) }
    }

    override func describe(_ value: LongPressValue) -> GestureValues { .longPress(value) }
}
