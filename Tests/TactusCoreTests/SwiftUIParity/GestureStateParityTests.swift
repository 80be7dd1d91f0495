// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// SwiftUI topic: `GestureState` and `Gesture.updating(_:body:)`.
///
/// Tactus adapts SwiftUI here: `GestureState` is a class passed to `updating` (SwiftUI: a property wrapper passed
/// as `$state`), the body gets no `Transaction`, and the state is read through `wrappedValue`. The tests read the
/// state after each event, not through change notifications.
@Suite struct GestureStateParityTests {
    // SwiftUI: updating's body sets the state from the gesture's value while the gesture runs.
    @Test func updatingSetsTheStateWhileADragRuns() {
        let rig = Rig()
        let offset = GestureState(initialValue: Vector.zero)
        rig.engine.attach(DragGesture().updating(offset) { value, state in state = value.translation })
        rig.down(0, 20, 50, at: 0)
        rig.frame(at: 0)
        #expect(offset.wrappedValue == .zero)
        rig.move(0, 30, 54, at: 20)
        rig.frame(at: 20)
        #expect(Parity.close(offset.wrappedValue, Vector(dx: 100, dy: 40)))
        rig.move(0, 35, 50, at: 40)
        rig.frame(at: 40)
        #expect(Parity.close(offset.wrappedValue, Vector(dx: 150, dy: 0)))
    }

