// SPDX-License-Identifier: MIT
import Foundation
import TactusWaylandTestbed

/// `tactus-demo-client` running as a separate process, its JSON Lines read as they come.
final class DemoClientProcess {
    private var pid: pid_t = 0
    private let output: Int32
    private var buffer = Data()
    private(set) var lines: [[String: Any]] = []

    /// The executable beside the test bundle: both are products of the same build.
    static var executable: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("tactus-demo-client").path
    }

    /// Starts the client with its standard output on a pipe (posix_spawn, so that nothing but this object
    /// reaps it).
    init(socket: String, arguments: [String]) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw TestbedError("pipe: \(errno)") }
        // Close-on-exec, so that clients started by tests running alongside do not inherit this pipe (the copy
        // on the child's standard output does not carry the flag).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        let argv = ([Self.executable, "--socket", socket] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        let status = posix_spawn(&pid, Self.executable, &actions, nil, argv + [nil], environ)
        close(ends[1])
        output = ends[0]
        guard status == 0 else { throw TestbedError("cannot start \(Self.executable): \(status)") }
    }

    deinit {
        kill()
        close(output)
    }

    /// Reads whatever the client printed since the last call.
    func read() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        var readable = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        while poll(&readable, 1, 0) > 0 && readable.revents & Int16(POLLIN) != 0 {
            let count = Foundation.read(output, &chunk, chunk.count)
            guard count > 0 else { break }
            buffer.append(contentsOf: chunk[0..<count])
        }
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = buffer[buffer.startIndex..<newline]
            buffer.removeSubrange(buffer.startIndex...newline)
            if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] { lines.append(object) }
        }
    }

    /// The printed events of one gesture.
    func events(_ name: String) -> [[String: Any]] { lines.filter { $0["name"] as? String == name } }

    /// Kills the client at once (SIGKILL: it gets no chance to say goodbye) and reaps it.
    func kill() {
        guard pid > 0 else { return }
        Foundation.kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        pid = 0
    }
}
