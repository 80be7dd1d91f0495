// SPDX-License-Identifier: MIT
/// What is driving a device's current interaction.
enum InputSource: Hashable {
    case none
    /// Contacts on a touchscreen.
    case touchscreen
    /// libinput's touchpad swipe stream.
    case touchpadSwipe
    /// libinput's touchpad pinch stream.
    case touchpadPinch
    /// libinput's touchpad hold stream.
    case touchpadHold
}

/// One finger on a touchscreen, in millimetres in the output's orientation.
struct Contact {
    var id: ContactID
    var downTime: Timestamp
    var start: Point
    var position: Point
    /// Where the contact was when the last frame was recognized.
    var previous: Point
    /// The farthest the contact has been from `start`.
    var travel: Double
    var isNew: Bool
    var isLifting: Bool
}

/// The fingers of one device and the motion of the group they form, shared by every recognizer on it.
///
/// All recognizers of a device see the same contacts, so the group's motion is worked out once per frame:
/// translation is the mean displacement of the contacts present in both this frame and the last, scale
/// and rotation are the least-squares similarity between their positions around their centroid then and
/// now. Measuring only the contacts present on both sides of a frame makes the values robust to fingers
/// landing late or lifting early: nothing jumps when the set of fingers changes. Touchpad gesture streams
/// feed the same cumulative values (their scale and angle come from libinput), so recognizers treat both
/// sources alike.
final class ContactTracker {
    private(set) var device: DeviceDescription
    private(set) var geometry: DeviceGeometry

    /// The fingers down, and those lifting until the next frame, in the order they landed: a view of the tracker's
    /// own storage, to be read at once (the next touch event changes it).
    var contacts: UnsafeBufferPointer<Contact> { UnsafeBufferPointer(rebasing: contactSlots.slots[..<contactCount]) }
    /// Room for a contact per slot of the device; the first `contactCount` are the contacts.
    private let contactSlots: FixedCapacityBuffer<Contact>
    private var contactCount = 0
    private(set) var source: InputSource = .none
    private(set) var time = Timestamp.zero
    /// Fingers down now (for touchpad streams, the stream's finger count until it ends).
    private(set) var fingerCount = 0
    /// Fingers that landed or lifted since the last frame.
    private(set) var landed = 0
    private(set) var lifted = 0
    /// The most fingers down at once since the interaction began.
    private(set) var peakFingerCount = 0
    /// When the interaction's first finger landed.
    private(set) var interactionStart = Timestamp.zero
    /// Where the interaction's first finger landed, in output millimetres.
    private(set) var firstContactStart = Point.zero
    /// The farthest any finger of the interaction has travelled from where it landed, in millimetres.
    private(set) var maximumTravel = 0.0
    /// Cumulative group motion since the interaction began.
    private(set) var translation = Vector.zero
    private(set) var magnification = 1.0
    private(set) var rotation = 0.0
    /// The centroid of the fingers down, in output millimetres (touchpads: the translation so far).
    private(set) var centroid = Point.zero
    /// Rates at the last frame that moved the group: layout pixels per second, magnification per second,
    /// degrees per second. Fitted when first asked after that frame: on most frames no recognizer asks.
    var velocity: Vector {
        if let fittedVelocity { return fittedVelocity }
        let rate = history.translationVelocity(at: ratesTime)
        fittedVelocity = rate
        return rate
    }
    var magnificationVelocity: Double { magnificationAndRotationVelocities.magnification }
    var rotationVelocity: Double { magnificationAndRotationVelocities.rotation }
    private var fittedVelocity: Vector?
    private var fittedMagnificationAndRotationVelocities: (magnification: Double, rotation: Double)?
    /// When the group last moved: the time the rates are fitted at.
    private var ratesTime = Timestamp.zero
    /// Whether touch events arrived that no frame has recognized yet.
    private(set) var hasUnframedChanges = false
    /// Where a touchpad stream's values are anchored in the layout: the pointer when it began.
    private var touchpadAnchor = Point.zero
    private let history = MotionHistory()

    init(_ device: DeviceDescription) {
        self.device = device
        geometry = DeviceGeometry(device)
        let unused = Contact(id: 0, downTime: .zero, start: .zero, position: .zero, previous: .zero, travel: 0,
                             isNew: false, isLifting: false)
        contactSlots = FixedCapacityBuffer(repeating: unused, count: max(device.slotLimit, 1))
    }

    /// The device moved to another output region or transform (`DeviceDescription.isMove(of:)`): the contacts stay,
    /// and events are mapped the new way from the next one on.
    func move(_ moved: DeviceDescription) {
        device = moved
        geometry = DeviceGeometry(moved)
    }

