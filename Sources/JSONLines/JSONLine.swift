// SPDX-License-Identifier: MIT
import Glibc

/// A JSON object written with its keys in the order they were added and numbers in one fixed notation,
/// so that the same values always give the same bytes.
public struct JSONLine {
    private var parts: [String] = []

    /// An empty object.
    public init() {}

    /// Adds `key` with a text, after the keys added before.
    public mutating func add(_ key: String, _ value: String) { parts.append("\(Self.quoted(key)):\(Self.quoted(value))") }
    /// Adds `key` with a whole number.
    public mutating func add(_ key: String, _ value: Int) { parts.append("\(Self.quoted(key)):\(value)") }
    /// Adds `key` with a whole number.
    public mutating func add(_ key: String, _ value: Int64) { parts.append("\(Self.quoted(key)):\(value)") }
    /// Adds `key` with true or false.
    public mutating func add(_ key: String, _ value: Bool) { parts.append("\(Self.quoted(key)):\(value)") }
    /// Adds `key` with a number in the fixed notation.
    public mutating func add(_ key: String, _ value: Double) { parts.append("\(Self.quoted(key)):\(JSONLine.number(value))") }
    /// Adds `key` with an array of numbers.
    public mutating func add(_ key: String, _ values: [Double]) {
        parts.append("\(Self.quoted(key)):[\(values.map(JSONLine.number).joined(separator: ","))]")
    }
    /// Adds `key` with an array of texts.
    public mutating func add(_ key: String, strings: [String]) {
        parts.append("\(Self.quoted(key)):[\(strings.map(Self.quoted).joined(separator: ","))]")
    }
    /// Adds a value already written as JSON (an object or array of this writer's).
    public mutating func add(_ key: String, raw: String) { parts.append("\(Self.quoted(key)):\(raw)") }

    /// The object as one line of JSON.
    public var text: String { "{" + parts.joined(separator: ",") + "}" }

    /// Six decimals are finer than any sensor and keep outputs short and stable. From 10¹⁵ on a Double has no
    /// millionths to round, and the shortest form that reads back exactly (`2.5e+20`) is written instead.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        guard abs(value) < 1e15 else { return "\(value)" }
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        // C's "%.6f" writes the double's exact decimal expansion, correctly rounded; the zeros it ends with go.
        var written = [CChar](repeating: 0, count: 32)
        let count = withVaList([rounded]) { vsnprintf(&written, written.count, "%.6f", $0) }
        let digits = written[..<Int(count)].map { UInt8(bitPattern: $0) }
        return String(decoding: digits[..<(digits.lastIndex { $0 != UInt8(ascii: "0") }! + 1)], as: UTF8.self)
    }

    /// A JSON string by RFC 8259: quotes, backslashes and every control character escaped (\b \f \n \r \t in their
    /// short forms, the others as \u00XX), everything else as it is, so that any name or command gives a valid line.
    /// TOML's basic strings read these escapes the same.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}":
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }
}
