// SPDX-License-Identifier: MIT
import LatencyBenchmark
import Testing

/// The latency benchmark's measurement, small, so that it keeps working: every frame reaches its client.
@Suite struct LatencyBenchmarkTests {
    @Test func twoClientsHearEveryTimedFrameAndThePercentilesAreOrdered() throws {
        let report = try LatencyBenchmark.measure(clients: 2, events: 200)
        #expect(report.mismatches == 0)
        #expect(report.nanoseconds.count >= 200)
        let (p50, p99, maximum) = (report.percentile(0.5), report.percentile(0.99), report.maximum)
        #expect(p50.isFinite && p99.isFinite && maximum.isFinite && report.mean.isFinite)
        #expect(0 < p50 && p50 <= p99 && p99 <= maximum)
    }
}
