/// The gesture engine: feed it input events, attach gestures, read what it recognizes.
///
/// ```swift
/// let engine = Engine()
/// engine.attach(TapGesture(count: 2).onEnded { tap in print("double tap at", tap.location) })
/// engine.handle(.deviceAdded(DeviceDescription(id: DeviceID(1), kind: .touchscreen,
///                                              physicalSize: Size(width: 160, height: 90))), at: .zero)
/// engine.handle(.touchDown(DeviceID(1), contact: 0, position: Point(x: 0.5, y: 0.5)), at: .milliseconds(10))
/// engine.handle(.touchFrame(DeviceID(1)), at: .milliseconds(10))
/// ```
///
/// Everything happens on the caller's thread, synchronously, in the order of the calls: the engine has no
/// clock, thread or randomness of its own. Time arrives with events; timers (long press, multi-tap windows)
/// are deadlines the host turns into its own event-loop timers through `nextDeadline` and `advance(to:)`.
/// Events are recognized on touch frames; due deadlines fire before an event of a later time is handled.
public final class Engine: UpdateSink {
    /// Receives every recognizer update: began, changed, ended, cancelled, recognized, failed (with reason).
    public var onUpdate: ((GestureUpdate) -> Void)?
    /// Receives the fate of every raw touchscreen event (see `RawTouchDecision`).
    public var onRawTouch: ((RawTouchDecision) -> Void)?
    /// The host's hit test; without one no surface is ever under a finger.
    public weak var surfaceLocator: SurfaceLocator?
    /// Counters of input the engine could not take as it came.
    public private(set) var diagnostics = Diagnostics()
    /// The keyboard modifiers held now.
    public private(set) var modifiers: ModifierSet = []

    private var sessions: [DeviceSession] = []
    private var attachments: [Attachment] = []
    /// Attachments that take part in no new interaction and go once their arenas let them go (`retire`).
    private var retiring: [Attachment] = []
    private var nextAttachmentNumber = 0
    private var lastTime: Timestamp?
    private var cachedDeadline: Timestamp??
    private var candidates: [Candidate] = []
    private var hits: [SurfaceHit] = []

    /// Creates an engine with no devices and no gestures.
    public init(surfaceLocator: SurfaceLocator? = nil) {
        self.surfaceLocator = surfaceLocator
        candidates.reserveCapacity(32)
        hits.reserveCapacity(8)
    }

    // MARK: Attaching gestures

    /// Attaches a gesture to a target. It takes part in interactions that start after this call.
    @discardableResult
    public func attach<G: Gesture>(_ gesture: G, to target: Target = .layout,
                                   options: AttachmentOptions = AttachmentOptions()) -> AttachmentID {
        let id = AttachmentID(rawValue: nextAttachmentNumber)
        nextAttachmentNumber += 1
        attachments.append(Attachment(id: id, gesture: gesture, target: target, options: options))
        return id
    }

    /// Attaches a gesture with the given priority, mask and policy.
    @discardableResult
    public func attach<G: Gesture>(_ gesture: G, to target: Target = .layout, priority: AttachmentPriority,
                                   mask: GestureMask = .all, policy: RawTouchPolicy = .withhold,
                                   requiring modifiers: ModifierSet = []) -> AttachmentID {
        attach(gesture, to: target, options: AttachmentOptions(
            priority: priority, mask: mask, rawTouchPolicy: policy, requiredModifiers: modifiers))
    }

    /// Detaches a gesture: if it is running it is cancelled (`detached`), if undecided it fails.
    public func detach(_ id: AttachmentID) {
        let attachment: Attachment
        if let index = attachments.firstIndex(where: { $0.id == id }) {
            attachment = attachments.remove(at: index)
        } else if let index = retiring.firstIndex(where: { $0.id == id }) {
            attachment = retiring.remove(at: index)
        } else {
            return
        }
        let time = lastTime ?? .zero
        for session in sessions {
            session.arena.remove(attachment, modifiers: modifiers, at: time)
            applyArenaOutcomeToRawTouches(of: session)
        }
        forgetRelations(to: id)
        cachedDeadline = nil
    }