    // MARK: Values in layout pixels

    /// The centroid of the fingers in layout pixels (touchpads: the pointer moved by the translation).
    var centroidInLayout: Point {
        source == .touchscreen
            ? geometry.layoutPoint(forMillimetres: centroid)
            : touchpadAnchor + geometry.pixels(forMillimetres: translation)
    }

    /// A point given in output millimetres, in layout pixels.
    func layoutPoint(forMillimetres p: Point) -> Point {
        source == .touchscreen
            ? geometry.layoutPoint(forMillimetres: p)
            : touchpadAnchor + geometry.pixels(forMillimetres: p - .zero)
    }

    /// Whether fingers are down or a touchpad stream is running.
    var isInteracting: Bool { fingerCount > 0 || landed > 0 || lifted > 0 }

    /// When the latest of the fingers down landed; nil when none is down.
    var latestLanding: Timestamp? {
        var latest: Timestamp?
        for contact in contacts { latest = max(latest ?? contact.downTime, contact.downTime) }
        return latest
    }

    /// Moves the tracker's clock to `now` outside a frame: when an interaction opens, or a timer fires,
    /// so that recognizers starting or deciding then measure from the right time.
    func advanceClock(to now: Timestamp) {
        time = max(time, now)
    }

    // MARK: Touchscreen contacts

    enum DownOutcome { case added, duplicate, overLimit }

    /// Registers a landing finger. The first finger of an interaction resets the group's motion.
    func touchDown(_ id: ContactID, at normalized: Point, time now: Timestamp) -> DownOutcome {
        let position = geometry.millimetres(atOutput: device.transform.apply(clamped(normalized)))
        let list = contactSlots.slots
        if let index = indexOfContact(id) {
            list[index].position = position
            hasUnframedChanges = true
            return .duplicate
        }
        guard contactCount < device.slotLimit, contactCount < list.count else { return .overLimit }
        if contactCount == 0 && landed == 0 {
            firstContactStart = position
            centroid = position
        }
        list[contactCount] = Contact(id: id, downTime: now, start: position, position: position, previous: position,
                                     travel: 0, isNew: true, isLifting: false)
        contactCount += 1
        landed += 1
        hasUnframedChanges = true
        return .added
    }

    /// Moves a finger; false when no such finger is down.
    func touchMotion(_ id: ContactID, to normalized: Point) -> Bool {
        guard let index = indexOfContact(id) else { return false }
        let list = contactSlots.slots
        let position = geometry.millimetres(atOutput: device.transform.apply(clamped(normalized)))
        list[index].position = position
        list[index].travel = max(list[index].travel, (position - list[index].start).length)
        maximumTravel = max(maximumTravel, list[index].travel)
        hasUnframedChanges = true
        return true
    }

    /// Lifts a finger; false when no such finger is down.
    func touchUp(_ id: ContactID) -> Bool {
        guard let index = indexOfContact(id) else { return false }
        contactSlots.slots[index].isLifting = true
        lifted += 1
        hasUnframedChanges = true
        return true
    }

    /// Whether a position lies outside the device (it will be clamped).
    static func isOutsideDevice(_ p: Point) -> Bool { p.x < 0 || p.x > 1 || p.y < 0 || p.y > 1 }

    private func clamped(_ p: Point) -> Point {
        Point(x: min(max(p.x, 0), 1), y: min(max(p.y, 0), 1))
    }

    /// Where the finger `id`, still down, is among the contacts.
    private func indexOfContact(_ id: ContactID) -> Int? {
        let list = contactSlots.slots
        for i in 0..<contactCount where list[i].id == id && !list[i].isLifting { return i }
        return nil
    }

    // MARK: Frames

    /// Works out the group's motion over the contacts present on both sides of this frame.
    /// The contacts then become the reference for the next frame, and lifted ones are forgotten.
    func recognizeFrame(at now: Timestamp) {
        time = now
        let list = contacts
        var persistent = 0.0
        var previousCentroid = Point.zero, currentCentroid = Point.zero
        var downCentroid = Point.zero
        var down = 0
        for c in list {
            if !c.isLifting {
                down += 1
                downCentroid.x += c.position.x
                downCentroid.y += c.position.y
            }
            guard !c.isNew else { continue }
            persistent += 1
            previousCentroid.x += c.previous.x; previousCentroid.y += c.previous.y
            currentCentroid.x += c.position.x; currentCentroid.y += c.position.y
        }
        if persistent > 0 {
            previousCentroid = Point(x: previousCentroid.x / persistent, y: previousCentroid.y / persistent)
            currentCentroid = Point(x: currentCentroid.x / persistent, y: currentCentroid.y / persistent)
            translation += currentCentroid - previousCentroid
        }
        if persistent >= 2 { accumulateSpanAndAngle(of: list, from: previousCentroid, to: currentCentroid) }
        // The lifted contacts go; the others keep their order.
        let slots = contactSlots.slots
        var kept = 0
        for i in 0..<contactCount where !slots[i].isLifting {
            slots[kept] = slots[i]
            slots[kept].previous = slots[kept].position
            slots[kept].isNew = false
            kept += 1
        }
        contactCount = kept
        if down > 0 { centroid = Point(x: downCentroid.x / Double(down), y: downCentroid.y / Double(down)) }
        fingerCount = down
        peakFingerCount = max(peakFingerCount, down)
        recordMotion()
        hasUnframedChanges = false
    }

