// SPDX-License-Identifier: MIT
/// What a device session needs from the engine that owns it: the attachments that take part in a new
/// interaction and the pointer, and where the session's problems, raw-touch decisions and gesture updates go.
protocol DeviceSessionOwner: AnyObject {
    /// Where the recognizers of the session's arena report.
    var updateSink: UpdateSink { get }
    /// Where the pointer is, in layout pixels: touchpad interactions start there.
    var pointerLocation: Point { get }
    /// The attachments that take part in an interaction of `session` starting at `layoutPoint` (touchscreens
    /// also give the first finger in output millimetres, for edge targets).
    func candidates(for session: DeviceSession<Self>, startingAt layoutPoint: Point, outputPoint: Point?) -> [Candidate]
    /// Counts input the session could not take as it came.
    func record(_ problem: InputProblem)
    /// Gives the decision of the touch event being handled, which `Engine.handle` answers.
    func answerRawTouch(_ decision: RawTouchDecision)
    /// Hands the host decisions about events handled before, in order.
    func deliverRawTouches(_ release: WithheldRelease)
    /// Hands the host what becomes of a touchpad stream for the client (`TouchpadStreamDecision`).
    func deliverTouchpadStream(_ decision: TouchpadStreamDecision)
    /// The session's earliest deadline may have moved (`DeviceSession.deadline`).
    func sessionDeadlineMayHaveMoved(_ session: DeviceSession<Self>)
    /// The session took a touch event that waits for a frame, the first since its last frame, at `time`.
    func sessionHasUnframedChanges(since time: Timestamp)
    /// The session has no touch event waiting for a frame any more.
    func sessionHasNoUnframedChanges()
}

/// One device and everything the engine does for it: its contacts (`tracker`), its gesture arena and its
/// raw-touch gate. The engine routes each event of the device here; the session checks the event, tracks it,
/// lets the arena recognize it, and decides the fate of the raw touches.
///
/// An interaction runs from the first finger down to the last finger up (touchpads: a gesture stream's begin
/// to its end). Touch events are recognized on frames; a touchpad stream's every event is a step of its own.
final class DeviceSession<Owner: DeviceSessionOwner> {
    private(set) var device: DeviceDescription
    let tracker: ContactTracker
    let arena = Arena()
    private let gate: RawTouchGate
    /// What the client gets of the device's touchpad streams.
    private var streamGate = TouchpadStreamGate()
    /// The keyboard modifiers held now, for bindings that require them: the engine's, copied here when they change
    /// (read on every frame).
    var modifiers: ModifierSet = []
    /// The application the latest interaction started over (`Engine.application(ofInteractionOn:)`).
    var application: String?
    /// The engine, which owns its sessions and so outlives them; reached through `withOwner`.
    private let owner: Unmanaged<Owner>
    /// Whether the engine counts the session among those that may have a deadline (the engine's bookkeeping).
    var isTimed = false
    /// The deadline the engine last heard the session may have (`deadlineMayHaveMoved`); nil: none told yet.
    private var toldDeadline: Timestamp??
    /// When the oldest touch event not yet recognized in a frame arrived. The engine hears when there comes to be
    /// one and when there is none any more, so that it looks for unframed changes only while some wait.
    private(set) var unframedSince: Timestamp? {
        didSet {
            switch (oldValue, unframedSince) {
            case (nil, let since?): withOwner { $0.sessionHasUnframedChanges(since: since) }
            case (_?, nil): withOwner { $0.sessionHasNoUnframedChanges() }
            default: break
            }
        }
    }

    init(_ device: DeviceDescription, owner: Owner) {
        self.device = device
        self.owner = .passUnretained(owner)
        tracker = ContactTracker(device)
        gate = RawTouchGate(device: device.id, reservingCapacity: 256)
    }

    /// The device moved to another output region or transform: what is in flight goes on.
    func move(_ moved: DeviceDescription) {
        device = moved
        tracker.move(moved)
    }

    // MARK: State

    /// The earliest time at which the device's gestures want a timer to fire, if any.
    var deadline: Timestamp? { arena.deadline(in: tracker) }

