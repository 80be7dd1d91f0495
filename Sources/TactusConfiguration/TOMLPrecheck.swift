// SPDX-License-Identifier: MIT
/// What toml++ cannot be given, found before it is: a bad file must only be reported.
///
/// - Nesting too deep: toml++ walks and frees the tables it read recursively, so a file nested some thousands of
///   levels deep (a dotted key or a header of 30 000 keys is 60 KB) overflows the stack.
/// - A key part of a header or dotted key that does not start as a key can (a letter, digit, `_`, `-` or a quote),
///   and a bracket closing what it did not open (`a = [ }`): toml++ asserts there (`[!` stops a debug build), where
///   it should report. Both found by fuzzing (`scripts/fuzz`).
/// - A NUL. The configuration's strings end up as C strings (a command's argument, a host action's name through
///   tactus.h), which end at the first NUL: a `\u0000` in a string would cut a command, a name or a host action
///   short, and the file be read as good. A NUL byte, which TOML allows nowhere, is refused here too, in the same
///   words wherever it stands (toml++ itself, given the text's length, refuses one in a comment but names it only as a
///   control character). TOMLKit, which read the file before toml++ was called directly, passed the text as a C
///   string, so that a NUL byte ended the file there.
///
/// A value's depth is the number of tables and arrays it sits in, below the file's own table:
/// - a header `[a.b.c]` opens a table 3 deep; `[[a.b]]` an array 2 deep whose table is 3 deep;
/// - each dot of a key opens a table, counted from the table the key is in: `x.y = 1` under `[a.b]` puts `x` 3 deep;
/// - an inline table `{ … }` or array `[ … ]` is one deeper than the table or array it is written in.
///
/// The scan reads only as much TOML as depth needs: strings and comments, whose dots and brackets do not nest; keys,
/// whose dots do; headers and brackets. It judges no syntax, which is the parser's job afterwards: on a malformed
/// file it still counts every dot of a key and every bracket of a value, so a deep malformed file is refused too.
enum TOMLPrecheck {
    enum Problem: Equatable {
        /// Nested deeper than the limit.
        case tooDeep
        /// A key part of a header or dotted key that does not start as a key can.
        case keyWithoutStart
        /// A `}` closing an inline array, or a `]` an inline table.
        case mismatchedBracket
        /// A byte 0, anywhere.
        case nulByte
        /// `\u0000` or `\U00000000` in a basic string.
        case nulEscape
    }

    /// The first problem in `text` and its line (from 1), with nesting deeper than `limit` a problem; nil when none.
    static func firstProblem(nestingDeeperThan limit: Int, in text: String) -> (line: Int, problem: Problem)? {
        var scan = Scan(bytes: Array(text.utf8), limit: limit)
        return scan.firstProblem()
    }
}

/// One pass over the text's bytes; TOML's syntax is ASCII, and no byte of a longer UTF-8 sequence is ASCII.
private struct Scan {
    let bytes: [UInt8]
    let limit: Int
    var position = 0
    var line = 1

    /// What the next word is, with the depth of the table or array it is in.
    enum Expecting {
        /// A key (its dots open tables), or a header at the start of a line outside any value.
        case key(depth: Int)
        /// A header's key, which names a table one deeper than its last dot, two for `[[…]]`.
        case header(depth: Int, isArray: Bool)
        /// A value, which may open an inline table or array.
        case value(depth: Int)
    }

    var expecting = Expecting.key(depth: 0)
    /// The depth of the last header's table: where the keys of the lines after it start.
    var tableDepth = 0
    /// The inline tables and arrays open around the current position, innermost last.
    var open: [(isTable: Bool, depth: Int)] = []

