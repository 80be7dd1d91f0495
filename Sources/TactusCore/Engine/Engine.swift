// SPDX-License-Identifier: MIT
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
public final class Engine: DeviceSessionOwner {
    typealias Session = DeviceSession<Engine>

    /// Receives every recognizer update: began, changed, ended, cancelled, recognized, failed (with reason).
    public var onUpdate: ((GestureUpdate) -> Void)? {
        get { updateSink.handler?.takeUnretainedValue().call }
        set {
            // The handler being replaced may be running: it goes once no call into the engine is in progress.
            if let replaced = updateSink.replaceHandler(with: newValue) { keepWhileCalled(replaced) }
        }
    }
    /// Receives the fate of every raw touchscreen event (see `RawTouchDecision`), in the order the engine decides,
    /// but the decision of an event `answer` handles, which is its answer. Decisions made together (an interaction's
    /// withheld touches, dropped or delivered at once) go to the handler set when the first of them is delivered.
    public var onRawTouch: ((RawTouchDecision) -> Void)? {
        get { rawTouchHandler?.takeUnretainedValue().call }
        set {
            // The handler being replaced may be running: it goes once no call into the engine is in progress.
            if let replaced = rawTouchHandler { keepWhileCalled(replaced.takeRetainedValue()) }
            rawTouchHandler = newValue.map { .passRetained(RawTouchHandler($0)) }
        }
    }
    /// Receives what becomes of each touchpad gesture stream for the client under the pointer (see
    /// `TouchpadStreamDecision`): `deliver` or `keep` while the stream's begin is handled, `cancel` later.
    public var onTouchpadStream: ((TouchpadStreamDecision) -> Void)? {
        get { touchpadStreamHandler }
        set { touchpadStreamHandler = newValue }
    }
    /// The host's hit test; without one no surface is ever under a finger.
    public var surfaceLocator: SurfaceLocator? {
        get { locator }
        set { locator = newValue }
    }
    /// Counters of input the engine could not take as it came (and of transitions its recognizers should
    /// never be asked for).
    public var diagnostics: Diagnostics {
        var counters = inputProblems
        counters.impossibleTransitions = updateSink.impossibleTransitions
        return counters
    }
    /// The keyboard modifiers held now.
    public var modifiers: ModifierSet { heldModifiers }
    /// The application whose window has the keyboard focus, as the host knows it: an interaction starts over it
    /// when no surface under its start names an application (a host without a hit test, such as tactusd, knows only
    /// this). Gestures whose options name applications take part by it (`ApplicationRule`).
    public var focusedApplication: String? {
        get { focused }
        set { focused = newValue }
    }
    /// Whether `answer` is handling an event whose decision is not made yet: for a host that stops using the engine
    /// from inside one of its callbacks, and must know whether that event was decided before it stopped.
    public var isAnswerPending: Bool { isAnswering }

