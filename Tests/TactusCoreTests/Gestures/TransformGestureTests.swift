// SPDX-License-Identifier: MIT
import Testing
import TactusCore

@Suite struct MagnifyTests {
    @Test(arguments: [(1.09, false), (1.11, true), (0.91, false), (0.89, true)])
    func aPinchBeginsAtATenthOfScale(scale: Double, begins: Bool) {
        let rig = Rig()
        let pinch = rig.engine.attach(MagnifyGesture())
        rig.pinch(center: (50, 50), radius: 10, to: 10 * scale, at: 0, duration: 100)
        #expect(rig.path(pinch) == (begins ? [.began, .changed, .ended] : [.failed]))
        if begins {
            #expect(abs((rig.last(pinch)?.magnify?.magnification ?? 0) - scale) < 1e-9)
        } else {
            #expect(rig.reason(pinch) == .movedTooLittle)
        }
    }

    @Test func theAnchorIsTheCentroidAndVelocityTheRateOfScale() {
        let rig = Rig()
        let pinch = rig.engine.attach(MagnifyGesture())
        // Span doubles over 500 ms: magnification grows by 2 per second.
        rig.pinch(center: (30, 70), radius: 10, to: 20, at: 0, duration: 500, lift: false)
        let value = rig.last(pinch)?.magnify
        #expect(((value?.anchor ?? .zero) - Point(x: 300, y: 700)).length < 1e-9)
        #expect(abs((value?.velocity ?? 0) - 2) < 0.05)
        #expect(value?.fingers == 2)
        rig.send(.touchCancel(Rig.screen), at: 600)
        #expect(rig.path(pinch) == [.began, .changed, .cancelled])
    }

    @Test func aFourFingerPinchWantsFourFingers() {
        let rig = Rig()
        let four = rig.engine.attach(MagnifyGesture(fingers: 4))
        let two = rig.engine.attach(MagnifyGesture(fingers: 2), priority: .simultaneous)
        rig.pinch(center: (50, 50), fingers: 4, radius: 10, to: 15, at: 0, duration: 200)
        #expect(rig.path(four) == [.began, .changed, .ended])
        #expect(rig.last(four)?.magnify?.fingers == 4)
        #expect(rig.reason(two) == .wrongFingerCount)
    }

    @Test func aTouchpadPinchReportsLibinputsScale() {
        let rig = Rig()
        let pinch = rig.engine.attach(MagnifyGesture())
        rig.pointerLocation = Point(x: 640, y: 360)
        rig.send(.pinchBegin(Rig.touchpad, fingers: 2), at: 0)
        let scales = [1.02, 1.05, 1.09, 1.12, 1.3, 1.7, 2.24]
        for (i, scale) in scales.enumerated() {
            rig.send(.pinchUpdate(Rig.touchpad, delta: Vector(dx: 0.5, dy: 0), scale: scale, angleDelta: 0), at: Double(i + 1) * 10)
        }
        rig.send(.pinchEnd(Rig.touchpad, cancelled: false), at: 80)
        #expect(rig.path(pinch) == [.began, .changed, .ended])
        #expect(rig.first(.began, of: pinch)?.magnify?.magnification == 1.12)
        #expect(rig.last(pinch)?.magnify?.magnification == 2.24)
        #expect(rig.last(pinch)?.magnify?.anchor == Point(x: 640 + 35, y: 360))
    }

    @Test func aCancelledTouchpadPinchIsCancelled() {
        let rig = Rig()
        let pinch = rig.engine.attach(MagnifyGesture())
        rig.send(.pinchBegin(Rig.touchpad, fingers: 2), at: 0)
        rig.send(.pinchUpdate(Rig.touchpad, delta: .zero, scale: 1.5, angleDelta: 0), at: 10)
        rig.send(.pinchEnd(Rig.touchpad, cancelled: true), at: 20)
        #expect(rig.path(pinch) == [.began, .cancelled])
        #expect(rig.reason(pinch) == .cancelledByInput)
        #expect(rig.engine.isIdle)
    }
}

