// SPDX-License-Identifier: MIT
/// What a command says of itself, made from its declarations: the help text, the usage line, the manual page and the
/// completions of bash, zsh and fish. One source, so that none of them names an option the command does not take.
struct CommandWords {
    /// The program's command, then the subcommands named.
    let path: [any ParsableCommand.Type]

    private var command: any ParsableCommand.Type { path.last! }
    private var configuration: CommandConfiguration { command.configuration }
    private var declared: [Declaration] { declarations(of: command.init()) }
    private var isProgram: Bool { path.count == 1 }

    /// `tactus-sim generate`.
    var name: String { path.map { $0.name }.joined(separator: " ") }

    /// The options that answer instead of running, as help lists them.
    private var answeringOptions: [(synopsis: String, help: String)] {
        (isProgram && configuration.version != nil ? [("--version", "Show the version.")] : [])
            + [("-h, --help", "Show help information.")]
    }

    /// The usage line: the command's words, then what it takes, optional parts in brackets.
    var usage: String {
        var words = [name]
        if !configuration.subcommands.isEmpty, declared.isEmpty { words.append("<subcommand>") }
        for declaration in declared {
            let synopsis = declaration.synopsis + (declaration.isRepeatable ? " ..." : "")
            words.append(declaration.isRequired ? synopsis : "[\(synopsis)]")
        }
        return "USAGE: " + words.joined(separator: " ")
    }

