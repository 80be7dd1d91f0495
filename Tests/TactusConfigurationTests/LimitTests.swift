// SPDX-License-Identifier: MIT
import Glibc
import Testing
import TactusActions
import TactusConfiguration

/// Issue 32: what a file can hold that can never run.
@Suite struct LimitTests {
    /// A command of `count` bytes.
    static func command(bytes count: Int) -> String { "true " + String(repeating: "A", count: count - 5) }

    /// A binding that runs `command`.
    static func binding(running command: String) -> String {
        "[[binding]]\ngesture = \"swipe\"\nfingers = 3\naction = { exec = \"\(command)\" }\n"
    }

    /// A command of 128 KiB or more passed `--check`, and every run failed with E2BIG, logging the whole command.
    @Test func anExecCommandLongerThanLinuxTakesIsRefusedAtItsLine() throws {
        let longest = Self.command(bytes: 131_071)
        #expect(try Configuration(text: Self.binding(running: longest), file: "long.toml").bindings.first?.action == .exec(longest))
        for bytes in [131_072, 204_800] {
            do {
                _ = try Configuration(text: "# long\n\n" + Self.binding(running: Self.command(bytes: bytes)), file: "long.toml")
                Issue.record("a command of \(bytes) bytes was read")
            } catch {
                #expect(error.description == "long.toml:6: action: a command of \(bytes) bytes cannot run: Linux takes at most "
                        + "131071 (MAX_ARG_STRLEN, 128 KiB with the NUL that ends it)")
            }
        }
        // A host action is a name the compositor gets, not an argument of a program.
        let host = "[[binding]]\ngesture = \"tap\"\naction = { host = \"\(String(repeating: "a", count: 204_800))\" }\n"
        #expect(try Configuration(text: host, file: "long.toml").bindings.count == 1)
        // The limit is the kernel's: the longest command the file takes starts; on 4 KiB pages, one byte more does not.
        let pid = try Shell.spawn("exit 0", command: longest).get()
        var status: Int32 = 0
        #expect(waitpid(pid, &status, 0) == pid && status == 0)
        if sysconf(Int32(_SC_PAGESIZE)) == 4096 {
            switch Shell.spawn("exit 0", command: longest + "A") {
            case .success(let pid):
                waitpid(pid, nil, 0)
                Issue.record("a command of 131072 bytes started")
            case .failure(let error):
                #expect(error.code == E2BIG)
            }
        }
    }
}