    /// Detaches a gesture gently: it takes part in no new interaction, while an interaction it already
    /// takes part in runs to its end with it; then it is detached. Hosts replace a gesture's parameters this
    /// way without cutting short what the user is doing.
    public func retire(_ id: AttachmentID) {
        guard let index = attachments.firstIndex(where: { $0.id == id }) else { return }
        retiring.append(attachments.remove(at: index))
        releaseRetiredAttachments()
    }

    /// Whether an attachment still takes part in interactions: attached, or retired with an interaction still
    /// running.
    public func isAttached(_ id: AttachmentID) -> Bool {
        attachments.contains { $0.id == id } || retiring.contains { $0.id == id }
    }

    /// Detaches the retiring attachments that no arena holds any more.
    private func releaseRetiredAttachments() {
        guard !retiring.isEmpty else { return }
        let released = retiring.filter { attachment in
            !sessions.contains { session in session.arena.members.contains { $0.attachment === attachment } }
        }
        for attachment in released {
            retiring.removeAll { $0 === attachment }
            forgetRelations(to: attachment.id)
        }
    }

    private func forgetRelations(to id: AttachmentID) {
        for other in attachments + retiring {
            other.requiresFailureOf.remove(id)
            other.simultaneousWith.remove(id)
        }
    }

    /// Makes `id` wait for `other` to fail before it may begin or be recognized; if `other` wins, `id` fails.
    public func requireFailure(of other: AttachmentID, before id: AttachmentID) {
        attachment(id)?.requiresFailureOf.insert(other)
    }

    /// Lets two attached gestures run together instead of competing.
    public func recognizeSimultaneously(_ id: AttachmentID, with other: AttachmentID) {
        attachment(id)?.simultaneousWith.insert(other)
    }

    private func attachment(_ id: AttachmentID) -> Attachment? { attachments.first { $0.id == id } }

    // MARK: Time

    /// The next time at which the engine wants `advance(to:)`, if any.
    public var nextDeadline: Timestamp? {
        if let cached = cachedDeadline { return cached }
        var result: Timestamp?
        for session in sessions { result = earliest(result, session.arena.deadline) }
        cachedDeadline = .some(result)
        return result
    }

    /// Fires every deadline at or before `time`, each at its own time, in order. Time moves on: a later
    /// event with an earlier timestamp counts as `timeWentBackwards`.
    public func advance(to time: Timestamp) {
        advance(to: time, except: nil)
        releaseRetiredAttachments()
    }

    /// `advance(to:)`, leaving alone the unframed changes of a device whose frame is being handled.
    private func advance(to time: Timestamp, except framed: DeviceID?) {
        lastTime = max(lastTime ?? time, time)
        completeUnframedChanges(before: time, except: framed)
        while let due = nextDeadline, due <= time {
            for session in sessions {
                guard let fired = session.arena.fireEarliestTimer(upTo: due, modifiers: modifiers) else { continue }
                applyArenaOutcomeToRawTouches(of: session)
                if !session.tracker.isInteracting { session.arena.settleAfterInteraction(at: fired, modifiers: modifiers) }
                applyArenaOutcomeToRawTouches(of: session)
            }
            cachedDeadline = nil
        }
    }

    /// Whether any device has an interaction open or gestures still deciding.
    public var isIdle: Bool { sessions.allSatisfy { !$0.arena.isOpen && !$0.tracker.isInteracting } }

    // MARK: Input

