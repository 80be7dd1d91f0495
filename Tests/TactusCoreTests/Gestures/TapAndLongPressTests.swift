// SPDX-License-Identifier: MIT
import Testing
import TactusCore

@Suite struct TapTests {
    @Test(arguments: [(2.9, true), (3.1, false)])
    func aTapMayTravelUpToThreeMillimetres(travel: Double, recognized: Bool) {
        let rig = Rig()
        let tap = rig.engine.attach(TapGesture())
        rig.nudge(50, 50, by: (travel, 0), at: 0)
        #expect(rig.path(tap) == (recognized ? [.recognized] : [.failed]))
        if !recognized { #expect(rig.reason(tap) == .movedTooFar) }
        #expect(rig.engine.isIdle)
    }

    @Test(arguments: [(299.0, true), (301.0, false)])
    func theSecondTapMustComeWithinTheInterval(pause: Double, recognized: Bool) {
        let rig = Rig()
        let double = rig.engine.attach(TapGesture(count: 2))
        rig.tap([(50, 50)], at: 0, hold: 50)
        rig.tap([(50, 50)], at: 50 + pause, hold: 50)
        rig.advance(to: 2000)
        #expect(rig.phases(double).first == (recognized ? .recognized : .failed))
        if !recognized { #expect(rig.reason(double) == .timedOut) }
        #expect(rig.engine.isIdle)
    }

    @Test(arguments: [(14.0, true), (16.0, false)])
    func theTapsOfADoubleTapLandWithinFifteenMillimetres(distance: Double, recognized: Bool) {
        let rig = Rig()
        let double = rig.engine.attach(TapGesture(count: 2))
        rig.tap([(30, 50)], at: 0)
        rig.tap([(30 + distance, 50)], at: 150)
        rig.advance(to: 2000)
        #expect(rig.phases(double).first == (recognized ? .recognized : .failed))
        #expect(rig.engine.isIdle)
    }

    @Test func aThreeFingerTapReportsItsFingersAndCentroid() {
        let rig = Rig()
        let tap = rig.engine.attach(TapGesture(fingers: 3))
        rig.tap([(40, 40), (50, 40), (60, 40)], at: 0)
        #expect(rig.path(tap) == [.recognized])
        #expect(rig.last(tap)?.tap == TapValue(time: .milliseconds(60), location: Point(x: 500, y: 400), count: 1, fingers: 3))
    }

    @Test func aFingerLiftingEarlyFromATwoFingerTapStillCounts() {
        let rig = Rig()
        let tap = rig.engine.attach(TapGesture(fingers: 2))
        rig.down(0, 40, 50, at: 0)
        rig.down(1, 60, 50, at: 0)
        rig.frame(at: 0)
        rig.up(0, at: 40)
        rig.frame(at: 40)
        rig.up(1, at: 70)
        rig.frame(at: 70)
        #expect(rig.path(tap) == [.recognized])
        #expect(rig.last(tap)?.time == .milliseconds(70))
        // Located where both fingers were, not where the last one lifted (a regression found by review).
        #expect(rig.last(tap)?.tap?.location == Point(x: 500, y: 500))
    }

    @Test func tooFewOrTooManyFingersFail() {
        let rig = Rig()
        let two = rig.engine.attach(TapGesture(fingers: 2))
        rig.tap([(50, 50)], at: 0)
        #expect(rig.path(two) == [.failed])
        #expect(rig.reason(two) == .wrongFingerCount)
        rig.clearRecords()
        rig.tap([(30, 50), (50, 50), (70, 50)], at: 500)
        #expect(rig.path(two) == [.failed])
        #expect(rig.reason(two) == .wrongFingerCount)
        #expect(rig.first(.failed, of: two)?.time == .milliseconds(500))
    }

    @Test func touchpadStreamsAreNotTaps() {
        let rig = Rig()
        let tap = rig.engine.attach(TapGesture())
        rig.send(.holdBegin(Rig.touchpad, fingers: 1), at: 0)
        rig.send(.holdEnd(Rig.touchpad, cancelled: false), at: 50)
        #expect(rig.path(tap) == [.failed])
        #expect(rig.reason(tap) == .unsupportedInput)
        #expect(rig.engine.isIdle)
    }
}

@Suite struct LongPressTests {
    @Test(arguments: [(490.0, false), (510.0, true)])
    func aLongPressNeedsHalfASecond(hold: Double, recognized: Bool) {
        let rig = Rig()
        let press = rig.engine.attach(LongPressGesture())
        rig.tap([(50, 50)], at: 0, hold: hold)
        #expect(rig.path(press) == (recognized ? [.recognized] : [.failed]))
        if recognized {
            #expect(rig.last(press)?.time == .milliseconds(500))
        } else {
            #expect(rig.reason(press) == .tooShort)
        }
        #expect(rig.engine.isIdle)
    }

    @Test(arguments: [(2.9, true), (3.1, false)])
    func aLongPressMayDriftUpToThreeMillimetres(drift: Double, recognized: Bool) {
        let rig = Rig()
        let press = rig.engine.attach(LongPressGesture())
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.move(0, 50, 50 + drift, at: 200)
        rig.frame(at: 200)
        rig.advance(to: 600)
        #expect(rig.path(press) == (recognized ? [.recognized] : [.failed]))
        rig.up(0, at: 700)
        rig.frame(at: 700)
        #expect(rig.engine.isIdle)
    }

    @Test func pressingStateFollowsTheFingers() {
        let rig = Rig()
        var pressing: [Bool] = []
        let press = rig.engine.attach(LongPressGesture(fingers: 2).onPressingChanged { pressing.append($0) })
        rig.down(0, 40, 50, at: 0)
        rig.frame(at: 0)
        #expect(pressing.isEmpty)
        rig.down(1, 60, 50, at: 100)
        rig.frame(at: 100)
        #expect(pressing == [true])
        rig.advance(to: 600)
        #expect(rig.path(press) == [.recognized])
        #expect(rig.last(press)?.longPress == LongPressValue(time: .milliseconds(600), location: Point(x: 500, y: 500),
                                                             fingers: 2, isPressing: true))
        #expect(pressing == [true, false])
        rig.up(0, at: 700)
        rig.up(1, at: 700)
        rig.frame(at: 700)
        #expect(rig.engine.isIdle)
    }

    @Test func aSecondFingerAfterTheLandingWindowIsTooLate() {
        let rig = Rig()
        let press = rig.engine.attach(LongPressGesture(fingers: 2))
        rig.down(0, 40, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 300)
        #expect(rig.path(press) == [.failed])
        #expect(rig.reason(press) == .wrongFingerCount)
        #expect(rig.first(.failed, of: press)?.time == Timestamp(microseconds: 250_001))
        rig.up(0, at: 400)
        rig.frame(at: 400)
        #expect(rig.engine.isIdle)
    }
}

/// A regression found by an independent review of the recognizers.
@Suite struct LongPressRegressionTests {
    @Test func aTwoFingerPressFailsWhenOneFingerLiftsBeforeTheDuration() {
        let rig = Rig()
        let press = rig.engine.attach(LongPressGesture(fingers: 2))
        rig.down(0, 40, 50, at: 0)
        rig.down(1, 60, 50, at: 0)
        rig.frame(at: 0)
        rig.up(1, at: 200)
        rig.frame(at: 200)
        #expect(rig.path(press) == [.failed])
        #expect(rig.reason(press) == .tooShort)
        #expect(rig.last(press)?.time == .milliseconds(200))
        rig.up(0, at: 700)
        rig.frame(at: 700)
        #expect(rig.path(press) == [.failed])
        #expect(rig.engine.isIdle)
    }
}
