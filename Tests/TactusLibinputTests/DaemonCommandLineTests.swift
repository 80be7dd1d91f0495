// SPDX-License-Identifier: MIT
import Foundation
import RepositoryPrograms
import Testing

/// tactusd's command line (TactusCommandLine): a mistake is said on standard error with the usage and exit status
/// 64, values come after the option or an equals sign, and its help, its manual page and its completions for bash, zsh
/// and fish, all made from its declarations, name the same options.
@Suite struct DaemonCommandLineTests {
    @Test(arguments: [
        (["--bogus"], "tactusd: unknown option '--bogus'"),
        (["examples/config.toml"], "tactusd: a FILE argument goes with --check"),
        (["--seat"], "tactusd: missing value for '--seat <seat>'"),
        (["--check=yes"], "tactusd: '--check' takes no value"),
        (["--check", "a.toml", "b.toml"], "tactusd: unexpected argument 'b.toml'"),
    ])
    func aMistakeIsSaidWithTheUsage(_ arguments: [String], message: String) throws {
        let daemon = try Artifact.daemon.path
        do {
            let output = try runInRepository(daemon, arguments)
            Issue.record("tactusd \(arguments) succeeded: \(output)")
        } catch {
            #expect(error.description.contains("failed with status 64"))
            #expect(error.description.contains(message + "\nUSAGE: tactusd [--config <config>]"), "\(error)")
        }
    }

    @Test func aValueComesAfterTheOptionOrAnEqualsSign() throws {
        let daemon = try Artifact.daemon.path
        for arguments in [["--config", "examples/config.toml", "--check"], ["--config=examples/config.toml", "--check"],
                          ["--check", "--", "examples/config.toml"]] {
            #expect(try runInRepository(daemon, arguments).hasSuffix("examples/config.toml: 5 bindings, good\n"))
        }
    }

    /// What `tactusd --check` says of a file holding `configuration` (named by `name`), where no compositor is.
    private func checkWithoutACompositor(_ configuration: String, named name: String) throws -> (file: String, said: String) {
        let daemon = try Artifact.daemon.path
        let file = NSTemporaryDirectory() + "tactusd-\(name)-\(getpid()).toml"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try configuration.write(toFile: file, atomically: true, encoding: .utf8)
        let said = try runInRepository("/usr/bin/env", ["WAYLAND_DISPLAY=tactus-no-such-compositor", "XDG_RUNTIME_DIR=/tmp",
                                                        daemon, "--check", file])
        return (file, said)
    }

    @Test func checkSaysWhenNoCompositorCanTellTheFocusedApplication() throws {
        let named = try checkWithoutACompositor("[[binding]]\ngesture = \"tap\"\napp-id = [\"foot\"]\naction = { exec = \"true\" }\n",
                                                named: "apps")
        #expect(named.said == "tactusd: no Wayland compositor at tactus-no-such-compositor to say which application has the "
                + "focus: bindings with app-id do not run until one is there (looking every 1 s)\n\(named.file): 1 bindings, good\n")
        let unnamed = try checkWithoutACompositor("[[binding]]\ngesture = \"tap\"\naction = { exec = \"true\" }\n", named: "apps")
        #expect(unnamed.said == "\(unnamed.file): 1 bindings, good\n")
    }

    @Test func checkSaysWhenNoCompositorCanShowTheFeedbackAndTheStrips() throws {
        let shown = try checkWithoutACompositor(
            "[feedback]\n\n[[binding]]\ngesture = \"edge-swipe\"\nedge = \"top\"\naction = { exec = \"true\" }\n", named: "screen")
        #expect(shown.said == "tactusd: no Wayland compositor at tactus-no-such-compositor to show the feedback and edge strips "
                + "(top) on (looking every 1 s)\n\(shown.file): 1 bindings, good\n")
        let hidden = try checkWithoutACompositor(
            "[[binding]]\ngesture = \"edge-swipe\"\nedge = \"top\"\nstrip = false\naction = { exec = \"true\" }\n", named: "screen")
        #expect(hidden.said == "\(hidden.file): 1 bindings, good\n")
    }

    @Test func theHelpTheManualPageAndTheCompletionsNameTheSameOptions() throws {
        let daemon = try Artifact.daemon.path
        let help = try runInRepository(daemon, ["--help"])
        let optionsSection = help.components(separatedBy: "OPTIONS:").last ?? ""
        let options = Set(longOptions(in: optionsSection))
        #expect(options == ["--config", "--seat", "--device", "--check", "--list-devices", "--verbose", "--dry-run",
                            "--replay", "--version", "--help"])
        let manual = try runInRepository(daemon, ["--generate-manual", "2026-11-29"])
        #expect(manual.contains(".TH TACTUSD 1 2026-11-29"))
        let manualOptions = manual.split(separator: "\n").filter { $0.hasPrefix(".B \\-") }
            .flatMap { longOptions(in: $0.replacingOccurrences(of: "\\-", with: "-")) }
        #expect(Set(manualOptions) == options)
        for shell in ["bash", "zsh"] {
            // Without the comments, which say how the script was made.
            let script = try runInRepository(daemon, ["--generate-completion-script", shell])
                .split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n")
            #expect(Set(longOptions(in: script)) == options, "\(shell)")
        }
        let fish = try runInRepository(daemon, ["--generate-completion-script", "fish"])
        let fishOptions = fish.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            return words.firstIndex(of: "-l").map { "--" + words[$0 + 1] }
        }
        #expect(Set(fishOptions) == options)
    }

    /// Every `--name` in `text`.
    private func longOptions(in text: some StringProtocol) -> [String] {
        let words = text.split { !($0.isLetter || $0 == "-") }
        return words.filter { $0.hasPrefix("--") && $0.count > 2 }.map { String($0) }
    }
}
