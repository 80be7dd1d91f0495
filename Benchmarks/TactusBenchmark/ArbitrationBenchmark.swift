// SPDX-License-Identifier: MIT
import TactusCore

/// Whether arbitration stays linear in what takes part, with its budgets:
///
/// - `count` tap bindings under one finger, all recognized on the same lift frame, one winning: the cost of the
///   interaction per attachment with 2 048 taps may be at most twice that with 256 (work that grows with the
///   square of the taps would make it eight times);
/// - a touchscreen among 10 000 devices: a touch event may cost at most twice what it costs with the touchscreen
///   alone;
/// - devices added one after another: adding 80 000 may cost per device at most twice what adding 10 000 does (a
///   trace's header may list that many; looking each new one up among those before made it eight times).
///
/// Returns whether the three budgets hold.
func runArbitrationBenchmark(rounds: Int) -> Bool {
    print("arbitration: taps under one finger, one lift frame each; medians of \(rounds) interactions")
    var perTap: [Int: Double] = [:]
    for count in [256, 2048] {
        let engine = Engine(surfaceLocator: Desktop())
        for _ in 0..<count { engine.attach(TapGesture()) }
        engine.onUpdate = { _ in }
        engine.onRawTouch = { _ in }
        engine.handle(.deviceAdded(benchTouchscreen), at: .zero)
        var times: [Double] = []
        var clock: Int64 = 1_000
        for _ in 0..<rounds {
            var events: [(InputEvent, Timestamp)] = []
            clock = tap(at: clock, into: &events)
            times.append(feed(events, to: engine, offset: 0).nanosecondsPerEvent * Double(events.count))
        }
        perTap[count] = median(times) / Double(count)
        print("  \(count) taps: \(Int(median(times) / 1000)) µs per interaction, \(Int(perTap[count]!.rounded())) ns per tap")
    }
    let tapGrowth = perTap[2048]! / perTap[256]!
    let tapsHold = tapGrowth <= 2
    print("  per tap, 2048 against 256: \(rounded(tapGrowth))× (budget 2×): \(tapsHold ? "within" : "OVER") budget")

    print("arbitration: a touchscreen among 10 000 devices; two-finger drags on it, per event")
    var events: [(InputEvent, Timestamp)] = []
    var clock: Int64 = 1_000
    for _ in 0..<200 { clock = twoFingerDrag(startingAt: clock, into: &events) }
    let alone = makeScalingEngine(untouchedSurfaces: 0)
    let crowded = makeCrowdedEngine(devices: 10_000)
    var aloneTimes: [Double] = [], crowdedTimes: [Double] = []
    var offset: Int64 = 0
    for _ in 0..<5 {
        aloneTimes.append(feed(events, to: alone, offset: offset).nanosecondsPerEvent)
        crowdedTimes.append(feed(events, to: crowded, offset: offset).nanosecondsPerEvent)
        offset += clock
    }
    let deviceGrowth = median(crowdedTimes) / median(aloneTimes)
    let devicesHold = deviceGrowth <= 2
    print("  alone \(Int(median(aloneTimes).rounded())) ns, among 10 000 devices "
          + "\(Int(median(crowdedTimes).rounded())) ns: \(rounded(deviceGrowth))× (budget 2×): "
          + "\(devicesHold ? "within" : "OVER") budget")

    print("arbitration: devices added one after another, per device; medians of \(min(rounds, 5)) engines")
    var perDevice: [Int: Double] = [:]
    for count in [10_000, 80_000] {
        let additions = (0..<count).map { number in
            var description = benchTouchscreen
            description.id = DeviceID(UInt32(number))
            return (InputEvent.deviceAdded(description), Timestamp.zero)
        }
        perDevice[count] = median((0..<min(rounds, 5)).map { _ in feed(additions, to: Engine(), offset: 0).nanosecondsPerEvent })
        print("  \(count) devices: \(Int(perDevice[count]!.rounded())) ns per device")
    }
    let additionGrowth = perDevice[80_000]! / perDevice[10_000]!
    let additionsHold = additionGrowth <= 2
    print("  per device, 80 000 against 10 000: \(rounded(additionGrowth))× (budget 2×): "
          + "\(additionsHold ? "within" : "OVER") budget")
    return tapsHold && devicesHold && additionsHold
}

/// One finger tapping the middle of the screen, lifting 50 ms after it landed.
private func tap(at start: Int64, into events: inout [(InputEvent, Timestamp)]) -> Int64 {
    let device = benchTouchscreen.id
    events.append((.touchDown(device, contact: 0, position: Point(x: 0.5, y: 0.5)), Timestamp(microseconds: start)))
    events.append((.touchFrame(device), Timestamp(microseconds: start)))
    events.append((.touchUp(device, contact: 0), Timestamp(microseconds: start + 50_000)))
    events.append((.touchFrame(device), Timestamp(microseconds: start + 50_000)))
    return start + 1_000_000
}

/// The scaling benchmark's engine with `devices - 1` other touchscreens added before the one the fingers use.
private func makeCrowdedEngine(devices: Int) -> Engine {
    let engine = Engine(surfaceLocator: Desktop())
    _ = attachRealisticGestures(to: engine, window: .layout)
    engine.onUpdate = { _ in }
    engine.onRawTouch = { _ in }
    for other in 1..<devices {
        var description = benchTouchscreen
        description.id = DeviceID(UInt32(1_000 + other))
        engine.handle(.deviceAdded(description), at: .zero)
    }
    engine.handle(.deviceAdded(benchTouchscreen), at: .zero)
    return engine
}

private func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
