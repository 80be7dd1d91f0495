// SPDX-License-Identifier: MIT
import CTactusVersion

/// tactusd's command line, read by hand: a daemon with nine options needs no argument parser, and the one the other
/// programs use brings Foundation with it (docs/packaging.md). tactusd(1) and packaging/completions/tactusd.* say the
/// same.
struct Options {
    var configurationFile: String?
    var seat = "seat0"
    var devices: [String] = []
    var check = false
    /// With --check: the file to check.
    var file: String?
    var listDevices = false
    var verbose = false
    var dryRun = false
    var replay: String?
    /// What to print instead of running: --help or --version.
    var answer: String?

    /// A mistake on the command line, said with the usage (EX_USAGE).
    struct UsageError: Error {
        let message: String
    }

    static let version = "tactusd \(String(cString: tactus_version()))"

    static let usage = """
        USAGE: tactusd [--config <config>] [--seat <seat>] [--device <device> ...] [--check] [<file>] \
        [--list-devices] [--verbose] [--dry-run] [--replay <trace>]
        """

    static let help = """
        OVERVIEW: Run the gestures of the Tactus configuration as commands, beside any Wayland compositor.

        Bindings with { exec = "command" } run their command at the steps `on` names (began, changed, ended,
        cancelled; the end by default), changes paced by every-ms, every-mm, every-degrees or every-scale, with
        TACTUS_GESTURE, TACTUS_PHASE, TACTUS_FINGERS, TACTUS_DX and TACTUS_DY (mm), TACTUS_SCALE, TACTUS_ROTATION,
        TACTUS_DIRECTION, TACTUS_EDGE, TACTUS_PROGRESS, TACTUS_COUNT, TACTUS_PACES and, since the command last ran,
        TACTUS_STEP_DX, TACTUS_STEP_DY, TACTUS_STEP_SCALE and TACTUS_STEP_ROTATION in the environment. SIGHUP reads
        the configuration again; SIGTERM and SIGINT stop it. It reads /dev/input: run it as a member of the input
        group.

        \(usage)

        ARGUMENTS:
          <file>              With --check: the file to check.

        OPTIONS:
          --config <config>   The configuration file (default: the user's, as tactus-config(5) says).
          --seat <seat>       The udev seat whose devices to use. (default: seat0)
          --device <device>   A device node to use instead of the seat's (repeatable).
          --check             Check the configuration file (or FILE) and exit: 0 when it is good, 2 with its file
                              and line when not.
          --list-devices      Print the touch devices it would use, with their sizes, and exit.
          --verbose           Print each gesture's steps and failures (with why) and each command it runs.
          --dry-run           Print the commands with their variables instead of running them.
          --replay <trace>    Play a tactus-sim trace (generated, or written by tactus-sim record) instead of
                              listening, at its own times and as fast as it comes; then exit.
          --version           Show the version.
          -h, --help          Show help information.
        """

    /// Reads `arguments` (without the program's name). An option's value follows it as the next argument or after
    /// `=` (`--seat=seat1`); `--` ends the options.
    init(_ arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        var optionsEnded = false
        while let argument = rest.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                guard file == nil else { throw UsageError(message: "unexpected argument '\(argument)'") }
                file = argument
                continue
            }
            var name = argument
            var attached: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let attached { return attached }
                guard let next = rest.popFirst() else { throw UsageError(message: "missing value for '\(name) <\(name.dropFirst(2))>'") }
                return next
            }
            func flag() throws(UsageError) -> Bool {
                guard attached == nil else { throw UsageError(message: "'\(name)' takes no value") }
                return true
            }
            switch name {
            case "--": optionsEnded = true
            case "--config": configurationFile = try value()
            case "--seat": seat = try value()
            case "--device": devices.append(try value())
            case "--replay": replay = try value()
            case "--check": check = try flag()
            case "--list-devices": listDevices = try flag()
            case "--verbose": verbose = try flag()
            case "--dry-run": dryRun = try flag()
            case "-h", "--help": answer = Self.help
            case "--version": answer = Self.version
            default: throw UsageError(message: "unknown option '\(name)'")
            }
        }
        if answer == nil, file != nil, !check { throw UsageError(message: "a FILE argument goes with --check") }
    }
}
