// SPDX-License-Identifier: MIT
/// A gesture attached to a target, with the recognizer trees built for it, one per device.
final class Attachment {
    let id: AttachmentID
    let target: Target
    let options: AttachmentOptions
    private let makeRoot: () -> AnyGestureNode
    /// How this attachment stands to others; its members keep a copy (`ArenaMember.relations`).
    private(set) var relations = Relations()
    /// One member per device, built the first time the device uses the attachment and reused after. A list: an
    /// engine has a few devices, and every interaction looks up each candidate's member.
    private(set) var members: [ArenaMember] = []
    let signature: GestureSignature?
    /// Whether the attachment takes part in interactions of touchscreens and of touchpads
    /// (`AttachmentOptions.deviceKinds`, asked for every attachment when an interaction opens, without hashing).
    private let takesTouchscreens: Bool, takesTouchpads: Bool

    init<G: Gesture>(id: AttachmentID, gesture: G, target: Target, options: AttachmentOptions) {
        self.id = id
        self.target = target
        self.options = options
        let build: () -> AnyGestureNode = {
            let root = gesture.makeNode()
            var next = 0
            root.numberRecognizers(from: &next)
            return root
        }
        makeRoot = build
        signature = build().signature
        takesTouchscreens = options.deviceKinds.contains(.touchscreen)
        takesTouchpads = options.deviceKinds.contains(.touchpad)
    }

    /// Whether the attachment takes part in interactions of `device`: one of its kinds, on its seat, admitted by
    /// its device rules.
    func takesPart(in device: DeviceDescription) -> Bool {
        let takesKind = switch device.kind {
        case .touchscreen: takesTouchscreens
        case .touchpad: takesTouchpads
        }
        return takesKind && (options.seat == nil || options.seat == device.seat)
            && (options.deviceRules.isEmpty || DeviceRule.admit(device.name, by: options.deviceRules))
    }

    /// Whether the attachment's gestures may hold a touch back from clients while they decide.
    var withholdsTouches: Bool { target.isCompositorLevel && options.rawTouchPolicy == .withhold }

    /// Whether an undecided gesture of this attachment makes lower-ranked gestures wait.
    var blocksLowerRanks: Bool { !(target.isCompositorLevel && options.rawTouchPolicy == .forwardThenCancel) }

    func member(for tracker: ContactTracker, sink: UpdateSink) -> ArenaMember {
        let device = tracker.device.id
        if let member = members.firstUnretained(where: { $0.device == device }) { return member }
        let member = ArenaMember(attachment: self, root: makeRoot(),
                                 context: MemberContext(tracker: tracker, sink: sink, attachment: id))
        // Mutated through a local, as every collection the arena reads per event (`take(_:leaving:)`).
        var updated = take(&members)
        updated.append(member)
        members = updated
        return member
    }

    func forgetMember(for device: DeviceID) {
        var known = take(&members)
        known.removeAll { $0.device == device }
        members = known
    }

    /// Makes this attachment wait for `other` to fail.
    func requireFailure(of other: AttachmentID) {
        var changed = relations
        if !changed.requiresFailureOf.contains(other) { changed.requiresFailureOf.append(other) }
        share(changed)
    }

    /// Lets this attachment run alongside `other`.
    func recognizeSimultaneously(with other: AttachmentID) {
        var changed = relations
        if !changed.simultaneousWith.contains(other) { changed.simultaneousWith.append(other) }
        share(changed)
    }

    /// Forgets what this attachment required of, or allowed to, `other`.
    func forgetRelations(to other: AttachmentID) {
        var changed = relations
        changed.requiresFailureOf.removeAll { $0 == other }
        changed.simultaneousWith.removeAll { $0 == other }
        share(changed)
    }

    private func share(_ changed: Relations) {
        relations = changed
        for member in members { member.relations = changed }
    }
}

/// How an attachment stands to others, as the arena asks for every pair of members it compares: a few
/// identifiers at most, kept in arrays, which answer faster than sets at that size.
struct Relations {
    /// Attachments whose failure this one waits for.
    var requiresFailureOf: [AttachmentID] = []
    /// Attachments this one runs alongside without competing.
    var simultaneousWith: [AttachmentID] = []
}

/// An attachment's recognizer tree taking part in one device's arena.
final class ArenaMember: NodeParent {
    unowned let attachment: Attachment
    let root: AnyGestureNode
    let context: MemberContext
    /// The device whose arena the member takes part in.
    let device: DeviceID
    /// Higher wins: priority first, then nesting (inner beats outer). Set when the member joins an interaction.
    var rank = Rank(.normal, .compositor)
    /// The root asked to begin and the arena has not answered yet.
    var wantsClaim = false
    /// The member won the current interaction.
    var hasWon = false
    /// The member's claim is blocked, found while the arena looks for the next winner (`Arena.nextWinner`).
    var isPassedOver = false
    /// The root's deadline as last asked, while nothing has changed the member since (`deadline(in:)`).
    var knownDeadline = KnownDeadline()
    /// The root waited for fingers to land or lift after the frame it last looked at, and nothing has changed the
    /// member since (`AnyGestureNode.waitsForFingerChange`); forgotten with the deadline.
    var waitsForFingerChange = false
    /// The member waited for fingers to land or lift after the last frame that the arena showed to every member, and
    /// is left out of the frames after it that no finger landed or lifted in (`Arena.process`).
    var isAsleep = false

