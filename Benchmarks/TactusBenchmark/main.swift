// Feeds a recorded-style stream of five moving contacts at 240 Hz through an engine with a realistic set of
// twenty attached gestures and reports nanoseconds and heap allocations per event. Run in release mode:
//     swift run -c release tactus-bench [interactions]
import AllocationCounter
import TactusCore

/// One client window under every finger, so that surface targets take part in every interaction.
final class OneWindow: SurfaceLocator {
    func surfaces(at point: Point, into stack: inout [SurfaceHit]) {
        stack.append(SurfaceHit(surface: SurfaceID(1), origin: Point(x: 100, y: 50)))
    }
    var pointerLocation: Point { Point(x: 500, y: 500) }
}

/// The bindings of a tablet desktop plus the gestures of a photo viewer.
func attachRealisticGestures(to engine: Engine) -> Int {
    let window = Target.surface(SurfaceID(1))
    var count = 0
    func add<G: Gesture>(_ gesture: G, _ target: Target, _ priority: AttachmentPriority = .normal,
                         _ policy: RawTouchPolicy = .withhold) {
        engine.attach(gesture, to: target, priority: priority, policy: policy)
        count += 1
    }
    for edge in Edge.allCases {
        add(EdgeSwipeGesture(edge: edge), .outputEdge(edge, width: 5), .high)
    }
    add(SwipeGesture(directions: .horizontal, fingers: 3), .layout, .high, .forwardThenCancel)
    add(SwipeGesture(directions: .vertical, fingers: 4), .layout, .high)
    add(DragGesture(fingers: 3), .layout, .high, .forwardThenCancel)
    add(MagnifyGesture(fingers: 5), .layout, .high)
    add(HoldGesture(fingers: 4), .layout, .simultaneous)
    add(TapGesture(count: 1), window)
    add(TapGesture(count: 2), window)
    add(TapGesture(count: 3), window)
    add(TapGesture(fingers: 2), window)
    add(LongPressGesture(), window)
    add(DragGesture(), window)
    add(DragGesture(fingers: 2), window)
    add(SwipeGesture(), window)
    add(MagnifyGesture().simultaneously(with: RotateGesture()), window)
    add(RotateGesture(fingers: 3), window)
    add(HoldGesture(), window, .simultaneous)
    return count
}

/// Five fingers landing together and pinching outwards while turning, for `frames` frames at 240 Hz.
func fivefingerInteraction(startingAt start: Int64, frames: Int, into events: inout [(InputEvent, Timestamp)]) -> Int64 {
    let device = DeviceID(1)
    let period: Int64 = 1_000_000 / 240
    var time = start
    func position(finger: Int, frame: Int) -> Point {
        let progress = Double(frame) / Double(frames)
        let radius = 0.08 + 0.12 * progress
        let angle = Double(finger) * 1.2566 + 0.6 * progress
        // A cheap turning path: the second-order Taylor terms are plenty for a benchmark's geometry.
        let c = 1 - angle * angle / 2 + angle * angle * angle * angle / 24
        let s = angle - angle * angle * angle / 6
        return Point(x: 0.5 + radius * c / 3, y: 0.5 + radius * s / 3)
    }
    for finger in 0..<5 {
        events.append((.touchDown(device, contact: Int32(finger), position: position(finger: finger, frame: 0)), Timestamp(microseconds: time)))
    }
    events.append((.touchFrame(device), Timestamp(microseconds: time)))
    for frame in 1...frames {
        time += period
        for finger in 0..<5 {
            events.append((.touchMotion(device, contact: Int32(finger), position: position(finger: finger, frame: frame)),
                           Timestamp(microseconds: time)))
        }
        events.append((.touchFrame(device), Timestamp(microseconds: time)))
    }
    time += period
    for finger in 0..<5 { events.append((.touchUp(device, contact: Int32(finger)), Timestamp(microseconds: time))) }
    events.append((.touchFrame(device), Timestamp(microseconds: time)))
    return time + 1_000_000
}

let interactions = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 200
let framesPerInteraction = 480

let locator = OneWindow()
let engine = Engine(surfaceLocator: locator)
let gestureCount = attachRealisticGestures(to: engine)
var updates = 0
var decisions = 0
engine.onUpdate = { _ in updates += 1 }
engine.onRawTouch = { _ in decisions += 1 }
engine.handle(.deviceAdded(DeviceDescription(id: DeviceID(1), kind: .touchscreen, name: "bench",
                                             physicalSize: Size(width: 260, height: 170),
                                             outputRegion: Rect(x: 0, y: 0, width: 2560, height: 1600))),
              at: .zero)

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

let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let nanosecondsPerEvent = seconds * 1e9 / Double(events.count)
print("gestures attached:       \(gestureCount)")
print("events:                  \(events.count) (\(interactions) interactions of 5 contacts × \(framesPerInteraction) frames at 240 Hz)")
print("gesture updates:         \(updates - updatesBefore)")
print("raw-touch decisions:     \(decisions)")
print("time per event:          \(Int(nanosecondsPerEvent.rounded())) ns")
print("allocations per event:   \(Double(allocations) / Double(events.count)) (\(allocations) in total, after warm-up)")