@Suite struct RotateTests {
    @Test(arguments: [(4.9, false), (5.1, true), (-4.9, false), (-5.1, true)])
    func aRotationBeginsAtFiveDegrees(degrees: Double, begins: Bool) {
        let rig = Rig()
        let rotate = rig.engine.attach(RotateGesture())
        rig.pinch(center: (50, 50), radius: 15, to: 15, turning: degrees, at: 0, duration: 100)
        // Crossed on the last frame of motion: began there, ended at the lift.
        #expect(rig.path(rotate) == (begins ? [.began, .ended] : [.failed]))
        if begins { #expect(abs((rig.last(rotate)?.rotate?.rotation ?? 0) - degrees) < 1e-6) }
    }

    @Test func rotationIsCumulativePastAFullTurn() {
        let rig = Rig()
        let rotate = rig.engine.attach(RotateGesture())
        rig.pinch(center: (50, 50), radius: 15, to: 15, turning: 400, at: 0, duration: 1000)
        #expect(abs((rig.last(rotate)?.rotate?.rotation ?? 0) - 400) < 1e-6)
        #expect(abs((rig.last(rotate)?.rotate?.velocity ?? 0) - 400) < 20)
    }

    @Test func aFlippedDeviceTurnsTheOtherWay() {
        let rig = Rig(transform: DeviceTransform(flipped: true))
        let rotate = rig.engine.attach(RotateGesture())
        rig.pinch(center: (50, 50), radius: 15, to: 15, turning: 30, at: 0, duration: 200)
        #expect(abs((rig.last(rotate)?.rotate?.rotation ?? 0) + 30) < 1e-6)
    }

    @Test func aFingerLiftingEarlyFromAThreeFingerRotationDoesNotJump() {
        let rig = Rig()
        let rotate = rig.engine.attach(RotateGesture(fingers: 3))
        rig.pinch(center: (50, 50), fingers: 3, radius: 15, to: 15, turning: 20, at: 0, duration: 200, lift: false)
        let before = rig.last(rotate)?.rotate?.rotation ?? 0
        rig.up(1, at: 220)
        rig.frame(at: 220)
        #expect(abs((rig.last(rotate)?.rotate?.rotation ?? 0) - before) < 1e-9)
        #expect(rig.last(rotate)?.phase == .changed)
        rig.up(0, at: 240)
        rig.frame(at: 240)
        #expect(rig.path(rotate) == [.began, .changed, .ended])
        rig.up(2, at: 260)
        rig.frame(at: 260)
        #expect(rig.engine.isIdle)
    }

    @Test func aTouchpadRotationSumsLibinputsAngleDeltas() {
        let rig = Rig()
        let rotate = rig.engine.attach(RotateGesture())
        rig.send(.pinchBegin(Rig.touchpad, fingers: 2), at: 0)
        let deltas = [1.5, 2.0, 2.5, -0.5, 3.0, 4.0]
        for (i, delta) in deltas.enumerated() {
            rig.send(.pinchUpdate(Rig.touchpad, delta: .zero, scale: 1, angleDelta: delta), at: Double(i + 1) * 10)
        }
        rig.send(.pinchEnd(Rig.touchpad, cancelled: false), at: 70)
        #expect(rig.path(rotate) == [.began, .changed, .ended])
        #expect(rig.first(.began, of: rotate)?.rotate?.rotation == 6)
        #expect(rig.last(rotate)?.rotate?.rotation == 12.5)
    }
}

@Suite struct HoldTests {
    @Test(arguments: [(190.0, false), (210.0, true)])
    func aHoldBeginsAfterTwoHundredMilliseconds(rest: Double, begins: Bool) {
        let rig = Rig()
        let hold = rig.engine.attach(HoldGesture())
        rig.tap([(50, 50)], at: 0, hold: rest)
        #expect(rig.path(hold) == (begins ? [.began, .ended] : [.failed]))
        if begins {
            #expect(rig.first(.began, of: hold)?.time == .milliseconds(200))
        } else {
            #expect(rig.reason(hold) == .tooShort)
        }
    }

    @Test func movingCancelsARunningHold() {
        let rig = Rig()
        let hold = rig.engine.attach(HoldGesture(fingers: 2))
        rig.down(0, 40, 50, at: 0)
        rig.down(1, 60, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 300)
        #expect(rig.path(hold) == [.began])
        #expect(rig.last(hold)?.hold?.location == Point(x: 500, y: 500))
        rig.move(0, 44, 50, at: 310)
        rig.frame(at: 310)
        #expect(rig.path(hold) == [.began, .cancelled])
        #expect(rig.reason(hold) == .movedTooFar)
    }

    @Test func aTouchpadHoldBeginsAtOnceAndEndsWithTheFingers() {
        let rig = Rig()
        let hold = rig.engine.attach(HoldGesture(fingers: 3))
        rig.send(.holdBegin(Rig.touchpad, fingers: 3), at: 0)
        #expect(rig.path(hold) == [.began])
        rig.send(.holdEnd(Rig.touchpad, cancelled: false), at: 400)
        #expect(rig.path(hold) == [.began, .ended])
        rig.send(.holdBegin(Rig.touchpad, fingers: 3), at: 1000)
        rig.send(.holdEnd(Rig.touchpad, cancelled: true), at: 1100)
        #expect(rig.path(hold) == [.began, .ended, .began, .cancelled])
        rig.send(.holdBegin(Rig.touchpad, fingers: 2), at: 2000)
        #expect(rig.reason(hold) == .wrongFingerCount)
        rig.send(.holdEnd(Rig.touchpad, cancelled: false), at: 2100)
        #expect(rig.engine.isIdle)
    }
}
