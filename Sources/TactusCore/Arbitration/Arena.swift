// SPDX-License-Identifier: MIT
/// The gesture arena of one device: where the gestures that could claim an interaction compete.
///
/// An interaction runs from the first finger down until the last finger up (or a touchpad gesture's begin
/// to its end). When it starts, every attachment whose target lies under the first finger joins, except
/// those masked out (`GestureMask`) or excluded by the surface's exclusion region. Members then follow the
/// same contacts, and the arena answers their claims:
///
/// 1. A claim waits ("recognize pending") while a member that blocks it is undecided: one it requires to
///    fail, a tap with the same fingers and a higher count, a gesture that wants more fingers than a
///    multi-finger claimant (until its landing window closes, or until the claimant's fingers have moved
///    decisively: past its threshold, no finger landing for 30 ms), or any member of higher rank (rank: high
///    priority beats normal; among equals the inner surface beats the outer; compositor targets are
///    outermost). Compositor bindings that forward then cancel never make others wait.
/// 2. An unblocked claim wins. Among several in the same step, the highest rank wins, then the earliest
///    attached. The winner makes every conflicting undecided member fail (`lostToAnotherGesture`), except
///    members of higher rank that did not block it (forward-then-cancel bindings), which may still take
///    over: when one of them wins later, it cancels the running winner.
/// 3. Members that do not conflict (simultaneous priority, or declared simultaneous) never fail because
///    another won, and are never blocked by one another.
/// 4. When a member fails, the claims it blocked are looked at again: "A requires failure of B; B failed"
///    lets A proceed from where the fingers are now.
/// 5. A member still waiting when the last finger lifts keeps the arena open while it has a deadline
///    (a double tap waiting for its second tap; a running sequence whose second gesture is a tap). A new
///    interaction on the device continues with those members and starts the others afresh. When nothing is
///    left to wait for, the arena resolves deterministically: the best pending claim wins and whatever is
///    still undecided fails (`unresolved`).
///
/// docs/arbitration.md explains each rule with the numbered cases the tests pin (`case01…` to `case29…`).
final class Arena {
    private(set) var members: [ArenaMember] = []
    /// The earliest deadline of the live members, as of the last time it was worked out and while no member's
    /// deadline has been forgotten since (`forgetDeadline(of:)`): the host asks for it after every step.
    private var knownEarliestDeadline = KnownDeadline()
    /// Counts forgotten deadlines and steps, so that a step can tell whether what it learnt of its members still
    /// holds at its end: nothing forgot a deadline meanwhile, and no other step ran inside it (a host's callback
    /// that detached a gesture or handled an event).
    private var changes = 0
    /// Whether a member may have won the interaction: none has until the arena awards a claim, and the raw-touch
    /// gate asks after every step (`compositorOwnsInteraction`).
    private var hasAwarded = false
    /// The live members that a frame without fingers landing or lifting may change, in member order, while
    /// `asleepUntil` is known: every other live member waits for fingers to land or lift (`ArenaMember.isAsleep`),
    /// and such a frame before its deadline spares it (`ArenaMember.process`). On most frames most members sleep, and
    /// the frame's loop then runs over the few awake ones only. Worked out by a frame that showed itself to every
    /// member; whatever forgets a member's deadline forgets it too.
    private var awake: [ArenaMember] = []
    /// The earliest deadline of the members asleep, while `awake` holds: `.some(nil)` when none has a deadline.
    private var asleepUntil = KnownDeadline()

    init() {
        var list: [ArenaMember] = [], awakeList: [ArenaMember] = []
        list.reserveCapacity(32)
        awakeList.reserveCapacity(32)
        members = list
        awake = awakeList
    }

    /// Whether a member is still undecided (or its interaction has not finished).
    var isOpen: Bool { !members.isEmpty }

    // MARK: Interactions

