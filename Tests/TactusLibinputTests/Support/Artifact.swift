// SPDX-License-Identifier: MIT
import Foundation
import RepositoryPrograms
import Synchronization

/// A program or library that the libinput tests run, which the test bundle does not contain. Every test runs on
/// its own, from a `.build` that may hold none of them (`swift test --skip-build` after `swift build`, a test run
/// alone, a fresh worktree), so a test asks for the artifact's path, and gets it built first: once per process,
/// one build at a time, however many tests run in parallel.
enum Artifact: Hashable {
    /// `tactus-sim`, which `Testbed` runs by default.
    case simulator
    /// `libtactus.so`, the plugin.
    case plugin
    /// `tactusd`, the daemon.
    case daemon
    /// `tactus-wlr`, the reference compositor, and `tactus-demo-client`, a client that prints what it hears.
    case compositor, demoClient
    /// What umockdev lacks for libinput (Tests/UmockdevPreload), preloaded into every program a testbed runs.
    case umockdevPreload
    /// The compositor in C that holds libinput itself and loads the plugin (Tests/TactusPluginTests/libinput-test.c).
    case libinputTest
    /// libinput's own command-line tool (`libinput record`), from Debian's libinput-tools, which scripts/test installs.
    case libinputTool

    /// Where it is, built first unless this process built it already. Swift products come from `swift build
    /// --product`, which rebuilds what is stale; the C program from scripts/lib/build-libinput-test, which
    /// scripts/check-plugin builds it with too.
    var path: String {
        get throws {
            try Artifact.built.withLock { built in
                let path = try built[self] ?? build()
                built[self] = path
                return path
            }
        }
    }

    /// The path of each artifact this process built; the lock keeps builds one at a time.
    private static let built = Mutex<[Artifact: String]>([:])

    private func build() throws -> String {
        switch self {
        case .simulator: return try Artifact.swiftProduct("tactus-sim", file: "tactus-sim")
        case .plugin: return try Artifact.swiftProduct("tactus", file: "libtactus.so")
        case .daemon: return try Artifact.swiftProduct("tactusd", file: "tactusd")
        case .compositor: return try Artifact.swiftProduct("tactus-wlr", file: "tactus-wlr")
        case .demoClient: return try Artifact.swiftProduct("tactus-demo-client", file: "tactus-demo-client")
        case .umockdevPreload: return try Artifact.swiftProduct("TactusUmockdevPreload", file: "libTactusUmockdevPreload.so")
        case .libinputTest: return try programBuilt(byScript: "build-libinput-test")
        case .libinputTool:
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/libinput") else {
                throw ProgramFailure(description: "/usr/bin/libinput is missing: install Debian's libinput-tools (scripts/test does)")
            }
            return "/usr/bin/libinput"
        }
    }

    /// `swift build --product` in .build's debug configuration, where `swift test` builds. `--ignore-lock`: `swift
    /// test` holds .build's lock while the tests run, and a build that waited for it would wait for itself.
    private static func swiftProduct(_ product: String, file: String) throws -> String {
        _ = try runInRepository("/usr/bin/env", ["swift", "build", "--ignore-lock", "--product", product])
        return repositoryRoot + "/.build/debug/" + file
    }

}
