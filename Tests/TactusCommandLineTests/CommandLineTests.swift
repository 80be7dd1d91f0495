// SPDX-License-Identifier: MIT
@testable import TactusCommandLine
import Testing

/// A program of two subcommands, declared as the Tactus programs declare theirs.
private struct Program: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "program", abstract: "A program.", version: "program 1.2.3",
                                                    subcommands: [Make.self, Show.self])
}

private enum Shape: String, CaseIterable, ExpressibleByArgument { case round, square }

private struct Shared: ParsableArguments {
    @Flag(help: "Say more.") var verbose = false
    @Option(help: "How many, from 1 to 9.") var count: Int?

    func validate() throws {
        if let count, !(1...9).contains(count) { throw ValidationError("--count must be from 1 to 9, not \(count)") }
    }
}

private struct Make: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Make things.", discussion: "Makes what it is told.")

    @Argument(help: ArgumentHelp("What to make.", valueName: "thing")) var thing: String
    @Option(help: "Its shape.") var shape = Shape.round
    @Option(name: .customLong("size-mm"), help: "Its size.") var size = 2.5
    @Option(help: "A tag (repeatable).") var tag: [String] = ["plain"]
    @Option(help: "A number, made double.", transform: { text in Int(text).map { $0 * 2 } }) var doubled: [Int] = []
    @Flag(name: .customLong("dry-run"), help: "Make nothing.") var dryRun = false
    @OptionGroup var shared: Shared
}

private struct Show: ParsableCommand {
    @Argument(help: "Files to show.") var files: [String]
    @Argument(help: "A last one.") var last: String?
}

@Suite struct CommandLineTests {
    private func make(_ arguments: [String]) throws -> Make {
        try #require(try parse(arguments, as: Make.self) as? Make)
    }

    private func problem(_ arguments: [String], as type: any ParsableCommand.Type = Make.self) -> String? {
        do {
            let command = try parse(arguments, as: type)
            try validateAll(command)
            return nil
        } catch {
            return (error as? ValidationError)?.message ?? "\(error)"
        }
    }

    @Test func valuesComeAfterTheirOptionOrAnEqualsSignAndDefaultsStayOtherwise() throws {
        let plain = try make(["box"])
        #expect(plain.thing == "box" && plain.shape == .round && plain.size == 2.5 && plain.tag == ["plain"])
        #expect(!plain.dryRun && !plain.shared.verbose && plain.shared.count == nil && plain.doubled.isEmpty)

        let given = try make(["--shape", "square", "--size-mm=4", "--tag", "a", "--tag=b", "--doubled", "3", "--dry-run",
                              "--verbose", "--count", "5", "--", "--box"])
        #expect(given.thing == "--box" && given.shape == .square && given.size == 4 && given.tag == ["a", "b"])
        #expect(given.doubled == [6] && given.dryRun && given.shared.verbose && given.shared.count == 5)
    }

    @Test func anOptionGivenAgainKeepsItsLastValue() throws {
        #expect(try make(["box", "--shape", "square", "--size-mm", "3", "--shape", "round"]).shape == .round)
        #expect(try make(["box", "--count", "3", "--count=4"]).shared.count == 4)
    }

    @Test func argumentsFillInOrderAndAListTakesTheRest() throws {
        let show = try #require(try parse(["a", "b", "c"], as: Show.self) as? Show)
        #expect(show.files == ["a", "b", "c"] && show.last == nil)
    }

    @Test(arguments: [
        (["box", "--colour", "red"], "unknown option '--colour'"),
        (["box", "--shape"], "missing value for '--shape <shape>'"),
        (["box", "--dry-run=yes"], "'--dry-run' takes no value"),
        (["box", "--shape", "oval"], "--shape <shape>: the value 'oval' is invalid"),
        (["box", "--doubled", "x"], "--doubled <doubled>: the value 'x' is invalid"),
        (["box", "crate"], "unexpected argument 'crate'"),
        ([], "missing argument '<thing>'"),
        (["box", "--count", "12"], "--count must be from 1 to 9, not 12"),
    ])
    func aMistakeIsNamed(_ arguments: [String], message: String) {
        #expect(problem(arguments) == message)
    }

    @Test func aListArgumentWantsOneAtLeast() {
        #expect(problem([], as: Show.self) == "missing argument '<files>'")
    }

    @Test func theHelpSaysEveryOptionWithItsDefaultAndTheUsage() {
        let help = CommandWords(path: [Program.self, Make.self]).help
        #expect(help.hasPrefix("OVERVIEW: Make things.\n\nMakes what it is told.\n\nUSAGE: program make <thing> [--shape <shape>]"))
        for line in ["  <thing>                 What to make.", "  --shape <shape>         Its shape. (default: round)",
                     "  --size-mm <size-mm>     Its size. (default: 2.5)", "  --dry-run               Make nothing.",
                     "  --verbose               Say more.", "  -h, --help              Show help information."] {
            #expect(help.contains(line + "\n"), "\(line) missing from\n\(help)")
        }
        // Only the program says its version.
        #expect(!help.contains("--version"))
        let programHelp = CommandWords(path: [Program.self]).help
        #expect(programHelp.contains("USAGE: program <subcommand>\n") && programHelp.contains("  --version "))
        #expect(programHelp.contains("  make                    Make things.\n"))
    }

    @Test func theCompletionsAndTheManualPageNameEveryOptionOfEverySubcommand() {
        let words = CommandWords(path: [Program.self])
        let options = ["--shape", "--size-mm", "--tag", "--doubled", "--dry-run", "--verbose", "--count"]
        for option in options {
            #expect(words.bashCompletions.contains(option + ")") || words.bashCompletions.contains(option + " "), "bash: \(option)")
            #expect(words.zshCompletions.contains("'" + option + "[") || words.zshCompletions.contains("'*" + option + "["), "zsh: \(option)")
            #expect(words.fishCompletions.contains("-n '__fish_seen_subcommand_from make' -l \(option.dropFirst(2))"), "fish: \(option)")
            #expect(words.manualPage(dated: "2026-11-29").contains(".B \(option.replacingEvery("-", with: "\\-"))"), "manual: \(option)")
        }
        #expect(words.bashCompletions.contains("--shape) COMPREPLY=($(compgen -W \"round square\""))
        #expect(words.manualPage(dated: "2026-11-29").hasPrefix(".\\\" Made by program --generate-manual\n.TH PROGRAM 1 2026-11-29"))
        #expect(words.manualPage(dated: "2026-11-29").contains(".SH MAKE\n"))
    }
}
