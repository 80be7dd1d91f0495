// SPDX-License-Identifier: MIT
import AllocationCounter
import TactusCore

/// Five fingers pinching and turning through twenty realistic gestures: nanoseconds and heap allocations per
/// event after a warm-up interaction.
func runEventBenchmark(interactions: Int) {
    let framesPerInteraction = 480
    let locator = OneWindow()
    let engine = Engine(surfaceLocator: locator)
    let gestureCount = attachRealisticGestures(to: engine)
    var updates = 0
    var decisions = 0
    engine.onUpdate = { _ in updates += 1 }
    engine.onRawTouch = { _ in decisions += 1 }
    engine.handle(.deviceAdded(benchTouchscreen), at: .zero)

    var warmup: [(InputEvent, Timestamp)] = []
    var events: [(InputEvent, Timestamp)] = []
    var clock: Int64 = 1_000
    clock = fivefingerInteraction(startingAt: clock, frames: framesPerInteraction, into: &warmup)
    events.reserveCapacity(interactions * (framesPerInteraction + 2) * 6)
    for _ in 0..<interactions {
        clock = fivefingerInteraction(startingAt: clock, frames: framesPerInteraction, into: &events)
    }

    // The counter must see allocations, or "zero per event" would mean nothing.
    let probeBefore = tactus_allocation_count()
    let probe = [Int](repeating: 1, count: Int(probeBefore % 7) + 100)
    precondition(tactus_allocation_count() > probeBefore && probe.count >= 100, "the allocation counter sees no allocation")

    for (event, time) in warmup { engine.handle(event, at: time) }
    engine.advance(to: Timestamp(microseconds: clock))

    let updatesBefore = updates
    let allocationsBefore = tactus_allocation_count()
    let started = ContinuousClock.now
    for (event, time) in events { engine.handle(event, at: time) }
    let elapsed = ContinuousClock.now - started
    let allocations = tactus_allocation_count() - allocationsBefore

    print("gestures attached:       \(gestureCount)")
    print("events:                  \(events.count) (\(interactions) interactions of 5 contacts × \(framesPerInteraction) frames at 240 Hz)")
    print("gesture updates:         \(updates - updatesBefore)")
    print("raw-touch decisions:     \(decisions)")
    print("time per event:          \(Int((nanoseconds(elapsed) / Double(events.count)).rounded())) ns")
    print("allocations per event:   \(Double(allocations) / Double(events.count)) (\(allocations) in total, after warm-up)")
}

/// The touchscreen every benchmark drives: 260 × 170 mm over a 2560 × 1600 output.
let benchTouchscreen = DeviceDescription(id: DeviceID(1), kind: .touchscreen, name: "bench",
                                         physicalSize: Size(width: 260, height: 170),
                                         outputRegion: Rect(x: 0, y: 0, width: 2560, height: 1600))

func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}