    /// Opens an interaction: members still waiting from the previous one carry on if their target is under
    /// the new first finger; the other candidates start afresh.
    ///
    /// Members waiting are undecided ones (a double tap between its taps) and running compositions that wait
    /// for more (a sequence whose second gesture is a tap, a simultaneous pair with a double tap left). A
    /// running one keeps its win: it owns the new interaction as it owned the last. One whose target is not
    /// under the new finger fails, or is cancelled when it runs.
    func beginInteraction(_ candidates: [Candidate], startingAt outputPoint: Point?, tracker: ContactTracker,
                          sink: UpdateSink, modifiers: ModifierSet, at time: Timestamp) {
        defer { forgetDeadlines() }
        tracker.advanceClock(to: time)
        for member in members where member.status.isLive {
            if candidates.contains(where: { $0.attachment === member.attachment }) {
                member.root.interactionWillBegin(at: outputPoint, time: time)
            } else {
                member.root.fail(.movedTooFar, at: time)
            }
        }
        // A waiting single tap whose double tap just failed is recognized now, and starts afresh below.
        resolve(at: time, modifiers: modifiers, ignoringBlockers: false)
        // Every change to `members` goes through a local (`take(_:leaving:)`): the loops that read it run per event.
        var list = take(&members)
        list.removeAll { !$0.status.isLive }
        for member in list where member.status.isUndecided { member.hasWon = false }
        hasAwarded = list.contains { $0.hasWon }
        for candidate in candidates {
            let member = candidate.attachment.member(for: tracker, sink: sink)
            // The live members are those carried over, already in the list.
            guard !member.status.isLive else { continue }
            member.rank = candidate.rank
            member.wantsClaim = false
            member.hasWon = false
            member.context.origin = candidate.origin
            member.context.bounds = candidate.bounds
            list.append(member)
            member.root.start(member.context)
        }
        members = list
    }

    /// Lets every live member look at the frame, then answers their claims.
    @inline(__always)
    func process(_ tracker: ContactTracker, modifiers: ModifierSet) {
        // Each member's deadline is asked as it looks at the frame, so the earliest comes with the loop, and so does
        // whether any member claims: on most frames none does, and nothing is left to resolve.
        changes &+= 1
        let start = changes
        var earliestDeadline: Timestamp?
        var someoneClaims = false
        let fingersChanged = tracker.landed > 0 || tracker.lifted > 0
        if !fingersChanged, case .some(let sleepersDeadline) = asleepUntil.known,
           sleepersDeadline.map({ tracker.time < $0 }) ?? true {
            // The members asleep would each be spared, returning their deadlines: the earliest of them stands in.
            assert(sleepersWouldBeSpared(tracker), "a member asleep would not have been spared")
            earliestDeadline = sleepersDeadline
            let list = awake
            list.forEachUnretained { member in
                guard member.status.isLive else { return }
                earliestDeadline = earliest(earliestDeadline, member.process(tracker, fingersChanged: false))
                if member.wantsClaim { someoneClaims = true }
            }
        } else {
            // Every live member looks, and the members that fall asleep are sorted out on the way.
            var awakeList = take(&awake)
            awakeList.removeAll(keepingCapacity: true)
            var sleepersDeadline: Timestamp?
            let list = members
            list.forEachUnretained { member in
                member.isAsleep = false
                guard member.status.isLive else { return }
                let deadline = member.process(tracker, fingersChanged: fingersChanged)
                earliestDeadline = earliest(earliestDeadline, deadline)
                if member.wantsClaim { someoneClaims = true }
                if member.waitsForFingerChange && member.status.isLive {
                    member.isAsleep = true
                    sleepersDeadline = earliest(sleepersDeadline, deadline)
                } else {
                    awakeList.append(member)
                }
            }
            awake = awakeList
            if changes == start { asleepUntil.keep(sleepersDeadline) }
        }
        guard changes == start else {
            asleepUntil.forget()
            return resolve(at: tracker.time, modifiers: modifiers, ignoringBlockers: false)
        }
        knownEarliestDeadline.keep(earliestDeadline)
        if someoneClaims { resolve(at: tracker.time, modifiers: modifiers, ignoringBlockers: false) }
    }

    /// Whether every live member asleep takes a frame without fingers landing or lifting as it is: the check that
    /// debug builds, and so every test, make of each frame that spares them (`process`).
    private func sleepersWouldBeSpared(_ tracker: ContactTracker) -> Bool {
        members.allSatisfy { member in
            guard member.isAsleep && member.status.isLive else { return true }
            guard member.waitsForFingerChange, case .some(let deadline) = member.knownDeadline.known,
                  deadline.map({ tracker.time < $0 }) ?? true else { return false }
            // Spared, it checks that looking at the frame would have changed nothing.
            return member.process(tracker, fingersChanged: false) == deadline
        }
    }

