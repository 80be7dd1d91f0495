// SPDX-License-Identifier: MIT
// tactus-tools: tactus-sim, tactusd and tactus-demo-client in one program, which the packages install once and name
// three times (symbolic links): one copy of the Swift standard library for all three, statically linked, rather than one
// each (docs/packaging.md says why). It runs the program its name says, or the one its first argument names.
import Glibc
import TactusCommandLine
import TactusDaemon
import TactusDemoClient
import TactusPlatform
import TactusSimulatorCommand

let programs: [(name: String, command: any ParsableCommand.Type)] = [
    ("tactus-sim", TactusSim.self), ("tactusd", Tactusd.self), ("tactus-demo-client", DemoClient.self),
]
let arguments = CommandLine.arguments
let calledAs = String(arguments.first?.split(separator: "/").last ?? "")
if let program = programs.first(where: { $0.name == calledAs }) {
    program.command.main(Array(arguments.dropFirst()))
} else if arguments.count > 1, let program = programs.first(where: { $0.name == arguments[1] }) {
    program.command.main(Array(arguments.dropFirst(2)))
} else {
    let names = programs.map(\.name).joined(separator: ", ")
    StandardError.write("tactus-tools: run it as one of \(names) (a link of that name), or with that name first\n")
    exit(64)
}
