// SPDX-License-Identifier: MIT
import CTactusPlugin
import CTactusWaylandServer

/// What waits until the engine step and the host's callbacks are over, in the order it came: run from the display's
/// event loop (an idle source), where the plugin is in the middle of nothing, so that the host may call back in.
enum LaterWork {
    /// A binding's host action. A compositor runs its command language there, and a command may reload the
    /// configuration, remove a device or destroy a client: none of that may happen inside the engine's delivery.
    case action(Binding, tactus_phase, progress: Double, values: tactus_values)
    /// A call the host made from inside one of its callbacks (tactus.h: such calls are queued, not refused).
    case call(() -> Void)
}

extension Plugin {
    /// Whether one of the host's callbacks is running: a call into the plugin from there waits (`later`).
    var isInsideCallback: Bool { host.callbacksRunning > 0 }

    /// Queues work for the event loop's next idle moment.
    func later(_ work: LaterWork) {
        waiting.append(work)
        guard waitingSource == nil else { return }
        waitingSource = wl_event_loop_add_idle(wl_display_get_event_loop(display), { data in
            guard let data else { return }
            Unmanaged<Plugin>.fromOpaque(data).takeUnretainedValue().runWaitingWork()
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Runs `call` now, or queued when the host calls from inside one of its callbacks.
    func outsideCallbacks(_ call: @escaping () -> Void) {
        if isInsideCallback { later(.call(call)) } else { call() }
    }

    /// Runs what waits, including what it queues in turn; a destroy from inside an action stops the rest.
    private func runWaitingWork() {
        var next = 0
        while next < waiting.count && !isDestroyed {
            switch waiting[next] {
            case .action(let binding, let phase, let progress, let values):
                host.runAction(binding.actionName, phase, progress: progress, values: values)
            case .call(let call):
                call()
            }
            next += 1
        }
        waiting.removeAll(keepingCapacity: true)
        waitingSource = nil  // libwayland removes an idle source once it has run
    }
}
