// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import Glibc
import TactusCore
import TactusEventLoop

/// Runs the commands of `stream` bindings, in libtactus and in tactusd alike: one long-running process per binding,
/// fed its gestures' steps on its standard input, a line each (`StreamLine`), without ever waiting for it.
///
/// - The process starts at the binding's first gesture (or when it is loaded, `startsAtLoad`), with /bin/sh (`Shell`)
///   in a process group of its own, its standard input one end of a socket pair (writes to it never raise SIGPIPE,
///   whatever the host's signal dispositions), its output /dev/null, its errors read line by line into the host's log.
/// - Lines are written as they come, without blocking. What the reader has not taken waits in a queue of
///   `Limits.queuedLines` at most: beyond it, the oldest change waiting is dropped, never a beginning or an end, nor the
///   newest step. The drops of a gesture are counted and said once it ends. So a reader that falls behind, or stops
///   reading, costs the engine the same few microseconds a step, and its memory stays bounded.
/// - A process that exits (or closes its input) is started again at the binding's next gesture; the steps meanwhile
///   are dropped and counted. One that keeps exiting soon after its start waits longer each time before it is started
///   again (`Limits.firstBackOff`, doubling to `Limits.longestBackOff`), and says so.
/// - Removed (a reload) or stopped, a binding's process gets the end of its input, then SIGTERM after
///   `Limits.grace`, then SIGKILL; each is collected (or, for a plugin that is unloaded, left to end on its own).
///
/// Bindings are told apart by the number the host gives them; time is the host's input clock (`clock`).
public final class StreamFeeder {
    /// The bounds on streams, the same in every host.
    public enum Limits {
        /// Steps waiting for a reader that has not taken them.
        public static let queuedLines = 64
        /// Beyond this, even beginnings and ends are dropped (oldest first): a reader that never reads while
        /// gestures go on.
        public static let queuedLinesAtMost = 256
        /// A process that exits sooner than this after its start counts as dying.
        public static let shortLife = TimeSpan.milliseconds(5000)
        /// How long a process that died waits before it starts again, doubling with each death in a row.
        public static let firstBackOff = TimeSpan.milliseconds(500)
        public static let longestBackOff = TimeSpan.milliseconds(30_000)
        /// How long a process whose input ended has to exit before it is ended.
        public static let grace = TimeSpan.milliseconds(1000)
        /// The lines of its errors a process may have logged; later ones are counted.
        public static let loggedErrorLines = 200
        /// The longest line of errors logged, in bytes; the rest of it is cut.
        public static let longestErrorLine = 512
    }

    /// A line waiting for its reader: its bytes, how many of them were written, and whether it is a change (which
    /// may be dropped).
    private struct Pending {
        var bytes: [UInt8]
        var written = 0
        let isChange: Bool
    }

    /// One binding's stream.
    private final class Stream {
        let command: String
        var process: pid_t?
        /// The socket the process reads as its standard input, and its errors' pipe, with their event sources.
        var input: Int32 = -1, errors: Int32 = -1
        var inputSource: OpaquePointer?, errorSource: OpaquePointer?
        var queue: [Pending] = []
        var started = Timestamp.zero
        /// Steps of the current gesture dropped.
        var dropped = 0
        /// Deaths in a row, and when the process may start again after the last.
        var deaths = 0
        var notBefore: Timestamp?
        var errorLine: [UInt8] = []
        var errorLinesLogged = 0
        var errorLinesLeftOut = 0

        init(command: String) { self.command = command }

        var isFeeding: Bool { input >= 0 }
    }

    /// A process whose input ended: collected when it exits, ended at `deadline`. `stream` is its binding's, while the
    /// binding is in force (its reader went: how it ends is said); nil for one reloaded or stopped away.
    private struct Leaving {
        let binding: Int
        weak var stream: Stream?
        var deadline: Timestamp
        var terminated = false
    }

    private var streams: [Int: Stream] = [:]
    private var leaving: [pid_t: Leaving] = [:]
    private let loop: OpaquePointer
    private let clock: () -> Timestamp
    private let say: (_ binding: Int, _ message: String) -> Void
    private var timer: OpaquePointer?

