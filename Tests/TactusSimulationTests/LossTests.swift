// SPDX-License-Identifier: MIT
import Testing
import TactusCore
import TactusSimulation

/// The summary says what lost, and to what: a generated three-finger swipe is visibly a swipe, though the
/// standard set's drag wins it.
@Suite struct LossTests {
    static func summary(of gesture: GeneratedGesture) -> [String] {
        let session = Session()
        StandardSet.attach(to: session)
        session.feed(Generator(options: GeneratorOptions()).trace(for: gesture))
        return Report.summary(session).split(separator: "\n").map(String.init)
    }

    @Test func aThreeFingerSwipeIsASwipeThatLostToTheDrag() {
        let lines = Self.summary(of: .swipe(direction: .left, fingers: 3, speed: 200, distance: 30))
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.contains(#""name":"drag_3f","phase":"ended""#) == true, "\(lines)")
        #expect(lines.last?.contains(#""name":"swipe_3f","phase":"recognized""#) == true, "\(lines)")
        #expect(lines.last?.hasSuffix(#""lost_to":["drag_3f"]}"#) == true, "\(lines)")
    }

    @Test func aRotationThatLostToThePinchIsListed() {
        let lines = Self.summary(of: .pinchRotate(fingers: 2, startSpan: 40, endSpan: 80, degrees: 45, duration: 400))
        #expect(lines.contains { $0.contains(#""name":"pinch","phase":"ended""#) }, "\(lines)")
        #expect(lines.contains { $0.contains(#""name":"rotate","phase":"ended""#) && $0.hasSuffix(#""lost_to":["pinch"]}"#) },
                "\(lines)")
    }

    /// What won alone lost nothing: a drag's summary is the drag.
    @Test func aGestureThatWonHasNoLosses() {
        let lines = Self.summary(of: .drag(path: .line, fingers: 1, distance: 40, duration: 500, direction: .right))
        #expect(lines.count == 1, "\(lines)")
        #expect(!lines.joined().contains("lost_to"))
    }

    /// Holds run alongside: a long press and the hold under it are both successes, neither a loss.
    @Test func aLongPressAndItsHoldAreBothReported() {
        let lines = Self.summary(of: .longPress(fingers: 1, duration: 800))
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.contains { $0.contains(#""name":"long_press","phase":"recognized""#) })
        #expect(lines.contains { $0.contains(#""name":"hold_1f","phase":"ended""#) })
    }
}
