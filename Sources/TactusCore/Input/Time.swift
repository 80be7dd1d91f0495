// SPDX-License-Identifier: MIT
/// A point on the monotonic clock that the host's events carry, in microseconds.
///
/// The engine never reads a clock: time only arrives with events and through `Engine.advance(to:)`.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since an arbitrary origin chosen by the host (libinput uses `CLOCK_MONOTONIC`).
    public var microseconds: Int64

    /// Creates a timestamp from microseconds.
    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// Creates a timestamp from milliseconds, the unit wlroots events carry.
    public static func milliseconds(_ value: Int64) -> Timestamp { Timestamp(microseconds: value * 1000) }

    /// The time origin.
    public static let zero = Timestamp(microseconds: 0)

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.microseconds < rhs.microseconds }

    /// The timestamp `span` later.
    public static func + (lhs: Timestamp, rhs: TimeSpan) -> Timestamp {
        let (sum, overflow) = lhs.microseconds.addingReportingOverflow(rhs.microseconds)
        return Timestamp(microseconds: overflow ? Int64.max : sum)
    }

    /// The time elapsed from `rhs` to `lhs`.
    public static func - (lhs: Timestamp, rhs: Timestamp) -> TimeSpan {
        TimeSpan(microseconds: lhs.microseconds &- rhs.microseconds)
    }

    public var description: String { "\(microseconds)µs" }
}

/// A duration in microseconds, used for gesture parameters such as a long press's minimum duration.
public struct TimeSpan: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The length of the span in microseconds.
    public var microseconds: Int64

    /// Creates a span from microseconds.
    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// A span of whole milliseconds.
    public static func milliseconds(_ value: Int64) -> TimeSpan { TimeSpan(microseconds: value * 1000) }

    /// The empty span.
    public static let zero = TimeSpan(microseconds: 0)

    public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.microseconds < rhs.microseconds }

    public var description: String { "\(microseconds)µs" }
}
