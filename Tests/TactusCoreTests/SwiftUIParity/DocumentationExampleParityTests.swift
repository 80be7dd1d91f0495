// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// The examples of SwiftUI's gesture documentation ("Adding interactivity with gestures", "Composing SwiftUI
/// gestures", `LongPressGesture`, `ExclusiveGesture`), written with the same structure as the documentation's
/// code. Translated only where a compositor has no views: the gesture is attached to the layout instead of a
/// view's `.gesture`, `@GestureState` is a `GestureState` object, `@State` a local variable, and a long press's
/// `Bool` is `LongPressValue.isPressing` (which a `Bool` pattern matches, so `case .first(true)` reads as in the
/// documentation). Times are milliseconds, on the test rig's 100 mm screen.
@Suite struct DocumentationExampleParityTests {
    /// The circle that changes colour while pressed: `LongPressGesture(minimumDuration: 3)
    /// .updating($isDetectingLongPress) { currentState, gestureState, _ in gestureState = currentState }
    /// .onEnded { finished in completedLongPress = finished }`.
    @Test func theLongPressCircleTurnsWhilePressedAndCompletesAtThreeSecondsWhileHeld() {
        let rig = Rig()
        let isDetectingLongPress = GestureState(initialValue: false)
        var completedLongPress = false
        let longPress = LongPressGesture(minimumDuration: .milliseconds(3000))
            .updating(isDetectingLongPress) { currentState, gestureState in gestureState = currentState.isPressing }
            .onEnded { _ in completedLongPress = true }
        rig.engine.attach(longPress)

        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        #expect(isDetectingLongPress.wrappedValue, "pressing from the moment the finger is down")
        #expect(!completedLongPress)
        rig.advance(to: 2999)
        #expect(isDetectingLongPress.wrappedValue && !completedLongPress)
        rig.advance(to: 3000)
        #expect(completedLongPress, "recognized at the minimum duration, the finger still down")
        #expect(!isDetectingLongPress.wrappedValue, "the state returns to its initial value when the press ends")
        rig.up(0, at: 3500)
        rig.frame(at: 3500)
        #expect(rig.engine.isIdle)
    }

    /// The same circle, lifted early: the state goes back, `onEnded` never runs.
    @Test func theLongPressCircleGoesBackWhenLiftedEarly() {
        let rig = Rig()
        let isDetectingLongPress = GestureState(initialValue: false)
        var completedLongPress = false
        rig.engine.attach(LongPressGesture(minimumDuration: .milliseconds(3000))
            .updating(isDetectingLongPress) { currentState, gestureState in gestureState = currentState.isPressing }
            .onEnded { _ in completedLongPress = true })
        rig.tap([(50, 50)], at: 0, hold: 1200)
        #expect(!isDetectingLongPress.wrappedValue)
        #expect(!completedLongPress)
        rig.advance(to: 5000)
        #expect(!completedLongPress)
    }

    /// The tap counter: `LongPressGesture(minimumDuration: 1).updating(...).onChanged { _ in
    /// totalNumberOfTaps += 1 }.onEnded { _ in doneCounting = true }`. Every press counts as it begins; the
    /// one held for a second ends the counting.
    @Test func theCounterCountsEveryPressAsItBeginsAndStopsAtTheLongOne() {
        let rig = Rig()
        let isDetectingLongPress = GestureState(initialValue: false)
        var totalNumberOfTaps = 0
        var doneCounting = false
        let press = LongPressGesture(minimumDuration: .milliseconds(1000))
            .updating(isDetectingLongPress) { currentState, gestureState in gestureState = currentState.isPressing }
            .onChanged { _ in totalNumberOfTaps += 1 }
            .onEnded { _ in doneCounting = true }
        rig.engine.attach(press)

        for start in [0.0, 400, 800] { rig.tap([(50, 50)], at: start, hold: 150) }
        #expect(totalNumberOfTaps == 3)
        #expect(!doneCounting)
        rig.down(0, 50, 50, at: 2000)
        rig.frame(at: 2000)
        #expect(totalNumberOfTaps == 4)
        #expect(isDetectingLongPress.wrappedValue)
        rig.advance(to: 2999)
        #expect(!doneCounting)
        rig.advance(to: 3000)
        #expect(doneCounting)
        #expect(totalNumberOfTaps == 4, "recognition is not another change")
        #expect(!isDetectingLongPress.wrappedValue)
    }

    /// SwiftUI's `DragState` of the draggable circle.
    enum DragState: Equatable {
        case inactive
        case pressing
        case dragging(translation: Vector)
    }

