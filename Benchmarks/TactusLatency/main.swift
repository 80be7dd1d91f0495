// SPDX-License-Identifier: MIT
// Input-to-client latency over real sockets, in release mode (README.md beside this file):
//     swift run -c release tactus-latency [events]     at least `events` timed frames per client count (100 000)
import Foundation
import LatencyBenchmark

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count <= 1, let events = arguments.first.map({ Int($0) }) ?? 100_000, events > 0 else {
    FileHandle.standardError.write(Data("usage: tactus-latency [events]\n".utf8))
    exit(2)
}

print("input to client: touch entry → frame event in the client's socket, µs")
print("clients  samples      p50      p99      max     mean")
var failed = false
for clients in [1, 10, 100] {
    let report = try LatencyBenchmark.measure(clients: clients, events: events)
    let figures = [report.percentile(0.5), report.percentile(0.99), report.maximum, report.mean]
        .map { String(format: "%8.1f", $0) }.joined(separator: " ")
    print(String(format: "%7d %8d ", clients, report.nanoseconds.count) + figures)
    if report.mismatches > 0 {
        print("  \(report.mismatches) frames did not reach their client as expected")
        failed = true
    }
}
exit(failed ? 1 : 0)
