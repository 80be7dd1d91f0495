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