    /// The earliest deadline of any live member.
    func deadline(in tracker: ContactTracker) -> Timestamp? {
        if case .some(let known) = knownEarliestDeadline.known {
            KnownDeadline.check(known, is: members.filter { $0.status.isLive }.compactMap { $0.root.deadline(in: tracker) }.min())
            return known
        }
        var result: Timestamp?
        let list = members
        list.forEachUnretained { member in
            if member.status.isLive { result = earliest(result, member.deadline(in: tracker)) }
        }
        return knownEarliestDeadline.keep(result)
    }

    /// Makes a member's deadline be asked afresh: the arena drove the member.
    private func forgetDeadline(of member: ArenaMember) {
        member.knownDeadline.forget()
        member.waitsForFingerChange = false
        knownEarliestDeadline.forget()
        asleepUntil.forget()
        changes &+= 1
    }

    /// Makes every member's deadline be asked afresh: something other than a frame drove them all.
    private func forgetDeadlines() {
        let list = members
        list.forEachUnretained { member in
            member.knownDeadline.forget()
            member.waitsForFingerChange = false
        }
        knownEarliestDeadline.forget()
        asleepUntil.forget()
        changes &+= 1
    }

    /// Fires the earliest due deadline, if any is at or before `time`, of every member due then, in the order they
    /// joined, answering claims after each; returns the time it fired at. Members often share a deadline (a landing
    /// window closing for each gesture that waits for more fingers), and they fire in one pass over the members.
    func fireEarliestTimer(upTo time: Timestamp, in tracker: ContactTracker, modifiers: ModifierSet) -> Timestamp? {
        guard let at = deadline(in: tracker), at <= time else { return nil }
        tracker.advanceClock(to: at)
        let list = members
        list.forEachUnretained { member in
            // Asked afresh: an earlier member's timer, or the answers after it, may have decided this one.
            guard member.status.isLive, member.deadline(in: tracker) == at else { return }
            member.root.fireTimer(at: at)
            forgetDeadline(of: member)
            // A recognizer that keeps asking for a time that has passed would stall the host's loop.
            if member.status.isLive, let again = member.deadline(in: tracker), again <= at {
                member.root.fail(.unresolved, at: at)
                forgetDeadline(of: member)
            }
            resolve(at: at, modifiers: modifiers, ignoringBlockers: false)
        }
        return at
    }

    /// After the last finger lifted: closes the arena when everything is decided, or resolves it when
    /// nothing is left to wait for.
    func settleAfterInteraction(at time: Timestamp, in tracker: ContactTracker, modifiers: ModifierSet) {
        defer { forgetDeadlines() }
        if members.contains(where: { $0.status.isUndecided }) {
            guard deadline(in: tracker) == nil else { return }
            resolve(at: time, modifiers: modifiers, ignoringBlockers: true)
            for member in members where member.status.isUndecided { member.root.fail(.unresolved, at: time) }
        }
        if !members.contains(where: { $0.status.isLive }) { close() }
    }

    /// Ends everything in flight: running gestures are cancelled, undecided ones fail.
    func cancelAll(_ reason: FailureReason, at time: Timestamp) {
        defer { forgetDeadlines() }
        for member in members where member.status.isLive { member.root.fail(reason, at: time) }
        close()
    }

    /// Removes an attachment's member, failing or cancelling it first.
    func remove(_ attachment: Attachment, modifiers: ModifierSet, at time: Timestamp) {
        defer { forgetDeadlines() }
        guard let index = members.firstIndex(where: { $0.attachment === attachment }) else { return }
        let member = members[index]
        if member.status.isLive { member.root.fail(.detached, at: time) }
        var list = take(&members), awakeList = take(&awake)
        list.removeAll { $0 === member }
        awakeList.removeAll { $0 === member }
        (members, awake) = (list, awakeList)
        resolve(at: time, modifiers: modifiers, ignoringBlockers: false)
    }

    private func close() {
        var list = take(&members), awakeList = take(&awake)
        list.removeAll(keepingCapacity: true)
        awakeList.removeAll(keepingCapacity: true)
        (members, awake) = (list, awakeList)
        hasAwarded = false
    }

