// SPDX-License-Identifier: MIT
import Testing
import TactusCore

extension Rig {
    /// Finger 0 lands at `held` at `start` ms; finger 1 taps at `tap`, landing `tapDown` ms after that and lifting
    /// `tapFor` ms later; finger 0 lifts `holdUntil` ms after `start`. Every event is followed by a frame.
    fileprivate func tipTap(held: (Double, Double), tap: (Double, Double), at start: Double = 0, tapDown: Double = 300,
                            tapFor: Double = 60, holdUntil: Double = 500) {
        down(0, held.0, held.1, at: start)
        frame(at: start)
        down(1, tap.0, tap.1, at: start + tapDown)
        frame(at: start + tapDown)
        up(1, at: start + tapDown + tapFor)
        frame(at: start + tapDown + tapFor)
        up(0, at: start + holdUntil)
        frame(at: start + holdUntil)
    }
}

@Suite struct TipTapTests {
    @Test(arguments: [(70.0, 50.0, SwipeDirection.right), (30, 50, .left), (50, 30, .up), (50, 70, .down),
                      (65, 38, .upRight)])
    func aTapBesideTheHeldFingerIsRecognizedWithItsSide(x: Double, y: Double, side: SwipeDirection) {
        let rig = Rig()
        let tipTap = rig.engine.attach(TipTapGesture())
        rig.tipTap(held: (50, 50), tap: (x, y))
        #expect(rig.phases(tipTap) == [.recognized])
        #expect(rig.last(tipTap)?.tipTap == TipTapValue(time: .milliseconds(360), location: Point(x: x * 10, y: y * 10),
                                                        holdLocation: Point(x: 500, y: 500), direction: side, fingers: 1))
        #expect(rig.engine.isIdle)
    }

    /// A finger landing within the landing window of the first makes a two-finger touch (arbitration case 13);
    /// one millisecond later it is the tap.
    @Test(arguments: [(0.0, false), (150, false), (250, false), (251, true)])
    func aSecondFingerInsideTheLandingWindowIsATwoFingerTouch(delay: Double, recognized: Bool) {
        let rig = Rig()
        let tipTap = rig.engine.attach(TipTapGesture())
        rig.tipTap(held: (50, 50), tap: (70, 50), tapDown: delay)
        if recognized {
            #expect(rig.phases(tipTap) == [.recognized])
            #expect(rig.last(tipTap)?.time == .milliseconds(Int64(delay) + 60))
        } else {
            #expect(rig.phases(tipTap) == [.failed])
            #expect(rig.reason(tipTap) == .wrongFingerCount)
            #expect(rig.last(tipTap)?.time == .milliseconds(Int64(delay)))
        }
        #expect(rig.engine.isIdle)
    }

    /// The held finger must still be down when the tap lifts: lifting before it, or with it, fails.
    @Test(arguments: [340.0, 360])
    func theHeldFingerLiftingFirstFails(heldLift: Double) {
        let rig = Rig()
        let tipTap = rig.engine.attach(TipTapGesture())
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.down(1, 70, 50, at: 300)
        rig.frame(at: 300)
        rig.up(0, at: heldLift)
        if heldLift < 360 { rig.frame(at: heldLift) }
        rig.up(1, at: 360)
        rig.frame(at: 360)
        #expect(rig.phases(tipTap) == [.failed])
        #expect(rig.reason(tipTap) == .wrongFingerCount)
        #expect(rig.last(tipTap)?.time == .milliseconds(Int64(heldLift)))
        #expect(rig.engine.isIdle)
    }

    /// Either finger, held or tapping, may drift up to three millimetres.
    @Test(arguments: [(ContactID(0), 2.9, true), (0, 3.1, false), (1, 2.9, true), (1, 3.1, false)])
    func aFingerMayTravelUpToThreeMillimetres(finger: ContactID, travel: Double, recognized: Bool) {
        let rig = Rig()
        let tipTap = rig.engine.attach(TipTapGesture())
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.down(1, 70, 50, at: 300)
        rig.frame(at: 300)
        rig.move(finger, finger == 0 ? 50 : 70, 50 + travel, at: 330)
        rig.frame(at: 330)
        rig.up(1, at: 360)
        rig.frame(at: 360)
        rig.up(0, at: 500)
        rig.frame(at: 500)
        #expect(rig.phases(tipTap) == (recognized ? [.recognized] : [.failed]))
        if !recognized {
            #expect(rig.reason(tipTap) == .movedTooFar)
            #expect(rig.last(tipTap)?.time == .milliseconds(330))
        }
        #expect(rig.engine.isIdle)
    }

    /// The tapping finger may stay down up to a tap's 750 ms; the tip-tap fails at that deadline, not at the lift.
    @Test(arguments: [(749.0, true), (750, false), (2000, false)])
    func aTapHeldTooLongTimesOutAtTheDeadline(tapFor: Double, recognized: Bool) {
        let rig = Rig()
        let tipTap = rig.engine.attach(TipTapGesture())
        rig.tipTap(held: (50, 50), tap: (70, 50), tapFor: tapFor, holdUntil: 2500)
        #expect(rig.phases(tipTap) == (recognized ? [.recognized] : [.failed]))
        if !recognized {
            #expect(rig.reason(tipTap) == .timedOut)
            #expect(rig.last(tipTap)?.time == .milliseconds(1050))
        }
        #expect(rig.engine.isIdle)
    }

    @Test func aTapOnASideNotAskedForFailsWithWrongDirection() {
        let rig = Rig()
        let tipTap = rig.engine.attach(TipTapGesture(directions: .horizontal))
        rig.tipTap(held: (50, 50), tap: (50, 30))
        #expect(rig.phases(tipTap) == [.failed])
        #expect(rig.reason(tipTap) == .wrongDirection)
        #expect(rig.last(tipTap)?.time == .milliseconds(360))
        // The failure says where the tap was.
        #expect(rig.last(tipTap)?.tipTap?.direction == .up)
        #expect(rig.engine.isIdle)
    }

    /// A third finger while the tap is down, or two fingers tapping at once, are too many.
    @Test(arguments: [320.0, 300])
    func aFingerBesideTheTapIsTooMany(thirdDown: Double) {
        let rig = Rig()
        let tipTap = rig.engine.attach(TipTapGesture())
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.down(1, 70, 50, at: 300)
        if thirdDown > 300 { rig.frame(at: 300) }
        rig.down(2, 70, 70, at: thirdDown)
        rig.frame(at: thirdDown)
        #expect(rig.phases(tipTap) == [.failed])
        #expect(rig.reason(tipTap) == .wrongFingerCount)
        #expect(rig.last(tipTap)?.time == .milliseconds(Int64(thirdDown)))
        for finger in 0..<3 { rig.up(ContactID(finger), at: 400) }
        rig.frame(at: 400)
        #expect(rig.phases(tipTap) == [.failed])
        #expect(rig.engine.isIdle)
    }

    @Test func touchpadStreamsAreNotTipTaps() {
        let rig = Rig()
        let tipTap = rig.engine.attach(TipTapGesture())
        rig.send(.holdBegin(Rig.touchpad, fingers: 2), at: 0)
        rig.send(.holdEnd(Rig.touchpad, cancelled: false), at: 50)
        #expect(rig.phases(tipTap) == [.failed])
        #expect(rig.reason(tipTap) == .unsupportedInput)
        #expect(rig.engine.isIdle)
    }

    /// Two held fingers landing 100 ms apart, and a tap above them: the hold location is their centroid.
    @Test func aTwoFingerTipTapReportsWhereBothHeldFingersAre() {
        let rig = Rig()
        let tipTap = rig.engine.attach(TipTapGesture(fingers: 2))
        rig.down(0, 40, 50, at: 0)
        rig.frame(at: 0)
        rig.down(1, 60, 50, at: 100)
        rig.frame(at: 100)
        rig.down(2, 50, 30, at: 400)
        rig.frame(at: 400)
        rig.up(2, at: 460)
        rig.frame(at: 460)
        #expect(rig.phases(tipTap) == [.recognized])
        #expect(rig.last(tipTap)?.tipTap == TipTapValue(time: .milliseconds(460), location: Point(x: 500, y: 300),
                                                        holdLocation: Point(x: 500, y: 500), direction: .up, fingers: 2))
        rig.up(0, at: 600)
        rig.up(1, at: 600)
        rig.frame(at: 600)
        #expect(rig.phases(tipTap) == [.recognized])
        #expect(rig.engine.isIdle)
    }

    /// A two-finger tip-tap whose second held finger has not landed when the window closes fails then.
    @Test func aTwoFingerTipTapFailsWhenTheLandingWindowClosesWithOneFinger() {
        let rig = Rig()
        let tipTap = rig.engine.attach(TipTapGesture(fingers: 2))
        rig.down(0, 40, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 300)
        #expect(rig.phases(tipTap) == [.failed])
        #expect(rig.reason(tipTap) == .wrongFingerCount)
        #expect(rig.last(tipTap)?.time == Timestamp(microseconds: 250_001))
        rig.up(0, at: 400)
        rig.frame(at: 400)
        #expect(rig.engine.isIdle)
    }

    /// After a long press, the finger still down is the held one.
    @Test func asASequencesSecondGestureItHoldsTheFingersAlreadyDown() {
        let rig = Rig()
        let sequence = rig.engine.attach(LongPressGesture().sequenced(before: TipTapGesture()))
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 600)
        #expect(rig.phases(sequence, recognizer: 0) == [.recognized])
        rig.down(1, 30, 50, at: 700)
        rig.frame(at: 700)
        rig.up(1, at: 760)
        rig.frame(at: 760)
        #expect(rig.phases(sequence, recognizer: 1) == [.recognized])
        #expect(rig.last(sequence, recognizer: 1)?.tipTap?.direction == .left)
        rig.up(0, at: 900)
        rig.frame(at: 900)
        #expect(rig.phases(sequence, recognizer: 0) == [.recognized])
        #expect(rig.phases(sequence, recognizer: 1) == [.recognized])
        #expect(rig.engine.isIdle)
    }

    /// After a two-finger long press, the two fingers down are not one held finger: the tip-tap waits for them to
    /// lift and fails then, whatever taps meanwhile.
    @Test func asASequencesSecondGestureItFailsWithOtherFingersDownWhenTheyLift() {
        let rig = Rig()
        let sequence = rig.engine.attach(LongPressGesture(fingers: 2).sequenced(before: TipTapGesture()))
        rig.down(0, 40, 50, at: 0)
        rig.down(1, 60, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 600)
        #expect(rig.phases(sequence, recognizer: 0) == [.recognized])
        rig.tap([(50, 30)], at: 700, firstContact: 2)
        #expect(rig.phases(sequence, recognizer: 1).isEmpty)
        rig.up(0, at: 900)
        rig.up(1, at: 900)
        rig.frame(at: 900)
        #expect(rig.phases(sequence, recognizer: 1) == [.failed])
        #expect(rig.reason(sequence, recognizer: 1) == .wrongFingerCount)
        #expect(rig.last(sequence, recognizer: 1)?.time == .milliseconds(900))
        #expect(rig.engine.isIdle)
    }

    /// A tip-tap, a one-finger tap and a long press on the same target:
    /// - a quick touch is the tap (the tip-tap fails as its finger lifts without a tap, the long press is too short);
    /// - a finger held while another taps is the tip-tap (the second finger fails the tap and the long press at once);
    /// - a finger held past the long press's 500 ms before any tap is the long press, which wins the interaction: the
    ///   tip-tap and the tap lose to it then, and a tap after that is nothing.
    @Test func againstATapAndALongPressEachTouchGoesToOneGesture() {
        let rig = Rig()
        let tipTap = rig.engine.attach(TipTapGesture())
        let tap = rig.engine.attach(TapGesture())
        let press = rig.engine.attach(LongPressGesture())

        rig.tap([(50, 50)], at: 0)
        #expect(rig.phases(tap) == [.recognized])
        #expect(rig.phases(tipTap) == [.failed] && rig.reason(tipTap) == .wrongFingerCount)
        #expect(rig.phases(press) == [.failed] && rig.reason(press) == .tooShort)
        #expect(rig.engine.isIdle)
        rig.clearRecords()

        rig.down(0, 50, 50, at: 1000)
        rig.frame(at: 1000)
        rig.down(1, 70, 50, at: 1300)
        rig.frame(at: 1300)
        #expect(rig.phases(tap) == [.failed] && rig.reason(tap) == .wrongFingerCount)
        #expect(rig.phases(press) == [.failed] && rig.reason(press) == .wrongFingerCount)
        rig.up(1, at: 1360)
        rig.frame(at: 1360)
        #expect(rig.phases(tipTap) == [.recognized])
        #expect(rig.last(tipTap)?.tipTap?.direction == .right)
        rig.up(0, at: 1500)
        rig.frame(at: 1500)
        #expect(rig.phases(tipTap) == [.recognized])
        #expect(rig.engine.isIdle)
        rig.clearRecords()

        rig.down(0, 50, 50, at: 3000)
        rig.frame(at: 3000)
        rig.advance(to: 3600)
        #expect(rig.phases(press) == [.recognized])
        #expect(rig.last(press)?.time == .milliseconds(3500))
        #expect(rig.phases(tipTap) == [.failed] && rig.reason(tipTap) == .lostToAnotherGesture)
        #expect(rig.phases(tap) == [.failed] && rig.reason(tap) == .lostToAnotherGesture)
        rig.tap([(70, 50)], at: 3700, firstContact: 1)
        rig.up(0, at: 3900)
        rig.frame(at: 3900)
        #expect(rig.phases(press) == [.recognized])
        #expect(rig.phases(tipTap) == [.failed])
        #expect(rig.phases(tap) == [.failed])
        #expect(rig.engine.isIdle)
    }
}

