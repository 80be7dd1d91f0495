// SPDX-License-Identifier: MIT
import Testing
import TactusCore

@Suite struct CompositionTests {
    @Test func exclusivelyPrefersTheFirstAndFallsBackToTheSecond() {
        let rig = Rig()
        var chosen: [String] = []
        let pair = rig.engine.attach(TapGesture(count: 2).exclusively(before: TapGesture()).onEnded { value in
            switch value {
            case .first(let tap): chosen.append("double \(tap.count)")
            case .second(let tap): chosen.append("single \(tap.count)")
            }
        })
        rig.tap([(50, 50)], at: 0)
        rig.tap([(50, 50)], at: 150)
        #expect(chosen == ["double 2"])
        #expect(rig.path(pair, recognizer: 0) == [.recognized])
        #expect(rig.path(pair, recognizer: 1) == [.failed])
        #expect(rig.reason(pair, recognizer: 1) == .lostToAnotherGesture)
        rig.advance(to: 1000)
        rig.clearRecords()
        rig.tap([(50, 50)], at: 2000)
        #expect(chosen == ["double 2"])
        rig.advance(to: 2400)
        #expect(chosen == ["double 2", "single 1"])
        #expect(rig.path(pair, recognizer: 0) == [.failed])
        #expect(rig.path(pair, recognizer: 1) == [.recognized])
        #expect(rig.last(pair, recognizer: 1)?.time == .milliseconds(2360))
        #expect(rig.engine.isIdle)
    }

    @Test func exclusivelyLetsAContinuousSecondBeginOnceTheFirstFails() {
        let rig = Rig()
        let pair = rig.engine.attach(LongPressGesture().exclusively(before: DragGesture()))
        rig.stroke([(20, 50)], by: (20, 0), at: 0, duration: 200)
        #expect(rig.path(pair, recognizer: 0) == [.failed])
        #expect(rig.reason(pair, recognizer: 0) == .movedTooFar)
        #expect(rig.path(pair, recognizer: 1) == [.began, .changed, .ended])
    }

    @Test func simultaneousValuesCarryBothAndEndWhenBothAreDone() {
        let rig = Rig()
        var seen: [(Double?, Double?)] = []
        var ended = 0
        rig.engine.attach(MagnifyGesture().simultaneously(with: RotateGesture())
            .onChanged { seen.append(($0.first?.magnification, $0.second?.rotation)) }
            .onEnded { _ in ended += 1 })
        rig.pinch(center: (50, 50), radius: 10, to: 15, turning: 30, at: 0, duration: 300)
        #expect(seen.first?.0 == nil || seen.first?.1 == nil)
        #expect(abs((seen.last?.0 ?? 0) - 1.5) < 1e-9)
        #expect(abs((seen.last?.1 ?? 0) - 30) < 1e-6)
        #expect(ended == 1)
    }

    @Test func aSimultaneousPairOfWhichOneFailsStillSucceeds() {
        let rig = Rig()
        var results: [SimultaneousValue<TapValue, LongPressValue>] = []
        rig.engine.attach(TapGesture().simultaneously(with: LongPressGesture()).onEnded { results.append($0) })
        rig.tap([(50, 50)], at: 0)
        #expect(results.count == 1)
        #expect(results.first?.first?.count == 1)
        #expect(results.first?.second == nil)
    }

    @Test func mapTransformsTheValues() {
        let rig = Rig()
        var scales: [Int] = []
        rig.engine.attach(MagnifyGesture().map { Int(($0.magnification * 100).rounded()) }.onEnded { scales.append($0) })
        rig.pinch(center: (50, 50), radius: 10, to: 13, at: 0, duration: 200)
        #expect(scales == [130])
    }

    @Test func gestureStateFollowsTheGestureAndResetsOnEndAndCancel() {
        let rig = Rig()
        let offset = GestureState(initialValue: 0.0)
        var during: [Double] = []
        rig.engine.attach(DragGesture().updating(offset) { value, state in state = value.translation.dx }
            .onChanged { _ in during.append(offset.wrappedValue) })
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100, lift: false)
        #expect(offset.wrappedValue == 100)
        #expect(during.last == 100)
        rig.up(0, at: 150)
        rig.frame(at: 150)
        #expect(offset.wrappedValue == 0)
        rig.stroke([(20, 50)], by: (10, 0), at: 500, duration: 100, lift: false)
        #expect(offset.wrappedValue == 100)
        rig.send(.touchCancel(Rig.screen), at: 650)
        #expect(offset.wrappedValue == 0)
        #expect(offset.initialValue == 0)
    }

    @Test func aSequenceWhoseSecondFailsIsCancelled() {
        let rig = Rig()
        var ended = 0
        let sequence = rig.engine.attach(LongPressGesture().sequenced(before: DragGesture()).onEnded { _ in ended += 1 })
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 600)
        rig.up(0, at: 700)
        rig.frame(at: 700)
        #expect(rig.path(sequence, recognizer: 0) == [.recognized])
        #expect(rig.path(sequence, recognizer: 1) == [.failed])
        #expect(rig.reason(sequence, recognizer: 1) == .movedTooLittle)
        #expect(ended == 0)
        #expect(rig.engine.isIdle)
    }

    @Test func detachingARunningGestureCancelsIt() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture())
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100, lift: false)
        rig.engine.detach(drag)
        #expect(rig.path(drag) == [.began, .changed, .cancelled])
        #expect(rig.reason(drag) == .detached)
        rig.up(0, at: 200)
        rig.frame(at: 200)
        #expect(rig.path(drag) == [.began, .changed, .cancelled])
        #expect(rig.engine.isIdle)
    }
}