    /// Whether the device has no interaction open and no gesture still deciding.
    var isIdle: Bool { !arena.isOpen && !tracker.isInteracting }

    /// Whether a gesture of `attachment` takes part in the device's arena.
    func holds(_ attachment: Attachment) -> Bool {
        arena.members.contains { $0.attachment === attachment }
    }

    // MARK: Touchscreens

    /// A finger landed. The first finger of an interaction opens it.
    func touchDown(_ contact: ContactID, at position: Point, time: Timestamp) {
        let event = TouchEvent.down(contact, position)
        guard accepts(event, at: position, time: time) else { return }
        if !tracker.isInteracting && tracker.contacts.isEmpty { beginTouchInteraction(at: position, time: time) }
        switch tracker.touchDown(contact, at: position, time: time) {
        case .added:
            noteUnframedChange(at: time)
            route(event, at: time)
        case .duplicate:
            record(.duplicateContact)
            noteUnframedChange(at: time)
            route(.motion(contact, position), at: time)
        case .overLimit:
            record(.tooManyContacts)
            answerRawTouch(gate.reject(event, at: time))
        }
    }

    /// A finger moved.
    func touchMotion(_ contact: ContactID, to position: Point, time: Timestamp) {
        let event = TouchEvent.motion(contact, position)
        guard accepts(event, at: position, time: time) else { return }
        guard tracker.touchMotion(contact, to: position) else {
            record(.unknownContact)
            return answerRawTouch(gate.reject(event, at: time))
        }
        noteUnframedChange(at: time)
        route(event, at: time)
    }

    /// A finger lifted.
    func touchUp(_ contact: ContactID, time: Timestamp) {
        guard tracker.touchUp(contact) else {
            record(.unknownContact)
            return answerRawTouch(gate.reject(.up(contact), at: time))
        }
        noteUnframedChange(at: time)
        route(.up(contact), at: time)
    }

    /// The input stack withdrew every contact: gestures in flight are cancelled, never ended.
    func touchCancel(time: Timestamp) {
        abandonInteraction(.cancelledByInput, at: time)
    }

    /// The end of a hardware scan: the touch events since the last frame are recognized together.
    func touchFrame(time: Timestamp) {
        route(.frame, at: time)
        recognizeFrame(at: time)
    }

    /// Touch events followed by a later event (or time) without a frame: recognizes them as a frame of their
    /// own, at the time of the first of them.
    func recognizeUnframedChanges(before time: Timestamp) {
        guard let since = unframedSince, time > since else { return }
        guard tracker.hasUnframedChanges else {
            unframedSince = nil
            return
        }
        record(.missingFrame)
        recognizeFrame(at: since)
    }

    /// Whether a touch event with a position can be taken: a position that is not finite cannot (its raw
    /// event is dropped); one outside the device is clamped, and counted.
    @inline(__always)
    private func accepts(_ event: TouchEvent, at position: Point, time: Timestamp) -> Bool {
        position.isFinite && !ContactTracker.isOutsideDevice(position) || acceptsUnusual(event, at: position, time: time)
    }

    /// `accepts` for a position that is not finite or lies outside the device.
    private func acceptsUnusual(_ event: TouchEvent, at position: Point, time: Timestamp) -> Bool {
        guard position.isFinite else {
            record(.nonFiniteValue)
            answerRawTouch(gate.reject(event, at: time))
            return false
        }
        if ContactTracker.isOutsideDevice(position) { record(.positionOutsideDevice) }
        return true
    }

    private func noteUnframedChange(at time: Timestamp) {
        if unframedSince == nil { unframedSince = time }
    }

    /// Tells the engine to ask for the earliest deadline afresh when the arena, just driven, has another deadline than
    /// the one the engine last heard of: most frames leave it as it was, and the engine's stays known.
    private func deadlineMayHaveMoved() {
        let now = deadline
        if isTimed, case .some(let told) = toldDeadline, told == now { return }
        toldDeadline = .some(now)
        withOwner { $0.sessionDeadlineMayHaveMoved(self) }
    }

