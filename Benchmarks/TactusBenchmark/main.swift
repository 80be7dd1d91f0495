// SPDX-License-Identifier: MIT
// The engine's benchmarks, and one of configurations of many bindings, in release mode:
//     swift run -c release tactus-bench [interactions]           time and heap allocations per event
//     swift run -c release tactus-bench scaling [interactions]   cost of attachments no finger touches
//     swift run -c release tactus-bench arbitration [rounds]     linear arbitration, with budgets (exit 1 over them)
//     swift run -c release tactus-bench bindings [rounds]        many bindings read and replayed through, with a budget
import AllocationCounter
import Glibc
import TactusCore

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "scaling" {
    runScalingBenchmark(interactions: arguments.dropFirst().first.flatMap { Int($0) } ?? 40)
} else if arguments.first == "arbitration" {
    if !runArbitrationBenchmark(rounds: arguments.dropFirst().first.flatMap { Int($0) } ?? 21) { exit(1) }
} else if arguments.first == "bindings" {
    if try !runBindingsBenchmark(rounds: arguments.dropFirst().first.flatMap { Int($0) } ?? 5) { exit(1) }
} else {
    runEventBenchmark(interactions: arguments.first.flatMap { Int($0) } ?? 200)
}
