// SPDX-License-Identifier: MIT
// libFuzzer's entry for the engine: the input's bytes, four at a time, become a hostile stream (`HostileStep`)
// through an engine with every kind of gesture and relation attached, and every promise the engine makes over any
// stream is checked as it goes; a broken one stops the process, which libFuzzer reports with the input.
//
// Built and run by scripts/fuzz, with the fuzzer's instrumentation and FUZZING defined, the program hands itself
// over to libFuzzer (`runFuzzer`). Built as part of the package, it is a program that does nothing.
import FuzzerDriver
import TactusCore
import TactusPromises

/// Two client surfaces, one (2) in front of the other (1), which covers the screen; 2 has an exclusion strip.
final class Scene: SurfaceLocator {
    func surfaces(at point: Point, into stack: inout [SurfaceHit]) {
        if Rect(x: 200, y: 200, width: 400, height: 400).contains(point) {
            stack.append(SurfaceHit(surface: SurfaceID(2), origin: Point(x: 200, y: 200),
                                    excludesCompositorGestures: Rect(x: 200, y: 500, width: 400, height: 100).contains(point)))
        }
        stack.append(SurfaceHit(surface: SurfaceID(1), origin: .zero))
    }
    var pointerLocation: Point { Point(x: 500, y: 500) }
}

/// Plays one input and returns the promises it broke.
func brokenPromises(of input: inout FuzzInput) -> [String] {
    let devices = HostileDevices.standard
    let scene = Scene()
    let engine = Engine(surfaceLocator: scene)
    attachEverything(to: engine)
    let lifecycle = LifecycleChecker()
    var broken: [String] = []
    // Withheld events not yet delivered or dropped, by event and time; and the events released while they were
    // handled, before `handle` answered that it withholds them (the step that withheld one released it at once).
    var withheld: [String: Int] = [:]
    var releasedBeforeTheirAnswer: [String: Int] = [:]
    func key(_ device: DeviceID, _ event: TouchEvent, _ time: Timestamp) -> String { "\(device)/\(event)@\(time)" }
    engine.onUpdate = { lifecycle.observe($0) }
    engine.onRawTouch = { decision in
        switch decision {
        case .withhold:
            broken.append("\(decision) is no event's own decision, yet withholds")
        case .deliver(let device, let event, let time), .drop(let device, let event, let time):
            let key = key(device, event, time)
            if let count = withheld[key], count > 0 { withheld[key] = count - 1 }
            else { releasedBeforeTheirAnswer[key, default: 0] += 1 }
        case .cancel: break
        }
    }
    engine.handle(.deviceAdded(devices.screen), at: .zero)
    engine.handle(.deviceAdded(devices.touchpad), at: .zero)
    var screenPresent = true
    var clock: Int64 = 1000, now: Int64 = 0

    while !input.isAtEnd {
        let step = HostileStep(input.word(), on: devices)
        clock = max(clock + step.delay, 0)
        now = max(now, clock)
        let time = Timestamp.milliseconds(clock)
        switch step.action {
        case .advance:
            engine.advance(to: time)
        case .event(let event):
            var ownExpected = 0
            switch event {
            case .touchDown(let id, _, _), .touchMotion(let id, _, _), .touchUp(let id, _), .touchFrame(let id):
                if id == devices.screen.id && screenPresent { ownExpected = 1 }
            case .deviceAdded(let description) where description.id == devices.screen.id: screenPresent = true
            case .deviceRemoved(let id) where id == devices.screen.id: screenPresent = false
            default: break
            }
            let answer = engine.answer(event, at: time)
            if (answer == nil ? 0 : 1) != ownExpected {
                broken.append("\(event) at \(clock) ms was answered \(answer.map { "\($0)" } ?? "nothing"), "
                              + "expected \(ownExpected) decision of its own")
            }
            switch answer {
            case .withhold(let device, let event, let time)?:
                let key = key(device, event, time)
                if let count = releasedBeforeTheirAnswer[key], count > 0 { releasedBeforeTheirAnswer[key] = count - 1 }
                else { withheld[key, default: 0] += 1 }
            case .cancel?: broken.append("\(event) at \(clock) ms was answered with a cancel")
            default: break
            }
        }
        let released = releasedBeforeTheirAnswer.filter { $0.value > 0 }
        if !released.isEmpty { broken.append("released nothing withheld: \(released.keys.sorted().prefix(3))") }
        if let deadline = engine.nextDeadline, deadline < .milliseconds(now) {
            broken.append("a deadline in the past: \(deadline) after \(now) ms")
        }
        if !broken.isEmpty { return broken }
    }

    // Every touch and stream given up, every deadline past: nothing may be left running, deciding or withheld.
    let end = Timestamp.milliseconds(now + 10)
    engine.handle(.touchCancel(devices.screen.id), at: end)
    for stop in [InputEvent.swipeEnd(devices.touchpad.id, cancelled: true), .pinchEnd(devices.touchpad.id, cancelled: true),
                 .holdEnd(devices.touchpad.id, cancelled: true)] {
        engine.handle(stop, at: end)
    }
    engine.advance(to: .milliseconds(now + 10_010))
    broken += lifecycle.violations
    if !lifecycle.stillRunning.isEmpty { broken.append("still running: \(lifecycle.stillRunning.sorted())") }
    if lifecycle.beganCount != lifecycle.closedCount {
        broken.append("\(lifecycle.beganCount) began, \(lifecycle.closedCount) ended or cancelled")
    }
    if !engine.isIdle { broken.append("the engine is not idle after everything ended") }
    if let deadline = engine.nextDeadline { broken.append("a deadline is left: \(deadline)") }
    let stranded = withheld.filter { $0.value > 0 }
    if !stranded.isEmpty { broken.append("withheld and never released: \(stranded.keys.sorted().prefix(3))") }
    return broken
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngine(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var input = FuzzInput(data, count: size, limit: 16_384)
    let broken = brokenPromises(of: &input)
    if !broken.isEmpty { fatalError("the engine broke its promises: \(broken.prefix(5))") }
    return 0
}

#if FUZZING
runFuzzer(fuzzEngine)
#endif
