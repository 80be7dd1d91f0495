// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// Arbitration cases 21–28 of docs/arbitration.md: nesting, relations and faults.
@Suite struct NestingAndFaultCaseTests {
    static let outer = SurfaceID(1)
    static let inner = SurfaceID(2)

    /// An outer window filling the output with an inner panel at (200, 200)–(600, 600) px.
    func nestedRig() -> Rig {
        let rig = Rig()
        rig.scene = [(Self.inner, Rect(x: 200, y: 200, width: 400, height: 400), nil),
                     (Self.outer, Rect(x: 0, y: 0, width: 1000, height: 1000), nil)]
        return rig
    }

    @Test func case21_innerDragWinsByDefault() {
        let rig = nestedRig()
        let outer = rig.engine.attach(DragGesture(), to: .surface(Self.outer))
        let inner = rig.engine.attach(DragGesture(), to: .surface(Self.inner))
        rig.stroke([(30, 30)], by: (10, 0), at: 0, duration: 100)
        #expect(rig.path(inner) == [.began, .changed, .ended])
        #expect(rig.path(outer) == [.failed])
        #expect(rig.reason(outer) == .lostToAnotherGesture)
        // Surface-local: the finger landed at (300, 300) px, the panel starts at (200, 200).
        #expect(rig.last(inner)?.drag?.startLocation == Point(x: 100, y: 100))
        #expect(rig.engine.isIdle)
    }

    @Test func case21_outerHighPriorityDragWins() {
        let rig = nestedRig()
        let outer = rig.engine.attach(DragGesture(), to: .surface(Self.outer), priority: .high)
        let inner = rig.engine.attach(DragGesture(), to: .surface(Self.inner))
        rig.stroke([(30, 30)], by: (10, 0), at: 0, duration: 100)
        #expect(rig.path(outer) == [.began, .changed, .ended])
        #expect(rig.last(outer)?.drag?.startLocation == Point(x: 300, y: 300))
        #expect(rig.path(inner) == [.failed])
        #expect(rig.engine.isIdle)
    }

    @Test func case21_simultaneousDragsBothRun() {
        let rig = nestedRig()
        let outer = rig.engine.attach(DragGesture(), to: .surface(Self.outer), priority: .simultaneous)
        let inner = rig.engine.attach(DragGesture(), to: .surface(Self.inner))
        rig.stroke([(30, 30)], by: (10, 0), at: 0, duration: 100)
        #expect(rig.path(outer) == [.began, .changed, .ended])
        #expect(rig.path(inner) == [.began, .changed, .ended])
        #expect(rig.engine.isIdle)
    }

    @Test func case22_masksDisableTheTargetOrItsInnerTargets() {
        func run(_ mask: GestureMask) -> (outer: [GesturePhase], inner: [GesturePhase]) {
            let rig = nestedRig()
            let outer = rig.engine.attach(TapGesture(), to: .surface(Self.outer), priority: .normal, mask: mask)
            let inner = rig.engine.attach(TapGesture(), to: .surface(Self.inner))
            rig.tap([(30, 30)], at: 0)
            #expect(rig.engine.isIdle)
            return (rig.path(outer), rig.path(inner))
        }
        #expect(run(.all) == ([.failed], [.recognized]))
        #expect(run(.none) == ([], []))
        #expect(run(.innerTargetsOnly) == ([], [.recognized]))
        #expect(run(.thisTargetOnly) == ([.recognized], []))
    }

    @Test func case23_requireToFailBothWays() {
        let rig = Rig()
        let a = rig.engine.attach(DragGesture())
        let b = rig.engine.attach(SwipeGesture(directions: .right))
        rig.engine.requireFailure(of: b, before: a)
        // B succeeds (a fast flick right): A, which waited, fails.
        rig.stroke([(20, 50)], by: (30, 0), at: 0, duration: 100)
        #expect(rig.path(b) == [.recognized])
        #expect(rig.path(a) == [.failed])
        #expect(rig.reason(a) == .lostToAnotherGesture)
        rig.clearRecords()
        // B fails (the flick goes left): A proceeds from where the fingers are now, at the lift.
        rig.stroke([(60, 50)], by: (-30, 0), at: 1000, duration: 100)
        #expect(rig.path(b) == [.failed])
        #expect(rig.reason(b) == .wrongDirection)
        #expect(rig.path(a) == [.began, .ended])
        #expect(rig.first(.began, of: a)?.drag?.translation == Vector(dx: -300, dy: 0))
        #expect(rig.first(.began, of: a)?.time == .milliseconds(1100))
        #expect(rig.engine.isIdle)
    }

    @Test func case23_aRequiredFailureMidGestureLetsTheWaiterBegin() {
        let rig = Rig()
        let a = rig.engine.attach(DragGesture())
        let b = rig.engine.attach(LongPressGesture(maximumDistance: 8))
        rig.engine.requireFailure(of: b, before: a)
        rig.stroke([(20, 50)], by: (20, 0), at: 0, duration: 200, lift: false)
        #expect(rig.path(b) == [.failed])
        #expect(rig.reason(b) == .movedTooFar)
        let failedAt = rig.first(.failed, of: b)?.time
        #expect(rig.first(.began, of: a)?.time == failedAt)
        #expect((rig.first(.began, of: a)?.drag?.translation.dx ?? 0) > 80)
        rig.up(0, at: 300)
        rig.frame(at: 300)
        #expect(rig.path(a) == [.began, .changed, .ended])
        #expect(rig.engine.isIdle)
    }

