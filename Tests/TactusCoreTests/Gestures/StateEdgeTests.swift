// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// One test per edge of the recognizers' own states (`State` in each recognizer) that other tests do not
/// single out.
@Suite struct StateEdgeTests {
    /// Long press: awaitingFingers → pressing(since:) when the last wanted finger lands; the duration counts
    /// from then.
    @Test func aLongPressCountsItsDurationFromItsLastFinger() {
        let rig = Rig()
        let press = rig.engine.attach(LongPressGesture(fingers: 2))
        rig.down(0, 40, 50, at: 0)
        rig.frame(at: 0)
        rig.down(1, 60, 50, at: 100)
        rig.frame(at: 100)
        rig.advance(to: 550)
        #expect(rig.path(press) == [])
        rig.advance(to: 700)
        #expect(rig.path(press) == [.recognized])
        #expect(rig.first(.recognized, of: press)?.time == .milliseconds(600))
    }

    /// Hold (the continuous state): awaitingFingers → tracking(since:) when the last wanted finger lands;
    /// the fingers rest from then.
    @Test func aHoldRestsFromTheMomentAllItsFingersAreDown() {
        let rig = Rig()
        let hold = rig.engine.attach(HoldGesture(fingers: 2))
        rig.down(0, 40, 50, at: 0)
        rig.frame(at: 0)
        rig.down(1, 60, 50, at: 100)
        rig.frame(at: 100)
        rig.advance(to: 400)
        #expect(rig.path(hold) == [.began])
        #expect(rig.first(.began, of: hold)?.time == .milliseconds(300))
    }

    /// Swipe: a swipe started in the middle of an interaction is `joinedLate`, and fails when the fingers lift.
    @Test func aSwipeThatJoinsAnInteractionLateFailsAtTheLift() {
        let rig = Rig()
        let sequence = rig.engine.attach(LongPressGesture().sequenced(before: SwipeGesture()))
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 600)
        #expect(rig.path(sequence, recognizer: 0) == [.recognized])
        for step in 1...5 {
            rig.move(0, 50 + Double(step) * 6, 50, at: 600 + Double(step) * 10)
            rig.frame(at: 600 + Double(step) * 10)
        }
        rig.up(0, at: 650)
        rig.frame(at: 650)
        #expect(rig.path(sequence, recognizer: 1) == [.failed])
        #expect(rig.reason(sequence, recognizer: 1) == .wrongFingerCount)
    }

    /// Edge swipe: one started in the middle of an interaction is `outsideZone` whatever the edge, and
    /// fails at its first look at the fingers.
    @Test func anEdgeSwipeThatJoinsAnInteractionLateIsOutsideTheZone() {
        let rig = Rig()
        let sequence = rig.engine.attach(LongPressGesture().sequenced(before: EdgeSwipeGesture(edge: .left)))
        rig.down(0, 1, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 600)
        #expect(rig.path(sequence, recognizer: 0) == [.recognized])
        rig.move(0, 2, 50, at: 610)
        rig.frame(at: 610)
        #expect(rig.path(sequence, recognizer: 1) == [.failed])
        #expect(rig.reason(sequence, recognizer: 1) == .outsideEdgeZone)
    }

    /// Edge swipe: awaitingFingers → inZone when the first finger landed within the margin.
    @Test func anEdgeSwipeFromTheEdgeBegins() {
        let rig = Rig()
        let edge = rig.engine.attach(EdgeSwipeGesture(edge: .left), to: .outputEdge(.left, width: 5))
        rig.stroke([(1, 50)], by: (20, 0), at: 0, duration: 100)
        #expect(rig.path(edge) == [.began, .changed, .ended])
    }
}
