// SPDX-License-Identifier: MIT
import CTactusPlugin
import CTactusWaylandServer
import TactusCore

/// What waits until the engine step and the host's callbacks are over, in the order it came: run from the display's
/// event loop (an idle source), where the plugin is in the middle of nothing, so that the host may call back in.
enum LaterWork {
    /// A binding's host action. A compositor runs its command language there, and a command may reload the
    /// configuration, remove a device or destroy a client: none of that may happen inside the engine's delivery.
    case action(Binding, tactus_phase, progress: Double, values: tactus_values)
    /// A touch event the host handed over from inside one of its callbacks, answered TACTUS_WITHHOLD: handled once
    /// they have returned, and delivered through deliver_touch if it is to be delivered.
    case touch(InputEvent, device: DeviceID, at: Timestamp)
    /// Another call the host made from inside one of its callbacks (tactus.h: such calls are queued, not refused).
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

    /// Runs a binding's host action. Behind a lock screen an action that waited since before the lock does not act:
    /// only a live binding whose began the host ran hears an end, once, as cancelled.
    private func runAction(of binding: Binding, _ phase: tactus_phase, progress: Double, values: tactus_values) {
        let ends = phase != TACTUS_PHASE_BEGAN && phase != TACTUS_PHASE_CHANGED
        if isSessionLocked {
            guard binding.isOpenForHost && ends else { return }
            binding.isOpenForHost = false
            return host.runAction(binding.actionName, TACTUS_PHASE_CANCELLED, progress: progress, values: values)
        }
        if phase == TACTUS_PHASE_BEGAN { binding.isOpenForHost = true } else if ends { binding.isOpenForHost = false }
        host.runAction(binding.actionName, phase, progress: progress, values: values)
    }

    /// Runs what waits, including what it queues in turn; a destroy from inside an action stops the rest.
    private func runWaitingWork() {
        nextWaiting = 0
        while nextWaiting < waiting.count && !isDestroyed {
            let work = waiting[nextWaiting]
            nextWaiting += 1
            switch work {
            case .action(let binding, let phase, let progress, let values):
                runAction(of: binding, phase, progress: progress, values: values)
            case .touch(let event, let device, let time):
                if touch(event, device: device, at: time) == TACTUS_DELIVER, let touch = event.touchEvent {
                    host.deliver(CValues.touch(touch, device: device, time: time))
                }
            case .call(let call):
                call()
            }
        }
        waiting.removeAll(keepingCapacity: true)
        nextWaiting = 0
        waitingSource = nil  // libwayland removes an idle source once it has run
    }

    /// The touch events handed over from inside callbacks that wait still, in order, as the host sent them.
    var waitingTouches: [(event: TouchEvent, device: DeviceID, time: Timestamp)] {
        waiting[nextWaiting...].compactMap { work in
            guard case .touch(let event, let device, let time) = work, let touch = event.touchEvent else { return nil }
            return (touch, device, time)
        }
    }
}