    // The public properties above are computed over these private ones: code outside the module could hold an
    // access to a public stored property across a call into the engine, so Swift would check every access to
    // it at run time; a private one it checks statically (`take(_:leaving:)`).
    /// Where the recognizers report: the update handler lives there.
    let updateSink = UpdateSink()
    /// The input problems counted so far (`diagnostics`).
    private var inputProblems = Diagnostics()
    /// The raw-touch handler, held (+1) by the engine and called borrowed: it is called for every touch event, and a
    /// stored closure costs a retain and a release at each call.
    private var rawTouchHandler: Unmanaged<RawTouchHandler>?
    private var touchpadStreamHandler: ((TouchpadStreamDecision) -> Void)?
    /// Whether the touch event being handled is answered and its decision is not made yet (`answer`), and the
    /// decision once made.
    private var isAnswering = false
    private var answered: RawTouchDecision?
    private weak var locator: SurfaceLocator?
    private var heldModifiers: ModifierSet = []
    private var focused: String?
    private var sessions: [Session] = []
    /// Where each device's session is in `sessions`: a device is found in one step however many there are.
    private var sessionPositions: [DeviceID: Int] = [:]
    private var attachments = AttachmentIndex()
    /// The attachments an interaction starts with, before masks and start areas (`candidates(for:…)`).
    private var present: [Attachment] = []
    /// Attachments that take part in no new interaction and go once their arenas let them go (`retire`).
    private var retiring: [Attachment] = []
    private var nextAttachmentNumber = 0
    private var lastTime: Timestamp?
    private var candidates: [Candidate] = []
    private var hits: [SurfaceHit] = []
    /// The sessions' earliest deadline, once asked and until one of them says it may have moved: the host asks
    /// before every event.
    private var knownDeadline = KnownDeadline()
    /// The sessions that may have a deadline: each session whose arena was driven since it was last found closed
    /// (`DeviceSession.isTimed`). Deadlines are looked for there alone, not among many idle devices.
    private var timedSessions: [Session] = []
    /// The device of the latest touch or touchpad event and its session, borrowed: events come in runs from one
    /// device. A removed session is kept while a call into the engine is in progress (`keepWhileCalled`).
    private var recentSession: (device: DeviceID, session: Unmanaged<Session>)?
    /// How many calls into the engine are in progress (a host's callback may call it again), and what the engine let
    /// go meanwhile that those calls may still be using: a device's session, a replaced handler.
    private var callDepth = 0
    private var keptWhileCalled: [AnyObject] = []
    /// No session has had a touch event waiting for a frame since before this time, and none has one when this is
    /// nil. It may be older than the truth while some session has one (another session may have been framed
    /// since), never newer: a later event checks the sessions only then.
    private var oldestUnframedChange: Timestamp?
    /// How many sessions have touch events waiting for a frame.
    private var sessionsWithUnframedChanges = 0

    deinit {
        rawTouchHandler?.release()
    }

    /// Creates an engine with no devices and no gestures.
    public init(surfaceLocator: SurfaceLocator? = nil) {
        locator = surfaceLocator
        var selected: [Candidate] = [], stack: [SurfaceHit] = [], attached: [Attachment] = []
        selected.reserveCapacity(32)
        stack.reserveCapacity(8)
        attached.reserveCapacity(32)
        (candidates, hits, present) = (selected, stack, attached)
    }

    // MARK: Attaching gestures

    /// Attaches a gesture to a target. It takes part in interactions that start after this call.
    @discardableResult
    public func attach<G: Gesture>(_ gesture: G, to target: Target = .layout,
                                   options: AttachmentOptions = AttachmentOptions()) -> AttachmentID {
        let id = AttachmentID(rawValue: nextAttachmentNumber)
        nextAttachmentNumber += 1
        let attachment = Attachment(id: id, gesture: gesture, target: target, options: options)
        var attached = take(&attachments, leaving: AttachmentIndex())
        attached.append(attachment)
        attachments = attached
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
        var attached = take(&attachments, leaving: AttachmentIndex()), retired = take(&retiring)
        let found = attached.remove(id) ?? retired.firstIndex { $0.id == id }.map { retired.remove(at: $0) }
        (attachments, retiring) = (attached, retired)
        guard let attachment = found else { return }
        let time = lastTime ?? .zero
        called { for session in sessions { session.remove(attachment, at: time) } }
        forgetRelations(to: id)
    }

    /// Detaches a gesture gently: it takes part in no new interaction, while an interaction it already
    /// takes part in runs to its end with it; then it is detached. Hosts replace a gesture's parameters this
    /// way without cutting short what the user is doing.
    public func retire(_ id: AttachmentID) {
        var attached = take(&attachments, leaving: AttachmentIndex()), retired = take(&retiring)
        if let attachment = attached.remove(id) { retired.append(attachment) }
        (attachments, retiring) = (attached, retired)
        releaseRetiredAttachments()
    }

    /// Whether an attachment still takes part in interactions: attached, or retired with an interaction still
    /// running.
    public func isAttached(_ id: AttachmentID) -> Bool {
        attachments.all.contains { $0.id == id } || retiring.contains { $0.id == id }
    }

    /// Detaches the retiring attachments that no arena holds any more.
    @inline(__always)
    private func releaseRetiredAttachments() {
        if !retiring.isEmpty { releaseUnheldRetiredAttachments() }
    }

