import Foundation
import TactusCore

/// Reading one JSON object per line, with errors that name the place.
struct JSONObject {
    let fields: [String: Any]
    let place: String

    init(line: String, place: String) throws {
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw SimulationError.malformed(place, "not a JSON object")
        }
        fields = object
        self.place = place
    }

    init(_ fields: [String: Any], place: String) {
        self.fields = fields
        self.place = place
    }

    func string(_ key: String) throws -> String {
        guard let v = fields[key] as? String else { throw SimulationError.malformed(place, "missing text \"\(key)\"") }
        return v
    }
    func optionalString(_ key: String) -> String? { fields[key] as? String }
    /// A text that names one of `Value`'s cases; nil when absent, `complaint` when it names none.
    func optionalChoice<Value: RawRepresentable>(_ key: String, _ complaint: String) throws -> Value?
    where Value.RawValue == String {
        guard let name = optionalString(key) else { return nil }
        guard let value = Value(rawValue: name) else { throw SimulationError.malformed(place, complaint) }
        return value
    }
    func double(_ key: String) throws -> Double {
        guard let v = fields[key] as? NSNumber else {
            throw SimulationError.malformed(place, "missing number \"\(key)\"")
        }
        return v.doubleValue
    }
    func optionalDouble(_ key: String) -> Double? { (fields[key] as? NSNumber)?.doubleValue }
    func int(_ key: String) throws -> Int {
        try optionalInt(key) ?? missing(key)
    }
    /// A whole number; nil when absent. A fraction, or a number beyond `Int`, is malformed (never truncated).
    func optionalInt(_ key: String) throws -> Int? {
        guard let value = optionalDouble(key) else { return nil }
        guard let whole = Int(exactly: value) else { throw SimulationError.malformed(place, "\"\(key)\" must be a whole number") }
        return whole
    }
    /// A whole number of type `T`; a fraction, or a number `T` cannot hold, is malformed (never truncated).
    func whole<T: FixedWidthInteger>(_ key: String) throws -> T {
        guard let value = T(exactly: try int(key)) else {
            throw SimulationError.malformed(place, "\"\(key)\" must be within \(T.min)…\(T.max)")
        }
        return value
    }
    /// Throws that `key` is missing.
    func missing<T>(_ key: String) throws -> T { throw SimulationError.malformed(place, "missing number \"\(key)\"") }
    /// A whole number that is not negative, as an identifier or seed; nil when absent.
    func optionalUInt64(_ key: String) throws -> UInt64? {
        guard let value = try optionalInt(key) else { return nil }
        guard let unsigned = UInt64(exactly: value) else { throw SimulationError.malformed(place, "\"\(key)\" must not be negative") }
        return unsigned
    }
    func bool(_ key: String) -> Bool { (fields[key] as? Bool) ?? false }
    func numbers(_ key: String) -> [Double]? { (fields[key] as? [NSNumber])?.map(\.doubleValue) }
    func object(_ key: String) -> JSONObject? {
        (fields[key] as? [String: Any]).map { JSONObject($0, place: "\(place) \(key)") }
    }
    func objects(_ key: String) -> [JSONObject] {
        ((fields[key] as? [[String: Any]]) ?? []).enumerated().map { JSONObject($1, place: "\(place) \(key)[\($0)]") }
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
