// SPDX-License-Identifier: MIT
import TactusCore

/// A generator asked for by name, as `tactus-sim generate` and scenario files' `generate` steps ask: the
/// parameters given, the others at the generator's defaults. Distances are millimetres, times milliseconds, angles
/// degrees (clockwise), speeds mm/s.
///
/// Every number has a range (`GeneratorParameter`), which `gesture(named:)` checks: a value outside it, NaN or
/// infinite, is refused with its name, value and range rather than made into a trace that hangs, fills memory or
/// means nothing. Within the ranges a trace has at most `maximumEventCount` events.
public struct GeneratorRequest {
    /// How many fingers: as many as the gesture kinds the generator makes can follow (`fingerRange(of:)`: 2…5 for
    /// pinches and rotations, 1…10 for the others). Default 1, 2 for pinches and rotations, 3 for touchpad swipes.
    public var fingers: Int?
    /// Taps: how many, 1…100 (default 1).
    public var count: Int?
    /// Taps: the pause between them, 1…60 000 ms (default 150 ms).
    public var interval: Double?
    /// How long the motion or press lasts, 1…60 000 ms.
    public var duration: Double?
    /// A drag's path (a line).
    public var path: GeneratedGesture.Path?
    /// How far the fingers travel, 0.1…1 000 mm.
    public var distance: Double?
    /// Which way a drag or swipe goes (right).
    public var direction: SwipeDirection?
    /// A swipe's speed, 1…10 000 mm/s, and at least what covers its distance in 60 s (default 200 mm/s).
    public var speed: Double?
    /// The edge an edge swipe starts from (left).
    public var edge: Edge?
    /// A pinch's span between fingers at the start (20 mm) and at the end (40 mm), 0.1…1 000 mm.
    public var startSpan: Double?
    public var endSpan: Double?
    /// How far the fingers turn, clockwise, −3 600…3 600° (default 45°).
    public var degrees: Double?
    /// The radius of a rotation's circle, 0.1…500 mm (default 15 mm).
    public var radius: Double?
    /// A touchpad pinch's final scale, 0.01…100 (default 2).
    public var scale: Double?

    /// A request with every parameter at its default.
    public init() {}

    /// The most events a trace of a valid request has, with `GeneratorOptions` within their ranges too.
    ///
    /// A touchscreen press is sampled at most 480 times a second from its first landing to its last lift (its
    /// duration and nine staggers of 100 ms at most), and at each landing and lift besides (20 at most); each sample
    /// gives a frame, and each finger an event per sample while it is down and one more when it lifts. So the longest
    /// press, 10 fingers for 60 s (a swipe, too, lasts 60 s at most), gives at most 29 253 frames and 10 × 28 822
    /// events: 317 473 (317 253 in fact). 100 taps of 10 fingers give fewer than 100 000; a touchpad gesture a begin, an
    /// end and an update per sample, 28 802 at most.
    public static let maximumEventCount = 320_000

    /// A generator: its name, the gesture kinds it makes (whose finger ranges it accepts) and what it makes of a request.
    private struct Recipe {
        let name: String
        /// What every gesture kind it makes can follow.
        let fingerRange: ClosedRange<Int>
        let make: @Sendable (GeneratorRequest) -> GeneratedGesture

        init(_ name: String, _ kind: GestureKind, _ otherKinds: GestureKind...,
             make: @escaping @Sendable (GeneratorRequest) -> GeneratedGesture) {
            self.name = name
            fingerRange = otherKinds.reduce(kind.fingerRange) { $0.clamped(to: $1.fingerRange) }
            self.make = make
        }
    }

