// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import Foundation
import TactusActions
import TactusCore
import Testing

/// The launcher's bounds, with real commands: how many run at once, when a change runs, what environment a command
/// gets, and that every command is reaped or ended.
@Suite(.serialized) struct CommandLauncherTests {
    /// A launcher on an event loop of its own, and the loop, destroyed after it.
    final class Rig {
        let loop = wl_event_loop_create()!
        private(set) var launcher: CommandLauncher!
        init() { launcher = CommandLauncher(loop: loop) }
        deinit {
            launcher.stopAll(after: .zero)
            launcher = nil
            wl_event_loop_destroy(loop)
        }
    }

    static let hang = "exec sleep 600"

    private func started(_ result: Result<pid_t, CommandLauncher.Refusal>) -> pid_t? {
        if case .success(let pid) = result { return pid }
        return nil
    }

    @Test func aBindingRunsAtMostEightCommandsAtOnceAndTheOthersKeepTheirPlaces() {
        let rig = Rig()
        let first = (0..<8).compactMap { started(rig.launcher.run(Self.hang, variables: [], for: 1, at: .milliseconds(Int64($0)))) }
        let ninth = rig.launcher.run(Self.hang, variables: [], for: 1, at: .milliseconds(10))
        let other = started(rig.launcher.run(Self.hang, variables: [], for: 2, at: .milliseconds(10)))
        #expect(first.count == CommandLauncher.Limits.runningPerBinding)
        guard case .failure(.tooManyOfTheBinding) = ninth else { Issue.record("the ninth: \(ninth)"); return }
        #expect(other != nil && rig.launcher.runningCount == 9)
    }

    @Test func noMoreThanSixtyFourRunAtOnce() {
        let rig = Rig()
        for binding in 0..<8 {
            for step in 0..<8 { _ = rig.launcher.run(Self.hang, variables: [], for: binding, at: .milliseconds(Int64(step))) }
        }
        let beyond = rig.launcher.run(Self.hang, variables: [], for: 99, at: .milliseconds(100))
        #expect(rig.launcher.runningCount == CommandLauncher.Limits.running)
        guard case .failure(.tooManyRunning) = beyond else { Issue.record("the 65th: \(beyond)"); return }
    }

    @Test func aChangeWaitsForTheBindingsRunningCommandForASecondAtMost() {
        let rig = Rig()
        _ = rig.launcher.run(Self.hang, variables: [], for: 1, at: .milliseconds(0))
        #expect(!rig.launcher.admitsChange(of: 1, at: .milliseconds(999), paced: true))
        #expect(rig.launcher.admitsChange(of: 1, at: .milliseconds(1000), paced: true))
        #expect(rig.launcher.admitsChange(of: 2, at: .milliseconds(1), paced: true))
    }

    @Test func anUnpacedChangeComesFiftyMillisecondsAfterTheBindingsLastCommandAtLeast() {
        let rig = Rig()
        _ = rig.launcher.run("true", variables: [], for: 1, at: .milliseconds(100))
        rig.waitUntilNoneRuns()
        #expect(!rig.launcher.admitsChange(of: 1, at: .milliseconds(149), paced: false))
        #expect(rig.launcher.admitsChange(of: 1, at: .milliseconds(150), paced: false))
        #expect(rig.launcher.admitsChange(of: 1, at: .milliseconds(149), paced: true))
    }

    @Test func aCommandGetsNoneOfTheHostsTactusVariablesButItsOwn() throws {
        let rig = Rig()
        let file = NSTemporaryDirectory() + "tactus-environment-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: file) }
        setenv("TACTUS_EDGE", "evil", 1)
        defer { unsetenv("TACTUS_EDGE") }
        _ = rig.launcher.run("env > \(file)", variables: [("TACTUS_GESTURE", "tap")], for: 1, at: .zero)
        rig.waitUntilNoneRuns()
        let environment = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(environment.contains("TACTUS_GESTURE=tap") && !environment.contains { $0.hasPrefix("TACTUS_EDGE") })
        #expect(environment.contains { $0.hasPrefix("PATH=") })
    }

    @Test func exitedCommandsAreReapedFromTheLoopsTimer() {
        let rig = Rig()
        let pid = started(rig.launcher.run("true", variables: [], for: 1, at: .zero))
        rig.waitUntilNoneRuns()
        #expect(pid.map { waitpid($0, nil, WNOHANG) } == -1, "the command was collected: no zombie is left")
    }

    @Test func stoppingEndsWhatStillRunsWithItsProcessGroup() throws {
        let rig = Rig()
        // A command that starts one of its own, in the same process group: both end.
        let file = NSTemporaryDirectory() + "tactus-child-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: file) }
        _ = rig.launcher.run("sleep 600 & echo $! > \(file); wait", variables: [], for: 1, at: .zero)
        var grandchild: pid_t?
        for _ in 0..<200 where grandchild == nil {
            grandchild = (try? String(contentsOfFile: file, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            usleep(10_000)
        }
        rig.launcher.stopAll(after: .zero, grace: .milliseconds(500))
        let child = try #require(grandchild)
        var gone = false
        for _ in 0..<200 where !gone {
            gone = kill(child, 0) != 0
            usleep(10_000)
        }
        #expect(rig.launcher.runningCount == 0 && gone)
    }
}

extension CommandLauncherTests.Rig {
    /// Runs the loop until no command runs (the launcher's timer reaps them), for 5 s at most.
    func waitUntilNoneRuns() {
        for _ in 0..<500 where launcher.runningCount > 0 { wl_event_loop_dispatch(loop, 10) }
    }
}
