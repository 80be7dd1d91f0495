// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// SwiftUI topic: `LongPressGesture` (`minimumDuration`, `maximumDistance`, `onEnded`, `onPressingChanged`).
///
/// Tactus adapts SwiftUI here: durations are `TimeSpan`s (SwiftUI: seconds), `maximumDistance` is millimetres
/// (SwiftUI: points; default 3 mm instead of 10 pt), the value is a `LongPressValue` struct instead of `Bool` (its
/// `isPressing` is the `Bool`, and matches `Bool` patterns), and gestures are attached to a target instead of
/// `.gesture(_:)`.
@Suite struct LongPressParityTests {
    // SwiftUI: a long press is recognized at minimumDuration while the finger is still down, not at the lift.
    @Test func aLongPressIsRecognizedAtItsMinimumDurationWhileHeld() {
        let rig = Rig()
        var ended: [LongPressValue] = []
        let press = rig.engine.attach(LongPressGesture().onEnded { ended.append($0) })
        rig.down(0, 50, 50, at: 100)
        rig.frame(at: 100)
        rig.advance(to: 599)
        #expect(ended.isEmpty)
        #expect(rig.first(.recognized, of: press) == nil)
        rig.advance(to: 650)
        #expect(rig.first(.recognized, of: press)?.time == .milliseconds(600))
        #expect(ended.map(\.time) == [.milliseconds(600)])
        #expect(ended.first?.location == Point(x: 500, y: 500))
        #expect(!rig.engine.isIdle)  // the finger is still down
        rig.up(0, at: 2000)
        rig.frame(at: 2000)
        #expect(ended.count == 1)
        #expect(rig.phases(press).filter { $0 == .recognized }.count == 1)
        #expect(rig.reason(press) == nil)
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: LongPressGesture(minimumDuration: 1) waits the full second, not the default half second.
    @Test func aOneSecondLongPressWaitsTheWholeSecond() {
        let rig = Rig()
        var ended: [LongPressValue] = []
        rig.engine.attach(LongPressGesture(minimumDuration: .milliseconds(1000)).onEnded { ended.append($0) })
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 999)
        #expect(ended.isEmpty)
        rig.advance(to: 1100)
        #expect(ended.map(\.time) == [.milliseconds(1000)])
    }

