// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import Glibc
import TactusCore

/// Receives the updates of the attachments it made through an `EngineLoop`: the protocol server for its clients'
/// gestures, a compositor for its bindings.
public protocol AttachmentOwner: AnyObject {
    /// One update of one of the owner's attachments.
    func receive(_ update: GestureUpdate)
    /// A retired attachment finished the interaction it took part in, and the engine let it go.
    func released(_ attachment: AttachmentID)
    /// The engine finished the step that gave the owner updates (one input frame, a deadline, a detach): every
    /// update of that step has been received.
    func stepEnded()
}

extension AttachmentOwner {
    /// Owners that deliver each update as it comes need not hear where steps end.
    public func stepEnded() {}
}

/// An engine running on a `wl_event_loop`: it hands the engine the host's input, keeps the engine's deadlines
/// (long presses, multi-tap windows) on a timer of the loop, and routes each update once, to the owner of its
/// attachment. The protocol server and the compositor's bindings attach through it; updates of attachments made
/// on the engine directly, or whose owner is gone (a server shutting down cancels its clients' gestures), go to
/// `onUnownedUpdate`.
///
/// Everything runs on the loop's thread. Destroy it before the loop: it removes its timer from it.
public final class EngineLoop {
    /// The engine. The loop routes its updates: leave `engine.onUpdate` to the loop (attach through `attach`, or read
    /// `onUnownedUpdate`); `onRawTouch` and `surfaceLocator` are the host's.
    public let engine: Engine
    /// Receives the updates of attachments made on the engine directly, not through `attach`, or whose owner is gone.
    public var onUnownedUpdate: ((GestureUpdate) -> Void)?

    /// Millimetres per layout pixel of each device the engine has, for owners that give lengths in millimetres (a
    /// binding's command).
    public private(set) var millimetresPerPixel: [DeviceID: Vector] = [:]

    private let clock: () -> Timestamp
    private var timer: OpaquePointer?
    /// The deadline the timer is armed for; nil while it is disarmed. A step that leaves the engine's next deadline as
    /// it was leaves the timer alone: at hundreds of events a second, re-arming it every time is a system call each.
    private var armedFor: Timestamp?
    private var owners: [AttachmentID: Owner] = [:]
    /// Attachments replaced while an interaction still runs with them (`Engine.retire`).
    private var retired: Set<AttachmentID> = []
    /// The owners that received updates in the step under way: each hears `stepEnded` when it is over.
    private var ownersInStep: [AttachmentOwner] = []

    private struct Owner {
        weak var owner: AttachmentOwner?
    }

    /// Runs `engine` on `loop`. `clock` reads the input clock (CLOCK_MONOTONIC, as libinput's and wlroots' event
    /// times) for the timer.
    public init(loop: OpaquePointer?, engine: Engine = Engine(), clock: @escaping () -> Timestamp = Timestamp.monotonicNow) {
        self.engine = engine
        self.clock = clock
        timer = wl_event_loop_add_timer(loop, { data in
            guard let data else { return 0 }
            Unmanaged<EngineLoop>.fromOpaque(data).takeUnretainedValue().fire()
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
        engine.onUpdate = { [unowned self] update in
            if let owner = owners[update.attachment]?.owner {
                if !ownersInStep.contains(where: { $0 === owner }) { ownersInStep.append(owner) }
                owner.receive(update)
            } else {
                onUnownedUpdate?(update)
            }
        }
    }

    deinit {
        engine.onUpdate = nil
        if let timer { wl_event_source_remove(timer) }
    }

    // MARK: Input and time

    /// Hands an input event to the engine and re-arms the timer for its next deadline.
    public func handle(_ event: InputEvent, at time: Timestamp) {
        _ = take(event, at: time, answering: false)
    }

    /// Hands a touch event to the engine as `handle` does, and answers its raw-touch decision (`Engine.answer`).
    public func answer(_ event: InputEvent, at time: Timestamp) -> RawTouchDecision? {
        take(event, at: time, answering: true)
    }

    private func take(_ event: InputEvent, at time: Timestamp, answering: Bool) -> RawTouchDecision? {
        if case .deviceAdded(let device) = event {
            let scale = device.pixelsPerMillimetre
            millimetresPerPixel[device.id] = Vector(dx: 1 / scale.dx, dy: 1 / scale.dy)
        }
        var answer: RawTouchDecision?
        if answering { answer = engine.answer(event, at: time) } else { engine.handle(event, at: time) }
        afterStep()
        // Only now: the gestures the device had in flight were cancelled on the way, in its own millimetres.
        if case .deviceRemoved(let id) = event { millimetresPerPixel[id] = nil }
        return answer
    }

    /// Fires the engine's deadlines up to `time` and re-arms the timer.
    public func advance(to time: Timestamp) {
        engine.advance(to: time)
        afterStep()
    }

    // MARK: Attachments

    /// Attaches a gesture whose updates go to `owner`.
    public func attach<G: Gesture>(_ gesture: G, to target: Target, options: AttachmentOptions,
                                   owner: AttachmentOwner) -> AttachmentID {
        let id = engine.attach(gesture, to: target, options: options)
        owners[id] = Owner(owner: owner)
        return id
    }

    /// Detaches at once: a running gesture is cancelled, and what it reports on the way goes to its owner.
    public func detach(_ id: AttachmentID) {
        retired.remove(id)
        engine.detach(id)
        owners[id] = nil
        endStep()
        rearm()
    }

    /// Replaces an attachment gently: it finishes the interaction it takes part in (`Engine.retire`), then its owner
    /// hears `released`.
    public func retire(_ id: AttachmentID) {
        engine.retire(id)
        retired.insert(id)
        endStep()
        releaseFinishedAttachments()
    }

    private func afterStep() {
        endStep()
        releaseFinishedAttachments()
        rearm()
    }

    /// Tells the owners that heard updates in the step that it is over.
    private func endStep() {
        guard !ownersInStep.isEmpty else { return }
        // By index, in place: no copy of the list at every step.
        var index = 0
        while index < ownersInStep.count {
            ownersInStep[index].stepEnded()
            index += 1
        }
        ownersInStep.removeAll(keepingCapacity: true)
    }

    /// Forgets the retired attachments the engine let go, and tells their owners.
    private func releaseFinishedAttachments() {
        guard !retired.isEmpty else { return }
        for id in retired where !engine.isAttached(id) {
            retired.remove(id)
            let owner = owners.removeValue(forKey: id)?.owner
            owner?.released(id)
        }
    }

    // MARK: The timer

    /// Arms the timer for the engine's next deadline, or disarms it when there is none.
    private func rearm() {
        guard let timer else { return }
        let deadline = engine.nextDeadline
        guard deadline != armedFor else { return }
        armedFor = deadline
        guard let deadline else {
            wl_event_source_timer_update(timer, 0)
            return
        }
        // At least a millisecond: 0 would disarm the timer, and a deadline already due fires on the next turn.
        let delay = (deadline.microseconds - clock().microseconds + 999) / 1000
        wl_event_source_timer_update(timer, Int32(clamping: max(delay, 1)))
    }

    private func fire() {
        // The timer fired, and is disarmed until armed again.
        armedFor = nil
        // Advance to the deadline itself rather than to now, so that input stamped a little earlier that is
        // still queued does not arrive "in the past".
        if let deadline = engine.nextDeadline, deadline <= clock() { engine.advance(to: deadline) }
        afterStep()
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
