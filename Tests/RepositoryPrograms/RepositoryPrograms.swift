// SPDX-License-Identifier: MIT
import Foundation

/// The repository's root, found from this file's place in it (Tests/RepositoryPrograms/).
public let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// A program a test ran at the repository's root (a build, or the program it built) that failed: the command, and
/// what it printed.
public struct ProgramFailure: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}

/// Runs a program at the repository's root: a build command (tests build what they run, so that each runs on its own)
/// or what it built. Returns what it printed, on standard output and standard error.
public func runInRepository(_ executable: String, _ arguments: [String] = []) throws(ProgramFailure) -> String {
    let command = ([executable] + arguments).joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: repositoryRoot)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    do {
        try process.run()
    } catch {
        throw ProgramFailure(description: "`\(command)` did not start: \(error)")
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ProgramFailure(description: "`\(command)` failed with status \(process.terminationStatus):\n\(text)")
    }
    return text
}

/// The program a script of scripts/lib built (build-libinput-test, build-trace-read): each prints its path, relative
/// to the repository's root, on its last line.
public func programBuilt(byScript script: String) throws(ProgramFailure) -> String {
    let output = try runInRepository(repositoryRoot + "/scripts/lib/" + script)
    return repositoryRoot + "/" + (output.split(separator: "\n").last.map(String.init) ?? "")
}

/// Runs `executable`, reading its standard output as it comes; returns the output and the highest resident memory the
/// process had reached (its `VmHWM`) at each megabyte read, while it was still running. Each sample covers the run up
/// to then, and the process cannot run far ahead of the reader: it waits on the full pipe.
public func memoryWhileReading(_ executable: String, _ arguments: [String]) throws(ProgramFailure) -> (output: Data, samples: [Int]) {
    let command = ([executable] + arguments).joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
        try process.run()
    } catch {
        throw ProgramFailure(description: "`\(command)` did not start: \(error)")
    }
    var output = Data()
    var samples: [Int] = []
    while true {
        let chunk = pipe.fileHandleForReading.readData(ofLength: 1 << 20)
        if chunk.isEmpty { break }
        output.append(chunk)
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) {
            samples.append(kilobytes * 1024)
        }
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ProgramFailure(description: "`\(command)` ended with status \(process.terminationStatus)")
    }
    return (output, samples)
}
