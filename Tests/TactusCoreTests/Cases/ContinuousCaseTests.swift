// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// Arbitration cases 9–14 of docs/arbitration.md: continuous gestures.
@Suite struct ContinuousCaseTests {
    @Test func case09_dragBeginsAtTheThresholdChangesEveryFrameAndEndsWithAPrediction() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture())
        // 30 mm to the right in 250 ms at 120 Hz: 1 mm per frame, 120 mm/s.
        rig.stroke([(20, 50)], by: (30, 0), at: 0, duration: 250)
        #expect(rig.path(drag) == [.began, .changed, .ended])
        let began = rig.first(.began, of: drag)?.drag
        #expect(began?.translation == Vector(dx: 40, dy: 0))  // 4 mm: the first frame past 3 mm
        let changes = rig.phases(drag).filter { $0 == .changed }.count
        #expect(changes == 26)  // frames 5…30, and the lift frame
        let end = rig.last(drag)?.drag
        #expect(end?.startLocation == Point(x: 200, y: 500))
        #expect(end?.location == Point(x: 500, y: 500))
        #expect(abs((end?.velocity.dx ?? 0) - 1200) < 60)
        let glide = (end?.velocity.dx ?? 0) * DragGesture.decelerationHorizon
        #expect(abs((end?.predictedEndTranslation.dx ?? 0) - (300 + glide)) < 1e-9)
        #expect(rig.engine.isIdle)
    }

    @Test func case10_dragBeatsAFlickWhenExclusiveAndBothRunWhenSimultaneous() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture())
        let swipe = rig.engine.attach(SwipeGesture())
        rig.stroke([(20, 50)], by: (40, 0), at: 0, duration: 100)
        #expect(rig.path(drag) == [.began, .changed, .ended])
        #expect(rig.path(swipe) == [.failed])
        #expect(rig.reason(swipe) == .lostToAnotherGesture)

        let together = Rig()
        let drag2 = together.engine.attach(DragGesture())
        let swipe2 = together.engine.attach(SwipeGesture(), priority: .simultaneous)
        together.stroke([(20, 50)], by: (40, 0), at: 0, duration: 100)
        #expect(together.path(drag2) == [.began, .changed, .ended])
        #expect(together.path(swipe2) == [.recognized])
        #expect(together.last(swipe2)?.swipe?.direction == .right)
        #expect(together.last(swipe2)?.time == .milliseconds(100))
        #expect(together.engine.isIdle)
    }

    @Test func case11_pinchAndRotateSimultaneouslyBothReportEveryFrame() {
        let rig = Rig()
        let pinch = rig.engine.attach(MagnifyGesture())
        let rotate = rig.engine.attach(RotateGesture())
        rig.engine.recognizeSimultaneously(pinch, with: rotate)
        rig.pinch(center: (50, 50), radius: 10, to: 20, turning: 45, at: 0, duration: 500)
        #expect(rig.path(pinch) == [.began, .changed, .ended])
        #expect(rig.path(rotate) == [.began, .changed, .ended])
        let pinchFrames = rig.updates.filter { $0.attachment == pinch && $0.phase == .changed }.map(\.time)
        let rotateFrames = rig.updates.filter { $0.attachment == rotate && $0.phase == .changed }.map(\.time)
        let later = max(rig.first(.began, of: pinch)!.time, rig.first(.began, of: rotate)!.time)
        #expect(pinchFrames.filter { $0 > later } == rotateFrames.filter { $0 > later })
        #expect(abs((rig.last(pinch)?.magnify?.magnification ?? 0) - 2) < 1e-6)
        #expect(abs((rig.last(rotate)?.rotate?.rotation ?? 0) - 45) < 1e-6)
        #expect(rig.engine.isIdle)
    }

    @Test func case11_pinchAndRotateExclusivelyTheFirstToCrossWins() {
        let rig = Rig()
        let pinch = rig.engine.attach(MagnifyGesture())
        let rotate = rig.engine.attach(RotateGesture())
        // Mostly turning: 40° while the span grows by 5 %.
        rig.pinch(center: (50, 50), radius: 10, to: 10.5, turning: 40, at: 0, duration: 400)
        #expect(rig.path(rotate) == [.began, .changed, .ended])
        #expect(rig.path(pinch) == [.failed])
        #expect(rig.reason(pinch) == .lostToAnotherGesture)
        rig.clearRecords()
        // Mostly spreading: ×1.6 while turning 3°.
        rig.pinch(center: (50, 50), radius: 10, to: 16, turning: 3, at: 1000, duration: 400)
        #expect(rig.path(pinch) == [.began, .changed, .ended])
        #expect(rig.path(rotate) == [.failed])
        #expect(rig.engine.isIdle)
    }

    @Test func case12_aTwoFingerPanBeatsAJitteryPinchAndRotate() {
        let rig = Rig()
        let pan = rig.engine.attach(DragGesture(fingers: 2))
        let pinch = rig.engine.attach(MagnifyGesture())
        let rotate = rig.engine.attach(RotateGesture())
        // Two fingers 20 mm apart scroll 30 mm down; their spacing wobbles by up to 4 % and 2°.
        rig.down(0, 40, 30, at: 0)
        rig.down(1, 60, 30, at: 0)
        rig.frame(at: 0)
        for step in 1...30 {
            let t = Double(step) * 10
            let wobble = (step % 2 == 0 ? 0.4 : -0.4)
            rig.move(0, 40 - wobble, 30 + Double(step) + wobble * 0.3, at: t)
            rig.move(1, 60 + wobble, 30 + Double(step), at: t)
            rig.frame(at: t)
        }
        rig.up(0, at: 310)
        rig.up(1, at: 310)
        rig.frame(at: 310)
        #expect(rig.path(pan) == [.began, .changed, .ended])
        #expect(rig.path(pinch) == [.failed])
        #expect(rig.path(rotate) == [.failed])
        #expect(rig.reason(pinch) == .lostToAnotherGesture)
        #expect(!rig.updates.contains { $0.attachment == pinch && $0.phase == .began })
        #expect(rig.engine.isIdle)
    }

    @Test func case13_aLateSecondFingerStillPinchesAndAnEarlyLiftDoesNotJump() {
        let rig = Rig()
        let pinch = rig.engine.attach(MagnifyGesture())
        rig.down(0, 40, 50, at: 0)
        rig.frame(at: 0)
        rig.move(0, 38, 50, at: 100)  // the first finger moves 2 mm alone
        rig.frame(at: 100)
        rig.down(1, 58, 50, at: 150)  // span 20 mm from here on
        rig.frame(at: 150)
        for step in 1...10 {
            let t = 150 + Double(step) * 10
            rig.move(0, 38 - Double(step), 50, at: t)
            rig.move(1, 58 + Double(step), 50, at: t)
            rig.frame(at: t)
        }
        #expect(rig.path(pinch) == [.began, .changed])
        #expect(abs((rig.last(pinch)?.magnify?.magnification ?? 0) - 2) < 1e-9)
        rig.up(0, at: 300)
        rig.up(1, at: 300)
        rig.frame(at: 300)
        #expect(rig.path(pinch) == [.began, .changed, .ended])
        rig.clearRecords()

        let three = rig.engine.attach(MagnifyGesture(fingers: 3))
        rig.pinch(center: (50, 50), fingers: 3, radius: 10, to: 15, at: 1000, duration: 250, lift: false)
        #expect(rig.path(three) == [.began, .changed])
        let before = rig.last(three)?.magnify?.magnification ?? 0
        rig.up(2, at: 1260)
        rig.frame(at: 1260)
        #expect(rig.last(three)?.phase == .changed)
        #expect(rig.last(three)?.magnify?.fingers == 3)
        #expect(abs((rig.last(three)?.magnify?.magnification ?? 0) - before) < 1e-9)
        rig.up(0, at: 1300)
        rig.up(1, at: 1300)
        rig.frame(at: 1300)
        #expect(rig.path(three) == [.began, .changed, .ended])
        #expect(rig.engine.isIdle)
    }

    @Test func case14_touchpadAndTouchscreenGiveTheSameGestures() {
        let rig = Rig()
        let pinch = rig.engine.attach(MagnifyGesture())
        let swipe = rig.engine.attach(SwipeGesture(fingers: 3))
        rig.pinch(center: (50, 50), radius: 10, to: 15, at: 0, duration: 300)
        let screenPinch = rig.last(pinch)
        rig.send(.pinchBegin(Rig.touchpad, fingers: 2), at: 1000)
        for step in 1...10 {
            rig.send(.pinchUpdate(Rig.touchpad, delta: .zero, scale: 1 + 0.05 * Double(step), angleDelta: 0),
                     at: 1000 + Double(step) * 10)
        }
        rig.send(.pinchEnd(Rig.touchpad, cancelled: false), at: 1110)
        let padPinch = rig.last(pinch)
        #expect(screenPinch?.kind == .magnify && padPinch?.kind == .magnify)
        #expect(screenPinch?.phase == .ended && padPinch?.phase == .ended)
        #expect(abs((screenPinch?.magnify?.magnification ?? 0) - 1.5) < 1e-9)
        #expect(abs((padPinch?.magnify?.magnification ?? 0) - 1.5) < 1e-9)
        #expect(padPinch?.device == Rig.touchpad)

        rig.clearRecords()
        rig.stroke([(30, 40), (40, 40), (50, 40)], by: (-30, 0), at: 2000, duration: 150)
        let screenSwipe = rig.last(swipe)
        rig.send(.swipeBegin(Rig.touchpad, fingers: 3), at: 3000)
        for step in 1...15 { rig.send(.swipeUpdate(Rig.touchpad, delta: Vector(dx: -2, dy: 0)), at: 3000 + Double(step) * 10) }
        rig.send(.swipeEnd(Rig.touchpad, cancelled: false), at: 3150)
        let padSwipe = rig.last(swipe)
        #expect(screenSwipe?.phase == .recognized && padSwipe?.phase == .recognized)
        #expect(screenSwipe?.swipe?.direction == .left && padSwipe?.swipe?.direction == .left)
        #expect(screenSwipe?.swipe?.fingers == 3 && padSwipe?.swipe?.fingers == 3)
        #expect(rig.engine.isIdle)
    }
}