    private func releaseUnheldRetiredAttachments() {
        let sessions = self.sessions
        var retired = take(&retiring)
        let released = retired.filter { attachment in
            !sessions.contains { $0.holds(attachment) }
        }
        retired.removeAll { attachment in released.contains { $0 === attachment } }
        retiring = retired
        for attachment in released { forgetRelations(to: attachment.id) }
    }

    private func forgetRelations(to id: AttachmentID) {
        for other in attachments.all + retiring {
            other.forgetRelations(to: id)
        }
    }

    /// Makes `id` wait for `other` to fail before it may begin or be recognized; if `other` wins, `id` fails.
    public func requireFailure(of other: AttachmentID, before id: AttachmentID) {
        attachment(id)?.requireFailure(of: other)
    }

    /// Lets two attached gestures run together instead of competing.
    public func recognizeSimultaneously(_ id: AttachmentID, with other: AttachmentID) {
        attachment(id)?.recognizeSimultaneously(with: other)
    }

    private func attachment(_ id: AttachmentID) -> Attachment? { attachments.all.first { $0.id == id } }

    // MARK: Time

    /// The next time at which the engine wants `advance(to:)`, if any.
    public var nextDeadline: Timestamp? {
        if case .some(let known) = knownDeadline.known {
            KnownDeadline.check(known, is: sessions.compactMap(\.deadline).min())
            return known
        }
        var result: Timestamp?, someAreIdle = false
        // Borrowed, not copied: asking a deadline drives nothing, so nothing changes the list meanwhile.
        timedSessions.forEachUnretained { session in
            result = earliest(result, session.deadline)
            if !session.arena.isOpen { someAreIdle = true }
        }
        // A session whose arena closed has no deadline until an interaction opens it again, and says so then.
        if someAreIdle { forgetIdleTimedSessions() }
        return knownDeadline.keep(result)
    }

    private func forgetIdleTimedSessions() {
        var timed = take(&timedSessions)
        timed.removeAll { session in
            guard !session.arena.isOpen else { return false }
            session.isTimed = false
            return true
        }
        timedSessions = timed
    }

    /// Fires every deadline at or before `time`, each at its own time, in order. Time moves on: a later
    /// event with an earlier timestamp counts as `timeWentBackwards`.
    public func advance(to time: Timestamp) {
        called {
            let time = sanitized(time)
            lastTime = max(lastTime ?? time, time)
            advance(to: time, except: nil)
            releaseRetiredAttachments()
        }
    }

    /// A time before zero, where monotonic clocks start, is taken as zero: times are subtracted from one another,
    /// and one near Int64's lower end would overflow.
    ///
    /// Inlined (it runs for every event), the rare case apart.
    @inline(__always)
    private func sanitized(_ time: Timestamp) -> Timestamp {
        time < .zero ? timeBeforeZero() : time
    }

    @inline(never)
    private func timeBeforeZero() -> Timestamp {
        inputProblems.record(.timeBeforeZero)
        return .zero
    }

    /// `advance(to:)` once the clock is at `time`, leaving alone the unframed changes of a device whose frame is being
    /// handled.
    ///
    /// Inlined into `handle`: for most events there is nothing to do, and finding that out costs less than the call.
    @inline(__always)
    private func advance(to time: Timestamp, except framed: DeviceID?) {
        if let since = oldestUnframedChange, time > since { recognizeUnframedChanges(before: time, except: framed) }
        if let due = nextDeadline, due <= time { fireTimers(upTo: time) }
    }

    /// Fires every deadline at or before `time`, each at its own time, in order.
    private func fireTimers(upTo time: Timestamp) {
        while let due = nextDeadline, due <= time {
            // Borrowed from a copy of the list, which keeps them alive whatever the host's callbacks do meanwhile.
            let timed = timedSessions
            timed.forEachUnretained { $0.fireEarliestTimer(upTo: due) }
        }
    }

    /// Recognizes the touch events of every session but `framed` that arrived before `time` and wait for a frame.
    private func recognizeUnframedChanges(before time: Timestamp, except framed: DeviceID?) {
        for session in sessions where session.device.id != framed { session.recognizeUnframedChanges(before: time) }
        var oldest: Timestamp?
        for session in sessions { oldest = earliest(oldest, session.unframedSince) }
        oldestUnframedChange = oldest
    }

