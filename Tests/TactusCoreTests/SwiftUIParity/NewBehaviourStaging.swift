import Testing
import TactusCore

// MARK: long press (to LongPressParityTests)

@Suite struct LongPressParityTestsStaging {
    // SwiftUI: `updating` turns the state on as the finger lands, off when the press ends.
    @Test func updatingRunsWhileALongPressIsHeld() {
        let rig = Rig()
        let pressing = GestureState(initialValue: false)
        rig.engine.attach(LongPressGesture().updating(pressing) { value, state in state = value.isPressing })
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        #expect(pressing.wrappedValue)
        rig.advance(to: 499)
        #expect(pressing.wrappedValue)
        rig.advance(to: 500)
        #expect(!pressing.wrappedValue)
    }

    // SwiftUI: the state returns when the press fails (lifted early, or moved too far) or is cancelled.
    @Test func aLongPressStateReturnsWhenThePressFailsOrIsCancelled() {
        let rig = Rig()
        let pressing = GestureState(initialValue: false)
        rig.engine.attach(LongPressGesture().updating(pressing) { value, state in state = value.isPressing })
        rig.tap([(50, 50)], at: 0, hold: 200)
        #expect(!pressing.wrappedValue)

        rig.down(0, 50, 50, at: 1000)
        rig.frame(at: 1000)
        #expect(pressing.wrappedValue)
        rig.move(0, 55, 50, at: 1100)
        rig.frame(at: 1100)
        #expect(!pressing.wrappedValue, "moved 5 mm, beyond the 3 mm a press allows")
        rig.up(0, at: 1200)
        rig.frame(at: 1200)

        rig.down(0, 50, 50, at: 2000)
        rig.frame(at: 2000)
        #expect(pressing.wrappedValue)
        rig.send(.touchCancel(Rig.screen), at: 2100)
        #expect(!pressing.wrappedValue)
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: `onChanged` runs once as each press begins, with the pressing value; `onEnded` once, at the
    // duration. The host's update stream has only `recognized`: nothing began before.
    @Test func onChangedRunsOnceAsAPressBeginsAndOnEndedOnceAtTheDuration() {
        let rig = Rig()
        var changes: [LongPressValue] = []
        var ends: [LongPressValue] = []
        let press = rig.engine.attach(LongPressGesture(minimumDuration: .milliseconds(800))
            .onChanged { changes.append($0) }.onEnded { ends.append($0) })
        rig.down(0, 40, 60, at: 0)
        rig.frame(at: 0)
        rig.move(0, 41, 60, at: 100)
        rig.frame(at: 100)
        rig.advance(to: 1000)
        #expect(changes.count == 1)
        #expect(changes.first?.isPressing == true)
        #expect(changes.first?.location == Point(x: 400, y: 600))
        #expect(changes.first?.time == .milliseconds(0))
        #expect(ends.count == 1)
        #expect(ends.first?.time == .milliseconds(800))
        #expect(ends.first?.isPressing == false)
        #expect(rig.phases(press) == [.recognized])
    }

    // SwiftUI: a two-finger press reports once both fingers are down, not at the first.
    @Test func aTwoFingerPressReportsOnceAllItsFingersAreDown() {
        let rig = Rig()
        var changes: [Int64] = []
        rig.engine.attach(LongPressGesture(fingers: 2).onChanged { changes.append($0.time.microseconds / 1000) })
        rig.down(0, 40, 50, at: 0)
        rig.frame(at: 0)
        #expect(changes.isEmpty)
        rig.down(1, 60, 50, at: 80)
        rig.frame(at: 80)
        #expect(changes == [80])
    }
}

// MARK: taps (to TapParityTests)

@Suite struct TapParityTestsStaging {
    // SwiftUI (as UIKit): a press held longer than 0.75 s is no tap.
    @Test(arguments: [(740.0, true), (760.0, false)])
    func aPressLongerThanThreeQuartersOfASecondIsNoTap(hold: Double, recognized: Bool) {
        let rig = Rig()
        let tap = rig.engine.attach(TapGesture())
        rig.tap([(50, 50)], at: 0, hold: hold)
        rig.advance(to: 2000)
        #expect(rig.path(tap) == [recognized ? .recognized : .failed])
        if !recognized {
            #expect(rig.reason(tap) == .timedOut)
            #expect(rig.first(.failed, of: tap)?.time == .milliseconds(750), "fails at 750 ms, not at the lift")
        }
        #expect(rig.engine.isIdle)
    }

