import Testing
import TactusConfiguration

/// Found by the configuration fuzzer: toml++ asserts, stopping a debug build, on a header or dotted key whose part
/// does not start as a key can; such a file is a syntax error to report, at its line.
@Suite struct KeyStartTests {
    @Test(arguments: [("[!", 1), ("x = 1\n[a.!]\n", 2), ("[[ ?b]]", 1), ("# c\n\na.%b = 1\n", 3), ("[a. =]", 1)])
    func aKeyPartThatCannotStartAKeyIsASyntaxError(_ text: String, _ line: Int) {
        do {
            _ = try Configuration(text: text, file: "keys.toml")
            Issue.record("\(text.debugDescription) was read")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.message == "syntax error: a key must start with a letter, a digit, '_', '-' or a quote", "\(error)")
        }
    }

    @Test func keysThatStartAsKeysCanAreRead() throws {
        let text = "[thresholds . touchscreen]\n[[ binding ]]\n\"gesture\" = \"tap\"\n'action' = { host = 'menu' }\n"
        #expect(throws: Never.self) { _ = try Configuration(text: text, file: "keys.toml") }
    }

    /// Also found by the fuzzer: toml++ asserts on an inline array closed by `}` (or a table by `]`).
    @Test(arguments: [("a = [[[ }", 1), ("x = 1\nb = { c = ]\n", 2), ("a = [1, [2 }]", 1)])
    func aBracketClosingWhatItDidNotOpenIsASyntaxError(_ text: String, _ line: Int) {
        do {
            _ = try Configuration(text: text, file: "brackets.toml")
            Issue.record("\(text.debugDescription) was read")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.message == "syntax error: a bracket closes what it did not open", "\(error)")
        }
    }
}
