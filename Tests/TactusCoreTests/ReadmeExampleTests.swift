// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// The README's example, kept compiling and true.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleRecognizesADoubleTapAfterTheSecondTap() {
        let engine = Engine()
        let screen = DeviceID(1)
        var doubleTaps: [TapValue] = []
        engine.attach(TapGesture(count: 2).onEnded { tap in doubleTaps.append(tap) })
        engine.attach(MagnifyGesture().simultaneously(with: RotateGesture()).onChanged { _ in })
        engine.attach(SwipeGesture(directions: .left, fingers: 3), priority: .high, policy: .withhold)
        var decisions: [RawTouchDecision] = []
        engine.onRawTouch = { decisions.append($0) }

        engine.handle(.deviceAdded(DeviceDescription(id: screen, kind: .touchscreen,
                                                     physicalSize: Size(width: 250, height: 160),
                                                     outputRegion: Rect(x: 0, y: 0, width: 2560, height: 1600))),
                      at: .zero)
        for start in [1000, 1200] as [Int64] {
            engine.handle(.touchDown(screen, contact: 0, position: Point(x: 0.5, y: 0.5)), at: .milliseconds(start))
            engine.handle(.touchFrame(screen), at: .milliseconds(start))
            engine.handle(.touchUp(screen, contact: 0), at: .milliseconds(start + 60))
            engine.handle(.touchFrame(screen), at: .milliseconds(start + 60))
        }
        if let deadline = engine.nextDeadline { engine.advance(to: deadline) }

        #expect(doubleTaps.count == 1)
        #expect(doubleTaps.first?.location == Point(x: 1280, y: 800))
        #expect(doubleTaps.first?.time == .milliseconds(1260))
        // Gestures on the layout are compositor gestures that withhold by default: the touches were held back
        // while the double tap could still win, and dropped when it did, so no client saw them.
        let firstDown = TouchEvent.down(0, Point(x: 0.5, y: 0.5))
        #expect(decisions.first == .withhold(screen, firstDown, at: .milliseconds(1000)))
        #expect(decisions.contains(.drop(screen, firstDown, at: .milliseconds(1000))))
        #expect(!decisions.contains { if case .deliver = $0 { return true } else { return false } })
        #expect(engine.isIdle)
    }
}
