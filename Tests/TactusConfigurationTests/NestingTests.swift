// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TactusConfiguration

/// Issue 15, defect 3: a file nested thousands of levels deep is a mistake to report, not a stack to overflow.
@Suite struct NestingTests {
    static let limit = Configuration.maximumNesting
    /// About 30 000 levels, about 60 KB: what overflowed the TOML parser's stack.
    static let deep = 30_000

    /// The error for `text`, which must be the nesting limit's, at `line`.
    func expectTooDeep(_ text: String, atLine line: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try Configuration(text: text, file: "deep.toml")
            Issue.record("a file nested too deep was read", sourceLocation: sourceLocation)
        } catch {
            #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
            #expect(error.message == "nested more than \(Self.limit) tables and arrays deep", "\(error)", sourceLocation: sourceLocation)
        }
    }

    /// The error for `text`, which must be any but the nesting limit's: the parser read the file.
    func expectParsed(_ text: String, failingWith message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try Configuration(text: text, file: "deep.toml")
            Issue.record("expected \(message)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.message.contains(message), "\(error)", sourceLocation: sourceLocation)
        }
    }

    func keys(_ count: Int) -> String { (1...count).map { "k\($0)" }.joined(separator: ".") }

    @Test func aDeepDottedKeyIsReportedAtItsLine() {
        expectTooDeep("[[binding]]\ngesture = \"tap\"\n\(keys(Self.deep)) = 1\n", atLine: 3)
    }

    @Test func aDeepTableHeaderIsReportedAtItsLine() {
        expectTooDeep("# deep\n\n[\(keys(Self.deep))]\nx = 1\n", atLine: 3)
        expectTooDeep("[thresholds]\n[[\(keys(Self.deep))]]\n", atLine: 2)
    }

    @Test func deepInlineTablesAndArraysAreReportedAtTheirLine() {
        let tables = String(repeating: "{ a = ", count: Self.deep) + "1" + String(repeating: " }", count: Self.deep)
        expectTooDeep("colour = \"blue\"\nx = \(tables)\n", atLine: 2)
        let arrays = String(repeating: "[", count: Self.deep) + String(repeating: "]", count: Self.deep)
        expectTooDeep("x = 1\ny = 2\nz = \(arrays)\n", atLine: 3)
    }

    /// A header's depth, a dotted key's under it and an inline value's add up.
    @Test func theDepthsOfHeaderKeyAndValueAddUp() {
        expectTooDeep("[\(keys(Self.limit))]\na.b = 1\n", atLine: 2)
        expectTooDeep("[[\(keys(Self.limit))]]\n", atLine: 1)
        expectTooDeep("x = [\n  1,\n  [[{ a = 1 }]],\n  { a = 1, \(keys(Self.limit)) = 1 },\n]\n", atLine: 4)
    }

    @Test func aFileAtTheLimitIsRead() {
        expectParsed("[\(keys(Self.limit))]\nx = 1\n", failingWith: "k1: unknown key")
        expectParsed("[\(keys(Self.limit - 1))]\na.b = 1\n", failingWith: "k1: unknown key")
        expectParsed("[[\(keys(Self.limit - 1))]]\n", failingWith: "k1: unknown key")
        expectParsed("\(keys(Self.limit + 1)) = 1\n", failingWith: "k1: unknown key")
        let arrays = String(repeating: "[", count: Self.limit) + String(repeating: "]", count: Self.limit)
        expectParsed("x = \(arrays)\n", failingWith: "x: unknown key")
        expectParsed("x = { \(keys(Self.limit)) = 1, y.\(keys(Self.limit - 1)) = 2 }\n", failingWith: "x: unknown key")
    }

    /// Dots and brackets in strings, quoted keys and comments are no nesting.
    @Test func stringsAndCommentsDoNotNest() throws {
        let noise = String(repeating: "a.[{\\\"'", count: Self.deep / 4)
        let command = String(repeating: "a.[{", count: Self.deep / 4)
        let text = """
            # \(noise)
            [[binding]] # \(noise)
            gesture = "tap"
            action = { exec = "\(command)\\"[.'" }

            [[binding]]
            gesture = 'swipe'
            "direction" = "left"
            action = { host = '\(command)"' }
            """
        let configuration = try Configuration(text: text, file: "strings.toml")
        #expect(configuration.bindings.map(\.action) == [.exec(command + "\"[.'"), .host(command + "\"")])
        expectParsed("\"\(command)\" = 1\n", failingWith: "unknown key")
        expectParsed("x = \"\"\"\n\(noise)\n\"\"\"\n\n'\(command)' = 1\n", failingWith: "unknown key")
        expectParsed("x = '''\n\(command)\n'''''\n\n\"\(command)\" = '\(command)'\n", failingWith: "unknown key")
        // What follows a string's end nests again, however the string ends.
        let arrays = String(repeating: "[", count: Self.limit) + String(repeating: "]", count: Self.limit)
        for string in ["'a'", "\"a\\\"\"", "\"\"", "''", "\"\"\"a\"\"\"\"\"", "'''a\n''''", "\"\"\"\\\n\"\"\""] {
            expectTooDeep("x = [\(string), \(arrays)]\n", atLine: string.filter { $0 == "\n" }.count + 1)
        }
    }

    /// The file the issue found: about 60 KB, read from disk as tactus-wlr, the plugin and its reload read it.
    @Test func aDeepFileIsReportedWithItsName() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-deep-\(getpid()).toml").path
        let text = "[[binding]]\ngesture = \"tap\"\naction = { host = \"x\" }\n\n[" + String(repeating: "a.", count: Self.deep) + "b]\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(text.utf8.count > 60_000)
        #expect(throws: ConfigurationError(file: path, line: 5, message: "nested more than \(Self.limit) tables and arrays deep")) {
            try Configuration(contentsOf: path)
        }
    }
}
