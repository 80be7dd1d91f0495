// SPDX-License-Identifier: MIT
import PropertyBased
import Testing
import TactusCore
import TactusPromises

/// Random event streams, valid and invalid, through an engine with every kind of gesture and relation.
@Suite struct RandomStreamPropertyTests {
    /// Gives up every touch and stream, lets every deadline pass, and checks what must hold after any stream.
    static func windDownAndCheck(_ rig: Rig, checker: LifecycleChecker, clock start: Int64, touchEventsToScreen: Int) {
        let clock = start + 10
        rig.send(.touchCancel(Rig.screen), at: Double(clock))
        for end in [InputEvent.swipeEnd(Rig.touchpad, cancelled: true), .pinchEnd(Rig.touchpad, cancelled: true),
                    .holdEnd(Rig.touchpad, cancelled: true)] {
            rig.send(end, at: Double(clock))
        }
        rig.advance(to: Double(clock + 10_000))

        #expect(checker.violations.isEmpty, "\(checker.violations.prefix(5))")
        #expect(checker.stillRunning.isEmpty, "still running: \(checker.stillRunning)")
        #expect(checker.beganCount == checker.closedCount)
        #expect(rig.engine.isIdle)
        #expect(rig.engine.nextDeadline == nil)

        var withheld: [String] = [], released: [String] = []
        var immediateOrReleased = 0
        for decision in rig.decisions {
            switch decision {
            case .withhold(_, let e, let t): withheld.append("\(e)@\(t)")
            case .deliver(_, let e, let t), .drop(_, let e, let t):
                released.append("\(e)@\(t)")
                immediateOrReleased += 1
            case .cancel: break
            }
        }
        // One immediate decision per event, and every withheld event comes back exactly once.
        #expect(immediateOrReleased == touchEventsToScreen)
        for key in Set(withheld) {
            #expect(released.filter { $0 == key }.count >= withheld.filter { $0 == key }.count, "\(key) withheld but never released")
        }
    }

    @Test func randomStreamsNeverBreakTheLifecycleOrStrandATouch() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...(HostileStep.range - 1)).array(of: 1...200)) { numbers in
            let rig = Rig()
            rig.scene = [(SurfaceID(2), Rect(x: 200, y: 200, width: 400, height: 400), Rect(x: 200, y: 500, width: 400, height: 100)),
                         (SurfaceID(1), Rect(x: 0, y: 0, width: 1000, height: 1000), nil)]
            attachEverything(to: rig.engine)
            let checker = LifecycleChecker()
            var touchEventsToScreen = 0
            var screenPresent = true
            var clock: Int64 = 1000
            rig.engine.onUpdate = { checker.observe($0) }

            for step in numbers.map({ HostileStep($0) }) {
                clock = max(clock + step.delay, 0)
                switch step.action {
                case .advance:
                    rig.advance(to: Double(clock))
                case .event(let event):
                    switch event {
                    case .touchDown(Rig.screen, _, _), .touchMotion(Rig.screen, _, _), .touchUp(Rig.screen, _),
                         .touchFrame(Rig.screen):
                        if screenPresent { touchEventsToScreen += 1 }
                    case .deviceAdded(let d) where d.id == Rig.screen: screenPresent = true
                    case .deviceRemoved(Rig.screen): screenPresent = false
                    default: break
                    }
                    rig.send(event, at: Double(clock))
                }
            }
            Self.windDownAndCheck(rig, checker: checker, clock: clock, touchEventsToScreen: touchEventsToScreen)
        }
    }

    @Test func plausibleGesturesMixedWithFaultsKeepEveryLifeWellFormed() async {
        let gen = Gen.int(in: 0...99_999_999).array(of: 1...25)
        await propertyCheck(count: 200, input: gen) { numbers in
            let rig = Rig()
            rig.scene = [(SurfaceID(2), Rect(x: 200, y: 200, width: 400, height: 400), nil),
                         (SurfaceID(1), Rect(x: 0, y: 0, width: 1000, height: 1000), nil)]
            attachEverything(to: rig.engine)
            let checker = LifecycleChecker()
            rig.engine.onUpdate = { checker.observe($0) }
            var clock = 1000.0
            for n in numbers {
                let kind = n % 9, a = Double((n / 9) % 100), b = Double((n / 900) % 100), c = (n / 90_000) % 1000
                let fingers = 1 + c % 4
                let origin = (a, b)
                let points = (0..<fingers).map { (origin.0 + Double($0) * 8, origin.1) }
                switch kind {
                case 0: rig.tap(points, at: clock, hold: Double(c % 700))
                case 1: rig.stroke(points, by: (b - 50, a - 50), at: clock, duration: Double(50 + c % 400), lift: c % 5 != 0)
                case 2: rig.pinch(center: (a, b), fingers: 2 + c % 3, radius: 5 + Double(c % 10), to: Double(c % 30) + 1,
                                  turning: Double(c % 90) - 45, at: clock, duration: Double(100 + c % 300), lift: c % 4 != 0)
                case 3: rig.send(.touchCancel(Rig.screen), at: clock)
                case 4: rig.move(ContactID(c % 3), .nan, b, at: clock); rig.frame(at: clock)
                case 5: rig.advance(to: clock + Double(c))
                case 6: clock -= Double(c % 20)  // the next step starts earlier than the last ended
                case 7:
                    rig.send(.deviceRemoved(Rig.screen), at: clock)
                    rig.send(.deviceAdded(Rig.screenDescription), at: clock)
                default:
                    rig.send(.swipeBegin(Rig.touchpad, fingers: fingers + 1), at: clock)
                    for step in 1...8 { rig.send(.swipeUpdate(Rig.touchpad, delta: Vector(dx: a - 50, dy: b - 50) * 0.1), at: clock + Double(step) * 10) }
                    rig.send(.swipeEnd(Rig.touchpad, cancelled: c % 3 == 0), at: clock + 90)
                }
                clock += 1000
            }
            // The screen is present throughout (removal and re-adding happen together), so every touch
            // event the rig sent to it deserves a decision.
            Self.windDownAndCheck(rig, checker: checker, clock: Int64(clock),
                                  touchEventsToScreen: rig.touchEventsSent(to: Rig.screen))
            // Not vacuous: any gesture step gets recognizers deciding.
            #expect(checker.observed > 0 || numbers.allSatisfy { (3...7).contains($0 % 9) })
        }
    }
}

extension Rig {
    /// The rig's devices, as hostile streams remove and add them again.
    static let screenDescription = HostileDevices.standard.screen
    static let touchpadDescription = HostileDevices.standard.touchpad
}