    /// Each generator by name: a gesture kind's kebab name where the generator makes that kind's motion on a
    /// touchscreen, and names of their own for the other motions.
    private static let recipes: [Recipe] = [
        Recipe(GestureKind.tap.kebabName, .tap) { .tap(fingers: $0.fingers ?? 1, count: $0.count ?? 1, interval: $0.interval ?? 150) },
        Recipe(GestureKind.longPress.kebabName, .longPress) { .longPress(fingers: $0.fingers ?? 1, duration: $0.duration ?? 800) },
        Recipe(GestureKind.drag.kebabName, .drag) {
            .drag(path: $0.path ?? .line, fingers: $0.fingers ?? 1, distance: $0.distance ?? 40, duration: $0.duration ?? 500,
                  direction: $0.direction ?? .right)
        },
        Recipe(GestureKind.swipe.kebabName, .swipe) {
            .swipe(direction: $0.direction ?? .right, fingers: $0.fingers ?? 1, speed: $0.speed ?? 200, distance: $0.distance ?? 30)
        },
        Recipe(GestureKind.edgeSwipe.kebabName, .edgeSwipe) {
            .edgeSwipe(edge: $0.edge ?? .left, fingers: $0.fingers ?? 1, distance: $0.distance ?? 30, duration: $0.duration ?? 250)
        },
        Recipe(GestureKind.magnify.kebabName, .magnify) {
            .pinch(fingers: $0.fingers ?? 2, startSpan: $0.startSpan ?? 20, endSpan: $0.endSpan ?? 40, duration: $0.duration ?? 400)
        },
        Recipe(GestureKind.rotate.kebabName, .rotate) {
            .rotate(fingers: $0.fingers ?? 2, degrees: $0.degrees ?? 45, radius: $0.radius ?? 15, duration: $0.duration ?? 400)
        },
        Recipe("pinch-rotate", .magnify, .rotate) {
            .pinchRotate(fingers: $0.fingers ?? 2, startSpan: $0.startSpan ?? 20, endSpan: $0.endSpan ?? 40, degrees: $0.degrees ?? 45,
                         duration: $0.duration ?? 400)
        },
        Recipe(GestureKind.hold.kebabName, .hold) { .hold(fingers: $0.fingers ?? 1, duration: $0.duration ?? 400) },
        Recipe(GestureKind.tipTap.kebabName, .tipTap) {
            .tipTap(fingers: $0.fingers ?? 1, side: $0.direction ?? .right, distance: $0.distance ?? 25, duration: $0.duration ?? 800)
        },
        // A touchpad swipe feeds drags and swipes, a touchpad pinch pinches and rotations.
        Recipe("touchpad-swipe", .drag, .swipe) {
            .touchpadSwipe(direction: $0.direction ?? .right, fingers: $0.fingers ?? 3, distance: $0.distance ?? 40,
                           duration: $0.duration ?? 250)
        },
        Recipe("touchpad-pinch", .magnify, .rotate) {
            .touchpadPinch(fingers: $0.fingers ?? 2, scale: $0.scale ?? 2, degrees: $0.degrees ?? 45, duration: $0.duration ?? 400)
        },
        Recipe("touchpad-hold", .hold) { .touchpadHold(fingers: $0.fingers ?? 2, duration: $0.duration ?? 400) },
    ]

    /// The generators' names, in the order `tactus-sim generate --help` lists them.
    public static let names = recipes.map(\.name)

    /// The fingers the generator `name` takes: what every gesture kind it makes can follow; nil for a name that is
    /// none of `names`.
    public static func fingerRange(of name: String) -> ClosedRange<Int>? {
        recipes.first { $0.name == name }?.fingerRange
    }

    /// The generators' finger ranges as help texts say them (`GeneratorParameter.rangeInHelp`), the widest first:
    /// `from 1 to 10; from 2 to 5 for pinch, rotate, ...`.
    public static var fingerRangesInHelp: String {
        let ranges = recipes.map(\.fingerRange).reduce(into: [ClosedRange<Int>]()) { if !$0.contains($1) { $0.append($1) } }
        return ranges.sorted { $0.count > $1.count }.enumerated().map { i, range in
            let names = recipes.filter { $0.fingerRange == range }.map(\.name)
            return GeneratorParameter.fingers.inHelp(Double(range.lowerBound)...Double(range.upperBound))
                + (i == 0 ? "" : " for " + names.joined(separator: ", "))
        }.joined(separator: "; ")
    }

    /// The gesture the generator `name` makes with these parameters; nil for a name that is none of `names`.
    /// Throws for the first parameter, in `GeneratorParameter`'s order, that is outside its range.
    public func gesture(named name: String) throws(GeneratorRangeError) -> GeneratedGesture? {
        guard let recipe = GeneratorRequest.recipes.first(where: { $0.name == name }) else { return nil }
        if let fingers {
            let range = Double(recipe.fingerRange.lowerBound)...Double(recipe.fingerRange.upperBound)
            try GeneratorParameter.fingers.check(Double(fingers), within: range, for: name)
        }
        for (parameter, value) in numbers {
            if let value { try parameter.check(value, within: parameter.range) }
        }
        let gesture = recipe.make(self)
        if case .swipe(_, _, let speed, let distance) = gesture {
            // A swipe's duration follows from its speed: it, too, stays within the durations' range. The slowest
            // speed in mm/s, rounded up to three decimals as the message writes it.
            let longest = GeneratorParameter.duration.range.upperBound
            let slowest = (distance * 1_000 / longest * 1_000).rounded(.up) / 1_000
            try GeneratorParameter.speed.check(
                speed, within: slowest...GeneratorParameter.speed.range.upperBound,
                for: "a \(GeneratorParameter.words(distance)) mm swipe to last \(GeneratorParameter.words(longest)) ms at most")
        }
        return gesture
    }

    /// The parameters that are numbers, with their values, fingers aside.
    private var numbers: [(GeneratorParameter, Double?)] {
        [(.count, count.map(Double.init)), (.interval, interval), (.duration, duration), (.distance, distance), (.speed, speed),
         (.startSpan, startSpan), (.endSpan, endSpan), (.degrees, degrees), (.radius, radius), (.scale, scale)]
    }
}

