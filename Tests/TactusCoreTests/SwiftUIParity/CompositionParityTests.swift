// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// SwiftUI topic: composing gestures: `map`, `simultaneously(with:)`, `exclusively(before:)` and
/// `sequenced(before:)`.
///
/// Tactus adapts SwiftUI here: gestures are attached to a target instead of `.gesture(_:)`; the values of the
/// composed gestures are Tactus's structs (millimetre thresholds, pixel values).
@Suite struct CompositionParityTests {
    // SwiftUI: map transforms the value that every later modifier sees, in onChanged and in onEnded.
    @Test func mapTransformsTheValueThatOnChangedAndOnEndedSee() {
        let rig = Rig()
        var changes: [Double] = []
        var ended: [Double] = []
        // Pixels back to millimetres.
        rig.engine.attach(DragGesture().map { $0.translation.dx / 10 }
            .onChanged { changes.append($0) }
            .onEnded { ended.append($0) })
        rig.stroke([(20, 50)], by: (30, 0), at: 0, duration: 250)
        #expect(Parity.close(changes.first, 4))
        #expect(Parity.close(changes.last, 30))
        #expect(ended.count == 1)
        #expect(Parity.close(ended.first, 30))
    }

    // SwiftUI: simultaneously(with:) recognizes both gestures in one touch, and its value carries both.
    // Tactus adapts: a two-finger pan and zoom (DragGesture(fingers: 2); SwiftUI's drag follows one finger).
    @Test func simultaneouslyRecognizesBothGesturesInOneTouch() {
        let rig = Rig()
        var ended: [SimultaneousValue<DragValue, MagnifyValue>] = []
        let pair = rig.engine.attach(DragGesture(fingers: 2)
            .simultaneously(with: MagnifyGesture())
            .onEnded { ended.append($0) })
        // Two fingers 20 mm apart move 12.5 mm right while spreading to 32 mm: 1.25 mm and 1.2 mm a frame.
        rig.down(0, 40, 50, at: 0)
        rig.down(1, 60, 50, at: 0)
        rig.frame(at: 0)
        for step in 1...10 {
            let center = 50 + 1.25 * Double(step), half = 10 + 0.6 * Double(step)
            rig.move(0, center - half, 50, at: Double(step) * 10)
            rig.move(1, center + half, 50, at: Double(step) * 10)
            rig.frame(at: Double(step) * 10)
        }
        #expect(ended.isEmpty)
        rig.up(0, at: 110)
        rig.up(1, at: 110)
        rig.frame(at: 110)
        #expect(rig.path(pair, recognizer: 0) == [.began, .changed, .ended])
        #expect(rig.path(pair, recognizer: 1) == [.began, .changed, .ended])
        #expect(rig.first(.began, of: pair, recognizer: 1)?.time == .milliseconds(20))  // 1.12× on the second frame
        #expect(rig.first(.began, of: pair, recognizer: 0)?.time == .milliseconds(30))  // 3.75 mm on the third
        #expect(ended.count == 1)
        #expect(Parity.close(ended.first?.first?.translation, Vector(dx: 125, dy: 0)))
        #expect(Parity.close(ended.first?.second?.magnification, 1.6))
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: exclusively(before:) — the first wins even if the second crossed its threshold first; the second fails.
    // The second waits, pending, for the first to fail.
    @Test func exclusivelyTheFirstWinsEvenWhenTheSecondCrossedItsThresholdFirst() {
        let rig = Rig()
        var ended: [ExclusiveValue<MagnifyValue, RotateValue>] = []
        let pair = rig.engine.attach(MagnifyGesture().exclusively(before: RotateGesture()).onEnded { ended.append($0) })
        // Turning 40° while spreading 10 → 13.3 mm: 5° comes after 4 frames of 28, a tenth of scale after 9.
        rig.pinch(center: (50, 50), radius: 10, to: 13.3, turning: 40, at: 0, duration: 240)
        #expect(rig.path(pair, recognizer: 0) == [.began, .changed, .ended])
        #expect(rig.path(pair, recognizer: 1) == [.failed])
        #expect(rig.reason(pair, recognizer: 1) == .lostToAnotherGesture)
        let magnifyBegan = rig.first(.began, of: pair, recognizer: 0)
        #expect(magnifyBegan?.time == Parity.time(240 * 9 / 28))
        #expect(rig.first(.failed, of: pair, recognizer: 1)?.time == magnifyBegan?.time)
        // The rotation was well past its 5° when it lost.
        #expect((rig.first(.failed, of: pair, recognizer: 1)?.rotate?.rotation ?? 0) > 12)
        guard case .first(let magnify)? = ended.first else { Issue.record("expected .first, got \(ended)"); return }
        #expect(ended.count == 1)
        #expect(Parity.close(magnify.magnification, 1.33, within: 1e-9))
    }

    // SwiftUI: with exclusively(before:), the second gesture runs when the first fails.
    @Test func exclusivelyTheSecondRunsWhenTheFirstFails() {
        let rig = Rig()
        var ended: [ExclusiveValue<TapValue, DragValue>] = []
        let pair = rig.engine.attach(TapGesture().exclusively(before: DragGesture()).onEnded { ended.append($0) })
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100)
        #expect(rig.path(pair, recognizer: 0) == [.failed])
        #expect(rig.reason(pair, recognizer: 0) == .movedTooFar)
        #expect(rig.path(pair, recognizer: 1) == [.began, .changed, .ended])
        // The tap failed on the frame that took the finger past 3 mm; the drag began on that same frame.
        #expect(rig.first(.began, of: pair, recognizer: 1)?.time == Parity.time(100.0 * 4 / 12))
        #expect(rig.first(.failed, of: pair, recognizer: 0)?.time == rig.first(.began, of: pair, recognizer: 1)?.time)
        guard case .second(let drag)? = ended.first else { Issue.record("expected .second, got \(ended)"); return }
        #expect(ended.count == 1)
        #expect(Parity.close(drag.translation, Vector(dx: 100, dy: 0)))
    }

