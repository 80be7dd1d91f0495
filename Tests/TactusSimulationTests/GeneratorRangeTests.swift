// SPDX-License-Identifier: MIT
import Foundation
import TactusTrace
import Testing
import TactusCore
@testable import TactusSimulation

/// `tactus-sim generate` and scenario files' `generate` steps, given numbers outside their ranges: each is refused
/// with its name, its value and its range, never turned into a trace that hangs, fills memory or means nothing.
@Suite struct GeneratorRangeCommandLineTests {
    static let badOptions: [([String], String)] = [
        (["swipe", "--speed", "0"], "--speed must be within 1…10000 mm/s, not 0"),
        (["hold", "--duration", "inf"], "--duration must be within 1…60000 ms, not inf"),
        (["tap", "--count", "1000000000"], "--count must be within 1…100, not 1000000000"),
        (["tap", "--count", "0"], "--count must be within 1…100, not 0"),
        (["long-press", "--duration=nan"], "--duration must be within 1…60000 ms, not nan"),
        (["drag", "--distance=-5"], "--distance must be within 0.1…1000 mm, not -5"),
        (["swipe", "--distance=-30"], "--distance must be within 0.1…1000 mm, not -30"),
        (["pinch", "--fingers", "7"], "--fingers must be within 2…5 for pinch, not 7"),
        (["touchpad-pinch", "--scale=-1"], "--scale must be within 0.01…100, not -1"),
        (["hold", "--stagger=-10"], "--stagger must be within 0…100 ms, not -10"),
        (["hold", "--jitter=nan"], "--jitter must be within 0…10 mm, not nan"),
    ]

    @Test(arguments: badOptions)
    func aGenerateOptionOutsideItsRangeExits64NamingIt(_ arguments: [String], _ message: String) throws {
        let (status, errors) = try CommandLineTests.run(["generate"] + arguments, bounded: true)
        #expect(status == 64)
        #expect(errors.contains(message), "\(errors)")
    }