    private func recognizeFrame(at time: Timestamp) {
        unframedSince = nil
        // A frame with nothing new outside an interaction has nothing to recognize.
        guard tracker.hasUnframedChanges || tracker.isInteracting else { return }
        tracker.recognizeFrame(at: time)
        recognizeStep(at: time)
    }

    private func beginTouchInteraction(at position: Point, time: Timestamp) {
        tracker.beginInteraction(.touchscreen, at: time)
        let geometry = tracker.geometry
        let outputPoint = geometry.millimetres(atOutput: device.transform.apply(
            Point(x: min(max(position.x, 0), 1), y: min(max(position.y, 0), 1))))
        openInteraction(layoutPoint: geometry.layoutPoint(forMillimetres: outputPoint), outputPoint: outputPoint,
                        at: time)
        gate.beginInteraction(withholding: arena.isWithholding)
    }

    /// Decides a raw event that the tracker took.
    @inline(__always)
    private func route(_ event: TouchEvent, at time: Timestamp) {
        if let decision = gate.route(event, at: time) { return answerRawTouch(decision) }
        record(.withheldQueueOverflow)
        let (release, decision) = gate.giveUpWithholding(then: event, at: time)
        deliver(release)
        answerRawTouch(decision)
    }

    // MARK: Touchpads

    /// A libinput touchpad gesture stream began with `fingers` fingers: an interaction at the pointer. A stream
    /// still running is cancelled first.
    func beginStream(_ stream: InputSource, fingers: Int, time: Timestamp) {
        guard GestureParameter.fingerCounts.contains(fingers) else { return record(.invalidFingerCount) }
        if tracker.source != .none {
            record(.touchpadBeginWithoutEnd)
            abandonInteraction(.cancelledByInput, at: time)
        }
        let pointer = withOwner { $0.pointerLocation }
        tracker.beginInteraction(stream, at: time)
        openInteraction(layoutPoint: pointer.isFinite ? pointer : .zero, outputPoint: nil, at: time)
        tracker.beginTouchpadStream(fingers: fingers, anchor: pointer, time: time)
        recognizeStep(at: time)
        let kept = arena.isWithholding || arena.compositorOwnsInteraction
        let decision = streamGate.begin(device.id, compositorMayTakeIt: kept)
        withOwner { $0.deliverTouchpadStream(decision) }
    }

    /// The running stream moved: `delta` millimetres, absolute `scale` (pinches), `angleDelta` degrees clockwise.
    func updateStream(_ stream: InputSource, delta: Vector, scale: Double?, angleDelta: Double, time: Timestamp) {
        guard tracker.source == stream else { return record(.touchpadUpdateWithoutBegin) }
        guard delta.dx.isFinite, delta.dy.isFinite, angleDelta.isFinite,
              scale.map({ $0.isFinite && $0 > 0 }) ?? true else {
            return record(.nonFiniteValue)
        }
        tracker.updateTouchpadStream(delta: delta, scale: scale, angleDelta: angleDelta, time: time)
        recognizeStep(at: time)
    }

    /// The running stream ended, or was cancelled by the input stack.
    func endStream(_ stream: InputSource, cancelled: Bool, time: Timestamp) {
        guard tracker.source == stream else { return record(.touchpadUpdateWithoutBegin) }
        if cancelled { return abandonInteraction(.cancelledByInput, at: time) }
        tracker.endTouchpadStream(time: time)
        recognizeStep(at: time)
        streamGate.end()
    }

    // MARK: Recognition

    private func openInteraction(layoutPoint: Point, outputPoint: Point?, at time: Timestamp) {
        let owner = self.owner.takeUnretainedValue()
        let candidates = owner.candidates(for: self, startingAt: layoutPoint, outputPoint: outputPoint)
        arena.beginInteraction(candidates, startingAt: outputPoint, tracker: tracker, sink: owner.updateSink,
                               modifiers: modifiers, at: time)
        applyArenaOutcomeToRawTouches()
        // The interaction's first finger or stream is not in the tracker yet, and deadlines count on it: the engine
        // asks afresh once the event is handled.
        toldDeadline = nil
        withOwner { $0.sessionDeadlineMayHaveMoved(self) }
    }

