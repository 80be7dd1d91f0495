// SPDX-License-Identifier: MIT
import Testing
import TactusConfiguration

/// Found by the configuration fuzzer: toml++ asserts, stopping a debug build, on a header or dotted key whose part
/// does not start as a key can, and on a bracket that closes what it did not open; such a file is a syntax error to
/// report, at its line.
@Suite struct KeyStartTests {
    /// Expects `text` to be refused at `line` with `message`.
    func expectRefused(_ text: String, atLine line: Int, with message: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try Configuration(text: text, file: "keys.toml")
            Issue.record("\(text.debugDescription) was read", sourceLocation: sourceLocation)
        } catch {
            #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
            #expect(error.message == message, "\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [("[!", 1), ("x = 1\n[a.!]\n", 2), ("[[ ?b]]", 1), ("# c\n\na.%b = 1\n", 3), ("[a. =]", 1)])
    func aKeyPartThatCannotStartAKeyIsASyntaxError(_ text: String, _ line: Int) {
        expectRefused(text, atLine: line, with: "syntax error: a key must start with a letter, a digit, '_', '-' or a quote")
    }

    @Test func keysThatStartAsKeysCanAreRead() throws {
        let text = "[thresholds . touchscreen]\n[[ binding ]]\n\"gesture\" = \"tap\"\n'action' = { host = 'menu' }\n"
        #expect(throws: Never.self) { _ = try Configuration(text: text, file: "keys.toml") }
    }

    @Test(arguments: [("a = [[[ }", 1), ("x = 1\nb = { c = ]\n", 2), ("a = [1, [2 }]", 1)])
    func aBracketClosingWhatItDidNotOpenIsASyntaxError(_ text: String, _ line: Int) {
        expectRefused(text, atLine: line, with: "syntax error: a bracket closes what it did not open")
    }
}