    /// Handles one event from the host's input stack at `time` (monotonic microseconds).
    ///
    /// A time earlier than the last one is taken as the last one (`InputProblem.timeWentBackwards`).
    public func handle(_ event: InputEvent, at time: Timestamp) {
        var now = time
        if let last = lastTime, now < last {
            diagnostics.record(.timeWentBackwards)
            now = last
        }
        var framed: DeviceID?
        if case .touchFrame(let id) = event { framed = id }
        advance(to: now, except: framed)

        switch event {
        case .deviceAdded(let description): addDevice(description, at: now)
        case .deviceRemoved(let id): removeDevice(id, at: now)
        case .touchDown(let id, let contact, let position): touchDown(id, contact, position, at: now)
        case .touchMotion(let id, let contact, let position): touchMotion(id, contact, position, at: now)
        case .touchUp(let id, let contact): touchUp(id, contact, at: now)
        case .touchCancel(let id): touchCancel(id, at: now)
        case .touchFrame(let id): touchFrame(id, at: now)
        case .swipeBegin(let id, let fingers): beginStream(.touchpadSwipe, on: id, fingers: fingers, at: now)
        case .swipeUpdate(let id, let delta): updateStream(.touchpadSwipe, on: id, delta: delta, at: now)
        case .swipeEnd(let id, let cancelled): endStream(.touchpadSwipe, on: id, cancelled: cancelled, at: now)
        case .pinchBegin(let id, let fingers): beginStream(.touchpadPinch, on: id, fingers: fingers, at: now)
        case .pinchUpdate(let id, let delta, let scale, let angle):
            updateStream(.touchpadPinch, on: id, delta: delta, scale: scale, angleDelta: angle, at: now)
        case .pinchEnd(let id, let cancelled): endStream(.touchpadPinch, on: id, cancelled: cancelled, at: now)
        case .holdBegin(let id, let fingers): beginStream(.touchpadHold, on: id, fingers: fingers, at: now)
        case .holdEnd(let id, let cancelled): endStream(.touchpadHold, on: id, cancelled: cancelled, at: now)
        case .modifiers(let set): modifiers = set
        }
        releaseRetiredAttachments()
    }

    // MARK: Devices

    private func session(for id: DeviceID) -> DeviceSession? {
        for session in sessions where session.device.id == id { return session }
        return nil
    }

    private func session(for id: DeviceID, kind: DeviceKind) -> DeviceSession? {
        guard let session = session(for: id) else {
            diagnostics.record(.unknownDevice)
            return nil
        }
        guard session.device.kind == kind else {
            diagnostics.record(.wrongDeviceKind)
            return nil
        }
        return session
    }

    private func addDevice(_ description: DeviceDescription, at time: Timestamp) {
        if session(for: description.id) != nil {
            diagnostics.record(.deviceReplaced)
            removeDevice(description.id, at: time)
        }
        let session = DeviceSession(description)
        if session.tracker.geometry.assumedSize { diagnostics.record(.assumedPhysicalSize) }
        if !(description.outputRegion.origin.isFinite && description.outputRegion.size.isUsable)
            && description.kind == .touchscreen {
            diagnostics.record(.invalidOutputRegion)
        }
        sessions.append(session)
    }

    private func removeDevice(_ id: DeviceID, at time: Timestamp) {
        guard let session = session(for: id) else { return diagnostics.record(.unknownDevice) }
        abandonInteraction(of: session, reason: .deviceRemoved, at: time)
        sessions.removeAll { $0 === session }
        for attachment in attachments + retiring { attachment.forgetMember(for: id) }
    }

    private func abandonInteraction(of session: DeviceSession, reason: FailureReason, at time: Timestamp) {
        session.arena.cancelAll(reason, at: time)
        session.tracker.forgetAllContacts()
        session.gate.cancel(emit: emitRawTouch)
        cachedDeadline = nil
    }

    // MARK: Touchscreens

    /// The touchscreen an event with a position is for, or nil when the event is to be ignored.
    private func session(for id: DeviceID, taking event: TouchEvent, at position: Point,
                         time: Timestamp) -> DeviceSession? {
        guard let session = session(for: id, kind: .touchscreen) else { return nil }
        guard position.isFinite else {
            diagnostics.record(.nonFiniteValue)
            session.gate.reject(event, at: time, emit: emitRawTouch)
            return nil
        }
        if ContactTracker.isOutsideDevice(position) { diagnostics.record(.positionOutsideDevice) }
        return session
    }

