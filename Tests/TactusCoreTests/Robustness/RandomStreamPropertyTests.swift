import PropertyBased
import Testing
import TactusCore

/// Random event streams, valid and invalid, through an engine with every kind of gesture and relation.
@Suite struct RandomStreamPropertyTests {
    static let stranger = DeviceID(9)

    /// Decodes one generated number into one step of a stream, so that shrinking a failing stream keeps it a stream.
    struct Step: CustomStringConvertible {
        enum Action {
            case event(InputEvent)
            case advance
        }
        let action: Action
        /// Milliseconds from the previous step; negative now and then.
        let delay: Int64

        init(_ n: Int) {
            let op = n % 24, a = (n / 24) % 1000, b = (n / 24_000) % 1000
            let screen = b % 17 == 0 ? RandomStreamPropertyTests.stranger : Rig.screen
            let contact = ContactID(a % 12)
            let position = Step.position(a, b)
            let variant = a % 3
            switch op {
            case 0...3: action = .event(.touchDown(screen, contact: contact, position: position))
            case 4...8: action = .event(.touchMotion(screen, contact: contact, position: position))
            case 9...10: action = .event(.touchUp(screen, contact: contact))
            case 11...14: action = .event(.touchFrame(screen))
            case 15: action = .event(b % 3 == 0 ? .touchCancel(screen) : .touchFrame(screen))
            case 16:
                let fingers = b % 14 - 1
                action = .event([InputEvent.swipeBegin(Rig.touchpad, fingers: fingers),
                                 .pinchBegin(Rig.touchpad, fingers: fingers),
                                 .holdBegin(Rig.touchpad, fingers: fingers)][variant])
            case 17, 18:
                let delta = Vector(dx: Double(b % 21) - 10, dy: Double(a % 13) - 6)
                let scale = [0.0, -1, .nan, 0.5, 1.2, 2][b % 6]
                action = .event(variant == 0 ? .swipeUpdate(Rig.touchpad, delta: delta)
                                : .pinchUpdate(Rig.touchpad, delta: delta, scale: scale, angleDelta: Double(b % 31) - 15))
            case 19:
                let cancelled = b % 2 == 0
                action = .event([InputEvent.swipeEnd(Rig.touchpad, cancelled: cancelled),
                                 .pinchEnd(Rig.touchpad, cancelled: cancelled),
                                 .holdEnd(Rig.touchpad, cancelled: cancelled)][variant])
            case 20: action = .event(.modifiers(ModifierSet(rawValue: UInt8(b % 16))))
            case 21: action = .advance
            case 22:
                action = .event(b % 2 == 0 ? .deviceRemoved(variant == 0 ? Rig.touchpad : Rig.screen)
                                : .deviceAdded(variant == 0 ? Rig.touchpadDescription : Rig.screenDescription))
            default: action = .event(.touchDown(Rig.touchpad, contact: contact, position: position))
            }
            delay = b % 37 == 0 ? -5 : Int64(b % 45)
        }

        static func position(_ a: Int, _ b: Int) -> Point {
            switch (a + b) % 40 {
            case 0: return Point(x: .nan, y: 0.5)
            case 1: return Point(x: 0.5, y: .infinity)
            case 2: return Point(x: -.infinity, y: .nan)
            default: return Point(x: Double(a) / 500 - 0.5, y: Double(b) / 500 - 0.5)
            }
        }

        var description: String { "\(action) +\(delay)ms" }
    }

    /// Checks that every recognizer's phases form a legal life: began → changed* → ended|cancelled, or one
    /// recognized or failed, then perhaps a new life in a later interaction.
    final class LifecycleChecker {
        private var running: Set<String> = []
        private(set) var violations: [String] = []
        private(set) var beganCount = 0
        private(set) var closedCount = 0
        private(set) var observed = 0