    /// The draggable circle: `LongPressGesture(minimumDuration: 0.5).sequenced(before: DragGesture())
    /// .updating($dragState) { value, state, _ in switch value { case .first(true): state = .pressing; case
    /// .second(true, let drag): state = .dragging(translation: drag?.translation ?? .zero); default: state =
    /// .inactive } }.onEnded { value in guard case .second(true, let drag?) = value else { return }; viewState
    /// += drag.translation }`.
    @Test func theDraggableCirclePassesThroughPressingAndDraggingAndMovesByTheDrag() {
        let rig = Rig()
        let dragState = GestureState(initialValue: DragState.inactive)
        var viewState = Vector.zero
        var states: [DragState] = []
        dragState.onChange { states.append($0) }
        let longPressDrag = LongPressGesture(minimumDuration: .milliseconds(500)).sequenced(before: DragGesture())
            .updating(dragState) { value, state in
                switch value {
                case .first(true):                      // Long press begins.
                    state = .pressing
                case .second(true, let drag):           // Long press confirmed, dragging may begin.
                    state = .dragging(translation: drag?.translation ?? .zero)
                default:                                // Dragging ended or the long press cancelled.
                    state = .inactive
                }
            }
            .onEnded { value in
                guard case .second(true, let drag?) = value else { return }
                viewState += drag.translation
            }
        rig.engine.attach(longPressDrag)

        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        #expect(dragState.wrappedValue == .pressing)
        rig.advance(to: 499)
        #expect(dragState.wrappedValue == .pressing)
        rig.advance(to: 500)
        #expect(dragState.wrappedValue == .dragging(translation: .zero), "pressed, no drag yet")
        for step in 1...10 {
            rig.move(0, 50 + Double(step), 50, at: 500 + Double(step) * 10)
            rig.frame(at: 500 + Double(step) * 10)
        }
        #expect(dragState.wrappedValue == .dragging(translation: Vector(dx: 100, dy: 0)))
        rig.up(0, at: 700)
        rig.frame(at: 700)
        #expect(dragState.wrappedValue == .inactive)
        #expect(viewState == Vector(dx: 100, dy: 0), "the circle moves by the drag's final translation")
        #expect(states.first == .pressing)
        #expect(states.dropFirst().first == .dragging(translation: .zero))
        #expect(states.last == .inactive)
        #expect(rig.engine.isIdle)
    }

