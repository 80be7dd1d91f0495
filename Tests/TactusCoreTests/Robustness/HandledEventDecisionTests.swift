// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// A host that answers each touch event as it comes (a compositor's touch handler) takes the decision `Engine.answer`
/// answers, never one it matched by value: the engine takes a late time as its clock's, and a position that is not a
/// number equals nothing.
@Suite struct HandledEventDecisionTests {
    /// An engine with one 100 × 100 mm touchscreen, and every raw-touch decision, in order as the host gets them, with
    /// whether it was `handle`'s answer.
    final class Host {
        let engine = Engine()
        private(set) var decisions: [(decision: RawTouchDecision, isHandledEvents: Bool)] = []
        let screen = DeviceID(1)

        init() {
            engine.onRawTouch = { [unowned self] in decisions.append(($0, false)) }
            engine.handle(.deviceAdded(DeviceDescription(
                id: screen, kind: .touchscreen, name: "screen", physicalSize: Size(width: 100, height: 100),
                outputRegion: Rect(x: 0, y: 0, width: 1000, height: 1000))), at: .zero)
        }

        /// Hands `event` to the engine at `ms` and returns its answer, as a list, and the other decisions made then.
        @discardableResult
        func send(_ event: InputEvent, at ms: Int64) -> (own: [RawTouchDecision], others: [RawTouchDecision]) {
            let before = decisions.count
            if let answer = engine.answer(event, at: .milliseconds(ms)) { decisions.append((answer, true)) }
            let made = decisions[before...]
            return (made.filter { $0.isHandledEvents }.map(\.decision), made.filter { !$0.isHandledEvents }.map(\.decision))
        }

        func down(_ contact: ContactID, _ x: Double, _ y: Double, at ms: Int64) -> [RawTouchDecision] {
            send(.touchDown(screen, contact: contact, position: Point(x: x, y: y)), at: ms).own
        }
        func move(_ contact: ContactID, _ x: Double, _ y: Double, at ms: Int64) -> [RawTouchDecision] {
            send(.touchMotion(screen, contact: contact, position: Point(x: x, y: y)), at: ms).own
        }
        func frame(at ms: Int64) -> [RawTouchDecision] { send(.touchFrame(screen), at: ms).own }
    }

