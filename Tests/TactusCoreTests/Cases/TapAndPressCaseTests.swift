// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// Arbitration cases 1–8 of docs/arbitration.md: taps and presses.
@Suite struct TapAndPressCaseTests {
    @Test func case01_tapAloneIsRecognizedAtLiftWithoutWaiting() {
        let rig = Rig()
        let tap = rig.engine.attach(TapGesture(), to: .layout, priority: .normal)
        rig.tap([(50, 50)], at: 100, hold: 80)
        #expect(rig.path(tap) == [.recognized])
        #expect(rig.last(tap)?.time == .milliseconds(180))
        #expect(rig.engine.nextDeadline == nil)
        #expect(rig.engine.isIdle)
    }

    @Test func case02_singleTapWaitsForTheDoubleTapToTimeOut() {
        let rig = Rig()
        let single = rig.engine.attach(TapGesture())
        let double = rig.engine.attach(TapGesture(count: 2))
        rig.tap([(50, 50)], at: 0, hold: 50)
        #expect(rig.phases(single).isEmpty)
        #expect(rig.engine.nextDeadline == .milliseconds(350))
        rig.advance(to: 349)
        #expect(rig.phases(single).isEmpty)
        rig.advance(to: 400)
        #expect(rig.path(double) == [.failed])
        #expect(rig.reason(double) == .timedOut)
        #expect(rig.path(single) == [.recognized])
        #expect(rig.last(single)?.time == .milliseconds(350))
        #expect(rig.engine.isIdle)
    }

    @Test func case03_twoQuickTapsGiveTheDoubleTapOnly() {
        let rig = Rig()
        let single = rig.engine.attach(TapGesture())
        let double = rig.engine.attach(TapGesture(count: 2))
        rig.tap([(50, 50)], at: 0, hold: 50)
        rig.tap([(52, 51)], at: 200, hold: 50)
        #expect(rig.path(double) == [.recognized])
        #expect(rig.last(double)?.time == .milliseconds(250))
        #expect(rig.last(double)?.tap?.count == 2)
        #expect(rig.path(single) == [.failed])
        #expect(rig.reason(single) == .lostToAnotherGesture)
        rig.advance(to: 2000)
        #expect(rig.phases(single) == [.failed])
        #expect(rig.engine.isIdle)
    }

    @Test func case04_threeTapsGiveTripleOnlyAndTwoThenAPauseGiveDoubleOnly() {
        let rig = Rig()
        let single = rig.engine.attach(TapGesture())
        let double = rig.engine.attach(TapGesture(count: 2))
        let triple = rig.engine.attach(TapGesture(count: 3))
        rig.tap([(50, 50)], at: 0)
        rig.tap([(50, 50)], at: 200)
        rig.tap([(50, 50)], at: 400)
        #expect(rig.path(triple) == [.recognized])
        #expect(rig.path(double) == [.failed])
        #expect(rig.path(single) == [.failed])
        rig.advance(to: 2000)
        rig.clearRecords()

        rig.tap([(50, 50)], at: 3000)
        rig.tap([(50, 50)], at: 3200)
        #expect(rig.phases(double).isEmpty)
        rig.advance(to: 4000)
        #expect(rig.path(triple) == [.failed])
        #expect(rig.reason(triple) == .timedOut)
        #expect(rig.path(double) == [.recognized])
        #expect(rig.last(double)?.time == .milliseconds(3560))
        #expect(rig.path(single) == [.failed])
        #expect(rig.engine.isIdle)
    }

    @Test func case05_twoQuickTapsFarApartAreTwoSingleTaps() {
        let rig = Rig()
        let single = rig.engine.attach(TapGesture())
        let double = rig.engine.attach(TapGesture(count: 2))
        rig.tap([(20, 20)], at: 0)
        rig.tap([(60, 60)], at: 150)
        rig.advance(to: 1000)
        #expect(rig.phases(single) == [.recognized, .recognized])
        #expect(rig.updates.filter { $0.attachment == single }.map(\.time) == [.milliseconds(150), .milliseconds(510)])
        #expect(rig.updates.filter { $0.attachment == single }.compactMap(\.tap?.location)
                == [Point(x: 200, y: 200), Point(x: 600, y: 600)])
        // The first double tap gave up when the second touch landed 57 mm away; the second timed out.
        #expect(rig.updates.filter { $0.attachment == double }.map(\.reason) == [.movedTooFar, .timedOut])
        #expect(rig.engine.isIdle)
    }

    @Test func case06_longPressWinsWhenHeldAndTapWinsWhenBrief() {
        let rig = Rig()
        let tap = rig.engine.attach(TapGesture())
        let press = rig.engine.attach(LongPressGesture())
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 499)
        #expect(rig.phases(press).isEmpty)
        rig.advance(to: 500)
        #expect(rig.path(press) == [.recognized])
        #expect(rig.last(press)?.time == .milliseconds(500))
        #expect(rig.last(press)?.longPress?.isPressing == true)
        #expect(rig.path(tap) == [.failed])
        #expect(rig.reason(tap) == .lostToAnotherGesture)
        rig.up(0, at: 900)
        rig.frame(at: 900)
        #expect(rig.engine.isIdle)
        rig.clearRecords()

        rig.tap([(50, 50)], at: 2000, hold: 120)
        #expect(rig.path(tap) == [.recognized])
        #expect(rig.path(press) == [.failed])
        #expect(rig.reason(press) == .tooShort)
        #expect(rig.engine.isIdle)
    }

    @Test func case07_aDriftingLongPressFailsAndHandsOverToADrag() {
        let rig = Rig()
        let press = rig.engine.attach(LongPressGesture())
        let drag = rig.engine.attach(DragGesture())
        rig.stroke([(50, 50)], by: (6, 0), at: 0, duration: 200, lift: false)
        #expect(rig.path(press) == [.failed])
        #expect(rig.reason(press) == .movedTooFar)
        #expect(rig.path(drag) == [.began, .changed])
        let began = rig.first(.began, of: drag)
        #expect(began?.time == rig.updates.first { $0.attachment == press }?.time)
        rig.up(0, at: 300)
        rig.frame(at: 300)
        #expect(rig.path(drag) == [.began, .changed, .ended])
        #expect(rig.engine.isIdle)
    }

    @Test func case08_twoFingerTapBeatsOneFingerTapWhenTheSecondFingerIsLate() {
        let rig = Rig()
        let one = rig.engine.attach(TapGesture())
        let two = rig.engine.attach(TapGesture(fingers: 2))
        rig.down(0, 40, 50, at: 0)
        rig.frame(at: 0)
        rig.down(1, 60, 50, at: 30)
        rig.frame(at: 30)
        rig.up(0, at: 100)
        rig.up(1, at: 100)
        rig.frame(at: 100)
        #expect(rig.path(one) == [.failed])
        #expect(rig.reason(one) == .wrongFingerCount)
        #expect(rig.first(.failed, of: one)?.time == .milliseconds(30))
        #expect(rig.path(two) == [.recognized])
        #expect(rig.last(two)?.tap?.fingers == 2)
        #expect(rig.engine.isIdle)
    }
}
