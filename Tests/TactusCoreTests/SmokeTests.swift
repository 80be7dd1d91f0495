import Testing
import TactusCore

@Suite struct SmokeTests {
    @Test func singleTapIsRecognizedAtLift() {
        let rig = Rig()
        let tap = rig.engine.attach(TapGesture())
        rig.tap([(50, 50)], at: 10)
        #expect(rig.path(tap) == [.recognized])
        #expect(rig.last(tap)?.time == .milliseconds(70))
        #expect(rig.last(tap)?.tap?.location == Point(x: 500, y: 500))
    }

    @Test func dragBeginsChangesAndEnds() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture())
        rig.stroke([(20, 20)], by: (30, 0), at: 0, duration: 300)
        #expect(rig.path(drag) == [.began, .changed, .ended])
        let end = rig.last(drag)?.drag
        #expect(abs((end?.translation.dx ?? 0) - 300) < 1e-6)
        #expect(rig.engine.isIdle)
    }
}