    // MARK: Raw-touch facts

    /// Whether a compositor gesture that competes with clients has won the interaction.
    var compositorOwnsInteraction: Bool {
        hasAwarded && members.containsUnretained {
            $0.hasWon && $0.isCompositorLevel && $0.priority != .simultaneous
                && ($0.status == .active || $0.status == .succeeded)
        }
    }

    /// Whether a compositor gesture that withholds touches is still undecided.
    var isWithholding: Bool {
        members.containsUnretained { $0.withholdsTouches && $0.status.isUndecided }
    }

    // MARK: Resolution

    /// Not inlined: a step's own loop (`process`) runs on every frame, and it resolves only when a member claims.
    @inline(never)
    private func resolve(at time: Timestamp, modifiers: ModifierSet, ignoringBlockers: Bool) {
        while let winner = nextWinner(at: time, ignoringBlockers: ignoringBlockers) {
            award(winner, at: time, modifiers: modifiers)
        }
    }

    /// The best claim that may win now. Claims that lost to a running winner fail on the way.
    private func nextWinner(at time: Timestamp, ignoringBlockers: Bool) -> ArenaMember? {
        let list = members
        // Most steps bring no claim.
        guard list.containsUnretained(where: { $0.isClaiming }) else { return nil }
        if hasAwarded, let loser = list.firstUnretained(where: { $0.isClaiming && hasLost($0, among: list) }) {
            loser.wantsClaim = false
            loser.root.fail(.lostToAnotherGesture, at: time)
            forgetDeadline(of: loser)
            return nextWinner(at: time, ignoringBlockers: ignoringBlockers)
        }
        // Claims are tried best first, and blockers looked for until one is free: usually the first, so that many
        // claims in one step (taps under one finger, all recognized at the lift) cost work in proportion to them.
        defer { list.forEachUnretained { $0.isPassedOver = false } }
        while true {
            var best: ArenaMember?
            list.forEachUnretained { member in
                guard member.isClaiming && !member.isPassedOver else { return }
                if best.map(member.outranks) ?? true { best = member }
            }
            guard let candidate = best else { return nil }
            if ignoringBlockers || !isBlocked(candidate, among: list) { return candidate }
            candidate.isPassedOver = true
        }
    }

    /// Whether a claim came too late: a conflicting member already won, and this one may not take over from it.
    /// Asked only once a member won (`hasAwarded`).
    private func hasLost(_ member: ArenaMember, among list: [ArenaMember]) -> Bool {
        guard let holder = list.firstUnretained(where: { $0.hasWon && $0 !== member && $0.conflicts(with: member) })
        else { return false }
        return !member.mayTakeOver(from: holder)
    }

    private func isBlocked(_ member: ArenaMember, among list: [ArenaMember]) -> Bool {
        list.containsUnretained {
            $0 !== member && $0.status.isUndecided && $0.conflicts(with: member) && $0.blocks(member)
        }
    }

    private func award(_ winner: ArenaMember, at time: Timestamp, modifiers: ModifierSet) {
        // After the answers below, which change the members they reach (a granted sequence starts its second
        // gesture); a member's answer reaches no other member's recognizers.
        defer { forgetDeadline(of: winner) }
        winner.wantsClaim = false
        guard winner.attachment.options.requiredModifiers.isSubset(of: modifiers) else {
            return winner.root.fail(.modifiersNotHeld, at: time)
        }
        let list = members
        list.forEachUnretained { other in
            guard other !== winner && other.conflicts(with: winner) else { return }
            if other.hasWon && other.status == .active {
                other.root.fail(.lostToAnotherGesture, at: time)
                forgetDeadline(of: other)
            } else if other.status.isUndecided && !other.mayTakeOver(from: winner) {
                other.wantsClaim = false
                other.root.fail(.lostToAnotherGesture, at: time)
                forgetDeadline(of: other)
            }
        }
        winner.hasWon = true
        hasAwarded = true
        // The failures above reached the host, whose callback may have decided the winner already: detached
        // it, for one (`NodeStatus`).
        if winner.status == .pending { winner.root.grant(at: time) }
    }
}