    // The maximum press duration is a parameter; each press of a double tap has its own.
    @Test func theMaximumPressDurationIsAParameterForEveryPress() {
        let rig = Rig()
        let slow = rig.engine.attach(TapGesture(count: 2, maximumDuration: .milliseconds(2000)))
        rig.tap([(50, 50)], at: 0, hold: 1500)
        rig.tap([(50, 50)], at: 1700, hold: 1900)
        #expect(rig.path(slow) == [.recognized])
        #expect(rig.first(.recognized, of: slow)?.time == .milliseconds(3600))

        let quick = rig.engine.attach(TapGesture(count: 2, maximumDuration: .milliseconds(100)))
        rig.tap([(50, 50)], at: 5000, hold: 50)
        rig.tap([(50, 50)], at: 5200, hold: 150)
        #expect(rig.path(quick) == [.failed])
        #expect(rig.first(.failed, of: quick)?.time == .milliseconds(5300))
    }

    // SwiftUI: a tap has no in-progress value: `onChanged` and `updating` run only with the recognized tap.
    @Test func aTapReportsNothingBeforeItIsRecognized() {
        let rig = Rig()
        let state = GestureState(initialValue: 0)
        var changes = 0
        var updates = 0
        rig.engine.attach(TapGesture(count: 2).onChanged { _ in changes += 1 }
            .updating(state) { value, state in updates += 1; state = value.count })
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.up(0, at: 80)
        rig.frame(at: 80)
        rig.down(0, 50, 50, at: 200)
        rig.frame(at: 200)
        #expect(changes == 0 && updates == 0)
        rig.up(0, at: 280)
        rig.frame(at: 280)
        #expect(changes == 0 && updates == 0, "recognized: onEnded's turn, not onChanged's")
        #expect(state.wrappedValue == 0)
    }
}

// MARK: composition (to CompositionParityTests)

@Suite struct CompositionParityTestsStaging {
    // SwiftUI: a simultaneous pair begins when one side begins; with only one side recognized, its values
    // have the other nil, and it ends (onEnded) when that side ends.
    @Test func aSimultaneousPairWithOneSideRecognizedBeginsChangesAndEndsWithIt() {
        let rig = Rig()
        var changes: [(drag: Bool, pinch: Bool)] = []
        var ends: [(drag: Vector?, pinch: Bool)] = []
        let pair = rig.engine.attach(DragGesture().simultaneously(with: MagnifyGesture())
            .onChanged { changes.append((drag: $0.first != nil, pinch: $0.second != nil)) }
            .onEnded { ends.append((drag: $0.first?.translation, pinch: $0.second != nil)) })
        rig.stroke([(50, 50)], by: (20, 0), at: 0, duration: 400)
        #expect(rig.path(pair, recognizer: 0) == [.began, .changed, .ended])
        #expect(rig.path(pair, recognizer: 1) == [.failed])
        #expect(rig.reason(pair, recognizer: 1) == .wrongFingerCount)
        #expect(!changes.isEmpty && changes.allSatisfy { $0.drag && !$0.pinch })
        #expect(ends.count == 1)
        #expect(ends.first?.drag == Vector(dx: 200, dy: 0))
        #expect(ends.first?.pinch == false)
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: with neither side recognized the pair fails: no onChanged, no onEnded.
    @Test func aSimultaneousPairWithNeitherSideRecognizedFails() {
        let rig = Rig()
        var calls = 0
        rig.engine.attach(DragGesture(minimumDistance: 20).simultaneously(with: MagnifyGesture())
            .onChanged { _ in calls += 1 }.onEnded { _ in calls += 1 })
        rig.stroke([(50, 50)], by: (5, 0), at: 0, duration: 100)
        #expect(calls == 0)
        #expect(rig.engine.isIdle)
    }

    // An undecided exclusive pair passes on the in-progress value of its second (a long press pressing).
    @Test func anExclusivePairReportsItsSecondPressingWhileTheFirstIsUndecided() {
        let rig = Rig()
        var values: [String] = []
        rig.engine.attach(TapGesture(count: 2).exclusively(before: LongPressGesture()).onChanged { value in
            switch value {
            case .first: values.append("tap")
            case .second(let press): values.append("pressing \(press.isPressing)")
            }
        })
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 600)
        #expect(values == ["pressing true"])
    }
}

// MARK: gesture state (to GestureStateParityTests)

@Suite struct GestureStateParityTestsStaging {
    // A host is told of every change, in order: each run of `updating`, and the return to the initial value.
    @Test func observersHearEveryChangeAndTheReset() {
        let rig = Rig()
        let translation = GestureState(initialValue: 0.0)
        var first: [Double] = []
        var second: [Double] = []
        translation.onChange { first.append($0) }
        translation.onChange { second.append($0) }
        rig.engine.attach(DragGesture().updating(translation) { value, state in state = value.translation.dx })
        rig.stroke([(50, 50)], by: (6, 0), at: 0, duration: 60, hz: 100)
        #expect(first.map { ($0 * 1000).rounded() / 1000 } == [40, 50, 60, 0], "began past 3 mm, every frame, the reset")
        #expect(second == first)
    }

