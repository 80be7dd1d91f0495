// SPDX-License-Identifier: MIT
import Testing
import TactusCore

@Suite struct TargetTests {
    @Test func aRegionTargetTakesInteractionsThatStartInsideIt() {
        let rig = Rig()
        let corner = rig.engine.attach(TapGesture(), to: .region(Rect(x: 0, y: 0, width: 200, height: 200)))
        rig.tap([(10, 10)], at: 0)
        rig.tap([(50, 50)], at: 500)
        #expect(rig.phases(corner) == [.recognized])
        #expect(rig.last(corner)?.tap?.location == Point(x: 100, y: 100))
        #expect(rig.engine.isIdle)
    }

    @Test func anOutputEdgeTargetTakesOnlyItsBand() {
        let rig = Rig()
        let band = rig.engine.attach(TapGesture(), to: .outputEdge(.top, width: 4))
        rig.tap([(50, 3.9)], at: 0)
        rig.tap([(50, 4.1)], at: 500)
        #expect(rig.phases(band) == [.recognized])
    }

    @Test func touchpadGesturesGoToTheSurfaceUnderThePointerInItsCoordinates() {
        let rig = Rig()
        rig.scene = [(SurfaceID(3), Rect(x: 600, y: 100, width: 300, height: 300), nil)]
        let pinch = rig.engine.attach(MagnifyGesture(), to: .surface(SurfaceID(3)))
        rig.pointerLocation = Point(x: 100, y: 100)
        rig.send(.pinchBegin(Rig.touchpad, fingers: 2), at: 0)
        rig.send(.pinchUpdate(Rig.touchpad, delta: .zero, scale: 1.5, angleDelta: 0), at: 10)
        rig.send(.pinchEnd(Rig.touchpad, cancelled: false), at: 20)
        #expect(rig.phases(pinch).isEmpty)
        rig.pointerLocation = Point(x: 700, y: 250)
        rig.send(.pinchBegin(Rig.touchpad, fingers: 2), at: 100)
        rig.send(.pinchUpdate(Rig.touchpad, delta: .zero, scale: 1.5, angleDelta: 0), at: 110)
        rig.send(.pinchEnd(Rig.touchpad, cancelled: false), at: 120)
        #expect(rig.path(pinch) == [.began, .ended])
        #expect(rig.last(pinch)?.magnify?.anchor == Point(x: 100, y: 150))
        #expect(rig.engine.isIdle)
    }

    @Test func deviceKindsLimitWhichDevicesDriveAnAttachment() {
        let rig = Rig()
        let touchpadOnly = rig.engine.attach(SwipeGesture(fingers: 3), to: .layout,
                                             options: AttachmentOptions(deviceKinds: [.touchpad]))
        rig.stroke([(30, 50), (40, 50), (50, 50)], by: (-30, 0), at: 0, duration: 100)
        #expect(rig.phases(touchpadOnly).isEmpty)
        rig.send(.swipeBegin(Rig.touchpad, fingers: 3), at: 500)
        rig.send(.swipeUpdate(Rig.touchpad, delta: Vector(dx: -30, dy: 0)), at: 510)
        rig.send(.swipeEnd(Rig.touchpad, cancelled: false), at: 520)
        #expect(rig.path(touchpadOnly) == [.recognized])
    }

    @Test func gesturesAttachedMidInteractionJoinTheNextOne() {
        let rig = Rig()
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        let tap = rig.engine.attach(TapGesture())
        rig.up(0, at: 50)
        rig.frame(at: 50)
        #expect(rig.phases(tap).isEmpty)
        rig.tap([(50, 50)], at: 500)
        #expect(rig.path(tap) == [.recognized])
    }

