import CTactusWaylandServer
import Glibc

/// Runs the commands of `exec` actions with /bin/sh, without waiting for them, and reaps them from a timer on
/// the display's event loop so that none is left a zombie.
final class CommandRunner {
    private var children: Set<pid_t> = []
    private var timer: OpaquePointer?
    /// How often finished children are looked for while any runs.
    static let reapInterval: Int32 = 100

    init(loop: OpaquePointer?) {
        timer = wl_event_loop_add_timer(loop, { data in
            guard let data else { return 0 }
            Unmanaged<CommandRunner>.fromOpaque(data).takeUnretainedValue().reap()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        reap()
        if let timer { wl_event_source_remove(timer) }
    }

    /// Starts `command`; returns the errno when it cannot.
    func run(_ command: String) -> Int32? {
        var pid: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = ["sh", "-c", command].map { (word: String) in strdup(word) }
        defer { arguments.forEach { free($0) } }
        let status = posix_spawn(&pid, "/bin/sh", nil, nil, arguments + [nil], environ)
        guard status == 0 else { return status }
        children.insert(pid)
        if let timer { wl_event_source_timer_update(timer, CommandRunner.reapInterval) }
        return nil
    }

    /// How many commands have not been reaped yet.
    var running: Int { children.count }

    private func reap() {
        for pid in children {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) != 0 { children.remove(pid) }
        }
        if !children.isEmpty, let timer { wl_event_source_timer_update(timer, CommandRunner.reapInterval) }
    }
}