@Suite struct DeviceMappingTests {
    @Test(arguments: [
        (DeviceTransform.Rotation.none, false, SwipeDirection.right),
        (.quarter, false, .down),
        (.half, false, .left),
        (.threeQuarters, false, .up),
        (.none, true, .left),
    ])
    func swipesAreReportedAsTheUserSeesTheOutput(rotation: DeviceTransform.Rotation, flipped: Bool, seen: SwipeDirection) {
        let rig = Rig(transform: DeviceTransform(rotation: rotation, flipped: flipped))
        let swipe = rig.engine.attach(SwipeGesture())
        // Along the device's own x axis.
        rig.stroke([(30, 50)], by: (30, 0), at: 0, duration: 100)
        #expect(rig.last(swipe)?.swipe?.direction == seen)
    }

    @Test func aDeviceMapsOntoItsOutputRegionInLayoutPixels() {
        let rig = Rig(touchpad: false)
        rig.send(.deviceAdded(DeviceDescription(id: DeviceID(5), kind: .touchscreen, physicalSize: Size(width: 200, height: 100),
                                                outputRegion: Rect(x: 1920, y: 0, width: 2000, height: 1000),
                                                transform: DeviceTransform(rotation: .half))), at: 0)
        let tap = rig.engine.attach(TapGesture())
        rig.send(.touchDown(DeviceID(5), contact: 0, position: Point(x: 0.25, y: 0.1)), at: 10)
        rig.send(.touchFrame(DeviceID(5)), at: 10)
        rig.send(.touchUp(DeviceID(5), contact: 0), at: 20)
        rig.send(.touchFrame(DeviceID(5)), at: 20)
        // Half a turn: device (0.25, 0.1) is output (0.75, 0.9).
        #expect(rig.last(tap)?.tap?.location == Point(x: 1920 + 1500, y: 900))
    }

    @Test func millimetreThresholdsHoldWhateverThePixelDensity() {
        // The same 3.1 mm stroke on a dense and on a sparse screen begins a drag on both.
        for (width, pixels) in [(100.0, 4000.0), (400.0, 800.0)] {
            let rig = Rig(touchpad: false)
            rig.send(.deviceAdded(DeviceDescription(id: DeviceID(5), kind: .touchscreen, physicalSize: Size(width: width, height: width),
                                                    outputRegion: Rect(x: 0, y: 0, width: pixels, height: pixels))), at: 0)
            let drag = rig.engine.attach(DragGesture())
            rig.send(.touchDown(DeviceID(5), contact: 0, position: Point(x: 0.5, y: 0.5)), at: 10)
            rig.send(.touchFrame(DeviceID(5)), at: 10)
            rig.send(.touchMotion(DeviceID(5), contact: 0, position: Point(x: 0.5 + 3.1 / width, y: 0.5)), at: 20)
            rig.send(.touchFrame(DeviceID(5)), at: 20)
            #expect(rig.path(drag) == [.began])
            #expect(abs((rig.last(drag)?.drag?.translation.dx ?? 0) - 3.1 * pixels / width) < 1e-6)
        }
    }
}

@Suite struct DeviceTransformTests {
    @Test(arguments: DeviceTransform.Rotation.allCases)
    func unapplyUndoesApply(rotation: DeviceTransform.Rotation) {
        for flipped in [false, true] {
            let transform = DeviceTransform(rotation: rotation, flipped: flipped)
            for p in [Point(x: 0.1, y: 0.7), Point(x: 0.9, y: 0.2), Point(x: 0.5, y: 0.5)] {
                let back = transform.unapply(transform.apply(p))
                #expect((back - p).length < 1e-12)
            }
        }
    }
}

@Suite struct AnyGestureTests {
    @Test func erasedGesturesComposeAndKeepTheirRules() {
        let rig = Rig()
        var values: [Any] = []
        let single = rig.engine.attach(AnyGesture(TapGesture()))
        let double = rig.engine.attach(AnyGesture(AnyGesture(TapGesture(count: 2))).onEnded { values.append($0) })
        let pair = rig.engine.attach(AnyGesture(MagnifyGesture()).simultaneously(with: AnyGesture(RotateGesture())))
        rig.tap([(50, 50)], at: 0)
        rig.tap([(50, 50)], at: 150)
        // The erased single tap still waits for the erased double tap (the tap rule sees through erasure).
        #expect(rig.path(single) == [.failed])
        #expect(rig.path(double) == [.recognized])
        #expect((values.first as? TapValue)?.count == 2)
        rig.clearRecords()
        rig.pinch(center: (50, 50), radius: 10, to: 15, turning: 20, at: 1000, duration: 200)
        #expect(rig.path(pair, recognizer: 0) == [.began, .changed, .ended])
        #expect(rig.path(pair, recognizer: 1) == [.began, .changed, .ended])
    }
}
