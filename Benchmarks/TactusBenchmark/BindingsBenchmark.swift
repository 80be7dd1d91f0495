// SPDX-License-Identifier: MIT
import TactusConfiguration
import TactusCore
import TactusSimulation

/// Whether a configuration of many bindings is read, and an interaction replayed through them as `tactus-sim replay
/// --config` replays it, in time linear in the bindings, with budgets:
///
/// - reading 16 000 bindings may cost per binding at most twice what reading 1 000 does, and reading them named at
///   most half as much again as reading them without names (issue 32: looking each name up among those before it,
///   10 000 named bindings took 7.7 s to check);
/// - replaying a double tap through 16 000 may cost per binding at most twice what it costs through 1 000 (looking
///   each update's binding up among all attachments: 21.8 s through 10 000).
///
/// Returns whether the budgets hold.
func runBindingsBenchmark(rounds: Int) throws -> Bool {
    print("bindings: swipe bindings read, then a double tap replayed through them; medians of \(rounds)")
    let doubleTap = Generator(options: GeneratorOptions()).trace(for: .tap(fingers: 1, count: 2, interval: 150))
    /// Nanoseconds per binding to read `count` bindings, named or not, and to replay the double tap through them.
    func costs(of count: Int, named: Bool) throws -> (reading: Double, replaying: Double) {
        let text = (0..<count).map { (named ? "[[binding]]\nname = \"b\($0)\"\n" : "[[binding]]\n")
            + "gesture = \"swipe\"\nfingers = 3\naction = { host = \"a\($0)\" }\n" }.joined()
        var reading: [Double] = [], replaying: [Double] = []
        for _ in 0..<rounds {
            let started = ContinuousClock.now
            let configuration = try Configuration(text: text, file: "bench.toml")
            let read = ContinuousClock.now
            // As tactus-sim replay attaches a configuration's bindings.
            let session = Session()
            for binding in configuration.bindings {
                for attachment in binding.attachments(thresholds: configuration.thresholds) {
                    session.attach(binding.name, attachment.gesture, to: attachment.target, options: attachment.options)
                }
            }
            session.feed(doubleTap)
            precondition(session.records.count >= count, "each binding fails the tap on the touchscreen")
            reading.append(nanoseconds(read - started))
            replaying.append(nanoseconds(ContinuousClock.now - read))
        }
        let perBinding = (reading: median(reading) / Double(count), replaying: median(replaying) / Double(count))
        print("  \(count) \(named ? "named" : "unnamed") bindings: read in \(Int(median(reading) / 1_000_000)) ms "
              + "(\(Int(perBinding.reading.rounded())) ns per binding), replayed through in "
              + "\(Int(median(replaying) / 1_000_000)) ms (\(Int(perBinding.replaying.rounded())) ns per binding)")
        return perBinding
    }
    let few = try costs(of: 1_000, named: true), many = try costs(of: 16_000, named: true)
    let unnamed = try costs(of: 16_000, named: false)
    var holds = true
    for (what, growth, budget) in [("read, per binding, 16 000 against 1 000", many.reading / few.reading, 2.0),
                                   ("read, 16 000 named against unnamed", many.reading / unnamed.reading, 1.5),
                                   ("replayed through, per binding, 16 000 against 1 000", many.replaying / few.replaying, 2.0)] {
        holds = holds && growth <= budget
        let shown = budget.rounded() == budget ? "\(Int(budget))" : "\(budget)"
        print("  \(what): \((growth * 100).rounded() / 100)× (budget \(shown)×): \(growth <= budget ? "within" : "OVER") budget")
    }
    return holds
}
