// SPDX-License-Identifier: MIT
import Glibc

/// How the commands of `exec` actions start, in the plugin and in tactusd (at most
/// `BindingConfiguration.longestCommand` bytes, which Linux passes): /bin/sh evaluates `script`, which gets the
/// command as its first argument (no quoting to get wrong), with the default signal dispositions and an empty signal
/// mask whatever the host set for itself.
public enum Shell {
    /// Starts `sh -c script sh command`, in a process group of its own when `ownGroup` is set (so that the group can be
    /// ended whole), with the process's environment plus `variables`, and `input`, `output` and `errors` as its
    /// standard input, output and error when given (the host's otherwise). Returns the shell's process id, or the
    /// errno.
    public static func spawn(_ script: String, command: String, variables: [(String, String)] = [],
                             ownGroup: Bool = false, input: Int32? = nil, output: Int32? = nil,
                             errors: Int32? = nil) -> Result<pid_t, Errno> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, standard) in [(input, STDIN_FILENO), (output, STDOUT_FILENO), (errors, STDERR_FILENO)] {
            if let descriptor { posix_spawn_file_actions_adddup2(&actions, descriptor, standard) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        let group = ownGroup ? POSIX_SPAWN_SETPGROUP : 0
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | group))
        let arguments = ["sh", "-c", script, "sh", command].map { (word: String) in strdup(word) }
        let environment = Self.environment(adding: variables).map { (entry: String) in strdup(entry) }
        defer { (arguments + environment).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments + [nil], environment + [nil])
        return status == 0 ? .success(pid) : .failure(Errno(status))
    }

    /// The process's environment without its `TACTUS_*` variables, which only the gesture gives (a variable the
    /// gesture does not set must not come from the host's own environment), plus `variables`.
    static func environment(adding variables: [(String, String)]) -> [String] {
        var entries: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if !text.hasPrefix("TACTUS_") { entries.append(text) }
            entry += 1
        }
        return entries + variables.map { "\($0.0)=\($0.1)" }
    }
}

/// An errno, as `Shell.spawn` returns it.
public struct Errno: Error, CustomStringConvertible {
    public let code: Int32
    init(_ code: Int32) { self.code = code }
    public var description: String { String(cString: strerror(code)) }
}