/// The kind's entry in the kinds home: its names, number, parameters and flat values.
@Suite struct TipTapKindTests {
    @Test func theKindIsNamedNumberedAndTakesItsParameters() {
        #expect(GestureKind(externalName: "tip-tap") == .tipTap)
        #expect(GestureKind.tipTap.externalName == "tip_tap")
        #expect(GestureKind.tipTap.cName == "TIP_TAP")
        #expect(GestureKind.tipTap.withArticle == "a tip-tap")
        #expect(GestureKind(number: 9) == .tipTap)
        #expect(GestureKind.tipTap.fingerRange == 1...4)
        #expect(GestureParameter.allCases.filter(GestureKind.tipTap.takes) == [.fingers, .distance, .duration, .directions])
    }

    /// duration is the longest the tapping finger stays down; directions the sides it may land on.
    @Test func aDescriptionSetsTheDurationAndTheSides() throws {
        var specification = GestureSpecification(kind: .tipTap)
        (specification.duration, specification.directions) = (200, .left)
        try specification.validate()
        let rig = Rig()
        let tipTap = rig.engine.attach(specification.gesture)
        rig.tipTap(held: (50, 50), tap: (30, 50), tapFor: 250)
        #expect(rig.phases(tipTap) == [.failed])
        #expect(rig.reason(tipTap) == .timedOut)
        #expect(rig.last(tipTap)?.time == .milliseconds(500))
        rig.clearRecords()
        rig.tipTap(held: (50, 50), tap: (70, 50), at: 1000)
        #expect(rig.phases(tipTap) == [.failed])
        #expect(rig.reason(tipTap) == .wrongDirection)
        #expect(rig.engine.isIdle)
    }

    @Test func flatValuesHoldTheFingersTheTapAndItsSide() {
        let values = GestureValues.tipTap(TipTapValue(time: .zero, location: Point(x: 7, y: 8), holdLocation: Point(x: 1, y: 2),
                                                      direction: .downLeft, fingers: 2))
        #expect(values.flat == FlatGestureValues(fingers: 2, location: Point(x: 7, y: 8), direction: .downLeft))
    }
}
