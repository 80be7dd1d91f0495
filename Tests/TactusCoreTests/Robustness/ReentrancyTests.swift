// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// A host's callback may re-enter the engine (a compositor removes a binding from inside its action). The
/// engine then learns of decisions in an unusual order; each test reaches one of the places that check a
/// node's own status before driving it, and expects no impossible transition (debug builds would stop at an
/// assertion) and a well-formed life.
@Suite struct ReentrancyTests {
    /// Lets `rig` go on recording updates while `react` sees each one first-hand.
    static func onEachUpdate(of rig: Rig, _ react: @escaping (GestureUpdate) -> Void) {
        let record = rig.engine.onUpdate
        rig.engine.onUpdate = { update in
            record?(update)
            react(update)
        }
    }

    @Test func aWinnerDetachedWhileItsRivalsFailIsNotGranted() {
        let rig = Rig()
        let swipe = rig.engine.attach(SwipeGesture())
        let drag = rig.engine.attach(DragGesture())
        Self.onEachUpdate(of: rig) { [unowned rig] update in
            if update.attachment == swipe && update.reason == .lostToAnotherGesture { rig.engine.detach(drag) }
        }
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100)
        #expect(rig.path(swipe) == [.failed])
        #expect(rig.path(drag) == [.failed])
        #expect(rig.reason(drag) == .detached)
        #expect(rig.engine.diagnostics.impossibleTransitions == 0)
        #expect(rig.engine.isIdle)
    }

    @Test func aGestureCancelledAsItBeginsDoesNotEndToo() {
        let rig = Rig()
        let swipe = rig.engine.attach(SwipeGesture())
        let drag = rig.engine.attach(DragGesture())
        rig.engine.requireFailure(of: swipe, before: drag)
        Self.onEachUpdate(of: rig) { [unowned rig] update in
            if update.attachment == drag && update.phase == .began { rig.engine.detach(drag) }
        }
        // The drag claims, waits for the swipe, and its finger lifts while it waits; the swipe fails (too
        // short) at the lift, so the drag begins, which the host answers by detaching it.
        rig.stroke([(20, 50)], by: (5, 0), at: 0, duration: 100)
        #expect(rig.path(drag) == [.began, .cancelled])
        #expect(rig.reason(drag) == .detached)
        #expect(rig.engine.diagnostics.impossibleTransitions == 0)
        #expect(rig.engine.isIdle)
    }

    @Test func aGestureDetachedAsItFailsBehindAnObserverIsNotFailedTwice() {
        let rig = Rig()
        var ended = 0
        let tap = rig.engine.attach(TapGesture().onEnded { _ in ended += 1 })
        Self.onEachUpdate(of: rig) { [unowned rig] update in
            if update.attachment == tap && update.phase == .failed { rig.engine.detach(tap) }
        }
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100)
        #expect(rig.path(tap) == [.failed])
        #expect(rig.reason(tap) == .movedTooFar)
        #expect(ended == 0)
        #expect(!rig.engine.isAttached(tap))
        #expect(rig.engine.diagnostics.impossibleTransitions == 0)
    }

    @Test func anExclusivePairDetachedWhileItsSecondLosesDoesNotGrantItsFirst() {
        let rig = Rig()
        let pair = rig.engine.attach(DragGesture().exclusively(before: TapGesture(maximumMovement: 50)))
        Self.onEachUpdate(of: rig) { [unowned rig] update in
            if update.attachment == pair && update.recognizer == 1 && update.phase == .failed { rig.engine.detach(pair) }
        }
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100)
        #expect(rig.path(pair, recognizer: 0) == [.failed])
        #expect(rig.reason(pair, recognizer: 0) == .detached)
        #expect(rig.path(pair, recognizer: 1) == [.failed])
        #expect(rig.reason(pair, recognizer: 1) == .lostToAnotherGesture)
        #expect(rig.engine.diagnostics.impossibleTransitions == 0)
        #expect(rig.engine.isIdle)
    }

    @Test func aSequenceUnblockedWhileItsFirstFailsDoesNotGrantIt() {
        let rig = Rig()
        let blocker = rig.engine.attach(SwipeGesture())
        let sequence = rig.engine.attach(DragGesture().sequenced(before: TapGesture()))
        rig.engine.requireFailure(of: blocker, before: sequence)
        Self.onEachUpdate(of: rig) { [unowned rig] update in
            // While the drag's failure is on its way to the sequence, the blocker goes: the arena looks at the
            // sequence's claim again.
            if update.attachment == sequence && update.phase == .failed && update.recognizer == 0 {
                rig.engine.detach(blocker)
            }
        }
        // One finger drags (its claim waits for the swipe); a second finger makes too many for the drag.
        rig.stroke([(20, 50)], by: (5, 0), at: 0, duration: 100, lift: false)
        rig.down(1, 60, 50, at: 120)
        rig.frame(at: 120)
        rig.up(0, at: 140)
        rig.up(1, at: 140)
        rig.frame(at: 140)
        #expect(rig.path(sequence, recognizer: 0) == [.failed])
        #expect(rig.reason(sequence, recognizer: 0) == .wrongFingerCount)
        #expect(rig.engine.diagnostics.impossibleTransitions == 0)
        #expect(rig.engine.isIdle)
    }

    @Test func aLongPressDetachedFromItsOwnOnChangedAsItBeginsPressingFailsOnce() {
        let rig = Rig()
        var press: AttachmentID?
        var pressingChanges: [Bool] = []
        press = rig.engine.attach(LongPressGesture().onPressingChanged { pressingChanges.append($0) }
            .onChanged { [unowned rig] _ in if let press { rig.engine.detach(press) } })
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 1000)
        #expect(rig.path(press!) == [.failed])
        #expect(rig.reason(press!) == .detached)
        #expect(pressingChanges == [true, false])
        #expect(rig.engine.diagnostics.impossibleTransitions == 0)
        rig.up(0, at: 1100)
        rig.frame(at: 1100)
        #expect(rig.engine.isIdle)
    }

    @Test func aTapOrLongPressDetachedAsTheTapYieldsDoesNotRecognizeTheLongPress() {
        let rig = Rig()
        let pair = rig.engine.attach(TapGesture(count: 2).exclusively(before: LongPressGesture()))
        Self.onEachUpdate(of: rig) { [unowned rig] update in
            if update.attachment == pair && update.recognizer == 0 && update.phase == .failed { rig.engine.detach(pair) }
        }
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 1000)
        #expect(rig.path(pair, recognizer: 0) == [.failed])
        #expect(rig.reason(pair, recognizer: 0) == .lostToAnotherGesture)
        #expect(rig.path(pair, recognizer: 1) == [.failed])
        #expect(rig.reason(pair, recognizer: 1) == .detached)
        #expect(rig.engine.diagnostics.impossibleTransitions == 0)
        rig.up(0, at: 1100)
        rig.frame(at: 1100)
        #expect(rig.engine.isIdle)
    }

    @Test func aBindingDetachedFromTheRawTouchCallbackReleasesItsWithheldTouchesInOrder() {
        let rig = Rig()
        let binding = rig.engine.attach(SwipeGesture(fingers: 3), priority: .high, policy: .withhold)
        var seen: [RawTouchDecision] = []
        rig.engine.onRawTouch = { [unowned rig] decision in
            seen.append(decision)
            // The host drops its binding when the first withheld event reaches it.
            if case .withhold = decision, rig.engine.isAttached(binding) { rig.engine.detach(binding) }
        }
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.move(0, 51, 50, at: 10)
        rig.frame(at: 10)
        let down = TouchEvent.down(0, Rig.normalized(50, 50))
        #expect(seen == [
            .withhold(Rig.screen, down, at: .zero),
            .deliver(Rig.screen, down, at: .zero),
            .deliver(Rig.screen, .frame, at: .zero),
            .deliver(Rig.screen, .motion(0, Rig.normalized(51, 50)), at: .milliseconds(10)),
            .deliver(Rig.screen, .frame, at: .milliseconds(10)),
        ])
        #expect(rig.engine.diagnostics.impossibleTransitions == 0)
    }
}
