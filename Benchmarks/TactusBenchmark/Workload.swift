// SPDX-License-Identifier: MIT
import TactusCore

/// One client window under every finger, so that surface targets take part in every interaction.
final class OneWindow: SurfaceLocator {
    func surfaces(at point: Point, into stack: inout [SurfaceHit]) {
        stack.append(SurfaceHit(surface: SurfaceID(1), origin: Point(x: 100, y: 50)))
    }
    var pointerLocation: Point { Point(x: 500, y: 500) }
}

/// The bindings of a tablet desktop plus the gestures of a photo viewer, on `window` (the window under every
/// finger, or the layout).
func attachRealisticGestures(to engine: Engine, window: Target = .surface(SurfaceID(1))) -> Int {
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

/// Two fingers landing, dragging 24 frames at 240 Hz and lifting: a short interaction, where what happens when an
/// interaction starts weighs the most per event.
func twoFingerDrag(startingAt start: Int64, into events: inout [(InputEvent, Timestamp)]) -> Int64 {
    let device = DeviceID(1)
    let period: Int64 = 1_000_000 / 240
    var time = start
    for finger in 0..<2 {
        events.append((.touchDown(device, contact: Int32(finger), position: Point(x: 0.4 + 0.1 * Double(finger), y: 0.5)),
                       Timestamp(microseconds: time)))
    }
    events.append((.touchFrame(device), Timestamp(microseconds: time)))
    for frame in 1...24 {
        time += period
        for finger in 0..<2 {
            let position = Point(x: 0.4 + 0.1 * Double(finger) + 0.004 * Double(frame), y: 0.5)
            events.append((.touchMotion(device, contact: Int32(finger), position: position), Timestamp(microseconds: time)))
        }
        events.append((.touchFrame(device), Timestamp(microseconds: time)))
    }
    time += period
    for finger in 0..<2 { events.append((.touchUp(device, contact: Int32(finger)), Timestamp(microseconds: time))) }
    events.append((.touchFrame(device), Timestamp(microseconds: time)))
    return time + 1_000_000
}
