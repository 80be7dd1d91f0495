// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// SwiftUI topic: `DragGesture` and `DragGesture.Value` (startLocation, location, translation, velocity,
/// predictedEndLocation, predictedEndTranslation; minimumDistance; onChanged and onEnded).
///
/// Tactus adapts SwiftUI here: `minimumDistance` is millimetres (default 3 mm instead of 10 pt), values are
/// layout pixels (the rig: 10 px per mm), velocity is pixels per second, and the prediction is the engine's own
/// (translation + velocity × `DragGesture.decelerationHorizon`, 0.499 s), which SwiftUI leaves unspecified.
@Suite struct DragParityTests {
    // SwiftUI: startLocation is the touch-down point; the first onChanged includes the travel before minimumDistance.
    @Test func theStartLocationIsWhereTheFingerTouchedNotWhereTheDragBegan() {
        let rig = Rig()
        var changes: [DragValue] = []
        rig.engine.attach(DragGesture().onChanged { changes.append($0) })
        // 30 mm down in 250 ms: 1 mm per frame at 120 Hz.
        rig.stroke([(20, 50)], by: (0, 30), at: 0, duration: 250)
        let first = changes.first
        #expect(first?.startLocation == Point(x: 200, y: 500))
        #expect(Parity.close(first?.translation, Vector(dx: 0, dy: 40)))   // 4 mm: the first frame past 3 mm
        #expect(Parity.close(first?.location, Point(x: 200, y: 540)))
        #expect(changes.allSatisfy { $0.startLocation == Point(x: 200, y: 500) })
    }

    // SwiftUI: location is where the finger is now; translation is location − startLocation.
    @Test func locationIsWhereTheFingerIsAndTranslationIsFromTheStart() {
        let rig = Rig()
        var changes: [DragValue] = []
        rig.engine.attach(DragGesture().onChanged { changes.append($0) })
        rig.down(0, 20, 50, at: 0)
        rig.frame(at: 0)
        rig.move(0, 25, 50, at: 10)
        rig.frame(at: 10)
        rig.move(0, 37, 58, at: 20)
        rig.frame(at: 20)
        #expect(changes.count == 2)
        let last = changes.last
        #expect(last?.time == .milliseconds(20))
        #expect(Parity.close(last?.location, Point(x: 370, y: 580)))
        #expect(Parity.close(last?.translation, Vector(dx: 170, dy: 80)))
        #expect(Parity.close(last.map { $0.startLocation + $0.translation }, Point(x: 370, y: 580)))
    }

    // SwiftUI: velocity is the current speed; predictedEnd… say where a release now would come to rest.
    // Tactus adapts: pixels per second; prediction = translation + velocity × 0.499 s, location = start + prediction.
    @Test func velocityAndPredictionFollowTheFingersSpeed() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture())
        // 20 mm in 200 ms: 100 mm/s, 1000 px/s.
        rig.stroke([(20, 50)], by: (20, 0), at: 0, duration: 200, lift: false)
        let value = rig.last(drag)?.drag
        #expect(Parity.close(value?.translation, Vector(dx: 200, dy: 0)))
        #expect(Parity.close(value?.velocity, Vector(dx: 1000, dy: 0), within: 0.01))
        #expect(Parity.close(DragGesture.decelerationHorizon, 0.499, within: 1e-12))
        #expect(Parity.close(value?.predictedEndTranslation, Vector(dx: 699, dy: 0), within: 0.01))
        #expect(Parity.close(value?.predictedEndLocation, Point(x: 899, y: 500), within: 0.01))
        if let value {
            #expect(Parity.close(value.predictedEndTranslation,
                                 value.translation + value.velocity * DragGesture.decelerationHorizon))
            #expect(Parity.close(value.predictedEndLocation, value.startLocation + value.predictedEndTranslation))
        }
    }

    // SwiftUI: a drag begins only past minimumDistance; a shorter move never calls onChanged or onEnded.
    // Tactus adapts: minimumDistance in millimetres.
    @Test func aDragWaitsForItsMinimumDistance() {
        let rig = Rig()
        var changes: [DragValue] = []
        var ends = 0
        let drag = rig.engine.attach(DragGesture(minimumDistance: 10).onChanged { changes.append($0) }.onEnded { _ in ends += 1 })
        // 9 mm, lifted: never a drag.
        rig.stroke([(20, 50)], by: (9, 0), at: 0, duration: 100)
        #expect(changes.isEmpty)
        #expect(ends == 0)
        #expect(rig.path(drag) == [.failed])
        #expect(rig.reason(drag) == .movedTooLittle)
        rig.clearRecords()
        // 1.5 mm per frame: 9 mm at frame 6, 10.5 mm at frame 7.
        rig.stroke([(20, 50)], by: (45, 0), at: 1000, duration: 250)
        #expect(rig.first(.began, of: drag)?.time == Parity.time(1000 + 250 * 7 / 30))
        #expect(Parity.close(changes.first?.translation, Vector(dx: 105, dy: 0)))
        #expect(ends == 1)
    }

    // SwiftUI: onChanged runs on every change of the value, from the moment the drag begins.
    @Test func onChangedRunsOnEveryChange() {
        let rig = Rig()
        var changes: [DragValue] = []
        let drag = rig.engine.attach(DragGesture().onChanged { changes.append($0) })
        rig.stroke([(20, 50)], by: (30, 0), at: 0, duration: 250)
        let reported = rig.phases(drag).filter { $0 == .began || $0 == .changed }.count
        #expect(changes.count == reported)
        #expect(changes.count == 27)  // frames 4…30 of the stroke: one per frame, 4 mm to 30 mm
        #expect(zip(changes, changes.dropFirst()).allSatisfy { $0.translation.dx < $1.translation.dx })
        #expect(Parity.close(changes.last?.translation, Vector(dx: 300, dy: 0)))
    }

    // SwiftUI: onEnded runs once, when the finger lifts, with the final value.
    @Test func onEndedRunsOnceWithTheFinalValue() {
        let rig = Rig()
        var ended: [DragValue] = []
        let drag = rig.engine.attach(DragGesture().onEnded { ended.append($0) })
        rig.stroke([(20, 50)], by: (30, 0), at: 0, duration: 250, lift: false)
        #expect(ended.isEmpty)
        rig.up(0, at: 260)
        rig.frame(at: 260)
        #expect(ended.count == 1)
        #expect(ended.first == rig.last(drag)?.drag)
        #expect(rig.last(drag)?.phase == .ended)
        #expect(ended.first?.time == .milliseconds(260))
        #expect(Parity.close(ended.first?.translation, Vector(dx: 300, dy: 0)))
        #expect(Parity.close(ended.first?.location, Point(x: 500, y: 500)))
    }

    // SwiftUI: a cancelled drag never calls onEnded (and onChanged stops).
    @Test func aCancelledDragNeverCallsOnEnded() {
        let rig = Rig()
        var changes = 0
        var ends = 0
        let drag = rig.engine.attach(DragGesture().onChanged { _ in changes += 1 }.onEnded { _ in ends += 1 })
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100, lift: false)
        let before = changes
        #expect(before > 0)
        rig.send(.touchCancel(Rig.screen), at: 150)
        #expect(rig.path(drag) == [.began, .changed, .cancelled])
        #expect(rig.reason(drag) == .cancelledByInput)
        rig.up(0, at: 200)
        rig.frame(at: 200)
        #expect(ends == 0)
        #expect(changes == before)
        #expect(rig.engine.isIdle)
    }

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