    mutating func firstProblem() -> (line: Int, problem: TOMLPrecheck.Problem)? {
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch (byte, expecting) {
            case (0, _):
                return (line, .nulByte)
            case (ascii("\n"), _):
                line += 1
                if open.isEmpty { expecting = .key(depth: tableDepth) }
            case (ascii("#"), _):
                while position < bytes.count, bytes[position] != ascii("\n"), bytes[position] != 0 { position += 1 }
            case (ascii("\""), _), (ascii("'"), _):
                if skipString(quotedBy: byte) { return (line, .nulEscape) }
            case (ascii("."), .key(let depth)):
                expecting = .key(depth: depth + 1)
                if depth + 1 > limit { return (line, .tooDeep) }
                if !nextStartsAKey() { return (line, .keyWithoutStart) }
            case (ascii("."), .header(let depth, let isArray)):
                expecting = .header(depth: depth + 1, isArray: isArray)
                if depth + 1 > limit { return (line, .tooDeep) }
                if !nextStartsAKey() { return (line, .keyWithoutStart) }
            case (ascii("="), .key(let depth)):
                expecting = .value(depth: depth)
            case (ascii("["), .key) where open.isEmpty:
                let isArray = position < bytes.count && bytes[position] == ascii("[")
                if isArray { position += 1 }
                expecting = .header(depth: 0, isArray: isArray)
                if !nextStartsAKey() { return (line, .keyWithoutStart) }
            case (ascii("]"), .header(let depth, let isArray)):
                tableDepth = depth + (isArray ? 2 : 1)
                if tableDepth > limit { return (line, .tooDeep) }
                if isArray, position < bytes.count, bytes[position] == ascii("]") { position += 1 }
                expecting = .value(depth: tableDepth)
            case (ascii("{"), .value(let depth)), (ascii("["), .value(let depth)):
                open.append((isTable: byte == ascii("{"), depth: depth + 1))
                if depth + 1 > limit { return (line, .tooDeep) }
                expecting = byte == ascii("{") ? .key(depth: depth + 1) : .value(depth: depth + 1)
            case (ascii(","), _):
                guard let innermost = open.last else { continue }
                expecting = innermost.isTable ? .key(depth: innermost.depth) : .value(depth: innermost.depth)
            case (ascii("}"), _), (ascii("]"), _):
                guard let closed = open.popLast() else { continue }
                if closed.isTable != (byte == ascii("}")) { return (line, .mismatchedBracket) }
                expecting = .value(depth: open.last?.depth ?? tableDepth)
            default:
                continue
            }
        }
        return nil
    }

    /// Whether the next byte after spaces and tabs can start a key: a letter, a digit, `_`, `-` or a quote.
    func nextStartsAKey() -> Bool {
        var next = position
        while next < bytes.count, bytes[next] == ascii(" ") || bytes[next] == ascii("\t") { next += 1 }
        guard next < bytes.count else { return true }  // the text ends: the parser reports what is missing
        switch bytes[next] {
        case ascii("a")...ascii("z"), ascii("A")...ascii("Z"), ascii("0")...ascii("9"), ascii("_"), ascii("-"),
             ascii("\""), ascii("'"):
            return true
        default:
            return false
        }
    }

    /// Moves past the string whose opening quote was just read: basic ("…", with backslash escapes) or literal
    /// ('…'), on one line or, opened by three quotes, on many. A string left open ends at the line's end or the
    /// text's, or before a byte 0; the parser reports it, or the scan the byte. Returns true, with the position at
    /// it, at an escape of NUL (`\u0000`, `\U00000000`).
    mutating func skipString(quotedBy quote: UInt8) -> Bool {
        let escapes = quote == ascii("\"")
        let isMultiline = position + 1 < bytes.count && bytes[position] == quote && bytes[position + 1] == quote
        if isMultiline { position += 2 }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0 {
                return false
            } else if byte == ascii("\n") {
                guard isMultiline else { return false }
                line += 1
            } else if escapes && byte == ascii("\\") {
                if escapesNUL(at: position + 1) { return true }
                // The escaped byte, unless it is a line's end: that is a line ending backslash, and counts as a line.
                if position + 1 < bytes.count, bytes[position + 1] != ascii("\n") { position += 1 }
            } else if byte == quote {
                guard isMultiline else {
                    position += 1
                    return false
                }
                if position + 2 < bytes.count, bytes[position + 1] == quote, bytes[position + 2] == quote {
                    position += 3
                    // Up to two more quotes end the string's content, before its closing three.
                    for _ in 0..<2 where position < bytes.count && bytes[position] == quote { position += 1 }
                    return false
                }
            }
            position += 1
        }
        return false
    }

    /// Whether the escape after a backslash, from `start`, is a NUL's: `u` and four zeros, or `U` and eight.
    func escapesNUL(at start: Int) -> Bool {
        guard start < bytes.count else { return false }
        let zeros = bytes[start] == ascii("u") ? 4 : bytes[start] == ascii("U") ? 8 : 0
        return zeros > 0 && start + zeros < bytes.count && bytes[(start + 1)...(start + zeros)].allSatisfy { $0 == ascii("0") }
    }
}

/// The byte of an ASCII character.
private func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(character.value) }
