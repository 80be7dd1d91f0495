// SPDX-License-Identifier: MIT
import JSONLines
import TactusCore

/// A JSON value as the simulator's readers take it. A number keeps the text it was written with, so that a whole
/// number is read exactly (a Double holds only 53 bits of one).
package enum JSONValue {
    case object(JSONObject)
    case array([JSONValue])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// The number, when this is a finite one (JSON has no infinities, but 1e999 overflows a Double).
    package var finiteNumber: Double? {
        guard case .number(let text) = self, let number = Double(text), number.isFinite else { return nil }
        return number
    }
}

/// One JSON object of a trace line or a scenario file, with the line each of its keys is on, so that every complaint
/// names the file and line. The readers of traces and scenarios take each value through these accessors, which take
/// it as written or refuse it: never truncated, never a trap, never a key skipped (`checkKeys`).
package struct JSONObject {
    /// A key, its value and the line the key is on.
    package struct Member {
        package let key: String
        package let value: JSONValue
        package let line: Int
    }

    /// The members in the order written.
    package let members: [Member]
    /// The file, the line the object starts on, and where the object is in the file (`gestures[0] target`; empty at
    /// the top), for complaints.
    package let source: String
    package let line: Int
    package let path: String

    /// Parses `text`, which must hold one JSON object and nothing else; its first line is line `line` of `source`.
    package init(parsing text: String, source: String, line: Int) throws {
        var parser = JSONParser(bytes: Array(text.utf8), source: source, line: line)
        self = try parser.document()
    }

    package init(members: [Member], source: String, line: Int, path: String) {
        self.members = members
        self.source = source
        self.line = line
        self.path = path
    }

    /// Where the object starts, for complaints about it as a whole.
    package var place: String { place(line: line) }

    /// Where `key` is written, or the object when it is absent.
    package func place(of key: String) -> String { place(line: member(key)?.line ?? line) }

    private func place(line: Int) -> String { path.isEmpty ? "\(source):\(line)" : "\(source):\(line) \(path)" }

    private func member(_ key: String) -> Member? { members.first { $0.key == key } }

    /// A complaint about the value of `key`, at its line.
    package func malformed(_ key: String, _ what: String) -> SimulationError { .malformed(place(of: key), "\"\(key)\" \(what)") }

    /// Refuses the first key, in the order written, that is not one of `known`: a misspelt key is an error, never a
    /// default silently kept.
    package func checkKeys(_ known: Set<String>) throws {
        guard let unknown = members.first(where: { !known.contains($0.key) }) else { return }
        throw SimulationError.malformed(place(line: unknown.line),
                                        "unknown key \"\(unknown.key)\" (expected one of \(known.sorted().joined(separator: ", ")))")
    }

    // MARK: Values

    package func string(_ key: String) throws -> String {
        guard let text = try optionalString(key) else { throw SimulationError.malformed(place, "missing text \"\(key)\"") }
        return text
    }

    package func optionalString(_ key: String) throws -> String? {
        guard let value = member(key)?.value else { return nil }
        guard case .string(let text) = value else { throw malformed(key, "must be a text") }
        return text
    }

    /// A text that names one of `Value`'s cases; nil when absent.
    package func optionalChoice<Value: RawRepresentable & CaseIterable>(_ key: String) throws -> Value? where Value.RawValue == String {
        try optionalChoice(key, among: Value.allCases.map(\.rawValue))
    }

    /// A text that names one of `Value`'s cases, which are `names`; nil when absent.
    package func optionalChoice<Value: RawRepresentable>(_ key: String, among names: [String]) throws -> Value? where Value.RawValue == String {
        guard let name = try optionalString(key) else { return nil }
        guard let value = Value(rawValue: name) else { throw malformed(key, "must be one of \(names.joined(separator: ", "))") }
        return value
    }

    package func double(_ key: String) throws -> Double {
        guard let number = try optionalDouble(key) else { throw SimulationError.malformed(place, "missing number \"\(key)\"") }
        return number
    }

    /// A finite number; nil when absent.
    package func optionalDouble(_ key: String) throws -> Double? {
        guard let value = member(key)?.value else { return nil }
        guard case .number = value else { throw malformed(key, "must be a number") }
        guard let number = value.finiteNumber else { throw malformed(key, "must be a finite number") }
        return number
    }

    package func whole<T: FixedWidthInteger>(_ key: String, in range: ClosedRange<T> = T.min...T.max) throws -> T {
        guard let number = try optionalWhole(key, in: range) else { throw SimulationError.malformed(place, "missing number \"\(key)\"") }
        return number
    }

    /// A whole number within `range`; nil when absent. A fraction, or a number beyond `range`, is refused, never
    /// truncated or clamped.
    package func optionalWhole<T: FixedWidthInteger>(_ key: String, in range: ClosedRange<T> = T.min...T.max) throws -> T? {
        guard let value = member(key)?.value else { return nil }
        guard case .number(let text) = value else { throw malformed(key, "must be a number") }
        guard let number = JSONObject.whole(text, as: T.self), range.contains(number) else {
            throw malformed(key, "must be a whole number within \(range.lowerBound)…\(range.upperBound)")
        }
        return number
    }

    /// A number written as a whole is read from its digits, exactly; one written with a fraction or an exponent
    /// (`2.0`, `1e3`) is whole when its value is.
    private static func whole<T: FixedWidthInteger>(_ text: String, as: T.Type) -> T? {
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { return T(text) }
        return Double(text).flatMap { T(exactly: $0) }
    }

    /// True or false; false when absent.
    package func bool(_ key: String) throws -> Bool {
        guard let value = member(key)?.value else { return false }
        guard case .bool(let flag) = value else { throw malformed(key, "must be true or false") }
        return flag
    }

    /// An array of `shape.count` numbers within `range`, as `[x, y]` or `[x, y, width, height]` (`shape` names
    /// them); nil when absent.
    package func numbers(_ key: String, _ shape: [String], in range: ClosedRange<Double>) throws -> [Double]? {
        guard let value = member(key)?.value else { return nil }
        let complaint = malformed(key, "must be [\(shape.joined(separator: ", "))], each within \(JSONObject.words(range))")
        guard case .array(let elements) = value, elements.count == shape.count else { throw complaint }
        return try elements.map { element in
            guard let number = element.finiteNumber, range.contains(number) else { throw complaint }
            return number
        }
    }

    /// A range of numbers as complaints give it: `1…1000000`.
    package static func words(_ range: ClosedRange<Double>) -> String {
        "\(JSONLine.number(range.lowerBound))…\(JSONLine.number(range.upperBound))"
    }

    /// An array of texts; nil when absent.
    package func strings(_ key: String) throws -> [String]? {
        guard let value = member(key)?.value else { return nil }
        guard case .array(let elements) = value else { throw malformed(key, "must be an array of texts") }
        return try elements.map { element in
            guard case .string(let text) = element else { throw malformed(key, "must be an array of texts") }
            return text
        }
    }

    /// An object; nil when absent.
    package func object(_ key: String) throws -> JSONObject? {
        guard let value = member(key)?.value else { return nil }
        guard case .object(let object) = value else { throw malformed(key, "must be an object") }
        return object
    }

    /// An array of objects; empty when absent.
    package func objects(_ key: String) throws -> [JSONObject] {
        guard let value = member(key)?.value else { return [] }
        guard case .array(let elements) = value else { throw malformed(key, "must be an array of objects") }
        return try elements.map { element in
            guard case .object(let object) = element else { throw malformed(key, "must be an array of objects") }
            return object
        }
    }
}

/// What goes wrong with the simulator's inputs.
public enum SimulationError: Error, CustomStringConvertible {
    /// A file or line that does not parse; the place names file and line.
    case malformed(String, String)
    /// A device that cannot be replayed, and what it lacks.
    case unsupportedDevice(String, String)
    /// A file that cannot be read.
    case unreadable(String)
    /// A gesture that breaks the core's rules (`GestureSpecification.validate()`), at a place.
    case invalidGesture(String, GestureSpecificationError)

    /// The exit status `tactus-sim` ends with: 64 for an impossible gesture (a usage error, as for bad arguments),
    /// 2 for a file that cannot be read or understood.
    public var exitCode: Int32 {
        if case .invalidGesture = self { return 64 }
        return 2
    }

    public var description: String {
        switch self {
        case .malformed(let place, let what): return "\(place): \(what)"
        case .unsupportedDevice(let place, let what): return "\(place): unsupported device: \(what)"
        case .unreadable(let path): return "\(path): cannot be read"
        case .invalidGesture(let place, let problem): return "\(place): \(problem)"
        }
    }
}
