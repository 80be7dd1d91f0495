import Foundation
import JSONLines
import TactusCore

/// The simulator's outputs for a finished session.
public enum Report {
    /// One JSON line per recognizer update.
    public static func jsonLines(_ session: Session) -> String {
        session.records.map(\.jsonLine).joined(separator: "\n") + (session.records.isEmpty ? "" : "\n")
    }

    /// Only the successful terminal updates (recognized, ended), one per line.
    public static func summary(_ session: Session) -> String {
        let lines = session.records.filter(\.isSuccess).map(\.jsonLine)
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
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
            let why = run.reason.map { " (\($0.replacingOccurrences(of: "([a-z])([A-Z])", with: "$1 $2", options: .regularExpression).lowercased()))" } ?? ""
            out += "\(JSONLine.number(ms)) ms  \(run.name): \(run.phases.joined(separator: " → "))\(why)\n"
        }
        return out
    }
}
