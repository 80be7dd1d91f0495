// SPDX-License-Identifier: MIT
/// JSON by RFC 8259, strictly: no trailing commas, no repeated keys, no raw control characters in texts, and no
/// nesting deeper than `maximumDepth`, so that a hostile file cannot exhaust the stack.
struct JSONParser {
    let bytes: [UInt8]
    let source: String
    var line: Int
    var index = 0
    var depth = 0

    static let maximumDepth = 64

    init(bytes: [UInt8], source: String, line: Int) {
        self.bytes = bytes
        self.source = source
        self.line = line
    }

    /// The one object the text holds.
    mutating func document() throws -> JSONObject {
        skipWhitespace()
        guard peek == UInt8(ascii: "{") else { throw malformed("it does not start with {") }
        let object = try object(path: "")
        skipWhitespace()
        guard index == bytes.count else { throw malformed("more follows the object") }
        return object
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func malformed(_ what: String) -> SimulationError { .malformed("\(source):\(line)", "not a JSON object: \(what)") }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            if byte == 0x0A { line += 1 }
            index += 1
        }
    }

    private mutating func expect(_ character: Character) throws {
        skipWhitespace()
        guard peek == character.asciiValue else { throw malformed("expected \(character)") }
        index += 1
    }

    private mutating func value(path: String) throws -> JSONValue {
        skipWhitespace()
        // 0 stands for the end of the text, which no value starts with.
        switch peek ?? 0 {
        case UInt8(ascii: "{"): return .object(try object(path: path))
        case UInt8(ascii: "["): return .array(try array(path: path))
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default:
            for (word, value) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)]
            where bytes[index...].starts(with: word.utf8) {
                index += word.utf8.count
                return value
            }
            throw malformed("expected a value")
        }
    }

    private mutating func nest() throws {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { throw malformed("nested deeper than \(JSONParser.maximumDepth)") }
    }

    private mutating func object(path: String) throws -> JSONObject {
        try nest()
        let start = line
        index += 1
        var members: [JSONObject.Member] = []
        var keys = Set<String>()
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
        } else {
            repeat {
                skipWhitespace()
                guard peek == UInt8(ascii: "\"") else { throw malformed("expected a key") }
                let keyLine = line
                let key = try string()
                guard keys.insert(key).inserted else { throw SimulationError.malformed("\(source):\(keyLine)", "\"\(key)\" is given twice") }
                try expect(":")
                members.append(.init(key: key, value: try value(path: path.isEmpty ? key : "\(path) \(key)"), line: keyLine))
                skipWhitespace()
            } while try separator(closing: "}")
        }
        depth -= 1
        return JSONObject(members: members, source: source, line: start, path: path)
    }

    private mutating func array(path: String) throws -> [JSONValue] {
        try nest()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
        } else {
            repeat {
                elements.append(try value(path: "\(path)[\(elements.count)]"))
                skipWhitespace()
            } while try separator(closing: "]")
        }
        depth -= 1
        return elements
    }

    /// True after a comma, false after `closing`.
    private mutating func separator(closing: Character) throws -> Bool {
        switch peek {
        case UInt8(ascii: ","): index += 1; return true
        case closing.asciiValue: index += 1; return false
        default: throw malformed("expected , or \(closing)")
        }
    }

    private mutating func string() throws -> String {
        index += 1
        var text: [UInt8] = []
        while let byte = peek {
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"): text += try escape()
            case 0..<0x20: throw malformed("a control character in a text must be escaped")
            default: text.append(byte)
            }
        }
        throw malformed("a text does not end")
    }

    /// The character an escape stands for, as UTF-8.
    private mutating func escape() throws -> [UInt8] {
        guard let byte = peek else { throw malformed("a text does not end") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return [byte]
        case UInt8(ascii: "b"): return [0x08]
        case UInt8(ascii: "f"): return [0x0C]
        case UInt8(ascii: "n"): return [0x0A]
        case UInt8(ascii: "r"): return [0x0D]
        case UInt8(ascii: "t"): return [0x09]
        case UInt8(ascii: "u"):
            var scalar = try hexadecimalUnit()
            // A character beyond the Basic Multilingual Plane comes as a surrogate pair.
            if (0xD800..<0xDC00).contains(scalar), bytes[index...].starts(with: "\\u".utf8) {
                index += 2
                let low = try hexadecimalUnit()
                guard (0xDC00..<0xE000).contains(low) else { throw malformed("a surrogate without its pair") }
                scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
            }
            guard let character = Unicode.Scalar(scalar) else { throw malformed("a surrogate without its pair") }
            return Array(String(Character(character)).utf8)
        default: throw malformed("an unknown escape")
        }
    }

    private mutating func hexadecimalUnit() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw malformed("\\u takes four hexadecimal digits") }
        var unit: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw malformed("\\u takes four hexadecimal digits") }
            unit = unit << 4 | UInt32(digit)
        }
        index += 4
        return unit
    }

    /// A number as written, checked against JSON's grammar: -?(0|[1-9]digits)(.digits)?([eE][+-]?digits)?
    private mutating func number() throws -> String {
        let start = index
        func digits() -> Int {
            let first = index
            while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - first
        }
        if peek == UInt8(ascii: "-") { index += 1 }
        let integer = index
        guard digits() > 0, bytes[integer] != UInt8(ascii: "0") || index == integer + 1 else { throw malformed("a malformed number") }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw malformed("a malformed number") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw malformed("a malformed number") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}