    // SwiftUI: when the gesture ends, the state returns to its initial value.
    @Test func theStateReturnsToItsInitialValueWhenTheGestureEnds() {
        let rig = Rig()
        let offset = GestureState(initialValue: Vector(dx: -1, dy: -1))
        let drag = rig.engine.attach(DragGesture().updating(offset) { value, state in state = value.translation })
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100, lift: false)
        #expect(Parity.close(offset.wrappedValue, Vector(dx: 100, dy: 0)))
        rig.up(0, at: 150)
        rig.frame(at: 150)
        #expect(rig.last(drag)?.phase == .ended)
        #expect(offset.wrappedValue == Vector(dx: -1, dy: -1))
        #expect(offset.initialValue == Vector(dx: -1, dy: -1))
    }

    // SwiftUI: updating's body runs on every change, and each new gesture starts again from the initial value.
    @Test func theBodyRunsOnEveryChangeAndEachGestureStartsFromTheInitialValue() {
        let rig = Rig()
        let changes = GestureState(initialValue: 0)
        let drag = rig.engine.attach(DragGesture().updating(changes) { _, state in state += 1 })
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100, lift: false)
        let reported = rig.phases(drag).filter { $0 == .began || $0 == .changed }.count
        #expect(reported == 9)  // frames 4…12 of the stroke
        #expect(changes.wrappedValue == reported)
        rig.up(0, at: 150)
        rig.frame(at: 150)
        #expect(changes.wrappedValue == 0)
        rig.clearRecords()
        rig.stroke([(20, 50)], by: (20, 0), at: 500, duration: 100, lift: false)
        let again = rig.phases(drag).filter { $0 == .began || $0 == .changed }.count
        #expect(again == 11)  // frames 2…12: 1.67 mm a frame
        #expect(changes.wrappedValue == again)
    }

    // SwiftUI: when the gesture fails, the state returns to its initial value.
    // Here the second gesture of a sequence fails (pinch, then lift without dragging) after the first set the state.
    @Test func theStateReturnsToItsInitialValueWhenTheGestureFails() {
        let rig = Rig()
        let scale = GestureState(initialValue: 1.0)
        let sequence = rig.engine.attach(MagnifyGesture().sequenced(before: DragGesture()).updating(scale) { value, state in
            switch value {
            case .first(let magnify), .second(let magnify, _): state = magnify.magnification
            }
        })
        rig.pinch(center: (50, 50), radius: 10, to: 15, at: 0, duration: 100, lift: false)
        #expect(Parity.close(scale.wrappedValue, 1.5))
        rig.up(1, at: 120)
        rig.frame(at: 120)
        #expect(Parity.close(scale.wrappedValue, 1.5))  // the sequence goes on: the drag may follow
        rig.up(0, at: 140)
        rig.frame(at: 140)
        #expect(rig.path(sequence, recognizer: 1) == [.failed])
        #expect(rig.reason(sequence, recognizer: 1) == .movedTooLittle)
        #expect(scale.wrappedValue == 1.0)
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: when the gesture is cancelled, the state returns to its initial value (and onEnded does not run).
    // Tactus adapts: the cancel is libinput's touch cancel.
    @Test func theStateReturnsToItsInitialValueWhenTheTouchesAreCancelled() {
        let rig = Rig()
        let offset = GestureState(initialValue: 0.0)
        var ends = 0
        rig.engine.attach(DragGesture().updating(offset) { value, state in state = value.translation.dx }
            .onEnded { _ in ends += 1 })
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100, lift: false)
        #expect(Parity.close(offset.wrappedValue, 100))
        rig.send(.touchCancel(Rig.screen), at: 150)
        #expect(offset.wrappedValue == 0)
        #expect(ends == 0)
    }

    // SwiftUI: the state resets when the gesture is cancelled.
    // Tactus adapts: the touchscreen is unplugged mid-drag (deviceRemoved).
    @Test func theStateReturnsToItsInitialValueWhenTheDeviceIsRemoved() {
        let rig = Rig()
        let offset = GestureState(initialValue: 0.0)
        let drag = rig.engine.attach(DragGesture().updating(offset) { value, state in state = value.translation.dx })
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100, lift: false)
        #expect(Parity.close(offset.wrappedValue, 100))
        rig.send(.deviceRemoved(Rig.screen), at: 150)
        #expect(rig.reason(drag) == .deviceRemoved)
        #expect(offset.wrappedValue == 0)
    }

    // SwiftUI: the state resets when the gesture goes away mid-gesture (its view is removed).
    // Tactus adapts: engine.detach.
    @Test func theStateReturnsToItsInitialValueWhenTheGestureIsDetached() {
        let rig = Rig()
        let offset = GestureState(initialValue: 0.0)
        let drag = rig.engine.attach(DragGesture().updating(offset) { value, state in state = value.translation.dx })
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100, lift: false)
        #expect(Parity.close(offset.wrappedValue, 100))
        rig.engine.detach(drag)
        #expect(rig.path(drag) == [.began, .changed, .cancelled])
        #expect(rig.reason(drag) == .detached)
        #expect(offset.wrappedValue == 0)
    }

    // SwiftUI: `updating` is not called when the gesture ends; its state returns to the initial value. A pinch and
    // rotate pair whose two gestures both end as the fingers lift: the lift runs neither the pair's `updating` nor its
    // `onChanged`, only `onEnded`, and each state resets once. While it ran, the pair's `onChanged` saw each gesture's
    // own state as that gesture's value in the pair: never one already reset.
    @Test func aPairsUpdatingIsNotCalledWhenItEndsAndItsOnChangedSeesItsGesturesStates() {
        let rig = Rig()
        let scale = GestureState(initialValue: 1.0)
        let angle = GestureState(initialValue: 0.0)
        let pairUpdates = GestureState(initialValue: 0)
        var told: [Int] = []
        pairUpdates.onChange { told.append($0) }
        var changes = 0
        var inconsistencies: [String] = []
        var ended: [SimultaneousValue<MagnifyValue, RotateValue>] = []
        rig.engine.attach(MagnifyGesture().updating(scale) { value, state in state = value.magnification }
            .simultaneously(with: RotateGesture().updating(angle) { value, state in state = value.rotation })
            .updating(pairUpdates) { _, state in state += 1 }
            .onChanged { value in
                changes += 1
                if scale.wrappedValue != value.first?.magnification ?? 1 || angle.wrappedValue != value.second?.rotation ?? 0 {
                    inconsistencies.append("scale \(scale.wrappedValue) for \(value.first?.magnification ?? 1), "
                                           + "angle \(angle.wrappedValue) for \(value.second?.rotation ?? 0)")
                }
            }
            .onEnded { ended.append($0) })
        rig.pinch(center: (50, 50), radius: 10, to: 20, turning: 36, at: 0, duration: 200, lift: false)
        let runs = pairUpdates.wrappedValue
        let changesWhileRunning = changes
        #expect(runs > 0 && told == Array(1...max(runs, 1)))

        rig.up(0, at: 220)
        rig.up(1, at: 220)
        rig.frame(at: 220)
        #expect(told == Array(1...max(runs, 1)) + [0], "the lift resets the state without a run of updating")
        #expect(changes == changesWhileRunning, "the lift runs no onChanged")
        #expect(ended.count == 1)
        #expect(Parity.close(ended.first?.first?.magnification, 2, within: 1e-6))
        #expect(Parity.close(ended.first?.second?.rotation, 36, within: 1e-6))
        #expect(scale.wrappedValue == 1 && angle.wrappedValue == 0 && pairUpdates.wrappedValue == 0)
        #expect(inconsistencies.isEmpty)
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: `GestureState(wrappedValue:reset:)` runs its closure whenever the state resets, and
    // `GestureState(wrappedValue:resetTransaction:)` gives the reset a transaction. Tactus adapts: there are no
    // transactions, so the closure gets the value being reset, before the state's observers hear the return. It runs
    // at each reset (an end, a cancel), and not for a gesture that never ran `updating`: nothing is reset then.
    @Test func theResetClosureRunsAtEachResetWithTheValueBeingReset() {
        let rig = Rig()
        var heard: [String] = []
        let offset = GestureState(wrappedValue: 0.0, reset: { value in heard.append("reset \(Int(value.rounded()))") })
        offset.onChange { heard.append("\(Int($0.rounded()))") }
        rig.engine.attach(DragGesture(minimumDistance: 4.5).updating(offset) { value, state in state = value.translation.dx })
        // 6 mm over 60 ms, 1 mm a frame: the drag begins past 4.5 mm, on the fifth frame.
        rig.stroke([(50, 50)], by: (6, 0), at: 0, duration: 60, hz: 100)
        #expect(heard == ["50", "60", "reset 60", "0"])

        heard.removeAll()
        rig.stroke([(50, 50)], by: (8, 0), at: 1000, duration: 80, hz: 100, lift: false)
        rig.send(.touchCancel(Rig.screen), at: 1100)
        #expect(heard == ["50", "60", "70", "80", "reset 80", "0"])

        heard.removeAll()
        rig.stroke([(50, 50)], by: (3, 0), at: 2000, duration: 30, hz: 100)
        #expect(heard.isEmpty, "the drag never began: nothing to reset")
        #expect(offset.wrappedValue == 0)
    }

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