    @Test func twoDevicesHaveTheirOwnArenas() {
        let rig = Rig()
        let second = DeviceID(3)
        rig.send(.deviceAdded(DeviceDescription(id: second, kind: .touchscreen, physicalSize: Size(width: 100, height: 100),
                                                outputRegion: Rect(x: 1000, y: 0, width: 1000, height: 1000))), at: 0)
        let drag = rig.engine.attach(DragGesture())
        rig.down(0, 20, 20, at: 10)
        rig.frame(at: 10)
        rig.send(.touchDown(second, contact: 0, position: Point(x: 0.2, y: 0.2)), at: 10)
        rig.send(.touchFrame(second), at: 10)
        for step in 1...5 {
            rig.move(0, 20 + Double(step) * 2, 20, at: 10 + Double(step) * 10)
            rig.frame(at: 10 + Double(step) * 10)
            rig.send(.touchMotion(second, contact: 0, position: Point(x: 0.2, y: 0.2 + Double(step) * 0.02)), at: 10 + Double(step) * 10)
            rig.send(.touchFrame(second), at: 10 + Double(step) * 10)
        }
        let screens = Set(rig.updates.filter { $0.attachment == drag && $0.phase == .began }.map(\.device))
        #expect(screens == [Rig.screen, second])
        let translation = rig.updates.last { $0.device == second }?.drag?.translation ?? .zero
        #expect((translation - Vector(dx: 0, dy: 100)).length < 1e-9)
        rig.send(.deviceRemoved(second), at: 100)
        rig.up(0, at: 100)
        rig.frame(at: 100)
        #expect(rig.updates.filter { $0.attachment == drag }.map(\.phase).filter { $0 != .changed }
                == [.began, .began, .cancelled, .ended])
        #expect(rig.engine.isIdle)
    }

    @Test func seatsAreKeptApartAndAnAttachmentForOneSeatTakesOnlyItsDevices() {
        let rig = Rig(touchpad: false)
        let other = DeviceID(3)
        rig.send(.deviceAdded(DeviceDescription(id: other, kind: .touchscreen, physicalSize: Size(width: 100, height: 100),
                                                outputRegion: Rect(x: 0, y: 0, width: 1000, height: 1000),
                                                seat: "seat1")), at: 0)
        let pinch = rig.engine.attach(MagnifyGesture())
        let firstSeatDrag = rig.engine.attach(DragGesture(), options: AttachmentOptions(seat: DeviceDescription.defaultSeat))
        let secondSeatDrag = rig.engine.attach(DragGesture(), options: AttachmentOptions(seat: "seat1"))
        // One finger on each seat's screen, moving apart as a pinch would: two drags, no pinch.
        rig.down(0, 40, 50, at: 10)
        rig.frame(at: 10)
        rig.send(.touchDown(other, contact: 0, position: Point(x: 0.6, y: 0.5)), at: 10)
        rig.send(.touchFrame(other), at: 10)
        for step in 1...10 {
            let t = 10 + Double(step) * 10
            rig.move(0, 40 - Double(step) * 2, 50, at: t)
            rig.frame(at: t)
            rig.send(.touchMotion(other, contact: 0, position: Point(x: 0.6 + Double(step) * 0.02, y: 0.5)), at: t)
            rig.send(.touchFrame(other), at: t)
        }
        rig.up(0, at: 120)
        rig.frame(at: 120)
        rig.send(.touchUp(other, contact: 0), at: 120)
        rig.send(.touchFrame(other), at: 120)
        #expect(rig.phases(pinch).filter { $0 == .began }.isEmpty)
        #expect(Set(rig.updates.filter { $0.attachment == firstSeatDrag }.map(\.device)) == [Rig.screen])
        #expect(Set(rig.updates.filter { $0.attachment == secondSeatDrag }.map(\.device)) == [other])
        #expect(rig.path(firstSeatDrag) == [.began, .changed, .ended])
        #expect(rig.path(secondSeatDrag) == [.began, .changed, .ended])
        #expect((rig.last(firstSeatDrag)?.drag?.translation ?? .zero).dx == -200)
        #expect((rig.last(secondSeatDrag)?.drag?.translation ?? .zero).dx == 200)
    }

    @Test func aDeviceMovedToAnotherSeatIsReplacedAndCancelsWhatItHadInFlight() {
        let rig = Rig(touchpad: false)
        let drag = rig.engine.attach(DragGesture(), options: AttachmentOptions(seat: DeviceDescription.defaultSeat))
        rig.stroke([(20, 20)], by: (20, 0), at: 0, duration: 100, lift: false)
        rig.send(.deviceAdded(DeviceDescription(id: Rig.screen, kind: .touchscreen, name: "test screen",
                                                physicalSize: Size(width: 100, height: 100),
                                                outputRegion: Rect(x: 0, y: 0, width: 1000, height: 1000),
                                                seat: "seat1")), at: 150)
        #expect(rig.path(drag) == [.began, .changed, .cancelled])
        rig.stroke([(20, 20)], by: (20, 0), at: 300, duration: 100)
        #expect(rig.path(drag) == [.began, .changed, .cancelled])
    }

    @Test func aStartAreaLimitsWhereOnItsSurfaceAnInteractionMayStart() {
        let rig = Rig()
        rig.scene = [(SurfaceID(3), Rect(x: 200, y: 200, width: 400, height: 400), nil)]
        // The surface's left half, in surface-local pixels.
        let leftHalf = rig.engine.attach(TapGesture(), to: .surface(SurfaceID(3)),
                                         options: AttachmentOptions(startArea: [Rect(x: 0, y: 0, width: 200, height: 400)]))
        rig.tap([(50, 30)], at: 0)      // layout (500, 300): surface (300, 100), outside the area
        rig.tap([(30, 30)], at: 500)    // layout (300, 300): surface (100, 100), inside
        #expect(rig.phases(leftHalf) == [.recognized])
        #expect(rig.last(leftHalf)?.tap?.location == Point(x: 100, y: 100))
    }

    @Test func aRetiredGestureFinishesItsInteractionThenTakesPartInNoOther() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture())
        rig.stroke([(20, 20)], by: (20, 0), at: 0, duration: 100, lift: false)
        rig.engine.retire(drag)
        #expect(rig.engine.isAttached(drag))
        rig.move(0, 50, 20, at: 150)
        rig.frame(at: 150)
        rig.up(0, at: 160)
        rig.frame(at: 160)
        #expect(rig.path(drag) == [.began, .changed, .ended])
        #expect(rig.last(drag)?.drag?.translation == Vector(dx: 300, dy: 0))
        #expect(!rig.engine.isAttached(drag))
        rig.stroke([(20, 20)], by: (20, 0), at: 500, duration: 100)
        #expect(rig.path(drag) == [.began, .changed, .ended])
        #expect(rig.engine.isIdle)
    }

    @Test func aRetiredGestureKeepsItsRelationsUntilItGoes() {
        let rig = Rig()
        let double = rig.engine.attach(TapGesture(count: 2))
        let single = rig.engine.attach(TapGesture())
        rig.engine.requireFailure(of: double, before: single)
        rig.tap([(50, 50)], at: 0)
        rig.engine.retire(double)   // the double tap still waits for its second tap: the single tap waits too
        rig.advance(to: 1000)
        #expect(rig.phases(double) == [.failed])
        #expect(rig.phases(single) == [.recognized])
        rig.clearRecords()
        rig.tap([(50, 50)], at: 2000)
        #expect(rig.phases(double).isEmpty)
        #expect(rig.phases(single) == [.recognized])
        #expect(rig.first(.recognized, of: single)?.time == Timestamp(microseconds: 2_060_000))
    }

    @Test func onlyTheSurfacesUnderTheFingerTakePartAndTheirGesturesKeepTheOrderAttached() {
        let rig = Rig()
        let window = SurfaceID(1), elsewhere = SurfaceID(2)
        rig.scene = [(surface: window, frame: Rect(x: 0, y: 0, width: 600, height: 1000), exclusion: nil),
                     (surface: elsewhere, frame: Rect(x: 600, y: 0, width: 400, height: 1000), exclusion: nil)]
        let onWindow = rig.engine.attach(DragGesture(), to: .surface(window), priority: .simultaneous)
        let onLayout = rig.engine.attach(DragGesture(), priority: .simultaneous)
        let onElsewhere = rig.engine.attach(DragGesture(), to: .surface(elsewhere), priority: .simultaneous)
        let alsoOnWindow = rig.engine.attach(DragGesture(), to: .surface(window), priority: .simultaneous)
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100)
        #expect(rig.phases(onElsewhere).isEmpty)
        // Every frame reports the running drags in the order they were attached, whatever their targets.
        let changes = rig.updates.filter { $0.phase == .changed }.map(\.attachment)
        #expect(changes.count == 3 * 8)
        #expect(changes.prefix(3) == [onWindow, onLayout, alsoOnWindow])
        #expect(changes == Array(Array(repeating: [onWindow, onLayout, alsoOnWindow], count: 8).joined()))
    }
}