    /// Scale and rotation of the persistent contacts around their centroid: the least-squares similarity.
    private func accumulateSpanAndAngle(of list: UnsafeBufferPointer<Contact>, from previousCentroid: Point,
                                        to currentCentroid: Point) {
        var spanBefore = 0.0, spanAfter = 0.0, dot = 0.0, cross = 0.0
        for c in list where !c.isNew {
            let p = c.previous - previousCentroid
            let q = c.position - currentCentroid
            spanBefore += p.length
            spanAfter += q.length
            dot += p.dx * q.dx + p.dy * q.dy
            cross += p.dx * q.dy - p.dy * q.dx
        }
        // Fingers closer than a millimetre on average give angles and ratios that are mostly noise.
        guard spanBefore >= 1, spanAfter > 0 else { return }
        magnification *= spanAfter / spanBefore
        rotation += angleInDegrees(y: cross, x: dot)
    }

    /// Ends a step once the recognizers have seen it: the fingers that landed or lifted in it are counted no more.
    func finishStep() {
        landed = 0
        lifted = 0
        if source == .touchscreen && contactCount == 0 { source = .none }
        if source != .touchscreen && fingerCount == 0 { source = .none }
    }

    /// Drops every contact without a frame (touch cancel, device removal).
    func forgetAllContacts() {
        contactCount = 0
        fingerCount = 0
        landed = 0
        lifted = 0
        hasUnframedChanges = false
        source = .none
    }

    // MARK: Touchpad streams

    /// Starts a libinput touchpad gesture stream as an interaction of `fingers` fingers.
    func beginTouchpadStream(fingers: Int, anchor: Point, time now: Timestamp) {
        touchpadAnchor = anchor.isFinite ? anchor : .zero
        landed = fingers
        fingerCount = fingers
        peakFingerCount = fingers
        recordMotion()
    }

    /// Moves a touchpad stream: `delta` millimetres, absolute `scale`, `angleDelta` degrees clockwise.
    func updateTouchpadStream(delta: Vector, scale: Double?, angleDelta: Double, time now: Timestamp) {
        time = now
        landed = 0
        translation += delta
        centroid = Point.zero + translation
        maximumTravel = max(maximumTravel, translation.length)
        if let scale { magnification = scale }
        rotation += angleDelta
        recordMotion()
    }

    /// Ends a touchpad stream: every finger lifts.
    func endTouchpadStream(time now: Timestamp) {
        time = now
        landed = 0
        lifted = fingerCount
        fingerCount = 0
        recordMotion()
    }

    // MARK: Interaction bookkeeping

    /// Starts an interaction: the group's motion, travel and finger counts begin again from nothing. Called
    /// before the arena opens, so that recognizers starting in it take their baselines from a clean slate.
    func beginInteraction(_ newSource: InputSource, at now: Timestamp) {
        source = newSource
        time = max(time, now)
        interactionStart = now
        firstContactStart = .zero
        maximumTravel = 0
        translation = .zero
        magnification = 1
        rotation = 0
        centroid = .zero
        peakFingerCount = 0
        history.removeAll()
        fittedVelocity = nil
        fittedMagnificationAndRotationVelocities = nil
    }

    private func recordMotion() {
        history.record(time: time, translation: geometry.pixels(forMillimetres: translation),
                       magnification: magnification, rotation: rotation)
        ratesTime = time
        fittedVelocity = nil
        fittedMagnificationAndRotationVelocities = nil
    }

    private var magnificationAndRotationVelocities: (magnification: Double, rotation: Double) {
        if let fittedMagnificationAndRotationVelocities { return fittedMagnificationAndRotationVelocities }
        let rates = history.magnificationAndRotationVelocities(at: ratesTime)
        fittedMagnificationAndRotationVelocities = rates
        return rates
    }
}
