// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// Arbitration cases 15–20 and 29 of docs/arbitration.md: compositor bindings against clients, with the
/// raw-touch decisions that go with them.
@Suite struct CompositorCaseTests {
    static let client = SurfaceID(7)

    func clientRig() -> Rig {
        let rig = Rig()
        rig.scene = [(Self.client, Rect(x: 0, y: 0, width: 1000, height: 1000), Rect(x: 0, y: 900, width: 1000, height: 100))]
        return rig
    }

    /// The immediate and later decisions, as kinds, in order: "D" deliver, "W" withhold, "X" drop, "C" cancel.
    func kinds(_ decisions: [RawTouchDecision]) -> String {
        decisions.map {
            switch $0 {
            case .deliver: return "D"
            case .withhold: return "W"
            case .drop: return "X"
            case .cancel: return "C"
            }
        }.joined()
    }

    @Test func case15_anEdgeSwipeOverAClientDragWinsAndTheClientNeverSeesTheTouches() {
        let rig = clientRig()
        let edge = rig.engine.attach(EdgeSwipeGesture(edge: .left), to: .outputEdge(.left, width: 5),
                                     priority: .high, policy: .withhold)
        let drag = rig.engine.attach(DragGesture(), to: .surface(Self.client))
        rig.stroke([(2, 50)], by: (30, 0), at: 0, duration: 250)
        #expect(rig.path(edge) == [.began, .changed, .ended])
        #expect(rig.last(edge)?.edgeSwipe?.progress == 1)
        #expect(rig.path(drag) == [.failed])
        #expect(rig.reason(drag) == .lostToAnotherGesture)
        let pattern = kinds(rig.decisions)
        #expect(!pattern.contains("D") && !pattern.contains("C"))
        // Down, frame, three frames of motion until it begins; those were withheld and are now dropped.
        #expect(pattern.hasPrefix("WW"))
        #expect(pattern.filter { $0 == "W" }.count == pattern.filter { $0 == "X" }.count - (pattern.count - 2 * pattern.filter { $0 == "W" }.count))
        #expect(rig.engine.isIdle)
    }

    @Test func case15_aFingerOutsideTheEdgeZoneReachesTheClientAtOnce() {
        let rig = clientRig()
        let edge = rig.engine.attach(EdgeSwipeGesture(edge: .left), to: .outputEdge(.left, width: 5), priority: .high)
        let drag = rig.engine.attach(DragGesture(), to: .surface(Self.client))
        rig.stroke([(30, 50)], by: (30, 0), at: 0, duration: 250)
        #expect(rig.phases(edge).isEmpty)
        #expect(rig.path(drag) == [.began, .changed, .ended])
        #expect(kinds(rig.decisions) == String(repeating: "D", count: rig.decisions.count))
        #expect(rig.decisions.first == .deliver(Rig.screen, .down(0, Rig.normalized(30, 50)), at: .zero))
        #expect(rig.engine.isIdle)
    }