    /// The attachment's relations, copied here whenever they change (`Attachment.relations`).
    var relations: Relations
    /// The attachment's facts that the arena reads on every frame, copied here once: they never change, and
    /// each load of the unowned attachment costs a checked retain and a release.
    let id: AttachmentID
    let priority: AttachmentPriority
    let isCompositorLevel: Bool
    let withholdsTouches: Bool
    let blocksLowerRanks: Bool
    let signature: GestureSignature?
    /// Whether the gesture is a single continuous one, whose claim comes from fingers moving (`hasMovedDecisively`).
    let isContinuous: Bool

    init(attachment: Attachment, root: AnyGestureNode, context: MemberContext) {
        self.attachment = attachment
        self.root = root
        self.context = context
        device = context.tracker.device.id
        id = attachment.id
        priority = attachment.options.priority
        isCompositorLevel = attachment.target.isCompositorLevel
        withholdsTouches = attachment.withholdsTouches
        blocksLowerRanks = attachment.blocksLowerRanks
        signature = attachment.signature
        isContinuous = attachment.signature.map { !$0.kind.isDiscrete } ?? false
        relations = attachment.relations
        root.parent = self
    }

    var status: NodeStatus { root.status }

    /// Whether the root asked to begin, is still waiting for the answer, and has not had it.
    var isClaiming: Bool { wantsClaim && status == .pending }

    /// Lets the member's gesture look at a frame, and notes and returns its deadline: after a frame every live
    /// member's deadline may have moved, and only the arena's answers change members again before the next frame.
    ///
    /// A root that waits for fingers to land or lift is spared a frame in which none did, before its deadline.
    /// Debug builds, and so every test, let it look at the frame anyway and check that nothing changed.
    func process(_ tracker: ContactTracker, fingersChanged: Bool) -> Timestamp? {
        if !fingersChanged && waitsForFingerChange, case .some(let deadline) = knownDeadline.known,
           deadline.map({ tracker.time < $0 }) ?? true {
            assert(leavesRootAsItIs(tracker, deadline: deadline), "a member spared a frame would have changed")
            return deadline
        }
        root.process(tracker)
        let deadline = knownDeadline.keep(root.deadline(in: tracker))
        waitsForFingerChange = root.waitsForFingerChange
        return deadline
    }

    /// Whether the root, shown the frame, stays as it is (the check in `process(_:fingersChanged:)`).
    private func leavesRootAsItIs(_ tracker: ContactTracker, deadline: Timestamp?) -> Bool {
        let before = root.status
        root.process(tracker)
        return root.status == before && root.deadline(in: tracker) == deadline && root.waitsForFingerChange
    }

    /// The root's deadline: the one known since the arena last drove the member, or asked now and kept.
    func deadline(in tracker: ContactTracker) -> Timestamp? {
        if case .some(let known) = knownDeadline.known {
            KnownDeadline.check(known, is: root.deadline(in: tracker))
            return known
        }
        return knownDeadline.keep(root.deadline(in: tracker))
    }

    /// Whether this member comes before `other` when both could win: higher rank, then earlier attachment.
    func outranks(_ other: ArenaMember) -> Bool {
        rank != other.rank ? rank > other.rank : id < other.id
    }

    /// Whether only one of the two may win.
    func conflicts(with other: ArenaMember) -> Bool {
        if priority == .simultaneous || other.priority == .simultaneous {
            return false
        }
        return !relations.simultaneousWith.contains(other.id) && !other.relations.simultaneousWith.contains(id)
    }

    /// Whether this member may still win after `holder` won: it ranks higher, did not make the holder wait
    /// (forward-then-cancel), and does not require the holder to fail.
    func mayTakeOver(from holder: ArenaMember) -> Bool {
        rank > holder.rank && !relations.requiresFailureOf.contains(holder.id)
    }

    /// Whether this undecided member makes `other` wait before it may win.
    func blocks(_ other: ArenaMember) -> Bool {
        if other.relations.requiresFailureOf.contains(id) { return true }
        if let mine = signature, let theirs = other.signature {
            if mine.kind == .tap && theirs.kind == .tap && mine.fingers == theirs.fingers && mine.count > theirs.count {
                return true
            }
            // Fingers land over tens of milliseconds: a multi-finger gesture waits while one that wants more
            // fingers may still get them (it fails when the landing window closes without them), unless its own
            // fingers have moved decisively (arbitration case 29).
            if theirs.fingers >= 2 && mine.fingers > theirs.fingers && blocksLowerRanks
                && !other.hasMovedDecisively {
                return true
            }
        }
        return rank > other.rank && blocksLowerRanks
    }

    /// Whether the member's claim comes from fingers that moved past a continuous gesture's threshold while no
    /// finger landed for `GestureDefaults.fingerSettleTime`: a finger landing later is not taken to be one of
    /// theirs, and what wants more fingers stops holding the claim back.
    private var hasMovedDecisively: Bool {
        guard isContinuous else { return false }
        let tracker = context.tracker
        guard let latest = tracker.latestLanding else { return false }
        return tracker.time - latest >= GestureDefaults.fingerSettleTime
    }

    // MARK: NodeParent

    func childRequestedClaim(_ child: AnyGestureNode, at time: Timestamp) {
        wantsClaim = true
    }

    func childChanged(_ child: AnyGestureNode, at time: Timestamp) {}

    func childSucceeded(_ child: AnyGestureNode, at time: Timestamp) {
        wantsClaim = false
    }

    func childFailed(_ child: AnyGestureNode, reason: FailureReason, at time: Timestamp) {
        wantsClaim = false
    }
}
