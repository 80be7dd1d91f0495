// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// A custom swipe, as a SwiftUI developer writes one: a struct whose `body` is another gesture. Reports the
/// direction of a drag that travelled at least 10 mm (100 px on the rig), when it ends.
struct Flick: Gesture {
    var onFlick: (SwipeDirection) -> Void

    var body: some Gesture {
        DragGesture(minimumDistance: 5).onEnded { value in
            let t = value.translation
            guard t.length >= 100 else { return }
            if abs(t.dx) > abs(t.dy) { onFlick(t.dx > 0 ? .right : .left) } else { onFlick(t.dy > 0 ? .down : .up) }
        }
    }
}

/// The same, spelled with the value type named: `some Gesture<DragValue>`, so that composing code can read it.
struct TypedFlick: Gesture {
    var body: some Gesture<DragValue> {
        DragGesture(minimumDistance: 5)
    }
}

/// A custom gesture whose body is a composition and a map.
struct PinchAndTurn: Gesture {
    var body: some Gesture<Double> {
        MagnifyGesture().simultaneously(with: RotateGesture()).map { ($0.first?.magnification ?? 1) * 100 + ($0.second?.rotation ?? 0) }
    }
}

/// SwiftUI topic: custom gestures (`Gesture` with a `body`, `some Gesture<Value>`).
@Suite struct CustomGestureParityTests {
    // SwiftUI: a gesture with a body is attached and recognized like its body.
    @Test func aGestureWithABodyIsRecognizedThroughItsBody() {
        let rig = Rig()
        var flicks: [SwipeDirection] = []
        let id = rig.engine.attach(Flick { flicks.append($0) })
        rig.stroke([(20, 50)], by: (30, 0), at: 0, duration: 100)
        rig.stroke([(50, 80)], by: (0, -20), at: 500, duration: 100)
        rig.stroke([(50, 50)], by: (6, 0), at: 1000, duration: 100)
        #expect(flicks == [.right, .up], "the 6 mm stroke began a drag, but is no flick")
        #expect(rig.phases(id).filter { $0 != .changed } == [.began, .ended, .began, .ended, .began, .ended])
        #expect(rig.engine.isIdle)
    }

    // SwiftUI: `Value` of a custom gesture is its body's (`Gesture where Value == Body.Value`).
    @Test func aGestureWithATypedBodyHasItsBodysValue() {
        let rig = Rig()
        var last: DragValue?
        rig.engine.attach(TypedFlick().onChanged { (value: DragValue) in last = value })
        rig.stroke([(50, 50)], by: (10, 0), at: 0, duration: 100, lift: false)
        #expect(last?.translation == Vector(dx: 100, dy: 0))
        #expect(last?.startLocation == Point(x: 500, y: 500))
    }

    // SwiftUI: custom gestures compose as any other: simultaneously, sequenced, exclusively, map, onChanged,
    // onEnded, updating.
    @Test func customGesturesComposeWithEveryOperator() {
        let rig = Rig()
        let dragging = GestureState(initialValue: 0.0)
        var ended: [String] = []
        let gesture = TypedFlick()
            .map { $0.translation.dx }
            .updating(dragging) { dx, state in state = dx }
            .onEnded { ended.append("flick \(Int($0))") }
            .exclusively(before: TapGesture().onEnded { _ in ended.append("tap") })
        rig.engine.attach(gesture)
        rig.stroke([(20, 50)], by: (20, 0), at: 0, duration: 100, lift: false)
        #expect(dragging.wrappedValue == 200)
        rig.up(0, at: 100)
        rig.frame(at: 100)
        #expect(dragging.wrappedValue == 0)
        rig.tap([(50, 50)], at: 500)
        #expect(ended == ["flick 200", "tap"])

        let simultaneous = Rig()
        var pairs: [String] = []
        simultaneous.engine.attach(TypedFlick().simultaneously(with: Flick { _ in pairs.append("inner flick") })
            .onEnded { value in pairs.append("both \(value.first != nil) \(value.second != nil)") })
        simultaneous.stroke([(20, 50)], by: (20, 0), at: 0, duration: 100)
        #expect(pairs == ["inner flick", "both true true"])

        let sequenced = Rig()
        var translation: Vector?
        sequenced.engine.attach(LongPressGesture().sequenced(before: TypedFlick()).onEnded { value in
            if case .second(_, let drag?) = value { translation = drag.translation }
        })
        sequenced.down(0, 50, 50, at: 0)
        sequenced.frame(at: 0)
        sequenced.advance(to: 600)
        sequenced.move(0, 50, 62, at: 700)
        sequenced.frame(at: 700)
        sequenced.up(0, at: 710)
        sequenced.frame(at: 710)
        #expect(translation == Vector(dx: 0, dy: 120))
    }

    // SwiftUI: a body may itself be a composition with a mapped value.
    @Test func aCustomGestureMayComposeAndMapInItsBody() {
        let rig = Rig()
        var values: [Double] = []
        rig.engine.attach(PinchAndTurn().onEnded { values.append($0) })
        rig.pinch(center: (50, 50), radius: 10, to: 20, turning: 30, at: 0, duration: 200)
        #expect(values.count == 1)
        if let value = values.first { #expect(abs(value - 230) < 0.5, "magnification 2 and 30° turned: \(value)") }
    }
}