    static let badSteps: [(String, String)] = [
        (#""generate": "swipe", "speed": 0"#, "timeline[0]: speed must be within 1…10000 mm/s, not 0"),
        (#""generate": "hold", "duration": 1e300"#, "timeline[0]: duration must be within 1…60000 ms, not 1e+300"),
        (#""generate": "tap", "count": 1000000000"#, "timeline[0]: count must be within 1…100, not 1000000000"),
        (#""generate": "tap", "count": 0"#, "timeline[0]: count must be within 1…100, not 0"),
        (#""generate": "edge-swipe", "distance": -5"#, "timeline[0]: distance must be within 0.1…1000 mm, not -5"),
        (#""generate": "pinch", "fingers": 7"#, "timeline[0]: fingers must be within 2…5 for pinch, not 7"),
        (#""generate": "touchpad-pinch", "scale": -1"#, "timeline[0]: scale must be within 0.01…100, not -1"),
    ]

    @Test(arguments: badSteps)
    func aGenerateStepOutsideItsRangeExits2NamingIt(_ step: String, _ message: String) throws {
        let path = try CommandLineTests.temporaryFile("generate-step-\(step.hashValue).json", """
            {"name": "bad step", "timeline": [{"at_ms": 0, \(step)}], "expect": []}
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, errors) = try CommandLineTests.run(["run", path], bounded: true)
        #expect(status == 2)
        // The scenario is one line: the step's place is line 1.
        #expect(errors.contains("\(path):1 \(message)"), "\(errors)")
    }

    /// The knobs a scenario's device (or a step) sets are refused as `tactus-sim generate` refuses them (they were
    /// once taken as the nearest value within range, silently).
    static let badKnobs: [(String, String)] = [
        (#""device": {"stagger": 1e12}, "timeline": [{"at_ms": 0, "generate": "hold"}]"#,
         "device: stagger must be within 0…100 ms, not 1000000000000"),
        (#""device": {"rate": 0}, "timeline": []"#, "device: rate must be within 60…480 Hz, not 0"),
        (#""device": {"jitter": 11}, "timeline": []"#, "device: jitter must be within 0…10 mm, not 11"),
        (#""timeline": [{"at_ms": 0, "generate": "hold", "jitter": -1}]"#, "timeline[0]: jitter must be within 0…10 mm, not -1"),
        (#""timeline": [{"at_ms": 0, "generate": "tap", "stagger": 101}]"#, "timeline[0]: stagger must be within 0…100 ms, not 101"),
    ]

    @Test(arguments: badKnobs)
    func aScenarioKnobOutsideItsRangeExits2NamingIt(_ body: String, _ message: String) throws {
        let path = try CommandLineTests.temporaryFile("knob-\(body.hashValue).json", """
            {"name": "bad knob", \(body), "expect": []}
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, errors) = try CommandLineTests.run(["run", path], bounded: true)
        #expect(status == 2)
        #expect(errors.contains("\(path):1 \(message)"), "\(errors)")
    }
}

/// `GeneratorRequest.gesture(named:)` and `GeneratorOptions.validate()`, the one check both front ends use.
@Suite struct GeneratorRangeTests {
    static func request(_ set: (inout GeneratorRequest) -> Void) -> GeneratorRequest {
        var request = GeneratorRequest()
        set(&request)
        return request
    }

    static func refusal(_ name: String, _ set: (inout GeneratorRequest) -> Void) -> GeneratorRangeError? {
        do {
            _ = try request(set).gesture(named: name)
            return nil
        } catch {
            return error
        }
    }

    @Test func eachBadInputOfTheIssueIsRefusedNamingItsValueAndRange() {
        let cases: [(String, (inout GeneratorRequest) -> Void, String)] = [
            ("swipe", { $0.speed = 0 }, "speed must be within 1…10000 mm/s, not 0"),
            ("hold", { $0.duration = .infinity }, "duration must be within 1…60000 ms, not inf"),
            ("tap", { $0.count = 1_000_000_000 }, "count must be within 1…100, not 1000000000"),
            ("tap", { $0.count = 0 }, "count must be within 1…100, not 0"),
            ("long-press", { $0.duration = .nan }, "duration must be within 1…60000 ms, not nan"),
            ("drag", { $0.distance = -5 }, "distance must be within 0.1…1000 mm, not -5"),
            ("touchpad-swipe", { $0.distance = -40 }, "distance must be within 0.1…1000 mm, not -40"),
            ("pinch", { $0.fingers = 7 }, "fingers must be within 2…5 for pinch, not 7"),
            ("touchpad-pinch", { $0.scale = -1 }, "scale must be within 0.01…100, not -1"),
            ("pinch", { $0.startSpan = 0 }, "start span must be within 0.1…1000 mm, not 0"),
        ]
        for (name, set, message) in cases {
            #expect(Self.refusal(name, set)?.description == message, "\(name)")
        }
    }

    @Test func aSwipeTooSlowForItsDistanceIsRefusedAndTheSlowestAllowedIsAccepted() throws {
        let refusal = Self.refusal("swipe") { $0.distance = 1_000; $0.speed = 16.666 }
        #expect(refusal?.message(naming: "--speed")
                == "--speed must be within 16.667…10000 mm/s for a 1000 mm swipe to last 60000 ms at most, not 16.666")
        #expect(Self.refusal("swipe") { $0.distance = 1_000; $0.speed = 16.667 } == nil)
        #expect(Self.refusal("swipe") { $0.distance = 30; $0.speed = 1 } == nil)
    }

    @Test func anUnknownGeneratorIsNoGesture() throws {
        #expect(try GeneratorRequest().gesture(named: "wave") == nil)
        #expect(GeneratorRequest.fingerRange(of: "wave") == nil)
    }

    @Test func numbersAtTheEdgesOfTheirRangesAreAccepted() throws {
        // Each number with a generator that uses it.
        let edges: [(String, GeneratorParameter, WritableKeyPath<GeneratorRequest, Double?>)] = [
            ("tap", .interval, \.interval), ("hold", .duration, \.duration), ("long-press", .duration, \.duration),
            ("drag", .distance, \.distance), ("edge-swipe", .distance, \.distance), ("swipe", .speed, \.speed),
            ("pinch", .startSpan, \.startSpan), ("pinch", .endSpan, \.endSpan), ("rotate", .degrees, \.degrees),
            ("rotate", .radius, \.radius), ("touchpad-pinch", .scale, \.scale), ("touchpad-swipe", .duration, \.duration),
        ]
        let generator = Generator(options: GeneratorOptions())
        for (name, parameter, path) in edges {
            for value in [parameter.range.lowerBound, parameter.range.upperBound] {
                var request = GeneratorRequest()
                request[keyPath: path] = value
                let gesture = try #require(try request.gesture(named: name), "\(name) \(parameter) \(value)")
                #expect(!generator.trace(for: gesture).events.isEmpty)
            }
        }
        for count in [1, 100] { #expect(Self.refusal("tap") { $0.count = count } == nil) }
        #expect(Self.refusal("tap") { $0.count = 101 }?.parameter == .count)
    }

    @Test(arguments: GeneratorRequest.names)
    func fingerCountsAtTheEdgesOfTheKindsRangesAreAcceptedAndBeyondRefused(_ name: String) throws {
        let range = try #require(GeneratorRequest.fingerRange(of: name))
        for fingers in [range.lowerBound, range.upperBound] { #expect(Self.refusal(name) { $0.fingers = fingers } == nil) }
        for fingers in [range.lowerBound - 1, range.upperBound + 1] {
            #expect(Self.refusal(name) { $0.fingers = fingers }?.parameter == .fingers)
        }
    }

    @Test func theFingerRangesAreTheGestureKinds() {
        #expect(GeneratorRequest.fingerRange(of: "pinch") == GestureKind.magnify.fingerRange)
        #expect(GeneratorRequest.fingerRange(of: "touchpad-pinch") == GestureKind.rotate.fingerRange)
        #expect(GeneratorRequest.fingerRange(of: "tap") == GestureKind.tap.fingerRange)
        #expect(GeneratorRequest.fingerRange(of: "tip-tap") == GestureKind.tipTap.fingerRange)
        #expect(GeneratorRequest.fingerRangesInHelp
                == "from 1 to 10; from 2 to 5 for pinch, rotate, pinch-rotate, touchpad-pinch; from 1 to 4 for tip-tap")
    }

    @Test func optionsAtTheEdgesAreAcceptedAndBeyondRefused() throws {
        for parameter in [GeneratorParameter.rate, .jitter, .stagger] {
            let path: WritableKeyPath<GeneratorOptions, Double> = parameter == .rate ? \.rate : parameter == .jitter ? \.jitter : \.stagger
            var options = GeneratorOptions()
            for value in [parameter.range.lowerBound, parameter.range.upperBound] {
                options[keyPath: path] = value
                #expect(throws: Never.self) { try options.validate() }
            }
            for value in [parameter.range.lowerBound - 1, parameter.range.upperBound + 1, .nan, .infinity] {
                options[keyPath: path] = value
                #expect(throws: GeneratorRangeError.self) { try options.validate() }
            }
        }
    }

    @Test func aGeneratorTakesKnobsOutsideTheirRangesAsTheNearestWithin() {
        var wild = GeneratorOptions()
        (wild.rate, wild.jitter, wild.stagger) = (.nan, .infinity, 1e12)
        var nearest = GeneratorOptions()
        (nearest.rate, nearest.jitter, nearest.stagger) = (60, 10, 100)
        let gesture = GeneratedGesture.hold(fingers: 3, duration: 300)
        #expect(Generator(options: wild).trace(for: gesture).jsonLines == Generator(options: nearest).trace(for: gesture).jsonLines)
    }

    /// The longest trace (10 fingers held for a minute at 480 Hz, 21 MB of JSON Lines) streams out as it is made:
    /// tactus-sim's memory stays far below the trace's size all along (it reached 165 MB when the trace was built
    /// whole before its first line went out).
    @Test func theLongestTraceStreamsAsItIsMade() throws {
        let (output, samples) = try CommandLineTests.memoryWhileReading(
            ["generate", "hold", "--fingers", "10", "--duration", "60000", "--rate", "480"])
        #expect(output.count > 20_000_000)
        // A sample at each megabyte read while tactus-sim ran: most of the run is seen.
        #expect(samples.count >= 15, "\(samples.count) samples")
        let peak = samples.max() ?? .max
        #expect(peak < 64 << 20, "\(peak) bytes resident for a trace of \(output.count) bytes")
        let trace = try Trace(jsonLines: String(decoding: output, as: UTF8.self), source: "tactus-sim generate hold")
        #expect(trace.events.count > 280_000)
        #expect(trace.events.count <= GeneratorRequest.maximumEventCount)
    }

    /// The longest requests at the highest rate, with the widest stagger: none has more than the bound.
    @Test func theLongestTracesStayWithinTheBound() throws {
        var options = GeneratorOptions()
        (options.rate, options.stagger, options.jitter) = (480, 100, 10)
        let longest: [(String, (inout GeneratorRequest) -> Void)] = [
            ("tap", { $0.count = 100; $0.fingers = 10; $0.interval = 1 }),
            ("hold", { $0.fingers = 10; $0.duration = 60_000 }),
            ("swipe", { $0.fingers = 10; $0.distance = 1_000; $0.speed = 16.667 }),
            ("touchpad-pinch", { $0.fingers = 5; $0.duration = 60_000 }),
        ]
        for (name, set) in longest {
            let gesture = try #require(try Self.request(set).gesture(named: name))
            let count = Generator(options: options).trace(for: gesture).events.count
            #expect(count <= GeneratorRequest.maximumEventCount, "\(name): \(count) events")
        }
    }
}
