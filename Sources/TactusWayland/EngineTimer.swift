import CTactusWaylandServer
import Glibc
import TactusCore

/// The engine's deadlines (long presses, multi-tap windows) as a timer of a `wl_event_loop`: re-armed after
/// every call that may move them, firing `advance(to:)` at each deadline.
final class EngineTimer {
    private let engine: Engine
    private let clock: () -> Timestamp
    private var source: OpaquePointer?
    /// Runs after each firing, once the engine has moved on.
    var afterFiring: () -> Void = {}

    init(loop: OpaquePointer?, engine: Engine, clock: @escaping () -> Timestamp) {
        self.engine = engine
        self.clock = clock
        source = wl_event_loop_add_timer(loop, { data in
            guard let data else { return 0 }
            Unmanaged<EngineTimer>.fromOpaque(data).takeUnretainedValue().fire()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if let source { wl_event_source_remove(source) }
    }

    /// Arms the timer for the engine's next deadline, or disarms it when there is none.
    func rearm() {
        guard let source else { return }
        guard let deadline = engine.nextDeadline else {
            wl_event_source_timer_update(source, 0)
            return
        }
        // At least a millisecond: 0 would disarm the timer, and a deadline already due fires on the next turn.
        let delay = (deadline.microseconds - clock().microseconds + 999) / 1000
        wl_event_source_timer_update(source, Int32(clamping: max(delay, 1)))
    }

    private func fire() {
        // Advance to the deadline itself rather than to now, so that input stamped a little earlier that is
        // still queued does not arrive "in the past".
        if let deadline = engine.nextDeadline, deadline <= clock() { engine.advance(to: deadline) }
        afterFiring()
        rearm()
    }
}

extension Timestamp {
    /// Now on the input clock: CLOCK_MONOTONIC, which libinput and wlroots stamp their events with.
    public static func monotonicNow() -> Timestamp {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Timestamp(microseconds: Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000)
    }
}