    private func touchDown(_ id: DeviceID, _ contact: ContactID, _ position: Point, at time: Timestamp) {
        let event = TouchEvent.down(contact, position)
        guard let session = session(for: id, taking: event, at: position, time: time) else { return }
        if !session.tracker.isInteracting && session.tracker.contacts.isEmpty {
            beginTouchInteraction(on: session, at: position, time: time)
        }
        switch session.tracker.touchDown(contact, at: position, time: time) {
        case .added:
            session.noteUnframedChange(at: time)
            route(event, on: session, at: time)
        case .duplicate:
            diagnostics.record(.duplicateContact)
            session.noteUnframedChange(at: time)
            route(.motion(contact, position), on: session, at: time)
        case .overLimit:
            diagnostics.record(.tooManyContacts)
            session.gate.reject(event, at: time, emit: emitRawTouch)
        }
    }

    private func touchMotion(_ id: DeviceID, _ contact: ContactID, _ position: Point, at time: Timestamp) {
        let event = TouchEvent.motion(contact, position)
        guard let session = session(for: id, taking: event, at: position, time: time) else { return }
        guard session.tracker.touchMotion(contact, to: position) else {
            diagnostics.record(.unknownContact)
            return session.gate.reject(event, at: time, emit: emitRawTouch)
        }
        session.noteUnframedChange(at: time)
        route(event, on: session, at: time)
    }

    private func touchUp(_ id: DeviceID, _ contact: ContactID, at time: Timestamp) {
        guard let session = session(for: id, kind: .touchscreen) else { return }
        guard session.tracker.touchUp(contact) else {
            diagnostics.record(.unknownContact)
            return session.gate.reject(.up(contact), at: time, emit: emitRawTouch)
        }
        session.noteUnframedChange(at: time)
        route(.up(contact), on: session, at: time)
    }

    private func touchCancel(_ id: DeviceID, at time: Timestamp) {
        guard let session = session(for: id, kind: .touchscreen) else { return }
        abandonInteraction(of: session, reason: .cancelledByInput, at: time)
        session.unframedSince = nil
    }

    private func touchFrame(_ id: DeviceID, at time: Timestamp) {
        guard let session = session(for: id, kind: .touchscreen) else { return }
        route(.frame, on: session, at: time)
        recognizeFrame(of: session, at: time)
    }

    /// Touch events followed by a later event (or time) without a frame: recognize them as a frame of their own.
    private func completeUnframedChanges(before time: Timestamp, except framed: DeviceID?) {
        for session in sessions where session.device.id != framed {
            guard let since = session.unframedSince, time > since, session.tracker.hasUnframedChanges else { continue }
            diagnostics.record(.missingFrame)
            recognizeFrame(of: session, at: since)
        }
    }

    private func recognizeFrame(of session: DeviceSession, at time: Timestamp) {
        session.unframedSince = nil
        guard session.tracker.hasUnframedChanges || session.tracker.isInteracting else { return }
        session.tracker.recognizeFrame(at: time)
        recognizeStep(of: session, at: time)
    }

    private func beginTouchInteraction(on session: DeviceSession, at position: Point, time: Timestamp) {
        session.tracker.beginInteraction(.touchscreen, at: time)
        let geometry = session.tracker.geometry
        let outputPoint = geometry.millimetres(atOutput: session.device.transform.apply(
            Point(x: min(max(position.x, 0), 1), y: min(max(position.y, 0), 1))))
        openInteraction(on: session, layoutPoint: geometry.layoutPoint(forMillimetres: outputPoint),
                        outputPoint: outputPoint, at: time)
        session.gate.beginInteraction(withholding: session.arena.isWithholding)
    }

    private func route(_ event: TouchEvent, on session: DeviceSession, at time: Timestamp) {
        if !session.gate.route(event, at: time, emit: emitRawTouch) { diagnostics.record(.withheldQueueOverflow) }
    }

    // MARK: Touchpads

