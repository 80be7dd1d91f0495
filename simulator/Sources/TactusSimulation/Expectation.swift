// SPDX-License-Identifier: MIT
import JSONLines
import TactusCore
import TactusTrace
import TactusTrace

/// One expectation of a scenario, read with the scenario: every key and name is checked then, so that a misspelt
/// one is an error, never an expectation that cannot fail.
struct Expectation {
    /// What the client under the touches got.
    enum RawOutcome: String, CaseIterable {
        /// Everything, at once.
        case delivered
        /// Held back while a compositor gesture decided, then delivered when it failed.
        case withheldThenDelivered = "withheld_then_delivered"
        /// Held back, then dropped when the compositor gesture won.
        case withheldThenDropped = "withheld_then_dropped"
        /// Dropped without being held back.
        case dropped
        /// Delivered, then cancelled when the compositor gesture won.
        case cancelled

        /// What a session's raw-touch decisions add up to.
        init(_ decisions: [RawTouchDecision]) {
            var withheld = false, droppedAny = false, cancelledAny = false
            for decision in decisions {
                switch decision {
                case .deliver: break
                case .withhold: withheld = true
                case .drop: droppedAny = true
                case .cancel: cancelledAny = true
                }
            }
            if cancelledAny {
                self = .cancelled
            } else if withheld {
                self = droppedAny ? .withheldThenDropped : .withheldThenDelivered
            } else {
                self = droppedAny ? .dropped : .delivered
            }
        }
    }

    /// What a gesture's last update in the expected phase must carry besides, each when given.
    struct Details {
        var times: Int?
        var reason: FailureReason?
        var direction: SwipeDirection?
        var edge: Edge?
        var values: [(key: String, expected: Double, tolerance: Double)] = []
    }

    enum Claim {
        /// The raw touches had this outcome.
        case raw(RawOutcome)
        /// The successful terminal updates were these, `name phase`, in order.
        case summary([String])
        /// The gesture never reached the phase.
        case never(gesture: String, phase: GesturePhase)
        /// The gesture reached the phase, with the details.
        case reaches(gesture: String, phase: GesturePhase, details: Details)
    }

    let claim: Claim
    let place: String

    init(_ o: JSONObject) throws {
        place = o.place
        if let raw: RawOutcome = try o.optionalChoice("raw") {
            try o.checkKeys(["raw"])
            claim = .raw(raw)
        } else if let summary = try o.strings("summary") {
            try o.checkKeys(["summary"])
            claim = .summary(summary)
        } else if let never: GesturePhase = try o.optionalChoice("never") {
            try o.checkKeys(["gesture", "never"])
            claim = .never(gesture: try o.string("gesture"), phase: never)
        } else {
            try o.checkKeys(["gesture", "phase", "times", "reason", "direction", "edge", "values"])
            guard let phase: GesturePhase = try o.optionalChoice("phase") else { throw SimulationError.malformed(o.place, "missing text \"phase\"") }
            var details = Details()
            details.times = try o.optionalWhole("times", in: 0...Int.max)
            details.reason = try o.optionalChoice("reason")
            details.direction = try o.optionalChoice("direction")
            details.edge = try o.optionalChoice("edge")
            if let values = try o.object("values") {
                details.values = try values.members.map { member in
                    let pair: [Double]?
                    if case .array(let elements) = member.value, elements.count == 2 {
                        pair = elements.compactMap(\.finiteNumber)
                    } else {
                        pair = member.value.finiteNumber.map { [$0, 1e-6] }
                    }
                    guard let pair, pair.count == 2 else { throw values.malformed(member.key, "must be a number or [expected, tolerance]") }
                    return (member.key, pair[0], pair[1])
                }
            }
            claim = .reaches(gesture: try o.string("gesture"), phase: phase, details: details)
        }
    }

    /// What differed from the expectation; an expectation about a gesture the session does not have is malformed.
    func check(_ session: Session) throws -> [String] {
        switch claim {
        case .raw(let expected):
            let actual = RawOutcome(session.decisions)
            return actual == expected ? [] : ["raw touches: \(actual.rawValue), expected \(expected.rawValue)"]
        case .summary(let summary):
            let actual = session.records.filter(\.isSuccess).map { "\($0.name) \($0.update.phase.rawValue)" }
            return actual == summary ? [] : ["successes were [\(actual.joined(separator: ", "))], expected [\(summary.joined(separator: ", "))]"]
        case .never(let gesture, let phase):
            let hits = try records(of: gesture, in: session).filter { $0.update.phase == phase }
            return hits.isEmpty ? [] : ["\(gesture) was expected never to reach \(phase.rawValue), but did at \(hits[0].update.time)"]
        case .reaches(let gesture, let phase, let details):
            return check(gesture, reaches: phase, with: details, records: try records(of: gesture, in: session))
        }
    }

    private func check(_ gesture: String, reaches phase: GesturePhase, with details: Details, records: [OutputRecord]) -> [String] {
        let matching = records.filter { $0.update.phase == phase }
        let seen = records.map(\.update.phase.rawValue).reduce(into: [String]()) { if $0.last != $1 || $1 != "changed" { $0.append($1) } }
        if let times = details.times, matching.count != times {
            return ["\(gesture) reached \(phase.rawValue) \(matching.count) times, expected \(times) (phases: \(seen.joined(separator: " ")))"]
        }
        guard let record = matching.last else {
            return ["\(gesture) never reached \(phase.rawValue) (phases: \(seen.isEmpty ? "none" : seen.joined(separator: " ")))"]
        }
        var failures: [String] = []
        if let reason = details.reason, record.update.reason != reason {
            failures.append("\(gesture) \(phase.rawValue) with reason \(record.update.reason?.rawValue ?? "none"), expected \(reason.rawValue)")
        }
        for (key, want, actual) in [("direction", details.direction?.rawValue, record.direction), ("edge", details.edge?.rawValue, record.edge)] {
            if let want, want != actual { failures.append("\(gesture) \(key) \(actual ?? "none"), expected \(want)") }
        }
        let values = record.values
        for (key, expected, tolerance) in details.values {
            guard let actual = values[key] else { failures.append("\(gesture) has no value \(key)"); continue }
            if abs(actual - expected) > tolerance {
                failures.append("\(gesture) \(key) = \(JSONLine.number(actual)), expected \(JSONLine.number(expected)) ± \(JSONLine.number(tolerance))")
            }
        }
        return failures
    }

    /// The updates of the gesture named `name`, or of one recognizer of a composition (`name.1`).
    private func records(of name: String, in session: Session) throws -> [OutputRecord] {
        let attachment = name.lastIndex(of: ".").map { dot in
            name[name.index(after: dot)...].allSatisfy(\.isNumber) ? String(name[..<dot]) : name
        } ?? name
        guard session.attachment(named: name) != nil || session.attachment(named: attachment) != nil else {
            throw SimulationError.malformed(place, "no gesture named \"\(name)\"")
        }
        return session.records.filter { $0.name == name }
    }
}