    // A gesture that never ran `updating` does not tell of a reset: nothing changed.
    @Test func aFailureWithoutAnUpdateTellsNothing() {
        let rig = Rig()
        let state = GestureState(initialValue: false)
        var told = 0
        state.onChange { _ in told += 1 }
        rig.engine.attach(DragGesture(minimumDistance: 20).updating(state) { _, state in state = true })
        rig.stroke([(50, 50)], by: (5, 0), at: 0, duration: 100)
        #expect(told == 0)
    }
}

// MARK: magnify and rotate (to MagnifyRotateParityTests)

@Suite struct MagnifyRotateParityTestsStaging {
    // SwiftUI: `startLocation` is where the gesture started and `startAnchor` the same point as a unit point of
    // the view; here of the surface, whose size the host's hit test gives.
    @Test func aPinchOnASurfaceCarriesItsStartLocationAndAnchor() {
        let rig = Rig()
        let surface = SurfaceID(7)
        rig.surfaceSizes[surface] = Size(width: 400, height: 200)
        rig.scene = [(surface: surface, frame: Rect(x: 200, y: 300, width: 400, height: 200), exclusion: nil)]
        var magnify: [MagnifyValue] = []
        var rotate: [RotateValue] = []
        rig.engine.attach(MagnifyGesture().simultaneously(with: RotateGesture()).onEnded { value in
            if let m = value.first { magnify.append(m) }
            if let r = value.second { rotate.append(r) }
        }, to: .surface(surface))
        rig.pinch(center: (30, 35), radius: 5, to: 10, turning: 20, at: 0, duration: 200)
        #expect(magnify.count == 1 && rotate.count == 1)
        guard let m = magnify.first, let r = rotate.first else { return }
        #expect(abs(m.startLocation.x - 100) < 1e-6 && abs(m.startLocation.y - 50) < 1e-6)
        #expect(abs((m.startAnchor?.x ?? -1) - 0.25) < 1e-6 && abs((m.startAnchor?.y ?? -1) - 0.25) < 1e-6)
        #expect(r.startLocation == m.startLocation)
        #expect(r.startAnchor == m.startAnchor)
    }

    // Compositor targets: a region's rectangle, the touchscreen's output for the layout; touchpads on the
    // layout have no bounds, so no anchor.
    @Test func theAnchorIsOfTheRegionOrTheOutputAndAbsentForTouchpadsOnTheLayout() {
        let rig = Rig()
        var anchors: [UnitPoint?] = []
        rig.engine.attach(MagnifyGesture().onEnded { anchors.append($0.startAnchor) },
                          to: .region(Rect(x: 0, y: 0, width: 500, height: 1000)))
        rig.pinch(center: (25, 75), radius: 5, to: 10, at: 0, duration: 200)
        let layout = Rig()
        layout.engine.attach(MagnifyGesture().onEnded { anchors.append($0.startAnchor) })
        layout.pinch(center: (25, 75), radius: 5, to: 10, at: 0, duration: 200)
        layout.send(.pinchBegin(Rig.touchpad, fingers: 2), at: 1000)
        layout.send(.pinchUpdate(Rig.touchpad, delta: .zero, scale: 1.5, angleDelta: 0), at: 1010)
        layout.send(.pinchEnd(Rig.touchpad, cancelled: false), at: 1020)
        #expect(anchors.count == 3)
        guard anchors.count == 3 else { return }
        #expect(abs((anchors[0]?.x ?? -1) - 0.5) < 1e-6 && abs((anchors[0]?.y ?? -1) - 0.75) < 1e-6)
        #expect(abs((anchors[1]?.x ?? -1) - 0.25) < 1e-6 && abs((anchors[1]?.y ?? -1) - 0.75) < 1e-6)
        #expect(anchors[2] == nil)
    }
}

// MARK: compositions across touches (to CompositionParityTests)

@Suite struct CompositionAcrossTouchesStaging {
    // SwiftUI: a gesture may span touches (a double tap does); a sequence whose second gesture is a tap ends
    // when that tap comes, with `onEnded`, and its state resets.
    @Test func aSequenceOfADragThenATapEndsWithTheTap() {
        let rig = Rig()
        let dragging = GestureState(initialValue: false)
        var ended: [String] = []
        let sequence = rig.engine.attach(DragGesture().sequenced(before: TapGesture())
            .updating(dragging) { _, state in state = true }
            .onEnded { value in
                if case .second(let drag, let tap?) = value { ended.append("drag \(Int(drag.translation.dx)) then tap \(tap.count)") }
            })
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100)
        #expect(dragging.wrappedValue)
        #expect(!rig.engine.isIdle, "the sequence waits for its tap")
        rig.tap([(50, 50)], at: 250)
        #expect(ended == ["drag 100 then tap 1"])
        #expect(!dragging.wrappedValue)
        #expect(rig.path(sequence, recognizer: 1) == [.recognized])
        #expect(rig.engine.isIdle)
    }