    /// A feeder whose sources and timer are on `loop`, with `clock` for the time; `say` hears what a host should log,
    /// of a binding by its number.
    public init(loop: OpaquePointer, clock: @escaping () -> Timestamp = Timestamp.monotonicNow,
                say: @escaping (_ binding: Int, _ message: String) -> Void) {
        self.loop = loop
        self.clock = clock
        self.say = say
        timer = wl_event_loop_add_timer(loop, { data in
            StreamFeeder.of(data).reap()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Processes still running are left to run: their input ended, so they may end on their own.
    deinit {
        for key in streams.keys { closeInput(of: key) }
        if let timer { wl_event_source_remove(timer) }
    }

    fileprivate static func of(_ data: UnsafeMutableRawPointer?) -> StreamFeeder {
        Unmanaged<StreamFeeder>.fromOpaque(data!).takeUnretainedValue()
    }

    /// How many processes run now, fed or leaving.
    public var runningCount: Int { streams.values.count { $0.process != nil } + leaving.count }

    /// How many steps wait for their readers now.
    public var queuedCount: Int { streams.values.reduce(0) { $0 + $1.queue.count } }

    /// Puts `command` in force for `binding`, started now when `startsNow` (a stream that starts at load).
    public func add(_ command: String, for binding: Int, startsNow: Bool) {
        remove(binding)
        streams[binding] = Stream(command: command)
        if startsNow { start(binding) }
    }

    /// Takes `binding` out: its process's input ends, and it is ended if it does not exit.
    public func remove(_ binding: Int) {
        guard let stream = streams[binding] else { return }
        closeInput(of: binding)
        closeErrors(of: stream)
        streams[binding] = nil
    }

    /// A gesture of `binding` begins: its process starts if it does not run (and may, after a death).
    public func gestureBegins(of binding: Int) {
        guard let stream = streams[binding] else { return }
        stream.dropped = 0
        if !stream.isFeeding { start(binding) }
    }

    /// Feeds a step's `line` to `binding`'s process; a change may be dropped while the reader is behind.
    public func send(_ line: String, to binding: Int, isChange: Bool) {
        guard let stream = streams[binding] else { return }
        guard stream.isFeeding else {
            stream.dropped += 1
            return
        }
        stream.queue.append(Pending(bytes: Array(line.utf8), isChange: isChange))
        if stream.queue.count == 1 { flush(binding) }
        dropOverflow(of: stream)
        watchWritability(of: stream)
    }

    /// A gesture of `binding` ended (or was cancelled): the steps dropped in it are said.
    public func gestureEnds(of binding: Int) {
        guard let stream = streams[binding], stream.dropped > 0 else { return }
        let why = stream.isFeeding ? "its reader fell behind" : "its process was not running"
        say(binding, "dropped \(stream.dropped) steps of a gesture: \(why)")
        stream.dropped = 0
    }

    /// Stops: every process's input ends; with `ending`, those still running after `wait` get SIGTERM, then SIGKILL
    /// after `grace`, and each is collected; without, they are left to end on their own (a compositor that unloads its
    /// plugin). It blocks meanwhile.
    public func stopAll(after wait: TimeSpan, ending: Bool, grace: TimeSpan = .milliseconds(500)) {
        for key in Array(streams.keys) { remove(key) }
        guard ending else {
            leaving = [:]
            return
        }
        waitForLeaving(within: wait)
        for pid in leaving.keys { kill(-pid, SIGTERM) }
        waitForLeaving(within: grace)
        for pid in leaving.keys {
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        leaving = [:]
    }

    // MARK: Processes

    private func start(_ binding: Int) {
        guard let stream = streams[binding] else { return }
        let now = clock()
        if let notBefore = stream.notBefore, now < notBefore { return }
        // Socket pairs, not pipes: a write to one whose reader went fails with EPIPE instead of raising SIGPIPE (with
        // MSG_NOSIGNAL), and both ends are made close-on-exec at once, so that no other command inherits them.
        var pair: [Int32] = [-1, -1], errorPair: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &pair) == 0 else {
            return say(binding, "cannot start \(stream.command): \(Errno(errno))")
        }
        guard socketpair(AF_UNIX, type, 0, &errorPair) == 0 else {
            pair.forEach { close($0) }
            return say(binding, "cannot start \(stream.command): \(Errno(errno))")
        }
        let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
        let spawned = Shell.spawn("eval \"$1\"", command: stream.command, ownGroup: true, input: pair[1],
                                  output: devNull >= 0 ? devNull : nil, errors: errorPair[1])
        close(pair[1])
        close(errorPair[1])
        if devNull >= 0 { close(devNull) }
        // Our end shuts its reading half: the process writes nothing back, and the socket says only when it is gone.
        shutdown(pair[0], Int32(SHUT_RD))
        switch spawned {
        case .failure(let errno):
            close(pair[0])
            close(errorPair[0])
            say(binding, "cannot start \(stream.command): \(errno)")
        case .success(let pid):
            _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
            _ = fcntl(errorPair[0], F_SETFL, fcntl(errorPair[0], F_GETFL) | O_NONBLOCK)
            stream.process = pid
            stream.started = now
            stream.input = pair[0]
            stream.errors = errorPair[0]
            stream.errorLine = []
            (stream.errorLinesLogged, stream.errorLinesLeftOut) = (0, 0)
            let data = Unmanaged.passUnretained(self).toOpaque()
            stream.inputSource = wl_event_loop_add_fd(loop, pair[0], 0, { descriptor, mask, data in
                StreamFeeder.of(data).inputReady(descriptor, mask)
                return 0
            }, data)
            stream.errorSource = wl_event_loop_add_fd(loop, errorPair[0], UInt32(WL_EVENT_READABLE), { descriptor, _, data in
                StreamFeeder.of(data).readErrors(descriptor)
                return 0
            }, data)
        }
    }

    /// The process's input ends (a reload, a stop, or its reader went): what waits for it is dropped, and the process
    /// is left to exit, and collected, or ended after `Limits.grace`.
    private func closeInput(of binding: Int) {
        guard let stream = streams[binding] else { return }
        if let inputSource = stream.inputSource { wl_event_source_remove(inputSource) }
        if stream.input >= 0 { close(stream.input) }
        (stream.inputSource, stream.input) = (nil, -1)
        stream.dropped += stream.queue.count(where: { $0.written == 0 })
        stream.queue = []
        if let pid = stream.process {
            leaving[pid] = Leaving(binding: binding, stream: stream, deadline: clock() + Limits.grace)
            stream.process = nil
            armTimer(milliseconds: 50)
        }
    }

    private func inputReady(_ descriptor: Int32, _ mask: UInt32) {
        guard let (binding, _) = streams.first(where: { $0.value.input == descriptor }) else { return }
        if mask & UInt32(WL_EVENT_HANGUP | WL_EVENT_ERROR) != 0 { return closeInput(of: binding) }
        flush(binding)
    }

    /// Writes what waits, as far as the reader takes it.
    private func flush(_ binding: Int) {
        guard let stream = streams[binding] else { return }
        while var first = stream.queue.first {
            let written = first.bytes.withUnsafeBufferPointer { bytes in
                Glibc.send(stream.input, bytes.baseAddress! + first.written, bytes.count - first.written, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EAGAIN || errno == EINTR { break }
                // EPIPE, ECONNRESET: the reader went.
                closeInput(of: binding)
                return
            }
            first.written += written
            if first.written < first.bytes.count {
                stream.queue[0] = first
                break
            }
            stream.queue.removeFirst()
        }
        watchWritability(of: stream)
    }

    /// Keeps the queue within its bounds: the oldest change that has not started to go, never the newest step; past
    /// the hard bound, the oldest step that has not started to go.
    private func dropOverflow(of stream: Stream) {
        while stream.queue.count > Limits.queuedLines {
            let droppable = stream.queue.indices.dropLast().first { stream.queue[$0].isChange && stream.queue[$0].written == 0 }
            guard let index = droppable ?? (stream.queue.count > Limits.queuedLinesAtMost
                    ? stream.queue.indices.dropLast().first { stream.queue[$0].written == 0 } : nil) else { return }
            stream.queue.remove(at: index)
            stream.dropped += 1
        }
    }

    private func watchWritability(of stream: Stream) {
        guard let source = stream.inputSource else { return }
        wl_event_source_fd_update(source, stream.queue.isEmpty ? 0 : UInt32(WL_EVENT_WRITABLE))
    }

    /// Reads what the process wrote to its errors and logs it a line at a time, up to `Limits.loggedErrorLines`.
    private func readErrors(_ descriptor: Int32) {
        guard let (binding, stream) = streams.first(where: { $0.value.errors == descriptor }) else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
            guard count > 0 else {
                logError(stream.errorLine, of: binding, stream)
                stream.errorLine = []
                return closeErrors(of: stream)
            }
            for byte in buffer[..<count] {
                if byte == UInt8(ascii: "\n") {
                    logError(stream.errorLine, of: binding, stream)
                    stream.errorLine = []
                } else if stream.errorLine.count < Limits.longestErrorLine {
                    stream.errorLine.append(byte)
                }
            }
        }
    }

    private func logError(_ line: [UInt8], of binding: Int, _ stream: Stream) {
        guard !line.isEmpty else { return }
        guard stream.errorLinesLogged < Limits.loggedErrorLines else {
            stream.errorLinesLeftOut += 1
            return
        }
        stream.errorLinesLogged += 1
        say(binding, "says: \(String(decoding: line, as: UTF8.self))")
    }

    /// Stops reading the process's errors: they ended, or its binding is gone.
    private func closeErrors(of stream: Stream) {
        if let source = stream.errorSource { wl_event_source_remove(source) }
        if stream.errors >= 0 { close(stream.errors) }
        (stream.errorSource, stream.errors) = (nil, -1)
    }

    // MARK: Collecting

    /// Collects the processes that exited, says how each ended, and ends those whose input ended long enough ago.
    public func reap() {
        // A process that exits while fed leaves first: its input goes with it, and the next gesture starts it again.
        let now = clock()
        for (binding, stream) in streams {
            guard let pid = stream.process else { continue }
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            guard reaped != 0 else { continue }
            closeInput(of: binding)
            leaving[pid] = nil
            exited(binding, stream, status: reaped == pid ? status : nil, lived: now - stream.started)
        }
        for (pid, left) in leaving {
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped != 0 {
                leaving[pid] = nil
                if let stream = left.stream, streams[left.binding] === stream {
                    exited(left.binding, stream, status: reaped == pid ? status : nil, lived: now - stream.started)
                }
            } else if now >= left.deadline {
                kill(-pid, left.terminated ? SIGKILL : SIGTERM)
                leaving[pid]?.terminated = true
                leaving[pid]?.deadline = now + Limits.grace
            }
        }
        if runningCount > 0 { armTimer(milliseconds: leaving.isEmpty ? 1000 : 50) }
    }

    /// Says how a binding's process ended, and holds its next start back if it keeps dying.
    private func exited(_ binding: Int, _ stream: Stream, status: Int32?, lived: TimeSpan) {
        let how = status.map { Self.describe($0) } ?? "ended"
        if stream.errorLinesLeftOut > 0 { say(binding, "\(stream.errorLinesLeftOut) more lines of its errors left out") }
        guard lived < Limits.shortLife else {
            stream.deaths = 0
            return say(binding, "\(how); it starts again at the next gesture")
        }
        stream.deaths += 1
        let backOff = min(Limits.firstBackOff.microseconds << min(stream.deaths - 1, 16), Limits.longestBackOff.microseconds)
        stream.notBefore = clock() + TimeSpan(microseconds: backOff)
        say(binding, "\(how) \(lived.microseconds / 1000) ms after it started (\(stream.deaths) in a row); it starts "
            + "again at a gesture \(backOff / 1000) ms from now or later")
    }

    private static func describe(_ status: Int32) -> String {
        let signal = status & 0x7f
        return signal == 0 ? "exited with status \((status >> 8) & 0xff)" : "was ended by signal \(signal)"
    }

    private func armTimer(milliseconds: Int32) {
        if let timer { wl_event_source_timer_update(timer, milliseconds) }
    }

    /// Collects the leaving processes that exit within `time`, looking every 10 ms.
    private func waitForLeaving(within time: TimeSpan) {
        let deadline = Timestamp.monotonicNow() + time
        while !leaving.isEmpty && Timestamp.monotonicNow() < deadline {
            for pid in leaving.keys {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) != 0 { leaving[pid] = nil }
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            if !leaving.isEmpty { nanosleep(&pause, nil) }
        }
    }
}
