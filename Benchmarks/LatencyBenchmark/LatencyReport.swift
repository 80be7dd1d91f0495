// SPDX-License-Identifier: MIT
/// The timed frames of one client count, in nanoseconds, and what went wrong.
public struct LatencyReport {
    /// How many clients were connected.
    public let clients: Int
    /// The samples, sorted.
    public let nanoseconds: [Int64]
    /// Frames whose client did not receive exactly what the drag should have sent it then, strokes whose drag never
    /// began, and events that arrived outside their frame: any fails the run.
    public let mismatches: Int

    init(clients: Int, nanoseconds: [Int64], mismatches: Int) {
        self.clients = clients
        self.nanoseconds = nanoseconds.sorted()
        self.mismatches = mismatches
    }

    /// The `fraction` percentile in microseconds, by nearest rank (0.99: the smallest sample that at least 99% of
    /// them do not exceed); nan without samples.
    public func percentile(_ fraction: Double) -> Double {
        guard !nanoseconds.isEmpty else { return .nan }
        let rank = Int((fraction * Double(nanoseconds.count)).rounded(.up))
        return microseconds(nanoseconds[min(max(rank, 1), nanoseconds.count) - 1])
    }

    /// The largest sample in microseconds; nan without samples.
    public var maximum: Double { nanoseconds.last.map(microseconds) ?? .nan }

    /// The mean in microseconds; nan without samples.
    public var mean: Double { microseconds(nanoseconds.reduce(0, +)) / Double(nanoseconds.count) }

    private func microseconds(_ nanoseconds: Int64) -> Double { Double(nanoseconds) / 1000 }
}
