// SPDX-License-Identifier: MIT
import Testing
import TactusConfiguration

/// Issue 32: the TOML parser takes the file, and gives its strings back, as C strings, which end at the first NUL. A
/// `\u0000` in a string passed `--check` and cut the command, name or host action short; a NUL byte ended the file
/// there, so that what followed it was dropped without a word. Both are refused at their line.
@Suite struct NULTests {
    static let escapeMessage = "a string holds a NUL character (\\u0000): a command, name or action ends at the first NUL"
    static let byteMessage = "syntax error: a NUL byte, which TOML allows nowhere (the file would end there)"

    /// Expects `text` to be refused at `line` with `message`.
    func expectRefused(_ text: String, atLine line: Int, with message: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try Configuration(text: text, file: "nul.toml")
            Issue.record("\(text.debugDescription) was read", sourceLocation: sourceLocation)
        } catch {
            #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
            #expect(error.message == message, "\(error)", sourceLocation: sourceLocation)
            #expect(error.description == "nul.toml:\(line): \(message)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [
        // An exec command, as issue 32 found it: `echo second` never ran.
        ("[[binding]]\ngesture = \"swipe\"\nfingers = 3\naction = { exec = \"echo first\\u0000; echo second\" }\n", 4),
        ("[[binding]]\nname = \"volume\\u0000up\"\ngesture = \"drag\"\naction = { exec = \"x\" }\n", 2),
        ("[[binding]]\ngesture = \"tap\"\naction = { host = \"menu\\U00000000\" }\n", 3),
        // In a multi-line string, at the escape's line.
        ("[[binding]]\ngesture = \"tap\"\naction.exec = \"\"\"\n  first\n  \\u0000second\n\"\"\"\n", 5),
        // In a quoted key, and in a [[device]] (which would then match no device).
        ("\"col\\u0000our\" = 1\n", 1),
        ("[[device]]\nmatch = \"ELAN\\u0000\"\n", 2),
    ] as [(String, Int)])
    func aNULEscapeInAStringIsRefusedAtItsLine(_ text: String, _ line: Int) {
        expectRefused(text, atLine: line, with: Self.escapeMessage)
    }

    /// A NUL byte in a comment dropped every binding after it (`--check`: "0 bindings, good"); in a string, the
    /// parser said only that the file ended.
    @Test(arguments: [
        ("# volume\u{0}\n[[binding]]\ngesture = \"tap\"\naction = { exec = \"x\" }\n", 1),
        ("[[binding]]\ngesture = \"tap\"\naction = { exec = \"x\u{0}y\" }\n", 3),
        ("[[binding]]\ngesture = \"tap\"\naction = { exec = 'x\u{0}y' }\n", 3),
        ("[[binding]]\ngesture = \"tap\"\n\u{0}\n", 3),
    ] as [(String, Int)])
    func aNULByteIsRefusedAtItsLine(_ text: String, _ line: Int) {
        expectRefused(text, atLine: line, with: Self.byteMessage)
    }

    /// Only NUL: an escaped backslash before `u0000`, other control characters and a literal string's backslashes
    /// are read as written.
    @Test func escapesOfOtherCharactersAreRead() throws {
        let configuration = try Configuration(text: """
            [[binding]]
            gesture = "tap"
            action = { exec = "printf '\\\\u0000\\u0001\\U0000000a'" }

            [[binding]]
            gesture = "drag"
            action = { exec = 'echo \\u0000' }
            """, file: "nul.toml")
        #expect(configuration.bindings.map(\.action) == [.exec("printf '\\u0000\u{1}\n'"), .exec("echo \\u0000")])
    }
}
