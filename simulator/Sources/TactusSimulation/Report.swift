// SPDX-License-Identifier: MIT
import JSONLines
import TactusCore

/// The simulator's outputs for a finished session.
public enum Report {
    /// One JSON line per recognizer update.
    public static func jsonLines(_ session: Session) -> String {
        session.records.map(\.jsonLine).joined(separator: "\n") + (session.records.isEmpty ? "" : "\n")
    }

    /// The successful terminal updates (recognized, ended), one per line; then each success a gesture would have had
    /// alone and did not have, with `lost_to` (`losses`), so that what lost to another gesture is visible too.
    public static func summary(_ session: Session) -> String {
        let lines = session.records.filter(\.isSuccess).map(\.jsonLine) + losses(session)
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    /// The successes a gesture has when the input is replayed with it alone (`Session.alone`) beyond those it had in
    /// the session (counted, since waiting for others may move one later), each as its JSON line with `lost_to`: the
    /// gestures the session awarded when this one failed or was cancelled for another (`lostToAnotherGesture`), at
    /// that success or first after it (else last before it); empty when it lost in another way.
    public static func losses(_ session: Session) -> [String] {
        var lines: [(time: Timestamp, line: String)] = []
        for name in session.attachments.map(\.name) {
            let had = session.records.filter { $0.name == name && $0.isSuccess }.count
            let lost = session.records.filter { $0.name == name && $0.update.reason == .lostToAnotherGesture }
            let alone = session.alone(name).records.filter { $0.name == name && $0.isSuccess }
            for success in alone.dropFirst(had) {
                let time = success.update.time
                let loss = lost.first { $0.update.time >= time } ?? lost.last
                let winners = loss.map { loss in
                    session.records.filter {
                        $0.name != name && $0.update.time == loss.update.time && $0.update.device == loss.update.device
                            && ($0.update.phase == .began || $0.update.phase == .recognized)
                    }.map(\.name).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                } ?? []
                lines.append((time, success.jsonLine(lostTo: winners)))
            }
        }
        return lines.sorted { $0.time < $1.time }.map(\.line)
    }

    /// For each recognizer of each interaction, the path it took and why it failed or lost, in plain text.
    public static func explanation(_ session: Session) -> String {
        var out = ""
        var runs: [(key: String, name: String, phases: [String], reason: String?, start: Timestamp)] = []
        var open: [String: Int] = [:]
        for r in session.records {
            let key = "\(r.name)@\(r.update.device.rawValue)"
            let phase = r.update.phase
            if let i = open[key] {
                if phase != .changed || runs[i].phases.last != "changed" { runs[i].phases.append(phase.rawValue) }
                if let reason = r.update.reason { runs[i].reason = reason.rawValue }
            } else {
                runs.append((key, r.name, [phase.rawValue], r.update.reason?.rawValue, r.update.time))
                open[key] = runs.count - 1
            }
            if phase != .began && phase != .changed { open[key] = nil }
        }
        for run in runs.sorted(by: { $0.start < $1.start }) {
            let ms = Double(run.start.microseconds) / 1000
            let why = run.reason.map { " (\(words(of: $0)))" } ?? ""
            out += "\(JSONLine.number(ms)) ms  \(run.name): \(run.phases.joined(separator: " → "))\(why)\n"
        }
        return out
    }
}

/// A reason's name as words: `wrongFingerCount` as "wrong finger count".
private func words(of name: String) -> String {
    var words = ""
    var previous: Character?
    for character in name {
        if let previous, previous.isASCII, previous.isLowercase, character.isASCII, character.isUppercase { words += " " }
        words += character.lowercased()
        previous = character
    }
    return words
}
