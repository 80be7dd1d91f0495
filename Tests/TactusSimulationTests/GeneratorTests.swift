// SPDX-License-Identifier: MIT
import TactusTrace
import Testing
import TactusCore
@testable import TactusSimulation

@Suite struct GeneratorTests {
    @Test func theSameOptionsAndSeedGiveTheSameBytes() {
        var options = GeneratorOptions()
        options.jitter = 0.4
        options.stagger = 20
        options.seed = 7
        let a = Generator(options: options).trace(for: .pinch(fingers: 3, startSpan: 20, endSpan: 50, duration: 300)).jsonLines
        let b = Generator(options: options).trace(for: .pinch(fingers: 3, startSpan: 20, endSpan: 50, duration: 300)).jsonLines
        #expect(a == b)
        options.seed = 8
        let c = Generator(options: options).trace(for: .pinch(fingers: 3, startSpan: 20, endSpan: 50, duration: 300)).jsonLines
        #expect(a != c)
    }

    @Test func aTraceSurvivesItsOwnJSONLines() throws {
        var options = GeneratorOptions()
        options.transform = DeviceTransform(rotation: .quarter, flipped: true)
        for gesture in [GeneratedGesture.tap(fingers: 2, count: 2, interval: 100), .touchpadPinch(fingers: 2, scale: 1.5, degrees: 20, duration: 200),
                        .touchpadSwipe(direction: .left, fingers: 3, distance: 30, duration: 200), .touchpadHold(fingers: 2, duration: 300)] {
            let trace = Generator(options: options).trace(for: gesture)
            let again = try Trace(jsonLines: trace.jsonLines, source: "memory")
            #expect(again.jsonLines == trace.jsonLines)
        }
    }
}

@Suite struct GeneratorShapeTests {
    @Test func aSwipeLandsAndLiftsOnTimeAtTheRate() {
        var options = GeneratorOptions()
        options.rate = 240
        let trace = Generator(options: options).trace(for: .swipe(direction: .left, fingers: 3, speed: 300, distance: 30))
        let downs = trace.events.filter { if case .touchDown = $0.event { true } else { false } }
        let ups = trace.events.filter { if case .touchUp = $0.event { true } else { false } }
        #expect(downs.count == 3 && ups.count == 3)
        #expect(downs.allSatisfy { $0.time == .milliseconds(100) })
        #expect(ups.allSatisfy { $0.time == .milliseconds(200) })
        let frames = trace.events.filter { $0.event == .touchFrame(DeviceID(1)) }
        #expect(frames.count == 25)  // 100 ms at 240 Hz, and the first frame
    }

    @Test func staggerDelaysEachFingerAndJitterStaysWithinItsBound() {
        var options = GeneratorOptions()
        options.stagger = 30
        options.jitter = 0.5
        let trace = Generator(options: options).trace(for: .hold(fingers: 3, duration: 300))
        let downs = trace.events.compactMap { e -> Timestamp? in if case .touchDown = e.event { e.time } else { nil } }
        #expect(downs == [.milliseconds(100), .milliseconds(130), .milliseconds(160)])
        let xs = trace.events.compactMap { e -> Double? in if case .touchMotion(_, 0, let p) = e.event { p.x * 160 } else { nil } }
        #expect(!xs.isEmpty && xs.allSatisfy { abs($0 - 65) <= 0.5 })
    }

    @Test func aPinchCentredAtAPixelLandsAroundIt() {
        var options = GeneratorOptions()
        options.sizeMillimetres = Size(width: 254, height: 143)
        options.sizePixels = Size(width: 1280, height: 720)
        options.at = Point(x: 340, y: 350)
        let trace = Generator(options: options).trace(for: .pinch(fingers: 2, startSpan: 40, endSpan: 80, duration: 300))
        let landings = trace.events.compactMap { e -> Point? in if case .touchDown(_, _, let p) = e.event { p } else { nil } }
        #expect(landings.count == 2)
        let middle = Point(x: (landings[0].x + landings[1].x) / 2 * 1280, y: (landings[0].y + landings[1].y) / 2 * 720)
        #expect(abs(middle.x - 340) < 1e-9 && abs(middle.y - 350) < 1e-9)
    }

    @Test func aRotatedDeviceGetsCoordinatesThatComeOutAsRequested() {
        var options = GeneratorOptions()
        options.transform = DeviceTransform(rotation: .quarter)
        let trace = Generator(options: options).trace(for: .drag(path: .line, fingers: 1, distance: 40, duration: 200, direction: .right))
        let points = trace.events.compactMap { e -> Point? in
            switch e.event {
            case .touchDown(_, _, let p), .touchMotion(_, _, let p): return options.transform.apply(p)
            default: return nil
            }
        }
        #expect(abs((points.last!.x - points.first!.x) * 160 - 40) < 1e-9)
        #expect(abs(points.last!.y - points.first!.y) < 1e-9)
    }

    @Test func aTouchpadPinchEndsAtItsScaleAndAngle() {
        let trace = Generator(options: GeneratorOptions()).trace(for: .touchpadPinch(fingers: 2, scale: 1.5, degrees: 30, duration: 200))
        var angle = 0.0, scale = 1.0
        for (_, event) in trace.events { if case .pinchUpdate(_, _, let s, let a) = event { scale = s; angle += a } }
        #expect(abs(scale - 1.5) < 1e-12 && abs(angle - 30) < 1e-9)
    }
}
