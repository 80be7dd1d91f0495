// SPDX-License-Identifier: MIT
import Glibc
import TactusPlatform

/// Declarations a command reads from its command line: a struct of `Option`, `Flag`, `Argument` and `OptionGroup`
/// properties, made with `init()` and filled by parsing.
public protocol ParsableArguments {
    init()
    /// Checks what parsing cannot: throw a `ValidationError` to end with the usage and status 64.
    func validate() throws
}

extension ParsableArguments {
    public func validate() throws {}
}

/// A command: its documentation, and what it does once its command line is read.
public protocol ParsableCommand: ParsableArguments {
    static var configuration: CommandConfiguration { get }
    /// Does the work. Throw `ExitCode` to end with a status, a `ValidationError` for a mistake in the arguments; any
    /// other error is said, and the status is 1.
    func run() throws
}

extension ParsableCommand {
    public static var configuration: CommandConfiguration { CommandConfiguration() }
    /// A command of subcommands does nothing itself: it says how it is used.
    public func run() throws { throw HelpRequest() }
}

/// What a command says of itself in help texts, manual pages and completions, and its subcommands. Sendable, so that
/// commands keep it in a `static let`: its metatypes are immutable (Swift 6.1 cannot say so, 6.2's `SendableMetatype`).
public struct CommandConfiguration: @unchecked Sendable {
    /// Its name; a subcommand's is its type's in lower case.
    public var commandName: String?
    public var abstract: String
    public var discussion: String
    /// What `--version` prints; only the program's own command has one.
    public var version: String?
    public var subcommands: [any ParsableCommand.Type]

    public init(commandName: String? = nil, abstract: String = "", discussion: String = "", version: String? = nil,
                subcommands: [any ParsableCommand.Type] = []) {
        self.commandName = commandName
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.subcommands = subcommands
    }
}

/// A command with no work of its own was run: its help is the answer.
struct HelpRequest: Error {}

extension ParsableCommand {
    /// The program: reads `CommandLine.arguments`, runs the command they name, and exits.
    public static func main() {
        main(Array(CommandLine.arguments.dropFirst()))
    }

    /// Runs the command `arguments` name (without the program's name), and exits with its status: 0, the status of
    /// an `ExitCode`, 64 for a mistake on the command line, 1 for any other error.
    public static func main(_ arguments: [String]) -> Never {
        var path: [any ParsableCommand.Type] = [Self.self]
        var rest = arguments[...]
        while let first = rest.first,
              let subcommand = path.last!.configuration.subcommands.first(where: { $0.name == first }) {
            path.append(subcommand)
            rest.removeFirst()
        }
        let words = CommandWords(path: path)
        if let answer = Self.answer(to: Array(rest), words: words) {
            print(answer, terminator: answer.hasSuffix("\n") ? "" : "\n")
            exit(0)
        }
        do {
            let command = try parse(Array(rest), as: path.last!)
            try validateAll(command)
            try command.run()
            exit(0)
        } catch let exit as ExitCode {
            Glibc.exit(exit.status)
        } catch is HelpRequest {
            print(words.help)
            exit(0)
        } catch let error as ValidationError {
            StandardError.write("\(words.name): \(error.message)\n\(words.usage)\n  See '\(words.name) --help' for more information.\n")
            exit(64)
        } catch {
            StandardError.write("\(words.name): \(error)\n")
            exit(1)
        }
    }

    /// What the options that answer instead of running ask for: help, the version, completions or a manual page.
    private static func answer(to arguments: [String], words: CommandWords) -> String? {
        let options = arguments.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") { return words.help }
        if options.first == "--version", let version = configuration.version, words.path.count == 1 { return version }
        guard words.path.count == 1, options.count == 2 else { return nil }
        switch (options[0], options[1]) {
        case ("--generate-completion-script", "bash"): return words.bashCompletions
        case ("--generate-completion-script", "zsh"): return words.zshCompletions
        case ("--generate-completion-script", "fish"): return words.fishCompletions
        case ("--generate-manual", let date): return words.manualPage(dated: date)
        default: return nil
        }
    }

    /// A subcommand's name: its configuration's, else its type's in lower case.
    static var name: String { configuration.commandName ?? String(describing: Self.self).lowercased() }
}

/// Validates the option groups of `arguments`, then `arguments` itself.
func validateAll(_ arguments: any ParsableArguments) throws {
    for child in Mirror(reflecting: arguments).children {
        if let group = child.value as? any GroupingWrapper { try validateAll(group.group) }
    }
    try arguments.validate()
}

/// A command's declarations, in the order the struct has them (those of its option groups in place).
func declarations(of arguments: any ParsableArguments) -> [Declaration] {
    Mirror(reflecting: arguments).children.flatMap { child -> [Declaration] in
        if let group = child.value as? any GroupingWrapper { return declarations(of: group.group) }
        guard let wrapper = child.value as? any DeclaringWrapper else { return [] }
        let declaration = wrapper.declaration
        // `_startSpan`, the wrapper's storage, gives `start-span`.
        if declaration.name == nil, let label = child.label {
            declaration.name = kebabCase(String(label.drop { $0 == "_" }))
        }
        return [declaration]
    }
}

/// `startSpan` as `start-span`.
func kebabCase(_ name: String) -> String {
    var kebab = ""
    for character in name {
        if character.isUppercase, !kebab.isEmpty { kebab += "-" }
        kebab += character.lowercased()
    }
    return kebab
}

/// A command made from `arguments`: options by their long names, a value after the option or after `=`, flags,
/// then arguments in order; `--` ends the options. An option given twice keeps the last value.
func parse(_ arguments: [String], as type: any ParsableCommand.Type) throws -> any ParsableCommand {
    let command = type.init()
    let declared = declarations(of: command)
    let options = Dictionary(declared.filter { $0.role != .argument }.map { ("--" + ($0.name ?? ""), $0) },
                             uniquingKeysWith: { first, _ in first })
    var positional = declared.filter { $0.role == .argument }[...]
    var rest = arguments[...]
    var optionsEnded = false
    while let argument = rest.popFirst() {
        if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
            guard let declaration = positional.first else { throw ValidationError("unexpected argument '\(argument)'") }
            try take(argument, for: declaration)
            if !declaration.isRepeatable { positional.removeFirst() }
            continue
        }
        if argument == "--" {
            optionsEnded = true
            continue
        }
        var name = argument
        var attached: String?
        if let equals = argument.firstIndex(of: "=") {
            name = String(argument[..<equals])
            attached = String(argument[argument.index(after: equals)...])
        }
        guard let declaration = options[name] else { throw ValidationError("unknown option '\(name)'") }
        if declaration.role == .flag {
            guard attached == nil else { throw ValidationError("'\(name)' takes no value") }
            try take("", for: declaration)
            continue
        }
        // An option given again takes its last value (a list, every one): a script may add one to override its own.
        guard let value = attached ?? rest.popFirst() else { throw ValidationError("missing value for '\(declaration.synopsis)'") }
        try take(value, for: declaration)
    }
    if let missing = declared.first(where: { $0.isRequired && !$0.isGiven }) {
        throw ValidationError("missing \(missing.role == .argument ? "argument" : "option") '\(missing.synopsis)'")
    }
    return command
}

private func take(_ text: String, for declaration: Declaration) throws {
    if let problem = declaration.take(text) { throw ValidationError("\(declaration.synopsis): \(problem)") }
    declaration.isGiven = true
}