    /// The touch events withheld from clients now, as the decisions that would deliver them: in the order they
    /// arrived, each with its own time. For a host that stops using the engine while touches are withheld: handing
    /// them on to the clients, as libtactus does when it is destroyed, loses none of them. Nothing changes in the
    /// engine.
    public var withheldTouches: [RawTouchDecision] {
        let each = sessions.flatMap(\.withheldTouches).enumerated().map { (order: $0.offset, decision: $0.element) }
        // Each device's events are in order already; between devices, by the time they arrived (ties as listed).
        func time(_ decision: RawTouchDecision) -> Timestamp {
            switch decision {
            case .deliver(_, _, let time), .withhold(_, _, let time), .drop(_, _, let time): return time
            case .cancel: return .zero
            }
        }
        return each.sorted { (time($0.decision), $0.order) < (time($1.decision), $1.order) }.map(\.decision)
    }

    /// Whether any device has an interaction open or gestures still deciding.
    public var isIdle: Bool { sessions.allSatisfy { $0.isIdle } }

    // MARK: Input

    /// Handles `event` as `handle` does and answers its raw-touch decision, which then does not go to `onRawTouch`:
    /// for a host that answers each touch event as it comes, as a compositor's touch handler does. Each touch down,
    /// motion, up and frame of a known touchscreen gets exactly one, `deliver`, `withhold` or `drop`; other events
    /// answer nil. Decisions about other events made meanwhile (withheld ones delivered or dropped, a timer's
    /// verdict) go to `onRawTouch` as they are made.
    ///
    /// The answer is the way to know the event's decision: its values cannot identify the event, since the engine
    /// takes a time earlier than its last as the last (`InputProblem.timeWentBackwards`), and a position that is not a
    /// number equals nothing.
    public func answer(_ event: InputEvent, at time: Timestamp) -> RawTouchDecision? {
        // Kept aside for a host that answers another event from inside a callback of this one.
        let outer = (isAnswering, answered)
        (isAnswering, answered) = (true, nil)
        defer { (isAnswering, answered) = outer }
        called { process(event, at: time) }
        return answered
    }

    /// Handles one event from the host's input stack at `time` (monotonic microseconds).
    ///
    /// A time earlier than the last one is taken as the last one (`InputProblem.timeWentBackwards`), a time before
    /// zero as zero (`timeBeforeZero`).
    public func handle(_ event: InputEvent, at time: Timestamp) {
        guard isAnswering else { return called { process(event, at: time) } }
        // A callback hands the engine this event while it answers another, whose decision is not made yet: this
        // one's goes to `onRawTouch`.
        isAnswering = false
        called { process(event, at: time) }
        isAnswering = true
    }

    /// Runs `body` as a call into the engine: what the engine lets go meanwhile (`keepWhileCalled`) is released once
    /// the outermost call returns.
    @inline(__always)
    private func called<Result>(_ body: () -> Result) -> Result {
        callDepth &+= 1
        let result = body()
        callDepth &-= 1
        if callDepth == 0 && !keptWhileCalled.isEmpty { keptWhileCalled.removeAll() }
        return result
    }

    /// Keeps `object` alive until no call into the engine is in progress: code running in a call may be using it
    /// borrowed (a session, a handler).
    private func keepWhileCalled(_ object: AnyObject) {
        var kept = take(&keptWhileCalled)
        kept.append(object)
        keptWhileCalled = kept
        if callDepth == 0 { keptWhileCalled.removeAll() }
    }

