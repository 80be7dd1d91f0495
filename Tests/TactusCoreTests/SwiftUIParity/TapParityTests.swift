// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// SwiftUI topic: `TapGesture` (and `SpatialTapGesture` for where the tap landed).
///
/// Tactus adapts SwiftUI here: gestures are attached to a target (`engine.attach`) instead of `.gesture(_:)`, the
/// value is a `TapValue` struct (time, location, count, fingers) instead of `Void`, and movement limits are
/// millimetres. `fingers` is a Tactus addition (SwiftUI taps are one finger).
@Suite struct TapParityTests {
    // SwiftUI: a tap is recognized when the finger lifts, not when it touches down.
    @Test func aSingleTapIsRecognizedAtTheLiftNotAtTheTouch() {
        let rig = Rig()
        var ended: [TapValue] = []
        let tap = rig.engine.attach(TapGesture().onEnded { ended.append($0) })
        rig.down(0, 50, 50, at: 100)
        rig.frame(at: 100)
        #expect(ended.isEmpty)
        #expect(rig.phases(tap).isEmpty)
        rig.up(0, at: 180)
        rig.frame(at: 180)
        #expect(rig.path(tap) == [.recognized])
        #expect(ended.count == 1)
        #expect(ended.first?.time == .milliseconds(180))
        #expect(ended.first?.count == 1)
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: with double and single taps on one view, two quick taps fire the double only, never the single first.
    @Test func twoQuickTapsFireTheDoubleTapAndNeverTheSingleTapFirst() {
        let rig = Rig()
        var fired: [String] = []
        let double = rig.engine.attach(TapGesture(count: 2).onEnded { fired.append("double \($0.count) at \($0.time)") })
        let single = rig.engine.attach(TapGesture().onEnded { fired.append("single \($0.count) at \($0.time)") })
        rig.tap([(50, 50)], at: 0)
        #expect(fired.isEmpty)
        rig.tap([(51, 50)], at: 150)
        #expect(fired == ["double 2 at \(Timestamp.milliseconds(210))"])
        rig.advance(to: 2000)
        #expect(fired.count == 1)
        #expect(rig.path(double) == [.recognized])
        #expect(rig.path(single) == [.failed])
        #expect(rig.reason(single) == .lostToAnotherGesture)
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: a lone tap beside a double tap fires the single tap once the double tap can no longer come.
    // Tactus adapts: that is the tap's 300 ms maximum interval after the lift.
    @Test func aLoneTapBesideADoubleTapFiresOnceTheIntervalHasPassed() {
        let rig = Rig()
        var singles: [TapValue] = []
        let double = rig.engine.attach(TapGesture(count: 2))
        let single = rig.engine.attach(TapGesture().onEnded { singles.append($0) })
        rig.tap([(50, 50)], at: 0)
        rig.advance(to: 359)
        #expect(singles.isEmpty)
        rig.advance(to: 1000)
        #expect(singles.count == 1)
        #expect(rig.first(.recognized, of: single)?.time == .milliseconds(360))
        #expect(singles.first?.count == 1)
        #expect(singles.first?.location == Point(x: 500, y: 500))
        #expect(rig.reason(double) == .timedOut)
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: TapGesture(count: 3) fires once, on the third tap, and not on the first two.
    @Test func aTripleTapFiresOnceAtTheThirdLift() {
        let rig = Rig()
        var ended: [TapValue] = []
        let triple = rig.engine.attach(TapGesture(count: 3).onEnded { ended.append($0) })
        rig.tap([(50, 50)], at: 0)
        rig.tap([(50, 50)], at: 150)
        #expect(ended.isEmpty)
        #expect(rig.phases(triple).isEmpty)
        rig.tap([(50, 50)], at: 300)
        #expect(ended.count == 1)
        #expect(ended.first?.count == 3)
        #expect(ended.first?.time == .milliseconds(360))
        #expect(rig.path(triple) == [.recognized])
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: SpatialTapGesture's location is in the tapped view's own (.local) coordinates.
    // Tactus adapts: surface-local pixels for a surface target.
    @Test func aTapOnASurfaceIsLocatedInTheSurfacesOwnPixels() {
        let rig = Rig()
        rig.scene = [(SurfaceID(7), Rect(x: 200, y: 300, width: 500, height: 400), nil)]
        var ended: [TapValue] = []
        rig.engine.attach(TapGesture().onEnded { ended.append($0) }, to: .surface(SurfaceID(7)))
        rig.tap([(32.5, 41)], at: 0)
        #expect(ended.count == 1)
        #expect(Parity.close(ended.first?.location, Point(x: 125, y: 110)))
    }

    // SwiftUI: a tap's onEnded runs once per tap.
    // Tactus adds fingers (SwiftUI taps have one): a two-finger tap reports 2 fingers at their centroid.
    @Test func aTwoFingerTapReportsItsFingersAndTheirCentroid() {
        let rig = Rig()
        var ended: [TapValue] = []
        rig.engine.attach(TapGesture(fingers: 2).onEnded { ended.append($0) })
        rig.tap([(40, 50), (60, 52)], at: 0, hold: 80)
        #expect(ended.count == 1)
        #expect(ended.first?.fingers == 2)
        #expect(ended.first?.count == 1)
        #expect(ended.first?.time == .milliseconds(80))
        #expect(Parity.close(ended.first?.location, Point(x: 500, y: 510)))
    }

    // SwiftUI: a touch that moves is a drag, not a tap: the tap's onEnded never runs and the drag gets it.
    // Tactus adapts: a tap may travel 3 mm.
    @Test func aTouchThatTravelsIsADragAndNotATap() {
        let rig = Rig()
        var taps = 0
        let tap = rig.engine.attach(TapGesture().onEnded { _ in taps += 1 })
        let drag = rig.engine.attach(DragGesture())
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100)
        #expect(taps == 0)
        #expect(rig.path(tap) == [.failed])
        #expect(rig.reason(tap) == .movedTooFar)
        #expect(rig.path(drag) == [.began, .changed, .ended])
        #expect(rig.first(.failed, of: tap)?.time == rig.first(.began, of: drag)?.time)
    }

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