    // The same sequence when no tap comes: cancelled at the end of the tap's interval, state reset.
    @Test func aSequenceOfADragThenATapIsCancelledWhenNoTapComes() {
        let rig = Rig()
        let dragging = GestureState(initialValue: false)
        var ended = 0
        let sequence = rig.engine.attach(DragGesture().sequenced(before: TapGesture())
            .updating(dragging) { _, state in state = true }.onEnded { _ in ended += 1 })
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100)
        rig.advance(to: 1000)
        #expect(rig.path(sequence, recognizer: 1) == [.failed])
        #expect(rig.reason(sequence, recognizer: 1) == .timedOut)
        #expect(!dragging.wrappedValue)
        #expect(ended == 0)
        #expect(rig.engine.isIdle)
    }

    // A sequence whose second gesture needs fingers that are down fails on the lift that ends the first:
    // nothing is left running.
    @Test func aSequenceOfADragThenALongPressEndsAtTheLift() {
        let rig = Rig()
        let dragging = GestureState(initialValue: false)
        rig.engine.attach(DragGesture().sequenced(before: LongPressGesture()).updating(dragging) { _, state in state = true })
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100)
        #expect(!dragging.wrappedValue)
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: a single tap and a double tap together: the single fires at the first lift, the double at the
    // second, and the pair ends once, with both.
    @Test func aSimultaneousTapAndDoubleTapEachFireOnceAndThePairEndsWithBoth() {
        let rig = Rig()
        var ends: [String] = []
        let pair = rig.engine.attach(TapGesture().simultaneously(with: TapGesture(count: 2))
            .onEnded { ends.append("single \($0.first?.count ?? 0) double \($0.second?.count ?? 0)") })
        rig.tap([(50, 50)], at: 0)
        rig.tap([(50, 50)], at: 150)
        rig.advance(to: 1000)
        #expect(rig.path(pair, recognizer: 0) == [.recognized])
        #expect(rig.path(pair, recognizer: 1) == [.recognized])
        #expect(rig.first(.recognized, of: pair, recognizer: 1)?.time == .milliseconds(210))
        #expect(ends == ["single 1 double 2"])
        #expect(rig.engine.isIdle)
    }

    // A running sequence whose next touch lands outside its target is cancelled, not silently dropped.
    @Test func aWaitingSequenceIsCancelledWhenTheNextTouchLandsElsewhere() {
        let rig = Rig()
        let dragging = GestureState(initialValue: false)
        let sequence = rig.engine.attach(DragGesture().sequenced(before: TapGesture()).updating(dragging) { _, state in state = true },
                                         to: .region(Rect(x: 0, y: 0, width: 500, height: 1000)))
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100)
        rig.tap([(80, 50)], at: 200)
        #expect(rig.path(sequence, recognizer: 1) == [.failed])
        #expect(!dragging.wrappedValue)
        #expect(rig.engine.isIdle)
    }
}

// MARK: drag (to DragParityTests)

@Suite struct DragParityTestsStaging {
    // SwiftUI: `DragGesture(minimumDistance: 0)` begins as the finger lands, before any movement.
    @Test func aDragWithNoMinimumDistanceBeginsAsTheFingerLands() {
        let rig = Rig()
        var changes: [Vector] = []
        let drag = rig.engine.attach(DragGesture(minimumDistance: 0).onChanged { changes.append($0.translation) })
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        #expect(rig.first(.began, of: drag)?.time == .milliseconds(0))
        #expect(changes == [.zero])
        rig.up(0, at: 100)
        rig.frame(at: 100)
        #expect(rig.path(drag) == [.began, .ended])
    }
}
