// SPDX-License-Identifier: MIT
import Foundation
import RepositoryPrograms
import TactusTrace
import Testing
import TactusCore
import TactusSimulation

/// `tactus-sim` itself, as a person runs it: the core's one validation ends it with 64 and the core's words.
@Suite struct CommandLineTests {
    /// The executable beside the test bundle: both are products of `swift build --build-tests`.
    static var executable: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tactus-sim").path
    }

    /// Runs tactus-sim with `input` on its standard input; returns its exit status and what it wrote on standard
    /// output and standard error (through files, so that neither pipe fills while the other is read). `bounded`: under
    /// 2 GB of address space and 30 s, so that input that once never ended or took 24 GB fails the test instead of
    /// the machine (the time limit kills: a test's processes start with SIGTERM blocked).
    static func launch(_ arguments: [String], input: String = "", bounded: Bool = false) throws
        -> (status: Int32, output: String, errors: String) {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw TestFailure("\(executable) is missing: run `swift build --build-tests` (or `swift build --product tactus-sim`) first")
        }
        let process = Process()
        if bounded {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -v 2000000 && exec timeout -s KILL 30 \"$0\" \"$@\"", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        let files = (output: try temporaryFile("stdout-\(UInt64.random(in: 0...UInt64.max))", ""),
                     errors: try temporaryFile("stderr-\(UInt64.random(in: 0...UInt64.max))", ""))
        defer { for path in [files.output, files.errors] { try? FileManager.default.removeItem(atPath: path) } }
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle(forWritingAtPath: files.output)
        process.standardError = FileHandle(forWritingAtPath: files.errors)
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOfFile: files.output, encoding: .utf8),
                try String(contentsOfFile: files.errors, encoding: .utf8))
    }

    /// Runs tactus-sim (`launch`); its exit status and what it wrote on standard error.
    static func run(_ arguments: [String], bounded: Bool = false) throws -> (status: Int32, errors: String) {
        let (status, _, errors) = try launch(arguments, bounded: bounded)
        return (status, errors)
    }

    /// Runs tactus-sim, reading its standard output as it comes (`RepositoryPrograms.memoryWhileReading`).
    static func memoryWhileReading(_ arguments: [String]) throws -> (output: Data, samples: [Int]) {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw TestFailure("\(executable) is missing: run `swift build --build-tests` (or `swift build --product tactus-sim`) first")
        }
        return try RepositoryPrograms.memoryWhileReading(executable, arguments)
    }

    static func temporaryFile(_ name: String, _ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "tactus-\(getpid())-\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// What a command's help prints.
    static func help(_ command: [String]) throws -> String { try launch(command + ["--help"]).output }

    /// Help texts show defaults as a user writes them, never a type's debug description.
    @Test(arguments: [[], ["generate"], ["generate", "pinch-rotate"], ["replay"], ["run"], ["begins"], ["listen"], ["record"]])
    func helpShowsDefaultsAsAUserWritesThem(_ command: [String]) throws {
        let help = try Self.help(command)
        #expect(help.contains("OPTIONS:"))
        for debugDescription in ["Dimensions(", "TactusCore.", "Optional(", ".0)", "Size(width"] {
            #expect(!help.contains(debugDescription), "\(command): \(debugDescription) in\n\(help)")
        }
        // The man page is made from the same text, in ASCII as man(1) shows it anywhere (swift-argument-parser's generator,
        // which made it before, dropped the rest: "1…10" became "110").
        let foreign = help.unicodeScalars.filter { !$0.isASCII }.map(String.init)
        #expect(foreign.isEmpty, "\(command): \(foreign)")
    }

    @Test func sizesAndTheKnobsShowTheirDefaultsAndRanges() throws {
        let generate = try Self.help(["generate"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for text in ["(default: 160x100mm)", "(default: 1600x1000)", "from 60 to 480 Hz (default 120)", "each side from 1 to 1000000"] {
            #expect(generate.contains(text), "\(text) missing from\n\(generate)")
        }
        let replay = try Self.help(["replay"]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(replay.contains("without either 250x160mm is assumed, and said"), "\(replay)")
    }

    @Test(arguments: ["--idle-exit", "--unplug-after"])
    func listenTimesOutsideTheirRangeExit64(_ option: String) throws {
        let (status, errors) = try Self.run(["listen", "--seat", "seat0", option, "0"])
        #expect(status == 64)
        #expect(errors.contains("\(option) must be within 1…86400000 ms, not 0"), "\(errors)")
    }

    @Test func aScenarioWithASevenFingerPinchExits64() throws {
        let path = try Self.temporaryFile("pinch7.json", """
            {"name": "pinch7", "gestures": [{"name": "zoom", "gesture": {"kind": "pinch", "fingers": 7}}],
             "timeline": [], "expect": []}
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, errors) = try Self.run(["run", path])
        #expect(status == 64)
        #expect(errors.contains("fingers must be within 2…5 for a pinch, not 7"), "\(errors)")
    }

    @Test func aConfigurationWithASevenFingerPinchExits64() throws {
        let config = try Self.temporaryFile("pinch7.toml", "[[binding]]\ngesture = \"pinch\"\nfingers = 7\naction = { host = \"zoom\" }\n")
        let trace = try Self.temporaryFile("empty.jsonl", "")
        defer { for path in [config, trace] { try? FileManager.default.removeItem(atPath: path) } }
        let (status, errors) = try Self.run(["replay", "--trace", trace, "--config", config])
        #expect(status == 64)
        #expect(errors.contains("\(config):3: fingers must be within 2…5 for a pinch, not 7"), "\(errors)")
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Numbers in scenario files are taken as written or refused: never truncated, never a trap.
@Suite struct ScenarioNumberTests {
    @Test(arguments: ["2.5", "1e20", "-1"])
    func aFingerCountThatIsNoFingerCountIsRefused(_ fingers: String) throws {
        let path = try CommandLineTests.temporaryFile("fingers-\(fingers).json", """
            {"name": "odd", "gestures": [{"name": "zoom", "gesture": {"kind": "pinch", "fingers": \(fingers)}}],
             "timeline": [], "expect": []}
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: SimulationError.self) { try Scenario(path: path).run(corpus: nil) }
    }

    @Test func aSurfaceWithANegativeIdentifierIsRefused() throws {
        let path = try CommandLineTests.temporaryFile("surface.json", """
            {"name": "odd", "surfaces": [{"id": -1, "rect": [0, 0, 10, 10]}], "gestures": [], "timeline": [], "expect": []}
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: SimulationError.self) { try Scenario(path: path).run(corpus: nil) }
    }
}
