// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import Foundation
import TactusActions
import TactusConfiguration
import TactusCore
import Testing

/// The launcher's rules, with real commands and a clock the test moves: a binding's steps in order, how many run
/// at once, when a change runs, what environment a command gets, and that every command is reaped or ended.
@Suite(.serialized) struct CommandLauncherTests {
    /// What the launcher's callbacks reach: the clock the test moves, and the steps left out.
    final class Record {
        var now = Timestamp.zero
        var leftOut: [(binding: Int, refusal: CommandLauncher.Refusal)] = []
    }

    /// A launcher on an event loop of its own, its record, and the loop, destroyed after it.
    final class Rig {
        let loop = wl_event_loop_create()!
        let record = Record()
        private(set) var launcher: CommandLauncher!
        let folder = NSTemporaryDirectory() + "tactus-launcher-\(UUID().uuidString)"
        var leftOut: [(binding: Int, refusal: CommandLauncher.Refusal)] { record.leftOut }

        init() {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            launcher = CommandLauncher(loop: loop, clock: { [record] in record.now }) { [record] binding, _, refusal in
                record.leftOut.append((binding, refusal))
            }
        }

        deinit {
            launcher.stopAll(after: .zero)
            launcher = nil
            wl_event_loop_destroy(loop)
            try? FileManager.default.removeItem(atPath: folder)
        }

        func run(_ command: String, for binding: Int = 1, _ step: ActionStep = .began, variables: [(String, String)] = []) {
            launcher.run(command, variables: variables, for: binding, step: step)
        }

        /// Moves the clock on, and reaps.
        func advance(milliseconds: Int64) {
            record.now = record.now + .milliseconds(milliseconds)
            launcher.reap()
        }

        /// Runs the loop until nothing runs or waits (the launcher's timer reaps), 5 s at most.
        func waitUntilIdle() {
            for _ in 0..<500 where launcher.runningCount + launcher.waitingCount > 0 { wl_event_loop_dispatch(loop, 10) }
        }

