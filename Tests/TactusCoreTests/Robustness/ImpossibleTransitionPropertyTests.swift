// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TactusCore
import TactusPromises

/// Random event streams never ask a recognizer for a transition its state machine does not have
/// (`Diagnostics.impossibleTransitions`). Debug builds would stop at the assertion; this checks the counter
/// as well. (`ReentrancyTests` reach the places where a host callback re-enters the engine.)
@Suite struct ImpossibleTransitionPropertyTests {
    /// Plays a random stream (`HostileStep`) into a rig with every kind of gesture.
    static func play(_ numbers: [Int], on rig: Rig) {
        var clock: Int64 = 1000
        for step in numbers.map({ HostileStep($0) }) {
            clock = max(clock + step.delay, 0)
            switch step.action {
            case .advance: rig.advance(to: Double(clock))
            case .event(let event): rig.send(event, at: Double(clock))
            }
        }
        // Gives up every touch and stream, and lets every deadline pass.
        rig.send(.touchCancel(Rig.screen), at: Double(clock + 10))
        for end in [InputEvent.swipeEnd(Rig.touchpad, cancelled: true), .pinchEnd(Rig.touchpad, cancelled: true),
                    .holdEnd(Rig.touchpad, cancelled: true)] {
            rig.send(end, at: Double(clock + 10))
        }
        rig.advance(to: Double(clock + 10_000))
    }

    static func makeRig() -> Rig {
        let rig = Rig()
        rig.scene = [(SurfaceID(2), Rect(x: 200, y: 200, width: 400, height: 400), Rect(x: 200, y: 500, width: 400, height: 100)),
                     (SurfaceID(1), Rect(x: 0, y: 0, width: 1000, height: 1000), nil)]
        attachEverything(to: rig.engine)
        return rig
    }

    @Test func randomStreamsMakeNoImpossibleTransition() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...(HostileStep.range - 1)).array(of: 1...200)) { numbers in
            let rig = Self.makeRig()
            Self.play(numbers, on: rig)
            #expect(rig.engine.diagnostics.impossibleTransitions == 0)
            #expect(rig.engine.isIdle)
        }
    }
}
