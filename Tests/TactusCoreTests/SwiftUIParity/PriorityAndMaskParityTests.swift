// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// SwiftUI topic: gesture priority and masks: `gesture(_:including:)`, `highPriorityGesture(_:including:)`,
/// `simultaneousGesture(_:including:)` and `GestureMask`.
///
/// Tactus adapts SwiftUI here: views are surfaces (`rig.scene`, front first), a gesture is attached to a surface
/// with `priority:` `.normal`, `.high` or `.simultaneous` instead of the three modifiers, and the masks are named
/// `.all`, `.thisTargetOnly` (SwiftUI's `.gesture`), `.innerTargetsOnly` (SwiftUI's `.subviews`) and `.none`.
@Suite struct PriorityAndMaskParityTests {
    // SwiftUI: with .gesture on both, the subview's gesture wins over its parent's.
    @Test func anInnerGestureBeatsAnOuterOneOfNormalPriority() {
        let rig = Parity.twoSurfaces()
        let outer = rig.engine.attach(TapGesture(), to: .surface(Parity.outer))
        var innerTaps: [TapValue] = []
        let inner = rig.engine.attach(TapGesture().onEnded { innerTaps.append($0) }, to: .surface(Parity.inner))
        rig.tap([(30, 30)], at: 0)
        #expect(rig.path(inner) == [.recognized])
        #expect(innerTaps.map(\.time) == [.milliseconds(60)])
        #expect(innerTaps.first?.location == Point(x: 100, y: 100))
        #expect(rig.path(outer) == [.failed])
        #expect(rig.reason(outer) == .lostToAnotherGesture)
    }

    // SwiftUI: .highPriorityGesture on the parent wins over the subview's .gesture.
    @Test func anOuterHighPriorityGestureBeatsAnInnerOne() {
        let rig = Parity.twoSurfaces()
        var outerTaps: [TapValue] = []
        let outer = rig.engine.attach(TapGesture().onEnded { outerTaps.append($0) }, to: .surface(Parity.outer),
                                      priority: .high)
        let inner = rig.engine.attach(TapGesture(), to: .surface(Parity.inner))
        rig.tap([(30, 30)], at: 0)
        #expect(rig.path(outer) == [.recognized])
        #expect(outerTaps.first?.location == Point(x: 300, y: 300))
        #expect(rig.path(inner) == [.failed])
        #expect(rig.reason(inner) == .lostToAnotherGesture)
    }