    var help: String {
        var text = ""
        if !configuration.abstract.isEmpty { text += "OVERVIEW: " + wrapped(configuration.abstract, indent: 0, first: 10) + "\n\n" }
        if !configuration.discussion.isEmpty {
            text += configuration.discussion.split(separator: "\n", omittingEmptySubsequences: false)
                .map { wrapped(String($0), indent: 0) }.joined(separator: "\n") + "\n\n"
        }
        text += usage + "\n"
        let arguments = declared.filter { $0.role == .argument }
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n" + arguments.map { entry($0.synopsis, helpText(of: $0)) }.joined()
        }
        text += "\nOPTIONS:\n"
        text += declared.filter { $0.role != .argument }.map { entry($0.synopsis, helpText(of: $0)) }.joined()
        text += answeringOptions.map { entry($0.synopsis, $0.help) }.joined()
        if !configuration.subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n" + configuration.subcommands.map { entry($0.name, $0.configuration.abstract) }.joined()
            text += "\n  See '\(name) <subcommand> --help' for a subcommand's options.\n"
        }
        return text
    }

    /// A declaration's help, with its default and its choices where the text does not give them.
    private func helpText(of declaration: Declaration) -> String {
        var text = declaration.help.abstract
        if let value = declaration.defaultDescription, !value.isEmpty, declaration.role == .option {
            text += " (default: \(value))"
        }
        return text
    }

    /// A help line: the synopsis, then the help from column 26, wrapped at 80 columns.
    private func entry(_ synopsis: String, _ help: String) -> String {
        let lead = "  " + synopsis
        let column = 26
        if lead.count >= column - 1 { return lead + "\n" + String(repeating: " ", count: column) + wrapped(help, indent: column) + "\n" }
        return lead + String(repeating: " ", count: column - lead.count) + wrapped(help, indent: column) + "\n"
    }

    /// `text` in lines of at most 80 columns, the lines after the first indented by `indent`; the first starts at
    /// column `first` (`indent` unless given).
    private func wrapped(_ text: String, indent: Int, first: Int? = nil) -> String {
        var lines: [String] = []
        var line = ""
        var column = first ?? indent
        for word in text.split(separator: " ") {
            if !line.isEmpty, column + 1 + word.count > 80 {
                lines.append(line)
                line = ""
                column = indent
            }
            if !line.isEmpty {
                line += " "
                column += 1
            }
            line += word
            column += word.count
        }
        lines.append(line)
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    // MARK: Completions

    /// Every command of the program, by its words after the program's name ("" for the program itself).
    private var commands: [(words: String, type: any ParsableCommand.Type)] {
        func walk(_ type: any ParsableCommand.Type, _ words: String) -> [(String, any ParsableCommand.Type)] {
            [(words, type)] + type.configuration.subcommands.flatMap { walk($0, words.isEmpty ? $0.name : words + " " + $0.name) }
        }
        return walk(command, "")
    }

    private static func options(of type: any ParsableCommand.Type) -> [Declaration] {
        declarations(of: type.init()).filter { $0.role != .argument }
    }

    private var functionName: String { "_" + name.map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init).joined() }

    var bashCompletions: String {
        var script = "# bash completion for \(name)(1), made by \(name) --generate-completion-script bash\n"
        script += "\(functionName)() {\n"
        script += "    local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]} command=\"\" word\n"
        let subcommands = Set(commands.dropFirst().map { $0.type.name })
        if !subcommands.isEmpty {
            script += "    for word in \"${COMP_WORDS[@]:1:COMP_CWORD-1}\"; do\n"
            script += "        case \"$word\" in \(subcommands.sorted().joined(separator: " | ")) ) command=\"${command:+$command }$word\" ;; esac\n"
            script += "    done\n"
        }
        script += "    case \"$command\" in\n"
        for (words, type) in commands {
            let options = Self.options(of: type)
            script += "        \"\(words)\")\n"
            let valued = options.filter { $0.role == .option }
            if !valued.isEmpty {
                script += "            case \"$previous\" in\n"
                for option in valued {
                    let choices = option.choices.isEmpty ? "COMPREPLY=($(compgen -f -- \"$current\"))"
                        : "COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$current\"))"
                    script += "                --\(option.name ?? "")) \(choices); return ;;\n"
                }
                script += "            esac\n"
            }
            let words = options.map { "--" + ($0.name ?? "") } + (isSame(type, command) && type.configuration.version != nil ? ["--version"] : [])
                + ["--help"] + type.configuration.subcommands.map { $0.name }
            script += "            COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$current\"))\n"
            if declarations(of: type.init()).contains(where: { $0.role == .argument }) {
                script += "            [[ \"$current\" == -* ]] || COMPREPLY+=($(compgen -f -- \"$current\"))\n"
            }
            script += "            ;;\n"
        }
        script += "    esac\n}\ncomplete -o filenames -F \(functionName) \(name)\n"
        return script
    }

    var zshCompletions: String {
        var script = "#compdef \(name)\n# zsh completion for \(name)(1), made by \(name) --generate-completion-script zsh\n"
        for (words, type) in commands.reversed() {
            let function = functionName + (words.isEmpty ? "" : "_" + words.split(separator: " ").joined(separator: "_"))
            script += "\(function)() {\n    _arguments"
            for declaration in declarations(of: type.init()) {
                let help = zshQuoted(declaration.help.abstract.split(separator: ".").first.map(String.init) ?? "")
                let values = declaration.choices.isEmpty ? "_files" : "(\(declaration.choices.joined(separator: " ")))"
                switch declaration.role {
                case .option:
                    script += " \\\n        '\(declaration.isRepeatable ? "*" : "")--\(declaration.name ?? "")[\(help)]:\(declaration.help.valueName ?? declaration.name ?? "value"):\(values)'"
                case .flag: script += " \\\n        '--\(declaration.name ?? "")[\(help)]'"
                case .argument: script += " \\\n        '\(declaration.isRepeatable ? "*" : "")::\(declaration.help.valueName ?? declaration.name ?? "value"):_files'"
                }
            }
            if isSame(type, command), type.configuration.version != nil { script += " \\\n        '--version[Show the version]'" }
            script += " \\\n        '(-h --help)'{-h,--help}'[Show help information]'"
            let subcommands = type.configuration.subcommands
            if !subcommands.isEmpty {
                let list = subcommands.map { "\($0.name)\\:\(zshQuoted($0.configuration.abstract))" }.joined(separator: " ")
                script += " \\\n        '1:subcommand:((\(list)))' \\\n        '*::argument:->argument'\n"
                script += "    case $words[1] in\n"
                for subcommand in subcommands {
                    let inner = function + "_" + subcommand.name.map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init).joined()
                    script += "        \(subcommand.name)) \(inner) ;;\n"
                }
                script += "    esac\n"
            } else {
                script += "\n"
            }
            script += "}\n"
        }
        return script + "\(functionName) \"$@\"\n"
    }

    /// Text inside a single-quoted `_arguments` spec: brackets and colons escaped, quotes closed and opened.
    private func zshQuoted(_ text: String) -> String {
        var quoted = ""
        for character in text {
            switch character {
            case "[", "]", ":", "\\": quoted += "\\" + String(character)
            case "'": quoted += "'\\''"
            default: quoted.append(character)
            }
        }
        return quoted
    }

    var fishCompletions: String {
        var script = "# fish completion for \(name)(1), made by \(name) --generate-completion-script fish\n"
        let subcommands = commands.dropFirst().map { $0.type.name }
        for (words, type) in commands {
            let condition: String
            if words.isEmpty {
                condition = subcommands.isEmpty ? "" : " -n 'not __fish_seen_subcommand_from \(subcommands.joined(separator: " "))'"
            } else {
                condition = " -n '__fish_seen_subcommand_from \(words.split(separator: " ").last!)'"
            }
            for subcommand in type.configuration.subcommands {
                script += "complete -c \(name)\(condition) -f -a \(subcommand.name) -d '\(fishQuoted(subcommand.configuration.abstract))'\n"
            }
            for option in Self.options(of: type) {
                let help = fishQuoted(option.help.abstract.split(separator: ".").first.map(String.init) ?? "")
                var line = "complete -c \(name)\(condition) -l \(option.name ?? "")"
                if option.role == .option {
                    line += option.choices.isEmpty ? " -r -F" : " -x -a '\(option.choices.joined(separator: " "))'"
                }
                script += line + " -d '\(help)'\n"
            }
            if isSame(type, command), type.configuration.version != nil {
                script += "complete -c \(name)\(condition) -l version -d 'Show the version'\n"
            }
            script += "complete -c \(name)\(condition) -s h -l help -d 'Show help information'\n"
        }
        return script
    }

    private func fishQuoted(_ text: String) -> String { text.replacingEvery("'", with: "\\'") }

    // MARK: The manual page

    /// The program's manual page (man(7)), with every subcommand's options.
    func manualPage(dated date: String) -> String {
        let title = name.uppercased()
        var page = ".\\\" Made by \(name) --generate-manual\n"
        page += ".TH \(title) 1 \(date) \"Tactus\" \"User Commands\"\n.SH NAME\n\(name) \\- \(roff(configuration.abstract))\n"
        for (words, type) in commands {
            page += words.isEmpty ? ".SH SYNOPSIS\n" : ".SH \(roff(words.uppercased()))\n"
            let usage = CommandWords(path: [command] + chain(to: type)).usage
            page += roff(String(usage.dropFirst("USAGE: ".count))) + "\n"
            if !isSame(type, command) { page += ".PP\n\(roff(type.configuration.abstract))\n" }
            if !type.configuration.discussion.isEmpty {
                page += type.configuration.discussion.split(separator: "\n", omittingEmptySubsequences: true)
                    .map { ".PP\n" + roff(String($0)) + "\n" }.joined()
            }
            for declaration in declarations(of: type.init()) {
                page += ".TP\n.B \(roff(declaration.synopsis))\n\(roff(helpText(of: declaration)))\n"
            }
            if isSame(type, command) {
                for option in answeringOptions { page += ".TP\n.B \(roff(option.synopsis))\n\(roff(option.help))\n" }
            }
        }
        return page
    }

    /// The subcommands from the program's command down to `type`.
    private func chain(to type: any ParsableCommand.Type) -> [any ParsableCommand.Type] {
        func search(_ from: any ParsableCommand.Type) -> [any ParsableCommand.Type]? {
            if isSame(from, type) { return [] }
            for subcommand in from.configuration.subcommands {
                if let rest = search(subcommand) { return [subcommand] + rest }
            }
            return nil
        }
        return search(command) ?? []
    }

    /// Text as roff reads it: backslashes and dashes escaped, no line starting with a control character.
    private func roff(_ text: String) -> String {
        let escaped = text.replacingEvery("\\", with: "\\e").replacingEvery("-", with: "\\-")
        return escaped.first == "." || escaped.first == "'" ? "\\&" + escaped : escaped
    }
}

private func isSame(_ one: any ParsableCommand.Type, _ other: any ParsableCommand.Type) -> Bool {
    ObjectIdentifier(one) == ObjectIdentifier(other)
}

extension String {
    /// The text with every `target` replaced by `replacement`, with the standard library's own means.
    func replacingEvery(_ target: Character, with replacement: String) -> String {
        var text = ""
        for character in self { if character == target { text += replacement } else { text.append(character) } }
        return text
    }
}
