// SPDX-License-Identifier: MIT
/// A fuzz input's bytes read in order, as the choices a target makes; past the end, every choice is zero, so that
/// any input, however short, plays to its end.
public struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    /// The first `limit` bytes of libFuzzer's input: longer ones add nothing a shorter one with the same choices
    /// would not find, and take longer to run.
    public init(_ data: UnsafePointer<UInt8>, count: Int, limit: Int) {
        bytes = UnsafeBufferPointer(start: data, count: min(count, limit))
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position >= bytes.count }

    /// The next byte.
    public mutating func next() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    /// One of `values`, picked by the next byte.
    public mutating func pick<Value>(_ values: [Value]) -> Value { values[Int(next()) % values.count] }

    /// The next four bytes as a number, least significant first.
    public mutating func word() -> Int {
        (0..<4).reduce(0) { number, shift in number | Int(next()) << (8 * shift) }
    }
}