    // SwiftUI: the subview's gesture still fires when the parent's high-priority gesture fails.
    // A tap on a view inside a scroller with a high-priority drag.
    @Test func anInnerGestureFiresWhenTheOuterHighPriorityGestureFails() {
        let rig = Parity.twoSurfaces()
        let outer = rig.engine.attach(DragGesture(), to: .surface(Parity.outer), priority: .high)
        let inner = rig.engine.attach(TapGesture(), to: .surface(Parity.inner))
        rig.tap([(30, 30)], at: 0)
        #expect(rig.path(outer) == [.failed])
        #expect(rig.reason(outer) == .movedTooLittle)
        #expect(rig.path(inner) == [.recognized])
        #expect(rig.first(.recognized, of: inner)?.time == .milliseconds(60))
        rig.clearRecords()
        // A real drag goes to the parent.
        rig.stroke([(30, 30)], by: (10, 0), at: 500, duration: 100)
        #expect(rig.path(outer) == [.began, .changed, .ended])
        #expect(rig.path(inner) == [.failed])
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: .simultaneousGesture on the parent fires together with the subview's gesture.
    @Test func anOuterSimultaneousGestureFiresAlongsideTheInnerOne() {
        let rig = Parity.twoSurfaces()
        let outer = rig.engine.attach(TapGesture(), to: .surface(Parity.outer), priority: .simultaneous)
        let inner = rig.engine.attach(TapGesture(), to: .surface(Parity.inner))
        rig.tap([(30, 30)], at: 0)
        #expect(rig.path(outer) == [.recognized])
        #expect(rig.path(inner) == [.recognized])
        #expect(rig.first(.recognized, of: outer)?.time == .milliseconds(60))
        #expect(rig.first(.recognized, of: inner)?.time == .milliseconds(60))
    }

    // SwiftUI: a simultaneous gesture fires without changing who wins among the others (inner still beats outer).
    @Test func aSimultaneousGestureDoesNotChangeWhoWinsAmongTheOthers() {
        let rig = Parity.twoSurfaces()
        let outerNormal = rig.engine.attach(TapGesture(), to: .surface(Parity.outer))
        let outerSimultaneous = rig.engine.attach(TapGesture(), to: .surface(Parity.outer), priority: .simultaneous)
        let inner = rig.engine.attach(TapGesture(), to: .surface(Parity.inner))
        rig.tap([(30, 30)], at: 0)
        #expect(rig.path(inner) == [.recognized])
        #expect(rig.path(outerSimultaneous) == [.recognized])
        #expect(rig.path(outerNormal) == [.failed])
        #expect(rig.reason(outerNormal) == .lostToAnotherGesture)
    }

    /// A drag on each of three nested surfaces, the middle one attached with `mask`; one 10 mm stroke.
    func strokeThroughThreeSurfaces(middleMask mask: GestureMask)
        -> (outer: [GesturePhase], middle: [GesturePhase], inner: [GesturePhase], middleDrag: DragValue?, rig: Rig) {
        let rig = Parity.threeSurfaces()
        let outer = rig.engine.attach(DragGesture(), to: .surface(Parity.outer))
        let middle = rig.engine.attach(DragGesture(), to: .surface(Parity.middle), priority: .normal, mask: mask)
        let inner = rig.engine.attach(DragGesture(), to: .surface(Parity.inner))
        rig.stroke([(30, 30)], by: (10, 0), at: 0, duration: 100)
        return (rig.path(outer), rig.path(middle), rig.path(inner), rig.last(middle)?.drag, rig)
    }

    // SwiftUI: GestureMask.all (the default) — the view's and its subviews' gestures take part; the innermost wins.
    @Test func maskAllLetsTheViewAndItsSubviewsTakePart() {
        let run = strokeThroughThreeSurfaces(middleMask: .all)
        #expect(run.inner == [.began, .changed, .ended])
        #expect(run.middle == [.failed])
        #expect(run.outer == [.failed])
        #expect(run.rig.updates.filter { $0.phase == .failed }.allSatisfy { $0.reason == .lostToAnotherGesture })
    }

    // SwiftUI: GestureMask.gesture — the view's own gesture only; its subviews' gestures are disabled.
    // The disabled ones hear nothing; the gestures of views around it still take part.
    @Test func maskThisTargetOnlyDisablesTheSubviewsGestures() {
        let run = strokeThroughThreeSurfaces(middleMask: .thisTargetOnly)
        #expect(run.middle == [.began, .changed, .ended])
        #expect(run.inner == [])
        #expect(run.outer == [.failed])
        #expect(run.middleDrag?.startLocation == Point(x: 200, y: 200))
    }

    // SwiftUI: GestureMask.subviews — the subviews' gestures only; the view's own gesture is disabled.
    @Test func maskInnerTargetsOnlyDisablesTheViewsOwnGesture() {
        let run = strokeThroughThreeSurfaces(middleMask: .innerTargetsOnly)
        #expect(run.middle == [])
        #expect(run.inner == [.began, .changed, .ended])
        #expect(run.outer == [.failed])
    }

    // SwiftUI: GestureMask.none — neither the view's gesture nor its subviews'; a parent's gesture still works.
    @Test func maskNoneDisablesTheViewAndItsSubviews() {
        let run = strokeThroughThreeSurfaces(middleMask: .none)
        #expect(run.middle == [])
        #expect(run.inner == [])
        #expect(run.outer == [.began, .changed, .ended])
        #expect(run.rig.engine.isIdle)
    }
}