    @Test func case24_longPressSequencedBeforeDrag() {
        let rig = Rig()
        var values: [String] = []
        let sequence = rig.engine.attach(LongPressGesture().sequenced(before: DragGesture()).onChanged { value in
            switch value {
            case .first: values.append("press")
            case .second(_, nil): values.append("pressed")
            case .second(_, .some(let drag)): values.append("drag \(Int(drag.translation.dx))")
            }
        })
        rig.down(0, 50, 50, at: 0)
        rig.frame(at: 0)
        rig.advance(to: 600)
        for step in 1...5 {
            rig.move(0, 50 + Double(step), 50, at: 600 + Double(step) * 10)
            rig.frame(at: 600 + Double(step) * 10)
        }
        rig.up(0, at: 700)
        rig.frame(at: 700)
        #expect(rig.path(sequence, recognizer: 0) == [.recognized])
        #expect(rig.last(sequence, recognizer: 0)?.time == .milliseconds(500))
        #expect(rig.path(sequence, recognizer: 1) == [.began, .changed, .ended])
        #expect(values == ["press", "pressed", "drag 40", "drag 50"])
        #expect(rig.engine.isIdle)
        rig.clearRecords()

        rig.stroke([(50, 50)], by: (10, 0), at: 1000, duration: 100)
        #expect(rig.path(sequence, recognizer: 0) == [.failed])
        #expect(rig.reason(sequence, recognizer: 0) == .movedTooFar)
        #expect(rig.phases(sequence, recognizer: 1).isEmpty)
        #expect(rig.engine.isIdle)
    }

    @Test func case25_removingTheDeviceMidDragCancelsItAndTheClientTouches() {
        let rig = nestedRig()
        let drag = rig.engine.attach(DragGesture(), to: .surface(Self.outer))
        rig.stroke([(30, 30)], by: (10, 0), at: 0, duration: 100, lift: false)
        rig.send(.deviceRemoved(Rig.screen), at: 150)
        #expect(rig.path(drag) == [.began, .changed, .cancelled])
        #expect(rig.reason(drag) == .deviceRemoved)
        #expect(rig.decisions.last == .cancel(Rig.screen))
        rig.up(0, at: 200)
        #expect(rig.engine.diagnostics.count(of: .unknownDevice) == 1)
        #expect(rig.path(drag) == [.began, .changed, .cancelled])
        #expect(rig.engine.isIdle)
    }

    @Test func case26_touchCancelMidPinchCancelsIt() {
        let rig = Rig()
        let pinch = rig.engine.attach(MagnifyGesture())
        rig.pinch(center: (50, 50), radius: 10, to: 15, at: 0, duration: 200, lift: false)
        rig.send(.touchCancel(Rig.screen), at: 250)
        #expect(rig.path(pinch) == [.began, .changed, .cancelled])
        #expect(rig.reason(pinch) == .cancelledByInput)
        #expect(!rig.phases(pinch).contains(.ended))
        #expect(rig.engine.isIdle)
    }

    @Test func case27_timeGoingBackwardsMidDragIsClampedAndCounted() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture())
        rig.stroke([(20, 50)], by: (10, 0), at: 0, duration: 100, lift: false)
        rig.move(0, 35, 50, at: 95)
        rig.frame(at: 95)
        #expect(rig.last(drag)?.phase == .changed)
        #expect(rig.last(drag)?.time == .milliseconds(100))
        #expect(rig.last(drag)?.drag?.translation == Vector(dx: 150, dy: 0))
        rig.up(0, at: 120)
        rig.frame(at: 120)
        #expect(rig.path(drag) == [.began, .changed, .ended])
        #expect(rig.engine.diagnostics.count(of: .timeWentBackwards) == 2)
        #expect(rig.engine.isIdle)
    }

    @Test func case28_everyBeganEndsOnceAndTheEngineIsReadyForMore() {
        let rig = nestedRig()
        let gestures = [
            rig.engine.attach(DragGesture(), to: .surface(Self.inner)),
            rig.engine.attach(MagnifyGesture().simultaneously(with: RotateGesture()), to: .surface(Self.outer)),
            rig.engine.attach(EdgeSwipeGesture(edge: .left), to: .outputEdge(.left, width: 5), priority: .high),
            rig.engine.attach(SwipeGesture(fingers: 3), priority: .high, policy: .forwardThenCancel),
        ]
        rig.stroke([(30, 30)], by: (10, 0), at: 0, duration: 100)
        rig.pinch(center: (50, 50), radius: 10, to: 20, turning: 30, at: 500, duration: 200)
        rig.stroke([(2, 50)], by: (30, 0), at: 1000, duration: 200)
        rig.stroke([(30, 40), (40, 40), (50, 40)], by: (-30, 0), at: 1500, duration: 150)
        rig.pinch(center: (50, 50), radius: 10, to: 20, at: 2000, duration: 200, lift: false)
        rig.send(.touchCancel(Rig.screen), at: 2300)
        rig.advance(to: 5000)
        for id in gestures {
            for recognizer in 0..<2 {
                let phases = rig.phases(id, recognizer: recognizer)
                #expect(phases.filter { $0 == .began }.count
                        == phases.filter { $0 == .ended || $0 == .cancelled }.count)
            }
        }
        #expect(rig.updates.filter { $0.phase == .began }.count >= 5)
        #expect(rig.engine.isIdle)
        #expect(rig.engine.nextDeadline == nil)
    }
}