    private func beginStream(_ stream: InputSource, on id: DeviceID, fingers: Int, at time: Timestamp) {
        guard let session = session(for: id, kind: .touchpad) else { return }
        guard (1...10).contains(fingers) else { return diagnostics.record(.invalidFingerCount) }
        if session.tracker.source != .none {
            diagnostics.record(.touchpadBeginWithoutEnd)
            abandonInteraction(of: session, reason: .cancelledByInput, at: time)
        }
        let pointer = surfaceLocator?.pointerLocation ?? .zero
        session.tracker.beginInteraction(stream, at: time)
        openInteraction(on: session, layoutPoint: pointer.isFinite ? pointer : .zero, outputPoint: nil, at: time)
        session.tracker.beginTouchpadStream(fingers: fingers, anchor: pointer, time: time)
        recognizeStep(of: session, at: time)
    }

    private func updateStream(_ stream: InputSource, on id: DeviceID, delta: Vector, scale: Double? = nil,
                              angleDelta: Double = 0, at time: Timestamp) {
        guard let session = session(for: id, kind: .touchpad) else { return }
        guard session.tracker.source == stream else { return diagnostics.record(.touchpadUpdateWithoutBegin) }
        guard delta.dx.isFinite, delta.dy.isFinite, angleDelta.isFinite,
              scale.map({ $0.isFinite && $0 > 0 }) ?? true else {
            return diagnostics.record(.nonFiniteValue)
        }
        session.tracker.updateTouchpadStream(delta: delta, scale: scale, angleDelta: angleDelta, time: time)
        recognizeStep(of: session, at: time)
    }

    private func endStream(_ stream: InputSource, on id: DeviceID, cancelled: Bool, at time: Timestamp) {
        guard let session = session(for: id, kind: .touchpad) else { return }
        guard session.tracker.source == stream else { return diagnostics.record(.touchpadUpdateWithoutBegin) }
        if cancelled { return abandonInteraction(of: session, reason: .cancelledByInput, at: time) }
        session.tracker.endTouchpadStream(time: time)
        recognizeStep(of: session, at: time)
    }

    // MARK: Recognition

    private func openInteraction(on session: DeviceSession, layoutPoint: Point, outputPoint: Point?, at time: Timestamp) {
        hits.removeAll(keepingCapacity: true)
        surfaceLocator?.surfaces(at: layoutPoint, into: &hits)
        let start = InteractionStart(layoutPoint: layoutPoint, outputPoint: outputPoint, surfaces: hits)
        selectCandidates(from: attachments, start: start, device: session.device,
                         geometry: session.tracker.geometry, into: &candidates)
        session.arena.beginInteraction(candidates, startingAt: outputPoint, tracker: session.tracker, sink: self,
                                       modifiers: modifiers, at: time)
        applyArenaOutcomeToRawTouches(of: session)
        cachedDeadline = nil
    }

    /// Lets the arena recognize the tracker's current step, then brings raw touches and timers up to date.
    private func recognizeStep(of session: DeviceSession, at time: Timestamp) {
        session.arena.process(session.tracker, modifiers: modifiers)
        applyArenaOutcomeToRawTouches(of: session)
        session.tracker.finishFrame()
        if !session.tracker.isInteracting {
            session.arena.settleAfterInteraction(at: time, modifiers: modifiers)
            applyArenaOutcomeToRawTouches(of: session)
        }
        cachedDeadline = nil
    }

    /// Hands the arena's latest decisions to the device's raw-touch gate: deliver, drop or cancel what it holds.
    private func applyArenaOutcomeToRawTouches(of session: DeviceSession) {
        session.gate.applyOutcome(of: session.arena, emit: emitRawTouch)
    }

    private func emitRawTouch(_ decision: RawTouchDecision) {
        onRawTouch?(decision)
    }

    func deliver(_ update: GestureUpdate) {
        onUpdate?(update)
    }
}

/// One device's state: its contacts, its arena and its raw-touch gate.
final class DeviceSession {
    let device: DeviceDescription
    let tracker: ContactTracker
    let arena = Arena()
    var gate: RawTouchGate
    /// When the oldest touch event not yet recognized in a frame arrived.
    var unframedSince: Timestamp?

    func noteUnframedChange(at time: Timestamp) {
        if unframedSince == nil { unframedSince = time }
    }

    init(_ device: DeviceDescription) {
        self.device = device
        tracker = ContactTracker(device)
        gate = RawTouchGate(device: device.id)
    }
}