    @Test func case16_anEdgeTapIsWithheldThenDeliveredInOrder() {
        let rig = clientRig()
        let edge = rig.engine.attach(EdgeSwipeGesture(edge: .left), to: .outputEdge(.left, width: 5), priority: .high)
        let tap = rig.engine.attach(TapGesture(), to: .surface(Self.client))
        rig.tap([(2, 50)], at: 100, hold: 60)
        #expect(rig.path(edge) == [.failed])
        #expect(rig.reason(edge) == .movedTooLittle)
        #expect(rig.path(tap) == [.recognized])
        #expect(rig.last(tap)?.tap?.location == Point(x: 20, y: 500))
        let down = TouchEvent.down(0, Rig.normalized(2, 50))
        #expect(rig.decisions == [
            .withhold(Rig.screen, down, at: .milliseconds(100)),
            .withhold(Rig.screen, .frame, at: .milliseconds(100)),
            .withhold(Rig.screen, .up(0), at: .milliseconds(160)),
            .withhold(Rig.screen, .frame, at: .milliseconds(160)),
            .deliver(Rig.screen, down, at: .milliseconds(100)),
            .deliver(Rig.screen, .frame, at: .milliseconds(100)),
            .deliver(Rig.screen, .up(0), at: .milliseconds(160)),
            .deliver(Rig.screen, .frame, at: .milliseconds(160)),
        ])
        #expect(rig.engine.isIdle)
    }

    /// Two fingers pinch on the client, a third lands 90 ms later and the three swipe left.
    func pinchThenThreeFingerSwipe(_ rig: Rig) {
        rig.down(0, 40, 50, at: 0)
        rig.down(1, 60, 50, at: 0)
        rig.frame(at: 0)
        for i in 1...10 {
            rig.move(0, 40 - Double(i), 50, at: Double(i) * 8)
            rig.move(1, 60 + Double(i), 50, at: Double(i) * 8)
            rig.frame(at: Double(i) * 8)
        }
        rig.down(2, 50, 60, at: 90)
        rig.frame(at: 90)
        for i in 1...10 {
            let t = 90 + Double(i) * 8
            rig.move(0, 30 - 3 * Double(i), 50, at: t)
            rig.move(1, 70 - 3 * Double(i), 50, at: t)
            rig.move(2, 50 - 3 * Double(i), 60, at: t)
            rig.frame(at: t)
        }
        for id in 0..<3 { rig.up(ContactID(id), at: 170) }
        rig.frame(at: 170)
    }

    @Test func case17_aForwardThenCancelBindingTakesOverAndCancelsTheClient() {
        let rig = clientRig()
        let binding = rig.engine.attach(SwipeGesture(directions: .left, fingers: 3), priority: .high,
                                        policy: .forwardThenCancel)
        let pinch = rig.engine.attach(MagnifyGesture(), to: .surface(Self.client))
        pinchThenThreeFingerSwipe(rig)
        #expect(rig.path(pinch) == [.began, .changed, .cancelled])
        #expect(rig.reason(pinch) == .wrongFingerCount)
        #expect(rig.path(binding) == [.recognized])
        let pattern = kinds(rig.decisions)
        // Everything up to the lift went to the client at once; then the binding won: cancel.
        #expect(pattern == String(repeating: "D", count: pattern.count - 1) + "C")
        #expect(rig.decisions.last == .cancel(Rig.screen))
        #expect(rig.engine.isIdle)
    }

    @Test func case18_aWithholdingBindingDropsThreeFingersAndFlushesTwo() {
        let rig = clientRig()
        let binding = rig.engine.attach(SwipeGesture(directions: .left, fingers: 3), priority: .high, policy: .withhold)
        _ = rig.engine.attach(MagnifyGesture(), to: .surface(Self.client))
        pinchThenThreeFingerSwipe(rig)
        #expect(rig.path(binding) == [.recognized])
        let pattern = kinds(rig.decisions)
        let held = pattern.filter { $0 == "W" }.count
        #expect(pattern == String(repeating: "W", count: held) + String(repeating: "X", count: held))
        rig.clearRecords()

        // Only two fingers pinch: the binding gives up when the landing window closes, and the client gets
        // every held event in order, with its original timestamp, then the rest at once.
        rig.pinch(center: (50, 50), radius: 10, to: 15, at: 1000, duration: 400)
        #expect(rig.path(binding) == [.failed])
        #expect(rig.reason(binding) == .wrongFingerCount)
        let withheld = rig.decisions.compactMap { d -> Timestamp? in if case .withhold(_, _, let t) = d { t } else { nil } }
        let firstDeliveries = rig.decisions.compactMap { d -> Timestamp? in if case .deliver(_, _, let t) = d { t } else { nil } }
        #expect(!withheld.isEmpty)
        #expect(Array(firstDeliveries.prefix(withheld.count)) == withheld)
        #expect(withheld.last! <= .milliseconds(1251))
        #expect(kinds(rig.decisions).hasSuffix(String(repeating: "D", count: firstDeliveries.count - withheld.count)))
        #expect(rig.engine.isIdle)
    }

    @Test func case19_anExclusionRegionKeepsNormalBindingsOutButNotHighPriorityOnes() {
        let rig = clientRig()
        let normal = rig.engine.attach(SwipeGesture(directions: .up), to: .layout, priority: .normal)
        let lockScreen = rig.engine.attach(EdgeSwipeGesture(edge: .bottom), to: .outputEdge(.bottom, width: 5), priority: .high)
        rig.stroke([(50, 98)], by: (0, -40), at: 0, duration: 150)
        #expect(rig.phases(normal).isEmpty)
        #expect(rig.path(lockScreen) == [.began, .changed, .ended])
        rig.clearRecords()
        rig.stroke([(50, 60)], by: (0, -40), at: 1000, duration: 150)
        #expect(rig.path(normal) == [.recognized], "\(rig.updates)")
        #expect(rig.engine.isIdle)
    }

    @Test func case20_aBindingThatRequiresSuperFiresOnlyWithSuperHeld() {
        let rig = Rig()
        let binding = rig.engine.attach(DragGesture(fingers: 2), priority: .high, requiring: [.super])
        rig.stroke([(40, 50), (60, 50)], by: (0, 20), at: 0, duration: 200)
        #expect(rig.path(binding) == [.failed])
        #expect(rig.reason(binding) == .modifiersNotHeld)
        rig.clearRecords()
        rig.send(.modifiers([.super, .shift]), at: 900)
        rig.stroke([(40, 50), (60, 50)], by: (0, 20), at: 1000, duration: 200)
        #expect(rig.path(binding) == [.began, .changed, .ended])
        rig.clearRecords()
        // Pressing Super after the gesture began does not matter; only the moment it begins does.
        rig.send(.modifiers([]), at: 1900)
        rig.stroke([(40, 50), (60, 50)], by: (0, 2), at: 2000, duration: 100, lift: false)
        rig.send(.modifiers([.super]), at: 2150)
        for step in 1...5 {
            rig.move(0, 40, 52 + Double(step) * 3, at: 2150 + Double(step) * 10)
            rig.move(1, 60, 52 + Double(step) * 3, at: 2150 + Double(step) * 10)
            rig.frame(at: 2150 + Double(step) * 10)
        }
        #expect(rig.path(binding) == [.began, .changed])
        rig.send(.touchCancel(Rig.screen), at: 2300)
        #expect(rig.path(binding) == [.began, .changed, .cancelled])
        #expect(rig.engine.isIdle)
    }

    /// Three fingers on a circle of radius 15 mm round (50, 50), spread to 30 mm over 400 ms at 120 Hz, the bindings of
    /// case 29 attached: a live three-finger pinch and a four-finger drag. Returns the pinch and the drag.
    func pinchBesideAFourFingerDrag(_ rig: Rig, lift: Bool = true) -> (pinch: AttachmentID, drag: AttachmentID) {
        let pinch = rig.engine.attach(MagnifyGesture(fingers: 3))
        let drag = rig.engine.attach(DragGesture(fingers: 4))
        rig.pinch(center: (50, 50), fingers: 3, radius: 15, to: 30, at: 0, duration: 400, lift: lift)
        return (pinch, drag)
    }

    @Test func case29_aLivePinchBeginsWhenItsFingersMoveNotWhenTheFourFingerDragGivesUp() {
        let alone = Rig()
        let reference = alone.engine.attach(MagnifyGesture(fingers: 3))
        alone.pinch(center: (50, 50), fingers: 3, radius: 15, to: 30, at: 0, duration: 400)
        let beganAlone = alone.first(.began, of: reference)?.time
        #expect(beganAlone == Timestamp(microseconds: 41_666))

        let rig = clientRig()
        let (pinch, drag) = pinchBesideAFourFingerDrag(rig)
        // The same frame as alone, not 250 ms after the first finger, when the drag's landing window closes.
        #expect(rig.first(.began, of: pinch)?.time == beganAlone)
        #expect(rig.path(pinch) == [.began, .changed, .ended])
        #expect(abs(rig.last(pinch)!.magnify!.magnification - 2) < 1e-9)
        #expect(rig.path(drag) == [.failed])
        #expect(rig.reason(drag) == .lostToAnotherGesture)
        #expect(rig.last(drag)?.time == beganAlone)
        // The client under the fingers never sees them: held until the pinch won, then dropped, each decided once.
        let pattern = kinds(rig.decisions)
        let held = pattern.filter { $0 == "W" }.count
        #expect(held == 3 + 1 + 5 * 4)
        #expect(pattern == String(repeating: "W", count: held) + String(repeating: "X", count: pattern.count - held))
        #expect(rig.engine.isIdle)
    }

    @Test func case29_aFingerThatLandsBeforeTheOthersSettleStillMakesAFourFingerDrag() {
        let rig = Rig()
        let pinch = rig.engine.attach(MagnifyGesture(fingers: 3))
        let drag = rig.engine.attach(DragGesture(fingers: 4))
        // Three fingers land and spread past the pinch's threshold at once (scale 1.2 on the second frame)...
        for (id, x) in [(0, 40.0), (1, 50.0), (2, 60.0)] { rig.down(ContactID(id), x, 50, at: 0) }
        rig.frame(at: 0)
        for step in 1...2 {
            let t = Double(step) * 8
            for (id, x) in [(0, 40.0), (1, 50.0), (2, 60.0)] { rig.move(ContactID(id), 50 + (x - 50) * (1 + 0.1 * Double(step)), 50, at: t) }
            rig.frame(at: t)
        }
        #expect(rig.phases(pinch).isEmpty, "pending: no finger may land for 30 ms before the pinch counts its fingers as all")
        // ...and a fourth lands 20 ms after them: the four drag down together.
        rig.down(3, 50, 60, at: 20)
        rig.frame(at: 20)
        #expect(rig.path(pinch) == [.failed])
        #expect(rig.reason(pinch) == .wrongFingerCount)
        for step in 1...10 {
            let t = 20 + Double(step) * 8
            for (id, x) in [(0, 38.0), (1, 50.0), (2, 62.0)] { rig.move(ContactID(id), x, 50 + 2 * Double(step), at: t) }
            rig.move(3, 50, 60 + 2 * Double(step), at: t)
            rig.frame(at: t)
        }
        for id in 0..<4 { rig.up(ContactID(id), at: 110) }
        rig.frame(at: 110)
        #expect(rig.path(drag) == [.began, .changed, .ended])
        #expect(rig.last(drag)?.drag?.fingers == 4)
        #expect(rig.engine.isIdle)
    }

    @Test func case29_aFingerThatLandsOnARunningPinchEndsItAndTheClientStillSeesNothing() {
        let rig = clientRig()
        let (pinch, drag) = pinchBesideAFourFingerDrag(rig, lift: false)
        rig.down(3, 50, 80, at: 410)
        rig.frame(at: 410)
        #expect(rig.path(pinch) == [.began, .changed, .cancelled])
        #expect(rig.reason(pinch) == .wrongFingerCount)
        #expect(rig.path(drag) == [.failed])
        rig.move(3, 50, 85, at: 420)
        rig.frame(at: 420)
        for id in 0..<4 { rig.up(ContactID(id), at: 430) }
        rig.frame(at: 430)
        // The interaction was the compositor's from the pinch's win: the fourth finger's touches are dropped too.
        let pattern = kinds(rig.decisions)
        #expect(pattern.hasPrefix(String(repeating: "W", count: 24) + "X"))
        #expect(pattern.dropFirst(24).allSatisfy { $0 == "X" })
        #expect(rig.engine.isIdle)
    }
}