    /// What `handle` and `answer` do with an event. Inlined into both: it runs for every event.
    @inline(__always)
    private func process(_ event: InputEvent, at time: Timestamp) {
        var now = sanitized(time)
        if let last = lastTime, now < last {
            inputProblems.record(.timeWentBackwards)
            now = last
        }
        lastTime = now
        var framed: DeviceID?
        if case .touchFrame(let id) = event { framed = id }
        advance(to: now, except: framed)

        switch event {
        case .deviceAdded(let description): addDevice(description, at: now)
        case .deviceRemoved(let id): removeDevice(id, at: now)
        case .touchDown(let id, let contact, let position): touchscreen(id) { $0.touchDown(contact, at: position, time: now) }
        case .touchMotion(let id, let contact, let position):
            touchscreen(id) { $0.touchMotion(contact, to: position, time: now) }
        case .touchUp(let id, let contact): touchscreen(id) { $0.touchUp(contact, time: now) }
        case .touchCancel(let id): touchscreen(id) { $0.touchCancel(time: now) }
        case .touchFrame(let id): touchscreen(id) { $0.touchFrame(time: now) }
        case .swipeBegin(let id, let fingers): touchpad(id) { $0.beginStream(.touchpadSwipe, fingers: fingers, time: now) }
        case .swipeUpdate(let id, let delta):
            touchpad(id) { $0.updateStream(.touchpadSwipe, delta: delta, scale: nil, angleDelta: 0, time: now) }
        case .swipeEnd(let id, let cancelled): touchpad(id) { $0.endStream(.touchpadSwipe, cancelled: cancelled, time: now) }
        case .pinchBegin(let id, let fingers): touchpad(id) { $0.beginStream(.touchpadPinch, fingers: fingers, time: now) }
        case .pinchUpdate(let id, let delta, let scale, let angle):
            touchpad(id) { $0.updateStream(.touchpadPinch, delta: delta, scale: scale, angleDelta: angle, time: now) }
        case .pinchEnd(let id, let cancelled): touchpad(id) { $0.endStream(.touchpadPinch, cancelled: cancelled, time: now) }
        case .holdBegin(let id, let fingers): touchpad(id) { $0.beginStream(.touchpadHold, fingers: fingers, time: now) }
        case .holdEnd(let id, let cancelled): touchpad(id) { $0.endStream(.touchpadHold, cancelled: cancelled, time: now) }
        case .modifiers(let set):
            heldModifiers = set
            for session in sessions { session.modifiers = set }
        }
        releaseRetiredAttachments()
    }

    // MARK: Devices

    /// The application the latest interaction of `device` started over (a surface's, or the focused one), which its
    /// gestures' updates stand for until the next starts: what a host tells their actions. Nil when none was known.
    public func application(ofInteractionOn device: DeviceID) -> String? {
        session(for: device)?.application
    }

    /// The session of a device, if the device was added.
    private func session(for id: DeviceID) -> Session? {
        sessionPositions[id].map { sessions[$0] }
    }

    /// Calls `body` with the session of touchscreen `id`, or counts why the event is ignored.
    private func touchscreen(_ id: DeviceID, _ body: (Session) -> Void) {
        withSession(of: id, kind: .touchscreen, body)
    }

    /// Calls `body` with the session of touchpad `id`, or counts why the event is ignored.
    private func touchpad(_ id: DeviceID, _ body: (Session) -> Void) {
        withSession(of: id, kind: .touchpad, body)
    }

    /// Calls `body` with the session of device `id` when the device is of `kind`; counts the event as ignored
    /// otherwise. The session is borrowed from the list (`forEachUnretained`): this runs for every event.
    private func withSession(of id: DeviceID, kind: DeviceKind, _ body: (Session) -> Void) {
        let session: Unmanaged<Session>
        if let recent = recentSession, recent.device == id {
            session = recent.session
        } else {
            guard let found = sessionPositions[id] else { return inputProblems.record(.unknownDevice) }
            session = sessions.withUnretained(at: found) { .passUnretained($0) }
            recentSession = (id, session)
        }
        session._withUnsafeGuaranteedRef { session in
            guard session.device.kind == kind else { return inputProblems.record(.wrongDeviceKind) }
            body(session)
        }
    }

    private func addDevice(_ reported: DeviceDescription, at time: Timestamp) {
        var description = reported
        description.slotLimit = min(max(reported.slotLimit, 1), DeviceDescription.maximumSlotLimit)
        if description.slotLimit != reported.slotLimit { inputProblems.record(.invalidSlotLimit) }
        if let present = session(for: reported.id) {
            // Placed anew (another output, or the same again): what is in flight goes on. Otherwise another device.
            if description.isMove(of: present.device) { return present.move(description) }
            inputProblems.record(.deviceReplaced)
            removeDevice(reported.id, at: time)
        }
        let session = DeviceSession(description, owner: self)
        session.modifiers = heldModifiers
        if session.tracker.geometry.assumedSize { inputProblems.record(.assumedPhysicalSize) }
        if !description.hasUsableOutputRegion && description.kind == .touchscreen {
            inputProblems.record(.invalidOutputRegion)
        }
        var devices = take(&sessions)
        sessionPositions[description.id] = devices.count
        devices.append(session)
        sessions = devices
        knownDeadline.forget()
    }