    /// What a host that stops using the engine hands on to its clients: the events withheld now, in the order they
    /// came with their own times, as deliveries; reading them changes nothing, and the engine still decides them.
    @Test func theWithheldTouchesAreListedInOrderWithoutBeingDecided() {
        let host = Host()
        host.engine.attach(SwipeGesture(fingers: 3), priority: .high, policy: .withhold)
        _ = host.down(0, 0.4, 0.5, at: 1000)
        _ = host.down(1, 0.45, 0.5, at: 1000)
        _ = host.frame(at: 1000)
        _ = host.move(0, 0.41, 0.5, at: 1010)
        let listed = host.engine.withheldTouches
        #expect(listed == [.deliver(host.screen, .down(0, Point(x: 0.4, y: 0.5)), at: .milliseconds(1000)),
                           .deliver(host.screen, .down(1, Point(x: 0.45, y: 0.5)), at: .milliseconds(1000)),
                           .deliver(host.screen, .frame, at: .milliseconds(1000)),
                           .deliver(host.screen, .motion(0, Point(x: 0.41, y: 0.5)), at: .milliseconds(1010))])
        #expect(host.engine.withheldTouches == listed)
        #expect(host.decisions.allSatisfy { if case .withhold = $0.decision { return true } else { return false } })
    }

    @Test func anEventStampedBeforeTheEnginesClockGetsItsOwnDecision() throws {
        let host = Host()
        host.engine.attach(SwipeGesture(fingers: 3), priority: .high, policy: .withhold)
        _ = host.down(0, 0.5, 0.5, at: 1000)
        _ = host.frame(at: 1000)
        // One millisecond late, as an event of another device, or a kernel time just before a fired timer.
        let late = host.move(0, 0.52, 0.5, at: 999)
        #expect(late.count == 1)
        guard case .withhold(_, .motion(0, let position), let time)? = late.first else {
            Issue.record("the late motion was not withheld: \(late)")
            return
        }
        #expect(position == Point(x: 0.52, y: 0.5))
        // Its time is the engine's: matching it with the time the host stamped would have failed.
        #expect(time == .milliseconds(1000))
        #expect(host.engine.diagnostics.count(of: .timeWentBackwards) == 1)
    }

    @Test func aPositionThatIsNotANumberIsDroppedAsItsOwnDecision() {
        let host = Host()
        let own = host.down(0, .nan, 0.5, at: 10)
        #expect(own.count == 1)
        guard case .drop(_, .down(0, let position), _)? = own.first else {
            Issue.record("the NaN touch was not dropped: \(own)")
            return
        }
        #expect(position.x.isNaN)
        #expect(host.decisions.count == 1)
    }

    @Test func aTimersVerdictIsNotTheNextEventsDecision() throws {
        let host = Host()
        host.engine.attach(LongPressGesture(minimumDuration: .milliseconds(500)), priority: .high, policy: .withhold)
        #expect(host.down(0, 0.5, 0.5, at: 1000).count == 1)
        #expect(host.frame(at: 1000).count == 1)
        // The host's timer fires the long press at its deadline: the withheld down and frame are dropped then, as
        // decisions about events handled before.
        host.engine.advance(to: .milliseconds(1500))
        let verdicts = host.decisions.suffix(2)
        #expect(verdicts.allSatisfy { !$0.isHandledEvents })
        #expect(verdicts.allSatisfy { if case .drop = $0.decision { true } else { false } })
        // A motion the kernel stamped just before the deadline the timer already fired is the long press's now.
        let motion = host.send(.touchMotion(host.screen, contact: 0, position: Point(x: 0.5, y: 0.5)), at: 1499)
        #expect(motion.others.isEmpty)
        guard case .drop(_, .motion(0, _), _)? = motion.own.first, motion.own.count == 1 else {
            Issue.record("the motion after the long press was not dropped: \(motion.own)")
            return
        }
        let frame = host.frame(at: 1499)
        guard case .drop(_, .frame, _)? = frame.first, frame.count == 1 else {
            Issue.record("the frame after the long press was not dropped: \(frame)")
            return
        }
    }

    @Test func everyTouchEventOfAKnownScreenGetsExactlyOneDecisionOfItsOwn() {
        let host = Host()
        host.engine.attach(SwipeGesture(fingers: 3), priority: .high, policy: .withhold)
        host.engine.attach(TapGesture())
        // A fixed stream: the same on every run (Knuth's MMIX linear congruential generator, high bits).
        var state: UInt64 = 15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var time: Int64 = 100
        for _ in 0..<2000 {
            // Times wander back as often as forward; positions are sometimes not numbers or off the device;
            // contacts are sometimes unknown, duplicated or beyond the slot limit.
            time += Int64(next() % 7) - 3
            let contact = ContactID(next() % 14)
            let x = next() % 11 == 0 ? Double.nan : Double(next() % 1200) / 1000
            let event: InputEvent
            switch next() % 4 {
            case 0: event = .touchDown(host.screen, contact: contact, position: Point(x: x, y: 0.5))
            case 1: event = .touchMotion(host.screen, contact: contact, position: Point(x: x, y: 0.5))
            case 2: event = .touchUp(host.screen, contact: contact)
            default: event = .touchFrame(host.screen)
            }
            let own = host.send(event, at: time).own
            #expect(own.count == 1, "\(event) at \(time) ms got \(own.count) decisions of its own")
            if case .cancel? = own.first { Issue.record("a cancel is no event's own decision") }
        }
        // Events of a device the engine does not know get none.
        #expect(host.send(.touchDown(DeviceID(9), contact: 0, position: Point(x: 0.5, y: 0.5)), at: time).own.isEmpty)
    }
}