        func observe(_ u: GestureUpdate) {
            let key = "\(u.attachment.rawValue)/\(u.recognizer)/\(u.device.rawValue)"
            observed += 1
            let isRunning = running.contains(key)
            switch u.phase {
            case .began:
                if isRunning { violations.append("\(key) began twice at \(u.time)") }
                running.insert(key)
                beganCount += 1
            case .changed:
                if !isRunning { violations.append("\(key) changed outside a run at \(u.time)") }
            case .ended, .cancelled:
                if !isRunning { violations.append("\(key) \(u.phase) without began at \(u.time)") }
                running.remove(key)
                closedCount += 1
            case .recognized, .failed:
                if isRunning { violations.append("\(key) \(u.phase) while running at \(u.time)") }
            }
            if (u.phase == .failed || u.phase == .cancelled) && u.reason == nil {
                violations.append("\(key) \(u.phase) without a reason")
            }
        }

        var stillRunning: Set<String> { running }
    }

    static func attachEverything(to engine: Engine) {
        let window = Target.surface(SurfaceID(1))
        let panel = Target.surface(SurfaceID(2))
        let single = engine.attach(TapGesture(), to: window)
        engine.attach(TapGesture(count: 2), to: window)
        engine.attach(TapGesture(count: 3, fingers: 2), to: panel)
        engine.attach(LongPressGesture(), to: panel)
        let drag = engine.attach(DragGesture(), to: window)
        engine.attach(DragGesture(fingers: 2), to: panel, priority: .high)
        engine.attach(SwipeGesture(fingers: 3), priority: .high, policy: .forwardThenCancel)
        engine.attach(SwipeGesture(directions: .vertical, fingers: 4), priority: .normal, policy: .withhold)
        engine.attach(EdgeSwipeGesture(edge: .left), to: .outputEdge(.left, width: 5), priority: .high)
        engine.attach(EdgeSwipeGesture(edge: .bottom, fingers: 2), to: .outputEdge(.bottom, width: 8), priority: .high)
        engine.attach(MagnifyGesture().simultaneously(with: RotateGesture()), to: window)
        engine.attach(LongPressGesture().sequenced(before: DragGesture()), to: panel)
        engine.attach(TapGesture(count: 2).exclusively(before: TapGesture()), to: .region(Rect(x: 0, y: 0, width: 500, height: 500)))
        // A tap that yields to a long press, and a long press that reports while pressed.
        engine.attach(TapGesture(count: 2).exclusively(before: LongPressGesture()).onChanged { _ in }, to: window)
        engine.attach(HoldGesture(fingers: 2), priority: .simultaneous)
        engine.attach(MagnifyGesture(fingers: 3).map { $0.magnification }, priority: .high, requiring: [.super])
        engine.attach(DragGesture(fingers: 3).onChanged { _ in }.onEnded { _ in }, to: .layout,
                      options: AttachmentOptions(priority: .high, rawTouchPolicy: .forwardThenCancel, deviceKinds: [.touchpad]))
        engine.attach(RotateGesture(fingers: 3), to: window, priority: .normal, mask: .thisTargetOnly)
        let swipe = engine.attach(SwipeGesture(), to: window)
        engine.requireFailure(of: swipe, before: drag)
        engine.recognizeSimultaneously(single, with: swipe)
    }

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
        await propertyCheck(count: 300, input: Gen.int(in: 0...23_999_999).array(of: 1...200)) { numbers in
            let rig = Rig()
            rig.scene = [(SurfaceID(2), Rect(x: 200, y: 200, width: 400, height: 400), Rect(x: 200, y: 500, width: 400, height: 100)),
                         (SurfaceID(1), Rect(x: 0, y: 0, width: 1000, height: 1000), nil)]
            Self.attachEverything(to: rig.engine)
            let checker = LifecycleChecker()
            var touchEventsToScreen = 0
            var screenPresent = true
            var clock: Int64 = 1000
            rig.engine.onUpdate = { checker.observe($0) }

            for step in numbers.map(Step.init) {
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
            Self.attachEverything(to: rig.engine)
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
    static let screenDescription = DeviceDescription(
        id: Rig.screen, kind: .touchscreen, name: "test screen", physicalSize: Size(width: 100, height: 100),
        outputRegion: Rect(x: 0, y: 0, width: 1000, height: 1000))
    static let touchpadDescription = DeviceDescription(id: Rig.touchpad, kind: .touchpad, name: "test touchpad",
                                                       touchpadPixelsPerMillimetre: 10)
}