    // SwiftUI: exclusively(before:) — when the first succeeds, the value is .first and the second never runs.
    @Test func exclusivelyTheFirstSucceedingLeavesTheSecondOut() {
        let rig = Rig()
        var ended: [ExclusiveValue<TapValue, DragValue>] = []
        let pair = rig.engine.attach(TapGesture().exclusively(before: DragGesture()).onEnded { ended.append($0) })
        rig.tap([(50, 50)], at: 0)
        #expect(rig.path(pair, recognizer: 0) == [.recognized])
        #expect(rig.path(pair, recognizer: 1) == [.failed])
        guard case .first(let tap)? = ended.first else { Issue.record("expected .first, got \(ended)"); return }
        #expect(ended.count == 1)
        #expect(tap.time == .milliseconds(60))
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: sequenced(before:) reports .first, then .second(first, nil), then .second(first, second); onEnded once.
    // Here the continuous first is a pinch; lifting one finger ends it, and the other finger drags.
    @Test func sequencedReportsTheFirstThenBoth() {
        let rig = Rig()
        var changes: [String] = []
        var ended: [SequenceValue<MagnifyValue, DragValue>] = []
        let sequence = rig.engine.attach(MagnifyGesture().sequenced(before: DragGesture())
            .onChanged { value in
                switch value {
                case .first: changes.append("first")
                case .second(_, nil): changes.append("second")
                case .second(_, .some(let drag)): changes.append("second \(Int(drag.translation.dx.rounded()))")
                }
            }
            .onEnded { ended.append($0) })
        rig.pinch(center: (50, 50), radius: 10, to: 15, at: 0, duration: 100, lift: false)
        #expect(!changes.isEmpty)
        #expect(changes.allSatisfy { $0 == "first" })
        let pinching = changes.count
        rig.up(1, at: 120)
        rig.frame(at: 120)
        #expect(rig.path(sequence, recognizer: 0) == [.began, .changed, .ended])
        #expect(changes.dropFirst(pinching) == ["second"])
        // The finger left at (65, 50) mm drags 10 mm right, 2 mm a frame.
        for step in 1...5 {
            rig.move(0, 65 + Double(step) * 2, 50, at: 120 + Double(step) * 10)
            rig.frame(at: 120 + Double(step) * 10)
        }
        #expect(ended.isEmpty)
        rig.up(0, at: 200)
        rig.frame(at: 200)
        #expect(changes.dropFirst(pinching) == ["second", "second 40", "second 60", "second 80", "second 100"])
        #expect(rig.path(sequence, recognizer: 1) == [.began, .changed, .ended])
        guard case .second(let magnify, let drag)? = ended.first else { Issue.record("expected .second, got \(ended)"); return }
        #expect(ended.count == 1)
        #expect(Parity.close(magnify.magnification, 1.5))
        #expect(drag?.startLocation == Point(x: 650, y: 500))
        #expect(Parity.close(drag?.translation, Vector(dx: 100, dy: 0)))
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: when the first gesture of a sequence fails, the second never starts and onEnded never runs.
    @Test func aSequenceWhoseFirstFailsNeverStartsTheSecond() {
        let rig = Rig()
        var ends = 0
        let sequence = rig.engine.attach(MagnifyGesture().sequenced(before: DragGesture()).onEnded { _ in ends += 1 })
        // Two fingers touch and lift without spreading.
        rig.tap([(40, 50), (60, 50)], at: 0)
        #expect(rig.path(sequence, recognizer: 0) == [.failed])
        #expect(rig.reason(sequence, recognizer: 0) == .movedTooLittle)
        #expect(rig.phases(sequence, recognizer: 1).isEmpty)
        #expect(ends == 0)
        #expect(rig.engine.isIdle)
    }

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
