// SPDX-License-Identifier: MIT
import CTOMLReader
import JSONLines

/// A TOML value, as toml++ (Debian's libtomlplusplus, through Sources/C/CTOMLReader) read it.
enum TOMLValue: CustomStringConvertible {
    case table(TOMLTable)
    case array([TOMLValue])
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    /// A date, a time or both, as the file wrote it: the configuration has none, but a file may.
    case dateTime(String)

    var table: TOMLTable? { if case .table(let table) = self { table } else { nil } }
    var array: [TOMLValue]? { if case .array(let array) = self { array } else { nil } }
    var string: String? { if case .string(let string) = self { string } else { nil } }
    var int: Int? { if case .integer(let integer) = self { integer } else { nil } }
    var double: Double? { if case .float(let number) = self { number } else { nil } }
    var bool: Bool? { if case .boolean(let flag) = self { flag } else { nil } }

    /// The value as TOML writes it, for messages that quote a wrong one.
    var description: String {
        switch self {
        case .table(let table): "{ " + table.map { "\($0.key) = \($0.value)" }.joined(separator: ", ") + " }"
        case .array(let array): "[ " + array.map(\.description).joined(separator: ", ") + " ]"
        case .string(let string): JSONLine.quoted(string)
        case .integer(let integer): String(integer)
        case .float(let number): String(number)
        case .boolean(let flag): String(flag)
        case .dateTime(let text): text
        }
    }
}

/// A TOML table: its keys in toml++'s order (sorted), each with its value.
struct TOMLTable: Sequence {
    private(set) var entries: [(key: String, value: TOMLValue)] = []

    var count: Int { entries.count }
    subscript(key: String) -> TOMLValue? { entries.first { $0.key == key }?.value }
    func makeIterator() -> IndexingIterator<[(key: String, value: TOMLValue)]> { entries.makeIterator() }

    /// A syntax error toml++ found: its description and the line (from 1) where it begins.
    struct SyntaxError: Error {
        let description: String
        let line: Int
    }

    /// Parses `text` with toml++.
    init(parsing text: String) throws(SyntaxError) {
        var text = text
        let document = text.withUTF8 { tactus_toml_parse($0.baseAddress, $0.count) }!
        defer { tactus_toml_free(document) }
        var line: UInt32 = 0
        if let error = tactus_toml_error(document, &line) {
            throw SyntaxError(description: String(cString: error), line: Int(line))
        }
        var count = 0
        let values = UnsafeBufferPointer(start: tactus_toml_values(document, &count), count: count)
        var next = values.startIndex
        guard case .table(let table) = Self.value(from: values, at: &next) else {
            preconditionFailure("toml++ gave no table for a file")
        }
        self = table
    }

    private init() {}

    /// The value at `index` with its members, which follow it; `index` moves past them.
    private static func value(from values: UnsafeBufferPointer<tactus_toml_value>, at index: inout Int) -> TOMLValue {
        let value = values[index]
        index += 1
        switch value.kind {
        case TACTUS_TOML_TABLE:
            var table = TOMLTable()
            for _ in 0..<value.members {
                let key = text(values[index].key, values[index].key_length)
                table.entries.append((key, Self.value(from: values, at: &index)))
            }
            return .table(table)
        case TACTUS_TOML_ARRAY:
            return .array((0..<value.members).map { _ in Self.value(from: values, at: &index) })
        case TACTUS_TOML_STRING: return .string(text(value.text, value.text_length))
        case TACTUS_TOML_INTEGER: return .integer(Int(value.integer))
        case TACTUS_TOML_FLOAT: return .float(value.number)
        case TACTUS_TOML_BOOLEAN: return .boolean(value.boolean)
        default: return .dateTime(text(value.text, value.text_length))
        }
    }

    private static func text(_ start: UnsafePointer<CChar>?, _ length: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
    }
}
