// SPDX-License-Identifier: MIT
/// A parameter a gesture description may set (`GestureSpecification`), with its unit and the values it takes.
/// Which kinds take which parameter is `GestureKind.takes(_:)`; the one check of a description against both is
/// `GestureSpecification.validate()`, whose wording every edge (configuration file, protocol, C ABI, simulator)
/// passes on as it is.
public enum GestureParameter: String, CaseIterable, Hashable, Sendable {
    /// How many fingers; the range depends on the kind (`GestureKind.fingerRange`).
    case fingers
    /// Taps: how many.
    case count
    /// Millimetres (tap, long press and tip-tap: the most a finger may travel; drag and swipe: the travel before it
    /// begins or counts; edge swipe: the inward travel at which progress reaches 1).
    case distance
    /// Milliseconds (tap: the longest pause between taps; long press and hold: how long the fingers stay;
    /// tip-tap: the longest the tapping finger may stay down).
    case duration
    /// Swipe: millimetres per second the fingers must still move at the end.
    case minimumVelocity
    /// Pinch: the change of scale before it begins.
    case scaleDelta
    /// Rotate: degrees before it begins.
    case angleDelta
    /// Swipe: the directions it accepts; tip-tap: the sides of the held fingers the tap may land on.
    case directions
    /// Edge swipe: the edge it comes from.
    case edge

    /// The parameter's name in running text and messages: `scale delta`.
    public var displayName: String {
        switch self {
        case .minimumVelocity: return "minimum velocity"
        case .scaleDelta: return "scale delta"
        case .angleDelta: return "angle delta"
        default: return rawValue
        }
    }

    /// The name with dashes, as command lines spell it: `scale-delta`.
    public var kebabName: String { String(displayName.map { $0 == " " ? "-" : $0 }) }

    /// The unit of the parameter's number, if it has one and is a number.
    public var unit: String? {
        switch self {
        case .distance: return "mm"
        case .duration: return "ms"
        case .minimumVelocity: return "mm/s"
        case .angleDelta: return "°"
        case .fingers, .count, .scaleDelta, .directions, .edge: return nil
        }
    }

    /// How many fingers a gesture can have, of any kind: the fingers parameter's range, within which each kind has
    /// its own (`GestureKind.fingerRange`).
    public static let fingerCounts = 1...10

    /// The numbers the parameter takes whatever the kind (fingers: see `GestureKind.fingerRange`); nil for
    /// parameters that are not numbers.
    public var range: ValueRange? {
        switch self {
        case .fingers: return .whole(GestureParameter.fingerCounts)
        case .count: return .whole(1...5)
        case .duration: return .whole(1...10_000)
        case .distance: return .aboveZeroAtMost(500)
        case .minimumVelocity: return .aboveZeroAtMost(10_000)
        case .scaleDelta: return .aboveZeroBelow(1)
        case .angleDelta: return .aboveZeroAtMost(180)
        case .directions, .edge: return nil
        }
    }
}

/// The numbers a parameter takes.
public enum ValueRange: Hashable, Sendable {
    /// Whole numbers within the range.
    case whole(ClosedRange<Int>)
    /// Numbers above zero and at most the bound.
    case aboveZeroAtMost(Double)
    /// Numbers above zero and below the bound.
    case aboveZeroBelow(Double)

    /// Whether `value` lies in the range (never NaN).
    public func contains(_ value: Double) -> Bool {
        switch self {
        case .whole(let range): return value == value.rounded() && Double(range.lowerBound) <= value && value <= Double(range.upperBound)
        case .aboveZeroAtMost(let atMost): return value > 0 && value <= atMost
        case .aboveZeroBelow(let below): return value > 0 && value < below
        }
    }

    /// The range in words: `within 2…5`, `more than 0 and at most 500`.
    func words(unit: String?) -> String {
        let suffix = unit.map { $0 == "°" ? $0 : " " + $0 } ?? ""
        switch self {
        case .whole(let range): return "within \(range.lowerBound)…\(range.upperBound)\(suffix)"
        case .aboveZeroAtMost(let atMost): return "more than 0 and at most \(GestureSpecificationError.number(atMost))\(suffix)"
        case .aboveZeroBelow(let below): return "more than 0 and less than \(GestureSpecificationError.number(below))\(suffix)"
        }
    }
}

/// A gesture description that no recognizer can honour: which parameter, and why, in the one wording every
/// edge reports (`fingers must be within 2…5 for a pinch, not 7`).
public struct GestureSpecificationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The parameter at fault.
    public var parameter: GestureParameter
    /// The whole message.
    public var description: String

    /// Creates an error, for hosts and tests that compare one.
    public init(parameter: GestureParameter, description: String) {
        self.parameter = parameter
        self.description = description
    }

    /// A number as messages write it: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}

extension GestureSpecification {
    /// Checks every parameter that is set against the kind: throws the first problem, in `GestureParameter`'s order.
    public func validate() throws(GestureSpecificationError) {
        for parameter in GestureParameter.allCases {
            if let problem = problem(with: parameter) { throw problem }
        }
    }

    /// What is wrong with one parameter, if it is set and wrong.
    public func problem(with parameter: GestureParameter) -> GestureSpecificationError? {
        guard isSet(parameter) else { return nil }
        guard kind.takes(parameter) else {
            return GestureSpecificationError(parameter: parameter, description: "\(kind.withArticle) has no \(parameter.displayName)")
        }
        if parameter == .directions, directions?.isEmpty == true {
            return GestureSpecificationError(parameter: parameter, description: "directions must not be empty for \(kind.withArticle)")
        }
        guard let value = number(parameter) else { return nil }
        let range = parameter == .fingers ? ValueRange.whole(kind.fingerRange) : parameter.range
        guard let range, !range.contains(value) else { return nil }
        let expected = range.words(unit: parameter.unit)
        return GestureSpecificationError(
            parameter: parameter,
            description: "\(parameter.displayName) must be \(expected) for \(kind.withArticle), not \(GestureSpecificationError.number(value))")
    }

    /// Whether the description sets `parameter`.
    public func isSet(_ parameter: GestureParameter) -> Bool {
        switch parameter {
        case .directions: return directions != nil
        case .edge: return edge != nil
        default: return number(parameter) != nil
        }
    }

    /// The value of a parameter that is a number, if set.
    public func number(_ parameter: GestureParameter) -> Double? {
        switch parameter {
        case .fingers: return fingers.map(Double.init)
        case .count: return count.map(Double.init)
        case .distance: return distance
        case .duration: return duration.map(Double.init)
        case .minimumVelocity: return minimumVelocity
        case .scaleDelta: return scaleDelta
        case .angleDelta: return angleDelta
        case .directions, .edge: return nil
        }
    }
}