    private func removeDevice(_ id: DeviceID, at time: Timestamp) {
        guard let session = session(for: id) else { return inputProblems.record(.unknownDevice) }
        session.abandonInteraction(.deviceRemoved, at: time)
        var devices = take(&sessions), timed = take(&timedSessions)
        // Unless the host's callbacks, run as the interaction was abandoned, removed it already.
        if let position = sessionPositions[id], devices[position] === session {
            devices.remove(at: position)
            sessionPositions[id] = nil
            for later in position..<devices.count { sessionPositions[devices[later].device.id] = later }
        }
        timed.removeAll { $0 === session }
        (sessions, timedSessions) = (devices, timed)
        if recentSession?.device == id { recentSession = nil }
        keepWhileCalled(session)
        knownDeadline.forget()
        for attachment in attachments.all + retiring { attachment.forgetMember(for: id) }
    }

    // MARK: DeviceSessionOwner

    var pointerLocation: Point { locator?.pointerLocation ?? .zero }

    func candidates(for session: Session, startingAt layoutPoint: Point, outputPoint: Point?) -> [Candidate] {
        var stack = take(&hits), selected = take(&candidates), attached = take(&present)
        stack.removeAll(keepingCapacity: true)
        locator?.surfaces(at: layoutPoint, into: &stack)
        attachments.present(under: stack, into: &attached)
        let application = stack.first { $0.application != nil }?.application ?? focused
        session.application = application
        let start = InteractionStart(layoutPoint: layoutPoint, outputPoint: outputPoint, surfaces: stack,
                                     application: application)
        selectCandidates(from: attached, start: start, device: session.device,
                         geometry: session.tracker.geometry, into: &selected)
        (hits, candidates, present) = (stack, selected, attached)
        return selected
    }

    func record(_ problem: InputProblem) {
        inputProblems.record(problem)
    }

    func answerRawTouch(_ decision: RawTouchDecision) {
        guard isAnswering else {
            rawTouchHandler?._withUnsafeGuaranteedRef { $0.call(decision) }
            return
        }
        // The answered event's decision: made once, and events handled from callbacks after it are not answered.
        answered = decision
        isAnswering = false
    }

    /// The handler is loaded once for the batch (an interaction's withheld touches, dropped or delivered at once):
    /// each load of a stored closure costs a retain and a release. The batch goes to the handler of its start.
    func deliverRawTouches(_ release: WithheldRelease) {
        rawTouchHandler?._withUnsafeGuaranteedRef { release.forEachDecision($0.call) }
    }

    func deliverTouchpadStream(_ decision: TouchpadStreamDecision) {
        touchpadStreamHandler?(decision)
    }

    func sessionDeadlineMayHaveMoved(_ session: Session) {
        knownDeadline.forget()
        guard !session.isTimed else { return }
        session.isTimed = true
        var timed = take(&timedSessions)
        timed.append(session)
        timedSessions = timed
    }

    func sessionHasUnframedChanges(since time: Timestamp) {
        sessionsWithUnframedChanges += 1
        oldestUnframedChange = earliest(oldestUnframedChange, time)
    }

    func sessionHasNoUnframedChanges() {
        sessionsWithUnframedChanges -= 1
        if sessionsWithUnframedChanges == 0 { oldestUnframedChange = nil }
    }

}

/// The host's raw-touch handler, in an object of its own: an object held by the engine can be called borrowed, where
/// a stored closure is retained and released around each call. Not generic: a closure stored in a generic class would
/// be called through a thunk that copies the decision.
final class RawTouchHandler {
    let call: (RawTouchDecision) -> Void

    init(_ call: @escaping (RawTouchDecision) -> Void) {
        self.call = call
    }
}