        /// The lines the commands wrote to the file `name` of the folder.
        func lines(_ name: String) -> [String] {
            ((try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
    }

    static let hang = "exec sleep 600"

    @Test func aBindingsStepsRunInOrderEachAfterTheLastCommandFinished() {
        let rig = Rig()
        let log = rig.folder + "/steps"
        rig.run("sleep 0.3; echo began >> \(log)", .began)
        rig.run("echo ended >> \(log)", .ended)
        #expect(rig.launcher.runningCount == 1 && rig.launcher.waitingCount == 1)
        rig.waitUntilIdle()
        #expect(rig.lines("steps") == ["began", "ended"])
    }

    @Test func aCommandThatHangsHoldsTheNextStepBackForASecond() {
        let rig = Rig()
        rig.run(Self.hang, .began)
        rig.run("true", .ended)
        rig.advance(milliseconds: 999)
        #expect(rig.launcher.runningCount == 1 && rig.launcher.waitingCount == 1)
        rig.advance(milliseconds: 1)
        #expect(rig.launcher.runningCount == 2 && rig.launcher.waitingCount == 0)
    }

    @Test func aNewGestureWaitsForNoCommandOfTheBindingsEarlierOnes() {
        let rig = Rig()
        rig.launcher.gestureBegins(of: 1)
        rig.run(Self.hang, .ended)  // an application a tap started, which runs on
        rig.launcher.gestureBegins(of: 1)
        rig.run(Self.hang, .ended)
        #expect(rig.launcher.runningCount == 2 && rig.launcher.waitingCount == 0)
        rig.run("true", .ended)  // the same gesture's: it waits
        #expect(rig.launcher.waitingCount == 1)
    }

    @Test func aBindingRunsAtMostEightCommandsAndKeepsEightStepsWaiting() {
        let rig = Rig()
        for _ in 0..<8 {
            rig.run(Self.hang, .ended)
            rig.advance(milliseconds: 1000)
        }
        for _ in 0..<9 { rig.run(Self.hang, .ended) }
        rig.advance(milliseconds: 1000)
        #expect(rig.launcher.runningCount == CommandLauncher.Limits.runningPerBinding)
        #expect(rig.launcher.waitingCount == CommandLauncher.Limits.waitingPerBinding)
        guard case .tooManyWaiting = rig.leftOut.last?.refusal, rig.leftOut.count == 1 else {
            Issue.record("left out: \(rig.leftOut)")
            return
        }
        // Another binding still runs.
        rig.run(Self.hang, for: 2, .ended)
        #expect(rig.launcher.runningCount == CommandLauncher.Limits.runningPerBinding + 1)
    }

    @Test func noMoreThanSixtyFourRunAtOnceAndTheRestWait() {
        let rig = Rig()
        for round in 0..<8 {
            for binding in 0..<8 { rig.run(Self.hang, for: binding, .ended) }
            if round < 7 { rig.advance(milliseconds: 1000) }
        }
        rig.run(Self.hang, for: 99, .began)
        #expect(rig.launcher.runningCount == CommandLauncher.Limits.running && rig.launcher.waitingCount == 1)
        #expect(rig.leftOut.isEmpty)
    }

    @Test func aChangeRunsOnlyWhenTheBindingIsNotBusy() {
        let rig = Rig()
        rig.run(Self.hang, .began)
        #expect(!rig.launcher.admitsChange(of: 1, paced: true))
        #expect(rig.launcher.admitsChange(of: 2, paced: true))
        rig.advance(milliseconds: 999)
        #expect(!rig.launcher.admitsChange(of: 1, paced: true))
        rig.advance(milliseconds: 1)
        #expect(rig.launcher.admitsChange(of: 1, paced: true))
        // Changes take at most four of a binding's places, so that its endings find room.
        for _ in 0..<4 {
            rig.run(Self.hang, .changed)
            rig.advance(milliseconds: 1000)
        }
        #expect(!rig.launcher.admitsChange(of: 1, paced: true))
        rig.run(Self.hang, .ended)
        #expect(rig.launcher.runningCount == 6 && rig.leftOut.isEmpty)
    }

    @Test func anUnpacedChangeComesFiftyMillisecondsAfterTheBindingsLastCommandAtLeast() {
        let rig = Rig()
        rig.run("true", .began)
        rig.waitUntilIdle()
        rig.advance(milliseconds: 49)
        #expect(!rig.launcher.admitsChange(of: 1, paced: false))
        #expect(rig.launcher.admitsChange(of: 1, paced: true))
        rig.advance(milliseconds: 1)
        #expect(rig.launcher.admitsChange(of: 1, paced: false))
    }

    @Test func aCommandGetsNoneOfTheHostsTactusVariablesButItsOwn() {
        let rig = Rig()
        setenv("TACTUS_EDGE", "evil", 1)
        defer { unsetenv("TACTUS_EDGE") }
        rig.run("env > \(rig.folder)/environment", variables: [("TACTUS_GESTURE", "tap")])
        rig.waitUntilIdle()
        let environment = rig.lines("environment")
        #expect(environment.contains("TACTUS_GESTURE=tap") && !environment.contains { $0.hasPrefix("TACTUS_EDGE") })
        #expect(environment.contains { $0.hasPrefix("PATH=") })
    }

    @Test func exitedCommandsAreReapedFromTheLoopsTimer() throws {
        let rig = Rig()
        rig.run("echo $$ > \(rig.folder)/pid")
        rig.waitUntilIdle()
        let pid = try #require(rig.lines("pid").first.flatMap { pid_t($0) })
        #expect(rig.launcher.runningCount == 0 && waitpid(pid, nil, WNOHANG) == -1, "collected: no zombie is left")
    }

    @Test func stoppingEndsWhatStillRunsWithItsProcessGroupAndWhatWaits() throws {
        let rig = Rig()
        // A command that starts one of its own, in the same process group: both end.
        rig.run("sleep 600 & echo $! > \(rig.folder)/child; wait", .began)
        rig.run("echo ran > \(rig.folder)/ended", .ended)
        var child: pid_t?
        for _ in 0..<200 where child == nil {
            child = rig.lines("child").first.flatMap { pid_t($0) }
            usleep(10_000)
        }
        rig.launcher.stopAll(after: .zero, grace: .milliseconds(500))
        let grandchild = try #require(child)
        #expect(rig.launcher.runningCount == 0 && rig.launcher.waitingCount == 0)
        #expect(Self.isGone(grandchild))
        guard case .stopped = rig.leftOut.first?.refusal, rig.lines("ended").isEmpty else {
            Issue.record("left out: \(rig.leftOut)")
            return
        }
    }

    /// Whether a process has ended, within 2 s: gone, or a zombie that nobody here may collect (its parent, the
    /// shell, ended too, and it went to the init process of the machine or container).
    static func isGone(_ pid: pid_t) -> Bool {
        for _ in 0..<200 {
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: ")").last?
                .split(separator: " ").first
            if kill(pid, 0) != 0 || state == "Z" { return true }
            usleep(10_000)
        }
        return false
    }
}