    /// The draggable circle frame by frame, with the documentation's patterns as written: the long press's value is
    /// `true` while it presses (`.first(true)`) and once it succeeded (`.second(true, let drag)`), as SwiftUI's `Bool`
    /// is. `updating` runs once for each change of the sequence, and not for its end, where the state returns.
    @Test func theDraggableCircleMatchesSecondTrueFromThePressToTheLift() {
        let rig = Rig()
        let dragState = GestureState(initialValue: DragState.inactive)
        var viewState = Vector.zero
        var changes: [DragState] = []
        dragState.onChange { changes.append($0) }
        let longPressDrag = LongPressGesture(minimumDuration: .milliseconds(500))
            .sequenced(before: DragGesture())
            .updating(dragState) { value, state in
                switch value {
                // Long press begins.
                case .first(true):
                    state = .pressing
                // Long press confirmed, dragging may begin.
                case .second(true, let drag):
                    state = .dragging(translation: drag?.translation ?? .zero)
                // Dragging ended or the long press cancelled.
                default:
                    state = .inactive
                }
            }
            .onEnded { value in
                guard case .second(true, let drag?) = value else { return }
                viewState += drag.translation
            }
        rig.engine.attach(longPressDrag)
        // What the state became during `events`: one entry per run of `updating`, and one for a reset.
        func states(during events: () -> Void) -> [DragState] {
            changes.removeAll()
            events()
            return changes
        }
        func translation(_ state: DragState?) -> Vector? {
            guard case .dragging(let translation)? = state else { return nil }
            return translation
        }

        #expect(states { rig.down(0, 50, 50, at: 0); rig.frame(at: 0) } == [.pressing])
        #expect(states { rig.advance(to: 499) } == [])
        #expect(states { rig.advance(to: 500) } == [.dragging(translation: .zero)], "pressed: .second(true, nil)")
        // 2 mm a frame: the drag begins past its 3 mm on the second frame, and follows every frame.
        #expect(states { rig.move(0, 52, 50, at: 510); rig.frame(at: 510) } == [])
        for step in 2...5 {
            let during = states { rig.move(0, 50 + 2 * Double(step), 50, at: 500 + 10 * Double(step))
                                  rig.frame(at: 500 + 10 * Double(step)) }
            #expect(during.count == 1, "frame \(step)")
            #expect(Parity.close(translation(during.first), Vector(dx: 20 * Double(step), dy: 0), within: 1e-6),
                    "frame \(step): \(during)")
        }
        #expect(states { rig.up(0, at: 600); rig.frame(at: 600) } == [.inactive], "reset, no run of updating")
        #expect(Parity.close(viewState, Vector(dx: 100, dy: 0), within: 1e-6), "onEnded matched .second(true, drag?)")
        #expect(rig.engine.isIdle)
    }

    /// The draggable circle pressed past 0.5 s and let go without dragging: as in SwiftUI, the sequence fails
    /// (the drag never began), `onEnded` does not run and the state returns to inactive.
    @Test func theDraggableCircleLetGoWithoutDraggingDoesNotMove() {
        let rig = Rig()
        let dragState = GestureState(initialValue: DragState.inactive)
        var ended = 0
        let longPressDrag = LongPressGesture(minimumDuration: .milliseconds(500)).sequenced(before: DragGesture())
            .updating(dragState) { value, state in
                switch value {
                case .first(true): state = .pressing
                case .second(true, let drag): state = .dragging(translation: drag?.translation ?? .zero)
                default: state = .inactive
                }
            }
            .onEnded { _ in ended += 1 }
        let circle = rig.engine.attach(longPressDrag)
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 600)
        #expect(dragState.wrappedValue == .dragging(translation: .zero))
        rig.up(0, at: 800)
        rig.frame(at: 800)
        #expect(dragState.wrappedValue == .inactive)
        #expect(ended == 0)
        #expect(rig.path(circle, recognizer: 0) == [.recognized])
        #expect(rig.path(circle, recognizer: 1) == [.failed])
        #expect(rig.reason(circle, recognizer: 1) == .movedTooLittle)
        #expect(rig.engine.isIdle)
    }

    /// Double tap or long press: `TapGesture(count: 2).exclusively(before: LongPressGesture())`. Held, the
    /// long press fires at its 500 ms while the finger is down, as the long press alone does.
    @Test func theDoubleTapOrLongPressFiresTheLongPressAtItsDurationWhileHeld() {
        let rig = Rig()
        var events: [String] = []
        let gesture = TapGesture(count: 2).exclusively(before: LongPressGesture())
            .onEnded { value in
                switch value {
                case .first: events.append("double tap at \(rig.now / 1000)")
                case .second(let press): events.append("long press at \(press.time.microseconds / 1000)")
                }
            }
        let id = rig.engine.attach(gesture)
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 499)
        #expect(events.isEmpty)
        rig.advance(to: 500)
        #expect(events == ["long press at 500"])
        #expect(rig.path(id, recognizer: 0) == [.failed])
        #expect(rig.reason(id, recognizer: 0) == .lostToAnotherGesture)
        #expect(rig.first(.recognized, of: id, recognizer: 1)?.time == .milliseconds(500))
        rig.up(0, at: 2000)
        rig.frame(at: 2000)
        #expect(events == ["long press at 500"])
        #expect(rig.engine.isIdle)

        // Two quick taps still make the double tap, and the long press never fires.
        events.removeAll()
        rig.tap([(50, 50)], at: 3000, hold: 80)
        rig.tap([(50, 50)], at: 3200, hold: 80)
        rig.advance(to: 5000)
        #expect(events == ["double tap at 3280"])
    }

    /// A single tap before a long press: the same, with `TapGesture()`.
    @Test func theTapOrLongPressFiresTheLongPressAtItsDurationWhileHeld() {
        let rig = Rig()
        var events: [String] = []
        rig.engine.attach(TapGesture().exclusively(before: LongPressGesture(minimumDuration: .milliseconds(2000)))
            .onEnded { value in
                switch value {
                case .first(let tap): events.append("tap at \(tap.time.microseconds / 1000)")
                case .second(let press): events.append("long press at \(press.time.microseconds / 1000)")
                }
            })
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 1999)
        #expect(events.isEmpty, "the tap gave up at 750 ms; the long press waits for its own 2 s")
        rig.advance(to: 2000)
        #expect(events == ["long press at 2000"])
        rig.up(0, at: 2300)
        rig.frame(at: 2300)
        rig.tap([(50, 50)], at: 3000, hold: 100)
        #expect(events == ["long press at 2000", "tap at 3100"])
    }
}
