// SPDX-License-Identifier: MIT
import AllocationCounter
import TactusCore

/// A desktop whose fingers always land on one window without gestures of its own, in front of `others` client
/// surfaces elsewhere on the screen.
final class Desktop: SurfaceLocator {
    func surfaces(at point: Point, into stack: inout [SurfaceHit]) {
        stack.append(SurfaceHit(surface: SurfaceID(1), origin: .zero, size: Size(width: 2560, height: 1600)))
    }
    var pointerLocation: Point { Point(x: 500, y: 500) }
}

/// The gestures of one client surface that no finger touches: ten of them, as an application attaches.
func attachClientGestures(to engine: Engine, surface: SurfaceID) {
    let target = Target.surface(surface)
    engine.attach(TapGesture(), to: target)
    engine.attach(TapGesture(count: 2), to: target)
    engine.attach(LongPressGesture(), to: target)
    engine.attach(DragGesture(), to: target)
    engine.attach(DragGesture(fingers: 2), to: target)
    engine.attach(SwipeGesture(), to: target)
    engine.attach(MagnifyGesture().simultaneously(with: RotateGesture()), to: target)
    engine.attach(RotateGesture(fingers: 3), to: target)
    engine.attach(HoldGesture(), to: target, priority: .simultaneous)
    engine.attach(EdgeSwipeGesture(edge: .left), to: target)
}

/// Whether what is attached but never touched costs anything per event: the same events through an engine with
/// twenty gestures on the layout, and through one with those twenty plus 1 000 attachments on 100 client surfaces
/// that no finger touches. The two run in alternation, five rounds each; the figures are the medians.
func runScalingBenchmark(interactions: Int) {
    let workloads: [(name: String, make: (Int64, inout [(InputEvent, Timestamp)]) -> Int64)] = [
        ("five fingers, 480 frames", { fivefingerInteraction(startingAt: $0, frames: 480, into: &$1) }),
        ("two fingers, 24 frames", { twoFingerDrag(startingAt: $0, into: &$1) }),
    ]
    print("per event: 20 gestures on the layout alone, and with 1000 untouched attachments on 100 surfaces")
    for workload in workloads {
        var events: [(InputEvent, Timestamp)] = []
        var clock: Int64 = 1_000
        // Twenty times as many short interactions, so that both workloads have about as many events.
        let count = workload.name.hasPrefix("two") ? interactions * 20 : interactions
        for _ in 0...count { clock = workload.make(clock, &events) }

        let alone = makeScalingEngine(untouchedSurfaces: 0)
        let crowded = makeScalingEngine(untouchedSurfaces: 100)
        var aloneTimes: [Double] = [], crowdedTimes: [Double] = []
        var crowdedAllocations = 0
        var offset: Int64 = 0
        for _ in 0..<5 {
            aloneTimes.append(feed(events, to: alone, offset: offset).nanosecondsPerEvent)
            let crowdedRun = feed(events, to: crowded, offset: offset)
            crowdedTimes.append(crowdedRun.nanosecondsPerEvent)
            crowdedAllocations = crowdedRun.allocations
            offset += clock
        }
        let a = median(aloneTimes), c = median(crowdedTimes)
        let ratio = (c / a * 100).rounded() / 100
        print("  \(workload.name): \(events.count) events; alone \(Int(a.rounded())) ns, "
              + "with 1000 untouched \(Int(c.rounded())) ns: ratio \(ratio); "
              + "allocations in the last run with 1000 untouched: \(crowdedAllocations)")
    }
}

/// An engine with the twenty gestures on the layout and ten gestures on each of `untouchedSurfaces` surfaces.
func makeScalingEngine(untouchedSurfaces: Int) -> Engine {
    let engine = Engine(surfaceLocator: Desktop())
    let twenty = attachRealisticGestures(to: engine, window: .layout)
    precondition(twenty == 20, "the benchmark compares against twenty gestures")
    for surface in 0..<untouchedSurfaces { attachClientGestures(to: engine, surface: SurfaceID(UInt64(100 + surface))) }
    engine.onUpdate = { _ in }
    engine.onRawTouch = { _ in }
    engine.handle(.deviceAdded(benchTouchscreen), at: .zero)
    return engine
}

/// Feeds `events`, shifted by `offset` microseconds, and times it.
func feed(_ events: [(InputEvent, Timestamp)], to engine: Engine, offset: Int64)
    -> (nanosecondsPerEvent: Double, allocations: Int) {
    let allocationsBefore = tactus_allocation_count()
    let started = ContinuousClock.now
    for (event, time) in events { engine.handle(event, at: Timestamp(microseconds: time.microseconds + offset)) }
    let elapsed = ContinuousClock.now - started
    return (nanoseconds(elapsed) / Double(events.count), Int(tactus_allocation_count() - allocationsBefore))
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}
