// The engine's benchmarks, in release mode:
//     swift run -c release tactus-bench [interactions]           time and heap allocations per event
//     swift run -c release tactus-bench scaling [interactions]   cost of attachments no finger touches
import AllocationCounter
import TactusCore

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "scaling" {
    runScalingBenchmark(interactions: arguments.dropFirst().first.flatMap { Int($0) } ?? 40)
} else {
    runEventBenchmark(interactions: arguments.first.flatMap { Int($0) } ?? 200)
}