    // SwiftUI: lifting before minimumDuration fails the long press; onEnded never runs.
    // Tactus adds why: tooShort, at the lift.
    @Test func aPressLiftedBeforeItsDurationFailsAsTooShort() {
        let rig = Rig()
        var ended = 0
        let press = rig.engine.attach(LongPressGesture().onEnded { _ in ended += 1 })
        rig.tap([(50, 50)], at: 0, hold: 300)
        rig.advance(to: 2000)
        #expect(ended == 0)
        #expect(rig.first(.recognized, of: press) == nil)
        #expect(rig.reason(press) == .tooShort)
        #expect(rig.first(.failed, of: press)?.time == .milliseconds(300))
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: moving farther than maximumDistance fails the long press at once; within it, the press succeeds.
    // Tactus adapts: maximumDistance in millimetres.
    @Test(arguments: [(8.0, true), (12.0, false)])
    func aPressFailsWhenItMovesBeyondItsMaximumDistance(drift: Double, recognized: Bool) {
        let rig = Rig()
        var ended = 0
        let press = rig.engine.attach(LongPressGesture(maximumDistance: 10).onEnded { _ in ended += 1 })
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.move(0, 50 + drift, 50, at: 200)
        rig.frame(at: 200)
        rig.advance(to: 600)
        if recognized {
            #expect(rig.first(.recognized, of: press)?.time == .milliseconds(500))
            #expect(rig.reason(press) == nil)
            #expect(ended == 1)
        } else {
            #expect(rig.first(.recognized, of: press) == nil)
            #expect(rig.reason(press) == .movedTooFar)
            #expect(rig.first(.failed, of: press)?.time == .milliseconds(200))
            #expect(ended == 0)
        }
        rig.up(0, at: 700)
        rig.frame(at: 700)
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: onEnded runs once, however long the finger stays down after the press is recognized.
    @Test func onEndedRunsOnceHoweverLongTheFingerStays() {
        let rig = Rig()
        var ended: [LongPressValue] = []
        let press = rig.engine.attach(LongPressGesture().onEnded { ended.append($0) })
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        for step in 1...30 {
            // A resting finger trembles by a millimetre.
            rig.move(0, 50 + (step % 2 == 0 ? 1 : -1), 50, at: Double(step) * 100)
            rig.frame(at: Double(step) * 100)
        }
        rig.up(0, at: 3050)
        rig.frame(at: 3050)
        #expect(ended.map(\.time) == [.milliseconds(500)])
        #expect(rig.phases(press).filter { $0 == .recognized }.count == 1)
        #expect(rig.reason(press) == nil)
    }

    // SwiftUI: onPressingChanged(true) at the touch, onPressingChanged(false) when the press is recognized.
    @Test func pressingTurnsTrueAtTheTouchAndFalseAtRecognition() {
        let rig = Rig()
        var pressing: [Bool] = []
        rig.engine.attach(LongPressGesture().onPressingChanged { pressing.append($0) })
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        #expect(pressing == [true])
        rig.advance(to: 499)
        #expect(pressing == [true])
        rig.advance(to: 501)
        #expect(pressing == [true, false])
        rig.up(0, at: 800)
        rig.frame(at: 800)
        #expect(pressing == [true, false])
    }

    // SwiftUI: onPressingChanged(false) also when the press fails: lifted too soon or moved too far.
    @Test(arguments: [true, false])
    func pressingTurnsFalseWhenThePressFails(byLifting: Bool) {
        let rig = Rig()
        var pressing: [Bool] = []
        var ended = 0
        let press = rig.engine.attach(LongPressGesture().onPressingChanged { pressing.append($0) }.onEnded { _ in ended += 1 })
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        if byLifting {
            rig.up(0, at: 200)
        } else {
            rig.move(0, 56, 50, at: 200)
        }
        rig.frame(at: 200)
        #expect(pressing == [true, false])
        #expect(rig.reason(press) == (byLifting ? .tooShort : .movedTooFar))
        rig.advance(to: 1000)
        #expect(pressing == [true, false])
        #expect(ended == 0)
    }

    // SwiftUI: `updating` turns the state on as the finger lands, off when the press ends.
    @Test func updatingRunsWhileALongPressIsHeld() {
        let rig = Rig()
        let pressing = GestureState(initialValue: false)
        rig.engine.attach(LongPressGesture().updating(pressing) { value, state in state = value.isPressing })
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        #expect(pressing.wrappedValue)
        rig.advance(to: 499)
        #expect(pressing.wrappedValue)
        rig.advance(to: 500)
        #expect(!pressing.wrappedValue)
    }

    // SwiftUI: the state returns when the press fails (lifted early, or moved too far) or is cancelled.
    @Test func aLongPressStateReturnsWhenThePressFailsOrIsCancelled() {
        let rig = Rig()
        let pressing = GestureState(initialValue: false)
        rig.engine.attach(LongPressGesture().updating(pressing) { value, state in state = value.isPressing })
        rig.tap([(50, 50)], at: 0, hold: 200)
        #expect(!pressing.wrappedValue)

        rig.down(0, 50, 50, at: 1000)
        rig.frame(at: 1000)
        #expect(pressing.wrappedValue)
        rig.move(0, 55, 50, at: 1100)
        rig.frame(at: 1100)
        #expect(!pressing.wrappedValue, "moved 5 mm, beyond the 3 mm a press allows")
        rig.up(0, at: 1200)
        rig.frame(at: 1200)

        rig.down(0, 50, 50, at: 2000)
        rig.frame(at: 2000)
        #expect(pressing.wrappedValue)
        rig.send(.touchCancel(Rig.screen), at: 2100)
        #expect(!pressing.wrappedValue)
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: `onChanged` runs once as each press begins, with the pressing value; `onEnded` once, at the
    // duration, with the value still true (the fingers still press). The host's update stream has only
    // `recognized`: nothing began before.
    @Test func onChangedRunsOnceAsAPressBeginsAndOnEndedOnceAtTheDuration() {
        let rig = Rig()
        var changes: [LongPressValue] = []
        var ends: [LongPressValue] = []
        let press = rig.engine.attach(LongPressGesture(minimumDuration: .milliseconds(800))
            .onChanged { changes.append($0) }.onEnded { ends.append($0) })
        rig.down(0, 40, 60, at: 0)
        rig.frame(at: 0)
        rig.move(0, 41, 60, at: 100)
        rig.frame(at: 100)
        rig.advance(to: 1000)
        #expect(changes.count == 1)
        #expect(changes.first?.isPressing == true)
        #expect(changes.first?.location == Point(x: 400, y: 600))
        #expect(changes.first?.time == .milliseconds(0))
        #expect(ends.count == 1)
        #expect(ends.first?.time == .milliseconds(800))
        #expect(ends.first?.isPressing == true)
        #expect(rig.phases(press) == [.recognized])
    }

    // SwiftUI: a two-finger press reports once both fingers are down, not at the first.
    @Test func aTwoFingerPressReportsOnceAllItsFingersAreDown() {
        let rig = Rig()
        var changes: [Int64] = []
        rig.engine.attach(LongPressGesture(fingers: 2).onChanged { changes.append($0.time.microseconds / 1000) })
        rig.down(0, 40, 50, at: 0)
        rig.frame(at: 0)
        #expect(changes.isEmpty)
        rig.down(1, 60, 50, at: 80)
        rig.frame(at: 80)
        #expect(changes == [80])
    }
}
