// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// One test per `InputProblem`: the documented outcome, the counter, and nothing left running.
@Suite struct InputProblemTests {
    @Test func eventsForAnUnknownDeviceAreIgnored() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture())
        rig.send(.touchDown(DeviceID(42), contact: 0, position: Point(x: 0.5, y: 0.5)), at: 10)
        rig.send(.touchFrame(DeviceID(42)), at: 10)
        rig.send(.swipeBegin(DeviceID(42), fingers: 3), at: 20)
        rig.send(.deviceRemoved(DeviceID(42)), at: 30)
        #expect(rig.engine.diagnostics.count(of: .unknownDevice) == 4)
        #expect(rig.updates.isEmpty && rig.decisions.isEmpty)
        #expect(rig.phases(drag).isEmpty)
        #expect(rig.engine.isIdle)
    }

    @Test func eventsForARemovedDeviceAreIgnored() {
        let rig = Rig()
        let tap = rig.engine.attach(TapGesture())
        rig.send(.deviceRemoved(Rig.screen), at: 5)
        rig.tap([(50, 50)], at: 10)
        #expect(rig.engine.diagnostics.count(of: .unknownDevice) == 4)
        #expect(rig.phases(tap).isEmpty)
        #expect(rig.engine.isIdle)
    }

    @Test func touchEventsOnATouchpadAndGestureEventsOnATouchscreenAreIgnored() {
        let rig = Rig()
        let swipe = rig.engine.attach(SwipeGesture(fingers: 3))
        rig.send(.touchDown(Rig.touchpad, contact: 0, position: Point(x: 0.5, y: 0.5)), at: 10)
        rig.send(.swipeBegin(Rig.screen, fingers: 3), at: 20)
        rig.send(.swipeUpdate(Rig.screen, delta: Vector(dx: -20, dy: 0)), at: 30)
        #expect(rig.engine.diagnostics.count(of: .wrongDeviceKind) == 3)
        #expect(rig.phases(swipe).isEmpty)
        #expect(rig.engine.isIdle)
    }

    @Test func motionAndUpForAContactThatIsNotDownAreIgnoredAndDropped() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture(), to: .surface(SurfaceID(1)))
        rig.scene = [(SurfaceID(1), Rect(x: 0, y: 0, width: 1000, height: 1000), nil)]
        rig.move(3, 50, 50, at: 10)
        rig.up(3, at: 20)
        #expect(rig.engine.diagnostics.count(of: .unknownContact) == 2)
        #expect(rig.decisions == [.drop(Rig.screen, .motion(3, Rig.normalized(50, 50)), at: .milliseconds(10)),
                                  .drop(Rig.screen, .up(3), at: .milliseconds(20))])
        // A real drag alongside a stray contact is not disturbed.
        rig.down(0, 20, 20, at: 100)
        rig.frame(at: 100)
        rig.move(7, 90, 90, at: 110)
        rig.move(0, 30, 20, at: 110)
        rig.frame(at: 110)
        rig.up(0, at: 120)
        rig.frame(at: 120)
        #expect(rig.path(drag) == [.began, .ended])
        #expect(rig.engine.diagnostics.count(of: .unknownContact) == 3)
        #expect(rig.engine.isIdle)
    }

    @Test func aSecondDownForAnActiveContactIsTakenAsMotion() {
        let rig = Rig()
        rig.scene = [(SurfaceID(1), Rect(x: 0, y: 0, width: 1000, height: 1000), nil)]
        let drag = rig.engine.attach(DragGesture(), to: .surface(SurfaceID(1)))
        rig.down(0, 20, 20, at: 0)
        rig.frame(at: 0)
        rig.down(0, 30, 20, at: 10)
        rig.frame(at: 10)
        #expect(rig.engine.diagnostics.count(of: .duplicateContact) == 1)
        #expect(rig.decisions.contains(.deliver(Rig.screen, .motion(0, Rig.normalized(30, 20)), at: .milliseconds(10))))
        #expect(rig.path(drag) == [.began])
        #expect(rig.first(.began, of: drag)?.drag?.translation == Vector(dx: 100, dy: 0))
        rig.up(0, at: 20)
        rig.frame(at: 20)
        #expect(rig.path(drag) == [.began, .ended])
        #expect(rig.engine.isIdle)
    }

    @Test func downsBeyondTheSlotLimitAreIgnored() {
        let rig = Rig(touchpad: false)
        rig.send(.deviceAdded(DeviceDescription(id: DeviceID(5), kind: .touchscreen, physicalSize: Size(width: 100, height: 100),
                                                outputRegion: Rect(x: 0, y: 0, width: 1000, height: 1000), slotLimit: 2)), at: 0)
        let pinch = rig.engine.attach(MagnifyGesture())
        rig.send(.touchDown(DeviceID(5), contact: 0, position: Point(x: 0.4, y: 0.5)), at: 10)
        rig.send(.touchDown(DeviceID(5), contact: 1, position: Point(x: 0.6, y: 0.5)), at: 10)
        rig.send(.touchDown(DeviceID(5), contact: 2, position: Point(x: 0.5, y: 0.6)), at: 10)
        rig.send(.touchFrame(DeviceID(5)), at: 10)
        #expect(rig.engine.diagnostics.count(of: .tooManyContacts) == 1)
        #expect(rig.decisions.contains(.drop(DeviceID(5), .down(2, Point(x: 0.5, y: 0.6)), at: .milliseconds(10))))
        // The two tracked fingers still pinch; motion of the ignored one is an unknown contact.
        rig.send(.touchMotion(DeviceID(5), contact: 0, position: Point(x: 0.3, y: 0.5)), at: 20)
        rig.send(.touchMotion(DeviceID(5), contact: 1, position: Point(x: 0.7, y: 0.5)), at: 20)
        rig.send(.touchMotion(DeviceID(5), contact: 2, position: Point(x: 0.5, y: 0.7)), at: 20)
        rig.send(.touchFrame(DeviceID(5)), at: 20)
        #expect(rig.path(pinch) == [.began])
        #expect(abs((rig.last(pinch)?.magnify?.magnification ?? 0) - 2) < 1e-9)
        #expect(rig.engine.diagnostics.count(of: .unknownContact) == 1)
        for id in 0..<3 { rig.send(.touchUp(DeviceID(5), contact: ContactID(id)), at: 30) }
        rig.send(.touchFrame(DeviceID(5)), at: 30)
        #expect(rig.path(pinch) == [.began, .ended])
        #expect(rig.engine.isIdle)
    }

    @Test func nonFiniteValuesAreIgnored() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture())
        let pinch = rig.engine.attach(MagnifyGesture())
        rig.send(.touchDown(Rig.screen, contact: 0, position: Point(x: .nan, y: 0.5)), at: 0)
        rig.down(1, 20, 20, at: 10)
        rig.frame(at: 10)
        rig.send(.touchMotion(Rig.screen, contact: 1, position: Point(x: .infinity, y: 0.2)), at: 20)
        rig.frame(at: 20)
        rig.up(1, at: 30)
        rig.frame(at: 30)
        #expect(rig.path(drag) == [.failed])
        #expect(rig.reason(drag) == .movedTooLittle)
        rig.send(.pinchBegin(Rig.touchpad, fingers: 2), at: 100)
        rig.send(.pinchUpdate(Rig.touchpad, delta: .zero, scale: .nan, angleDelta: 0), at: 110)
        rig.send(.pinchUpdate(Rig.touchpad, delta: Vector(dx: .nan, dy: 0), scale: 1.5, angleDelta: 0), at: 120)
        rig.send(.pinchUpdate(Rig.touchpad, delta: .zero, scale: 1, angleDelta: .infinity), at: 130)
        rig.send(.pinchUpdate(Rig.touchpad, delta: .zero, scale: -2, angleDelta: 0), at: 140)
        rig.send(.pinchEnd(Rig.touchpad, cancelled: false), at: 150)
        #expect(rig.path(pinch) == [.failed, .failed])
        #expect(rig.engine.diagnostics.count(of: .nonFiniteValue) == 6)
        #expect(rig.decisions.contains(.drop(Rig.screen, .down(0, Point(x: .nan, y: 0.5)), at: .zero)) == false)
        #expect(rig.decisions.filter { if case .drop = $0 { true } else { false } }.count == 2)
        #expect(rig.engine.isIdle)
    }

    @Test func positionsOutsideTheDeviceAreClamped() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture())
        rig.send(.touchDown(Rig.screen, contact: 0, position: Point(x: 0.9, y: 0.5)), at: 0)
        rig.frame(at: 0)
        rig.send(.touchMotion(Rig.screen, contact: 0, position: Point(x: 1.4, y: 0.5)), at: 10)
        rig.frame(at: 10)
        rig.up(0, at: 20)
        rig.frame(at: 20)
        #expect(rig.engine.diagnostics.count(of: .positionOutsideDevice) == 1)
        #expect(rig.last(drag)?.drag?.translation == Vector(dx: 100, dy: 0))
        #expect(rig.last(drag)?.drag?.location == Point(x: 1000, y: 500))
        #expect(rig.engine.isIdle)
    }

    @Test func timeGoingBackwardsIsHandledAtTheLastTime() {
        let rig = Rig()
        let press = rig.engine.attach(LongPressGesture())
        rig.down(0, 50, 50, at: 1000)
        rig.frame(at: 1000)
        rig.up(0, at: 200)  // 800 ms in the past
        rig.frame(at: 200)
        #expect(rig.engine.diagnostics.count(of: .timeWentBackwards) == 2)
        #expect(rig.path(press) == [.failed])
        #expect(rig.reason(press) == .tooShort)
        #expect(rig.last(press)?.time == .milliseconds(1000))
        #expect(rig.engine.isIdle)
    }

    @Test func timesBeforeZeroAreHandledAtZero() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture())
        // Times near Int64's lower end: a velocity window reaching back from them would overflow.
        for (step, x) in [0.5, 0.55, 0.6, 0.65].enumerated() {
            let time = Timestamp(microseconds: Int64.min + Int64(step) * 10_000)
            let event: InputEvent = step == 0 ? .touchDown(Rig.screen, contact: 0, position: Point(x: x, y: 0.5))
                : .touchMotion(Rig.screen, contact: 0, position: Point(x: x, y: 0.5))
            rig.engine.handle(event, at: time)
            rig.engine.handle(.touchFrame(Rig.screen), at: time)
        }
        rig.engine.advance(to: Timestamp(microseconds: Int64.min))
        #expect(rig.engine.diagnostics.count(of: .timeBeforeZero) == 9)
        #expect(rig.engine.diagnostics.count(of: .timeWentBackwards) == 0)
        #expect(rig.path(drag) == [.began, .changed])
        let value = rig.last(drag)?.drag
        #expect(value?.time == .zero)
        #expect(value?.translation == Vector(dx: 150, dy: 0))
        #expect(value.map { $0.velocity.dx.isFinite && $0.velocity.dy.isFinite } == true)
        rig.send(.touchCancel(Rig.screen), at: 1)
        #expect(rig.engine.isIdle)
    }

    @Test func slotLimitsOutsideOneToTheMaximumAreClamped() {
        let rig = Rig(touchpad: false)
        // Int.max slots once asked for an allocation of that many contacts.
        rig.send(.deviceAdded(DeviceDescription(id: DeviceID(5), kind: .touchscreen, slotLimit: .max)), at: 0)
        rig.send(.deviceAdded(DeviceDescription(id: DeviceID(6), kind: .touchscreen, slotLimit: 0)), at: 0)
        rig.send(.deviceAdded(DeviceDescription(id: DeviceID(7), kind: .touchscreen, slotLimit: -3)), at: 0)
        #expect(rig.engine.diagnostics.count(of: .invalidSlotLimit) == 3)
        for contact in 0...DeviceDescription.maximumSlotLimit {
            rig.send(.touchDown(DeviceID(5), contact: ContactID(contact), position: Point(x: 0.5, y: 0.5)), at: 10)
        }
        rig.send(.touchDown(DeviceID(6), contact: 0, position: Point(x: 0.5, y: 0.5)), at: 10)
        rig.send(.touchDown(DeviceID(6), contact: 1, position: Point(x: 0.5, y: 0.5)), at: 10)
        // The 129th finger on the first screen and the second on the one-slot screen are beyond the limits.
        #expect(rig.engine.diagnostics.count(of: .tooManyContacts) == 2)
        rig.send(.touchCancel(DeviceID(5)), at: 20)
        rig.send(.touchCancel(DeviceID(6)), at: 20)
        #expect(rig.engine.isIdle)
    }

    @Test func touchpadUpdatesAndEndsWithoutABeginAreIgnored() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture(fingers: 3))
        rig.send(.swipeUpdate(Rig.touchpad, delta: Vector(dx: 10, dy: 0)), at: 10)
        rig.send(.pinchEnd(Rig.touchpad, cancelled: false), at: 20)
        rig.send(.swipeBegin(Rig.touchpad, fingers: 3), at: 30)
        rig.send(.pinchUpdate(Rig.touchpad, delta: .zero, scale: 2, angleDelta: 0), at: 40)
        rig.send(.holdEnd(Rig.touchpad, cancelled: false), at: 50)
        #expect(rig.engine.diagnostics.count(of: .touchpadUpdateWithoutBegin) == 4)
        rig.send(.swipeUpdate(Rig.touchpad, delta: Vector(dx: 10, dy: 0)), at: 60)
        rig.send(.swipeEnd(Rig.touchpad, cancelled: false), at: 70)
        #expect(rig.path(drag) == [.began, .ended])
        #expect(rig.engine.isIdle)
    }

    @Test func aTouchpadBeginWhileAStreamRunsCancelsTheRunningOne() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture(fingers: 3))
        let pinch = rig.engine.attach(MagnifyGesture())
        rig.send(.swipeBegin(Rig.touchpad, fingers: 3), at: 10)
        rig.send(.swipeUpdate(Rig.touchpad, delta: Vector(dx: 10, dy: 0)), at: 20)
        rig.send(.pinchBegin(Rig.touchpad, fingers: 2), at: 30)
        #expect(rig.engine.diagnostics.count(of: .touchpadBeginWithoutEnd) == 1)
        // The drag was cancelled with the swipe; its fresh attempt on the pinch stream cannot be a drag.
        #expect(rig.updates.filter { $0.attachment == drag }.map(\.phase) == [.began, .cancelled, .failed])
        #expect(rig.updates.filter { $0.attachment == drag }.map(\.reason) == [nil, .cancelledByInput, .unsupportedInput])
        rig.send(.pinchUpdate(Rig.touchpad, delta: .zero, scale: 1.5, angleDelta: 0), at: 40)
        rig.send(.pinchEnd(Rig.touchpad, cancelled: false), at: 50)
        #expect(rig.path(pinch, recognizer: 0).suffix(2) == [.began, .ended])
        #expect(rig.engine.isIdle)
    }

    @Test func touchpadFingerCountsOutsideOneToTenAreIgnored() {
        let rig = Rig()
        let hold = rig.engine.attach(HoldGesture())
        rig.send(.holdBegin(Rig.touchpad, fingers: 0), at: 10)
        rig.send(.swipeBegin(Rig.touchpad, fingers: 11), at: 20)
        rig.send(.pinchBegin(Rig.touchpad, fingers: -1), at: 30)
        #expect(rig.engine.diagnostics.count(of: .invalidFingerCount) == 3)
        rig.send(.holdEnd(Rig.touchpad, cancelled: false), at: 40)
        #expect(rig.engine.diagnostics.count(of: .touchpadUpdateWithoutBegin) == 1)
        #expect(rig.phases(hold).isEmpty)
        #expect(rig.engine.isIdle)
    }

    @Test func touchEventsWithoutAFrameAreRecognizedWhenALaterEventArrives() {
        let rig = Rig()
        let tap = rig.engine.attach(TapGesture())
        rig.down(0, 50, 50, at: 10)
        rig.up(0, at: 60)
        rig.send(.modifiers([]), at: 100)
        #expect(rig.engine.diagnostics.count(of: .missingFrame) == 2)
        #expect(rig.path(tap) == [.recognized])
        #expect(rig.last(tap)?.time == .milliseconds(60))
        #expect(rig.engine.isIdle)
    }

    @Test func aDeviceWithoutSizeAssumes96Dpi() {
        let rig = Rig(touchpad: false)
        rig.send(.deviceAdded(DeviceDescription(id: DeviceID(5), kind: .touchscreen,
                                                outputRegion: Rect(x: 0, y: 0, width: 960, height: 540))), at: 0)
        #expect(rig.engine.diagnostics.count(of: .assumedPhysicalSize) == 1)
        let drag = rig.engine.attach(DragGesture())
        // 12 px at 96 dpi is 3.175 mm: just past the 3 mm slop.
        rig.send(.touchDown(DeviceID(5), contact: 0, position: Point(x: 0.5, y: 0.5)), at: 10)
        rig.send(.touchFrame(DeviceID(5)), at: 10)
        rig.send(.touchMotion(DeviceID(5), contact: 0, position: Point(x: 0.5 + 11 / 960.0, y: 0.5)), at: 20)
        rig.send(.touchFrame(DeviceID(5)), at: 20)
        #expect(rig.phases(drag).isEmpty)
        rig.send(.touchMotion(DeviceID(5), contact: 0, position: Point(x: 0.5 + 12 / 960.0, y: 0.5)), at: 30)
        rig.send(.touchFrame(DeviceID(5)), at: 30)
        #expect(rig.path(drag) == [.began])
        rig.send(.touchCancel(DeviceID(5)), at: 40)
        #expect(rig.engine.isIdle)
    }

    @Test func aPhysicalSizeBeyondPlausibleSidesAssumes96Dpi() {
        let rig = Rig(touchpad: false)
        // A denormal side once made millimetres per pixel infinite, and gesture values infinite or NaN.
        rig.send(.deviceAdded(DeviceDescription(id: DeviceID(5), kind: .touchscreen,
                                                physicalSize: Size(width: 300, height: .leastNonzeroMagnitude),
                                                outputRegion: Rect(x: 0, y: 0, width: 960, height: 540))), at: 0)
        rig.send(.deviceAdded(DeviceDescription(id: DeviceID(6), kind: .touchscreen,
                                                physicalSize: Size(width: 1e300, height: 200))), at: 0)
        #expect(rig.engine.diagnostics.count(of: .assumedPhysicalSize) == 2)
        let drag = rig.engine.attach(DragGesture())
        rig.send(.touchDown(DeviceID(5), contact: 0, position: Point(x: 0.5, y: 0.5)), at: 10)
        rig.send(.touchFrame(DeviceID(5)), at: 10)
        rig.send(.touchMotion(DeviceID(5), contact: 0, position: Point(x: 0.6, y: 0.6)), at: 20)
        rig.send(.touchFrame(DeviceID(5)), at: 20)
        #expect(rig.path(drag) == [.began])
        let value = rig.last(drag)?.drag
        #expect(abs((value?.translation.dx ?? 0) - 96) < 1e-9 && abs((value?.translation.dy ?? 0) - 54) < 1e-9)
        #expect(value.map { $0.velocity.dx.isFinite && $0.velocity.dy.isFinite } == true)
        rig.send(.touchCancel(DeviceID(5)), at: 30)
        #expect(rig.engine.isIdle)
    }

    @Test func aDeviceWithAnUnusableOutputRegionGetsAOnePixelRegion() {
        let rig = Rig(touchpad: false)
        rig.send(.deviceAdded(DeviceDescription(id: DeviceID(5), kind: .touchscreen, physicalSize: Size(width: 100, height: 100),
                                                outputRegion: Rect(x: .nan, y: 0, width: -5, height: 0))), at: 0)
        // Sides below a pixel, down to denormal ones, divide by next to nothing.
        rig.send(.deviceAdded(DeviceDescription(id: DeviceID(6), kind: .touchscreen, physicalSize: Size(width: 100, height: 100),
                                                outputRegion: Rect(x: 0, y: 0, width: .leastNonzeroMagnitude * 2000, height: 0.5))), at: 0)
        #expect(rig.engine.diagnostics.count(of: .invalidOutputRegion) == 2)
        let tap = rig.engine.attach(TapGesture())
        rig.send(.touchDown(DeviceID(5), contact: 0, position: Point(x: 0.5, y: 0.5)), at: 10)
        rig.send(.touchFrame(DeviceID(5)), at: 10)
        rig.send(.touchUp(DeviceID(5), contact: 0), at: 20)
        rig.send(.touchFrame(DeviceID(5)), at: 20)
        #expect(rig.last(tap)?.tap?.location == Point(x: 0.5, y: 0.5))
        #expect(rig.engine.isIdle)
    }

    @Test func addingAnotherDeviceUnderAPresentIdReplacesItAndCancelsWhatItHadInFlight() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture())
        rig.stroke([(20, 20)], by: (10, 0), at: 0, duration: 100, lift: false)
        var smaller = Rig.screenDescription
        smaller.physicalSize = Size(width: 100, height: 60)
        rig.send(.deviceAdded(smaller), at: 150)
        #expect(rig.engine.diagnostics.count(of: .deviceReplaced) == 1)
        #expect(rig.path(drag) == [.began, .changed, .cancelled])
        #expect(rig.reason(drag) == .deviceRemoved)
        // The old contact is gone with the old device; the new device works.
        rig.up(0, at: 160)
        #expect(rig.engine.diagnostics.count(of: .unknownContact) == 1)
        rig.stroke([(20, 20)], by: (10, 0), at: 300, duration: 100)
        #expect(rig.path(drag) == [.began, .changed, .cancelled, .began, .changed, .ended])
        #expect(rig.engine.isIdle)
    }

    @Test func aDeviceAddedAgainOnAnotherOutputMovesThereAndKeepsWhatIsInFlight() throws {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture())
        rig.stroke([(20, 20)], by: (10, 0), at: 0, duration: 100, lift: false)
        let before = try #require(rig.last(drag)?.drag?.location)
        var moved = Rig.screenDescription
        moved.outputRegion.origin.x += 2000
        rig.send(.deviceAdded(moved), at: 150)
        rig.send(.deviceAdded(moved), at: 160)  // the same placement again: nothing changes
        rig.up(0, at: 200)
        rig.frame(at: 200)
        #expect(rig.path(drag) == [.began, .changed, .ended])
        #expect(rig.engine.diagnostics.count(of: .deviceReplaced) == 0)
        // From the move on, the device's points lie on the new output: 2000 pixels to the right.
        rig.stroke([(20, 20)], by: (10, 0), at: 300, duration: 100, lift: false)
        let after = try #require(rig.last(drag)?.drag?.location)
        #expect((1900...2100).contains(after.x - before.x) && abs(after.y - before.y) < 1)
        rig.up(0, at: 500)
        rig.frame(at: 500)
        #expect(rig.engine.isIdle)
    }

    @Test func aWithheldQueueThatOverflowsIsDeliveredInsteadOfGrowing() {
        let rig = Rig()
        rig.scene = [(SurfaceID(1), Rect(x: 0, y: 0, width: 1000, height: 1000), nil)]
        // A five-finger hold binding that withholds and never decides while four fingers rest.
        let binding = rig.engine.attach(LongPressGesture(minimumDuration: .milliseconds(100_000), maximumDistance: 50, fingers: 4),
                                        priority: .high, policy: .withhold)
        for id in 0..<4 { rig.down(ContactID(id), 20 + Double(id) * 10, 50, at: 0) }
        rig.frame(at: 0)
        var time = 0.0
        for step in 0..<1100 {
            time += 4
            for id in 0..<3 { rig.move(ContactID(id), 20 + Double(id) * 10, 50 + Double(step % 2) * 0.1, at: time) }
            rig.frame(at: time)
        }
        #expect(rig.engine.diagnostics.count(of: .withheldQueueOverflow) == 1)
        let withheld = rig.decisions.filter { if case .withhold = $0 { true } else { false } }.count
        #expect(withheld == 4096)
        let delivered = rig.decisions.filter { if case .deliver = $0 { true } else { false } }.count
        #expect(delivered == rig.touchEventsSent(to: Rig.screen) - withheld + withheld)
        #expect(rig.phases(binding).isEmpty)
        rig.send(.touchCancel(Rig.screen), at: time + 10)
        #expect(rig.path(binding) == [.failed])
        #expect(rig.decisions.last == .cancel(Rig.screen))
        #expect(rig.engine.isIdle)
    }
}

@Suite struct FrameTimingTests {
    @Test func aFrameLaterThanItsEventsIsNotAMissingFrame() {
        let rig = Rig()
        let tap = rig.engine.attach(TapGesture())
        rig.down(0, 50, 50, at: 10)
        rig.frame(at: 12)
        rig.up(0, at: 60)
        rig.frame(at: 61)
        #expect(rig.engine.diagnostics.count(of: .missingFrame) == 0)
        #expect(rig.path(tap) == [.recognized])
        #expect(rig.last(tap)?.time == .milliseconds(61))
    }
}