/// A number a generator takes, with its unit and range: the one home of the generators' ranges. `GeneratorRequest`
/// checks its parameters against them, `GeneratorOptions` its knobs, and `tactus-sim generate --help` shows them.
public enum GeneratorParameter: String, CaseIterable, Sendable {
    case fingers, count, interval, duration, distance, speed
    case startSpan = "start-span"
    case endSpan = "end-span"
    case degrees, radius, scale
    /// `GeneratorOptions`' knobs.
    case rate, jitter, stagger

    /// The name as command lines spell it: `start-span` (scenario files: `start_span`).
    public var name: String { rawValue }

    /// The name in running text and messages: `start span`.
    public var displayName: String { String(rawValue.map { $0 == "-" ? " " : $0 }) }

    /// The unit of the parameter's number, if it has one.
    public var unit: String? {
        switch self {
        case .interval, .duration, .stagger: return "ms"
        case .distance, .startSpan, .endSpan, .radius, .jitter: return "mm"
        case .speed: return "mm/s"
        case .degrees: return "°"
        case .rate: return "Hz"
        case .fingers, .count, .scale: return nil
        }
    }

    /// The values the parameter takes: times and lengths above zero, and every bound finite and small enough to keep
    /// a trace within `GeneratorRequest.maximumEventCount` events. Fingers: as many as any gesture kind follows
    /// (1…10), which each generator narrows to its kinds' (`GeneratorRequest.fingerRange(of:)`).
    public var range: ClosedRange<Double> {
        switch self {
        case .fingers:
            let ranges = GestureKind.allCases.map(\.fingerRange)
            return Double(ranges.map(\.lowerBound).min() ?? 1)...Double(ranges.map(\.upperBound).max() ?? 1)
        case .count: return 1...100
        case .interval, .duration: return 1...60_000
        case .distance, .startSpan, .endSpan: return 0.1...1_000
        case .speed: return 1...10_000
        case .degrees: return -3_600...3_600
        case .radius: return 0.1...500
        case .scale: return 0.01...100
        case .rate: return 60...480
        case .jitter: return 0...10
        case .stagger: return 0...100
        }
    }

    /// The range in words, with the unit, as messages say it: `1…60000 ms`.
    public var rangeInWords: String { words(range) }

    /// The range as help texts say it, in ASCII, which every terminal and man(1) shows as it is, and the man pages say
    /// what the help says. `from 1 to 60000 ms`, `from -3600 to 3600 degrees`.
    public var rangeInHelp: String { inHelp(range) }

    func inHelp(_ range: ClosedRange<Double>) -> String {
        let suffix = unit.map { $0 == "°" ? " degrees" : " " + $0 } ?? ""
        return "from \(GeneratorParameter.words(range.lowerBound)) to \(GeneratorParameter.words(range.upperBound))\(suffix)"
    }

    func words(_ range: ClosedRange<Double>) -> String {
        let suffix = unit.map { $0 == "°" ? $0 : " " + $0 } ?? ""
        return "\(GeneratorParameter.words(range.lowerBound))…\(GeneratorParameter.words(range.upperBound))\(suffix)"
    }

    /// Throws unless `value` lies in `range` (NaN never does); `purpose` says what the range is for, if not for
    /// every generator.
    func check(_ value: Double, within range: ClosedRange<Double>, for purpose: String? = nil) throws(GeneratorRangeError) {
        guard !range.contains(value) else { return }
        throw GeneratorRangeError(parameter: self, value: value, expected: words(range) + (purpose.map { " for " + $0 } ?? ""))
    }

    /// The value in the range nearest to `value`, the lower bound for NaN: how a generator takes a knob that nobody
    /// checked.
    func nearest(to value: Double) -> Double {
        value.isNaN ? range.lowerBound : min(max(value, range.lowerBound), range.upperBound)
    }

    /// A number as messages write it: whole numbers without a fraction.
    static func words(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}

/// A generator's number outside its range: which, what it was, and what it must be.
public struct GeneratorRangeError: Error, CustomStringConvertible {
    /// The parameter at fault.
    public var parameter: GeneratorParameter
    /// Its value.
    public var value: Double
    /// The range it must be within, in words, and for what if not for every generator: `2…5 for pinch`.
    public var expected: String

    /// The message, naming the parameter as the caller spells it: `--fingers must be within 2…5 for pinch, not 7`.
    public func message(naming name: String) -> String {
        "\(name) must be within \(expected), not \(GeneratorParameter.words(value))"
    }

    /// The message with the parameter's display name: `start span must be within 0.1…1000 mm, not 0`.
    public var description: String { message(naming: parameter.displayName) }
}