    /// Lets the arena recognize the tracker's current step, then brings raw touches and timers up to date.
    private func recognizeStep(at time: Timestamp) {
        arena.process(tracker, modifiers: modifiers)
        applyArenaOutcomeToRawTouches()
        tracker.finishStep()
        if !tracker.isInteracting { settleAfterInteraction(at: time) }
        deadlineMayHaveMoved()
    }

    /// Fires the device's earliest timer if it is due at `time`; after the interaction ended, a timer that
    /// fired may leave nothing to wait for, and the arena settles.
    func fireEarliestTimer(upTo time: Timestamp) {
        // Asked afresh after every round of the engine's timer loop, fired or not, so that the loop ends.
        defer { deadlineMayHaveMoved() }
        guard let fired = arena.fireEarliestTimer(upTo: time, in: tracker, modifiers: modifiers) else { return }
        applyArenaOutcomeToRawTouches()
        if !tracker.isInteracting { settleAfterInteraction(at: fired) }
    }

    private func settleAfterInteraction(at time: Timestamp) {
        arena.settleAfterInteraction(at: time, in: tracker, modifiers: modifiers)
        applyArenaOutcomeToRawTouches()
    }

    /// The touch events the gate withholds now, in order, as the decisions that would deliver them.
    var withheldTouches: [RawTouchDecision] { gate.withheldDeliveries }

    /// Takes an attachment's gesture out of the arena: it is cancelled if running, fails if undecided.
    func remove(_ attachment: Attachment, at time: Timestamp) {
        arena.remove(attachment, modifiers: modifiers, at: time)
        applyArenaOutcomeToRawTouches()
        deadlineMayHaveMoved()
    }

    /// Ends the interaction without recognizing more: gestures in flight are cancelled (undecided ones fail)
    /// with `reason`, the contacts are forgotten, and the client's touches are cancelled.
    func abandonInteraction(_ reason: FailureReason, at time: Timestamp) {
        arena.cancelAll(reason, at: time)
        tracker.forgetAllContacts()
        unframedSince = nil
        streamGate.end()
        deliver(gate.cancel())
        deadlineMayHaveMoved()
    }

    /// Hands the arena's latest decisions to the raw-touch gate (deliver, drop or cancel what it holds) and to the
    /// touchpad stream's (cancel a delivered stream that a compositor gesture took over).
    private func applyArenaOutcomeToRawTouches() {
        if streamGate.isDelivering,
           let decision = streamGate.step(device.id, compositorOwnsInteraction: arena.compositorOwnsInteraction) {
            withOwner { $0.deliverTouchpadStream(decision) }
        }
        let outcome = gate.outcome(of: arena)
        guard outcome != .unchanged else { return }
        deliver(gate.apply(outcome))
    }

    // MARK: The owner

    /// Calls `body` with the owner, which outlives the session: without the retain and release that a reference
    /// loaded from a stored property costs around each call, even an `unowned(unsafe)` one (the session calls its
    /// owner on every event).
    @inline(__always)
    private func withOwner<Result>(_ body: (Owner) -> Result) -> Result {
        owner._withUnsafeGuaranteedRef(body)
    }

    private func record(_ problem: InputProblem) {
        withOwner { $0.record(problem) }
    }

    /// Gives the decision of the touch event being handled: every touch entry of the session makes exactly one,
    /// through here; decisions about events handled before go through `deliver(_:)`.
    private func answerRawTouch(_ decision: RawTouchDecision) {
        withOwner { $0.answerRawTouch(decision) }
    }

    /// Hands the decisions that the gate made at once about the events it withheld to the host, in order, and gives
    /// their queue back to the gate.
    ///
    /// The gate has finished its step before the host hears of it, and the release is a value apart from the gate:
    /// no access to the session's properties spans the host's callback, which may re-enter the engine and then finds
    /// the gate as it should be.
    private func deliver(_ release: consuming WithheldRelease) {
        if !release.isEmpty { withOwner { $0.deliverRawTouches(release) } }
        gate.recycle(release)
    }
}
