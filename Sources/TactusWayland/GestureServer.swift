// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import TactusCore
import TactusEventLoop

/// What the server needs from the compositor it runs in.
public protocol GestureServerHost: AnyObject {
    /// The rectangles of a `wl_region` resource (surface-local logical pixels), copied when a client sets it.
    func rectangles(ofRegion region: OpaquePointer) -> [Rect]
    /// The server raised a protocol error on a client's object (`interface@id`), which disconnects the client:
    /// for the host's log. The message names the request and says what is wrong.
    func protocolErrorRaised(on object: String, message: String)
    /// The name of the seat a client's `wl_seat` resource stands for (`DeviceDescription.seat` names the seats of
    /// devices), or nil when that seat is gone.
    func seatName(of seat: OpaquePointer) -> String?
}

extension GestureServerHost {
    /// Hosts without a log let protocol errors go unrecorded.
    public func protocolErrorRaised(on object: String, message: String) {}
    /// Hosts of one seat: every `wl_seat` stands for it.
    public func seatName(of seat: OpaquePointer) -> String? { DeviceDescription.defaultSeat }
}

/// The `tactus-gestures-v1` server: the `tactus_gesture_manager_v1` global on a host's `wl_display` and the
/// gesture and exclusion objects clients create. It serves protocol objects only: the engine runs in an
/// `EngineLoop`, which the host feeds input and which routes the updates of the clients' attachments here (the
/// server is their `AttachmentOwner`).
///
/// The host reports surface commits (`surfaceCommitted(_:)`) and asks
/// `excludesCompositorGestures(on:at:surfaceSize:)` in its hit test. A surface's identifier in the engine is
/// `SurfaceID(resource:)` of its `wl_surface`.
///
/// Clients hear only what the host's hit test says is theirs: `SurfaceLocator.surfaces(at:into:)` must report
/// the surface under the point and the surfaces it is nested in (its parents, for subsurfaces) and never a
/// window of another client that the front one hides, and `pointerLocation` must be where the surface with
/// pointer focus is. What the clients' gestures report while the server shuts down (they are cancelled) reaches
/// the engine loop's `onUnownedUpdate`, as updates of attachments the host does not know; it ignores them.
///
/// Everything runs on the display's thread, in the host's calls and the event loop's callbacks. Destroy the
/// server before the display: it removes its global from it.
public final class GestureServer: AttachmentOwner {
    /// Where the clients' gestures are attached.
    public let engineLoop: EngineLoop
    /// The most gesture and exclusion objects one client may have (`too_many_objects` beyond).
    public var objectLimit = 256
    /// The most of a surface's area its exclusion region keeps compositor gestures off, from 0 to 1: the part of a
    /// larger region beyond it is ignored (`excludesCompositorGestures(on:at:surfaceSize:)`), so that a client
    /// cannot turn the compositor's gestures off over a whole fullscreen window, as Android caps its system-gesture
    /// exclusion per edge.
    public var exclusionLimit = GestureServer.defaultExclusionLimit
    /// `exclusionLimit` unless the compositor sets another: half of the surface, counted from its top down.
    public static let defaultExclusionLimit = 0.5

    weak var host: GestureServerHost?
    private let display: OpaquePointer
    private var global: OpaquePointer?
    /// Each surface's gesture objects by number.
    private var gestures: [SurfaceID: [UInt64: GestureObject]] = [:]
    private var nextObjectNumber: UInt64 = 1
    /// The object behind each attachment, the retired ones (replaced by a commit while an interaction runs) too.
    private(set) var gestureOfAttachment: [AttachmentID: GestureObject] = [:]
    private var exclusions: [SurfaceID: [ExclusionObject]] = [:]
    private var objectCounts: [OpaquePointer: Int] = [:]
    /// The gesture objects that sent events in the engine's step under way, whose groups still lack `frame`.
    private var objectsWithOpenGroups: [GestureObject] = []
    /// The seats the host said have neither pointer nor touch, or are gone: objects made for them are inert.
    private var seatsWithoutInput: Set<String> = []

    /// Creates the global on `display`, attaching the clients' gestures through `engineLoop`. The server keeps
    /// `host` weakly (the host owns the server).
    public init(display: OpaquePointer, engineLoop: EngineLoop, host: GestureServerHost) {
        self.display = display
        self.engineLoop = engineLoop
        self.host = host
        // The manager's version in the protocol's XML: the server implements all of it.
        let version = tactus_gesture_manager_v1_interface.version
        global = wl_global_create(display, tactus_gesture_manager_interface(), version,
                                  Unmanaged.passUnretained(self).toOpaque()) { client, data, version, id in
            guard let client, let data else { return }
            Unmanaged<GestureServer>.fromOpaque(data).takeUnretainedValue()
                .bindManager(client: client, version: Int32(version), id: id)
        }
    }

    deinit {
        if let global { wl_global_destroy(global) }
        // The objects cannot reach the server any more (weak references are gone in deinit): detach for them.
        for object in gestures.values.flatMap(\.values) { object.becomeInert() }
        let attachments = gestureOfAttachment.keys
        gestureOfAttachment = [:]
        for id in attachments { engineLoop.detach(id) }
    }

    /// How many gesture and exclusion objects clients hold now.
    public var objectCount: Int { objectCounts.values.reduce(0, +) }

    // MARK: The host's calls

    /// Sends an update of a client's attachment to its gesture object, which leaves the group open until the step
    /// ends.
    public func receive(_ update: GestureUpdate) {
        guard let object = gestureOfAttachment[update.attachment] else { return }
        let wasOpen = object.hasOpenGroup
        object.send(update) { wl_display_next_serial(display) }
        // Listed once, when its first group of the step opens: no search of the list at every update.
        if !wasOpen, object.hasOpenGroup { objectsWithOpenGroups.append(object) }
    }

    /// The engine's step is over: the groups it opened get their `frame`, all values of the input frame sent.
    public func stepEnded() {
        for object in objectsWithOpenGroups { object.closeGroup() }
        objectsWithOpenGroups.removeAll(keepingCapacity: true)
    }

    /// A retired attachment is gone from the engine: so is the server's record of it.
    public func released(_ attachment: AttachmentID) {
        gestureOfAttachment[attachment] = nil
    }

    /// A seat's capabilities changed (`WL_SEAT_CAPABILITY_*`), or the seat is gone (0): gesture objects made for a
    /// seat with neither pointer nor touch become inert for good, as do those made for it until it has one again.
    public func seatCapabilitiesChanged(_ seat: String, capabilities: UInt32) {
        let input = WL_SEAT_CAPABILITY_POINTER.rawValue | WL_SEAT_CAPABILITY_TOUCH.rawValue
        guard capabilities & input == 0 else {
            seatsWithoutInput.remove(seat)
            return
        }
        seatsWithoutInput.insert(seat)
        for objects in gestures.values {
            for object in objects.values where object.seat == seat { object.becomeInert() }
        }
    }

    /// The surface committed its state: pending gesture and exclusion regions take effect, destroyed exclusions
    /// end.
    public func surfaceCommitted(_ surface: OpaquePointer) {
        let id = SurfaceID(resource: surface)
        if let objects = gestures[id] {
            for object in objects.values { object.surfaceCommitted() }
        }
        guard let objects = exclusions[id] else { return }
        let staying = objects.filter { $0.surfaceCommitted() }
        for object in objects where !staying.contains(where: { $0 === object }) { releaseObjectSlot(of: object.client) }
        exclusions[id] = staying.isEmpty ? nil : staying
    }

    /// Whether a surface-local point lies in the part of the surface's committed exclusion region the compositor
    /// honours (up to `exclusionLimit` of the surface's area): the host's hit test reports it as
    /// `SurfaceHit.excludesCompositorGestures`. Without the surface's size, the limit cannot be kept: nothing is
    /// excluded.
    public func excludesCompositorGestures(on surface: SurfaceID, at point: Point, surfaceSize: Size?) -> Bool {
        guard let surfaceSize, surfaceSize.isUsable else { return false }
        let limit = exclusionLimit
        return exclusions[surface]?.contains { $0.excludes(point, onSurfaceOf: surfaceSize, limit: limit) } ?? false
    }

    /// Raises a protocol error on a client's resource (libwayland disconnects the client) and tells the host.
    func postError(_ resource: OpaquePointer, _ code: UInt32, _ message: String) {
        let object = "\(String(cString: wl_resource_get_class(resource)))@\(wl_resource_get_id(resource))"
        Resource.postError(resource, code, message)
        host?.protocolErrorRaised(on: object, message: message)
    }

    // MARK: The manager

    private func bindManager(client: OpaquePointer, version: Int32, id: UInt32) {
        _ = Resource.create(client: client, interface: tactus_gesture_manager_interface(), version: version, id: id,
                            implementation: managerImplementation, owner: ManagerObject(server: self))
    }

    /// Takes one of the client's object slots; raises too_many_objects on the manager when none is left.
    private func takeObjectSlot(of client: OpaquePointer, manager: OpaquePointer) -> Bool {
        let count = objectCounts[client, default: 0]
        guard count < objectLimit else {
            postError(manager, TACTUS_GESTURE_MANAGER_V1_ERROR_TOO_MANY_OBJECTS.rawValue,
                      "a client may have at most \(objectLimit) gesture and exclusion objects")
            return false
        }
        objectCounts[client] = count + 1
        return true
    }

    func releaseObjectSlot(of client: OpaquePointer) {
        let count = objectCounts[client, default: 1] - 1
        objectCounts[client] = count > 0 ? count : nil
    }

    fileprivate func makeGesture(manager: OpaquePointer, id: UInt32, surface: OpaquePointer, seat: OpaquePointer,
                                 kind value: UInt32) {
        guard let client = wl_resource_get_client(manager) else { return }
        let version = wl_resource_get_version(manager)
        guard let kind = GestureKind(number: value), WireValue.since(kind) <= version else {
            return postError(manager, TACTUS_GESTURE_MANAGER_V1_ERROR_INVALID_KIND.rawValue,
                             "get_gesture: kind \(value) is not one of the kind enum of version \(version)")
        }
        guard takeObjectSlot(of: client, manager: manager) else { return }
        // The object follows the seat, not the wl_seat resource: a client that releases that resource keeps its
        // gestures, as it keeps its wl_pointer and wl_touch objects.
        let seatName = host?.seatName(of: seat)
        let object = GestureObject(server: self, number: nextObjectNumber, client: client, surface: surface,
                                   seat: seatName ?? "", kind: kind, version: version)
        nextObjectNumber += 1
        guard let resource = Resource.create(client: client, interface: tactus_gesture_interface(),
                                             version: wl_resource_get_version(manager), id: id,
                                             implementation: gestureImplementation, owner: object) else {
            return releaseObjectSlot(of: client)
        }
        object.bind(to: resource)
        gestures[object.surface, default: [:]][object.number] = object
        if seatName.map(seatsWithoutInput.contains) ?? true { object.becomeInert() }
    }

    fileprivate func makeExclusion(manager: OpaquePointer, id: UInt32, surface: OpaquePointer) {
        guard let client = wl_resource_get_client(manager) else { return }
        // One per surface: a destroyed one that waits for the surface's commit to end does not count.
        guard exclusions[SurfaceID(resource: surface)]?.allSatisfy(\.isWithdrawn) ?? true else {
            return postError(manager, TACTUS_GESTURE_MANAGER_V1_ERROR_EXCLUSION_EXISTS.rawValue,
                             "get_exclusion: wl_surface@\(wl_resource_get_id(surface)) already has an exclusion object")
        }
        guard takeObjectSlot(of: client, manager: manager) else { return }
        let object = ExclusionObject(server: self, client: client, surface: surface)
        guard Resource.create(client: client, interface: tactus_exclusion_interface(),
                              version: wl_resource_get_version(manager), id: id,
                              implementation: exclusionImplementation, owner: object) != nil else {
            return releaseObjectSlot(of: client)
        }
        exclusions[object.surface, default: []].append(object)
    }

    // MARK: Gesture objects

    /// A region a client set, as its host reads it.
    func rectangles(ofRegion region: OpaquePointer) -> [Rect] {
        host?.rectangles(ofRegion: region) ?? []
    }

    func attach(_ object: GestureObject, _ gesture: AnyGesture, options: AttachmentOptions) -> AttachmentID {
        let id = engineLoop.attach(gesture, to: .surface(object.surface), options: options, owner: self)
        gestureOfAttachment[id] = object
        return id
    }

    /// Detaches every attachment of the object, the retired ones too; what they report on the way (a running
    /// gesture is cancelled) goes to the object, which sends it while it is neither inert nor destroyed.
    func releaseAttachments(of object: GestureObject) {
        for (id, owner) in gestureOfAttachment where owner === object {
            // Detached while still known, so that what the gesture reports on the way (cancelled) reaches its object.
            engineLoop.detach(id)
            gestureOfAttachment[id] = nil
        }
    }

    /// Replaces an attachment after a commit: it finishes the interaction it takes part in, if any.
    func retire(_ attachment: AttachmentID) {
        engineLoop.retire(attachment)
    }

    /// The object's resource is gone: so are the relations others had to it, and its slot.
    func forget(_ object: GestureObject) {
        gestures[object.surface]?[object.number] = nil
        if let others = gestures[object.surface] {
            for other in others.values { other.dropRelations(to: object) }
            if others.isEmpty { gestures[object.surface] = nil }
        }
        releaseObjectSlot(of: object.client)
    }

    /// An exclusion whose client destroyed it while nothing of it was in force: it goes at once.
    func removeExclusion(_ object: ExclusionObject) {
        exclusions[object.surface]?.removeAll { $0 === object }
        if exclusions[object.surface]?.isEmpty == true { exclusions[object.surface] = nil }
        releaseObjectSlot(of: object.client)
    }

    /// The surface is gone: its exclusions end; those already destroyed give back their slots now, the others
    /// when their clients destroy them.
    func forgetExclusions(of surface: SurfaceID) {
        for object in exclusions[surface] ?? [] where object.isWithdrawn { releaseObjectSlot(of: object.client) }
        exclusions[surface] = nil
    }

    /// Whether `object`, running with `simultaneous` and requiring the failure of `requirements`, would make a pair
    /// of gestures both run together and wait for one's failure: either may have asked for either relation, and the
    /// engine could not honour both (it would recognize both, where the protocol says the waiting one fails).
    func contradictsRelations(of object: GestureObject, simultaneous: Set<UInt64>,
                              requiring requirements: Set<UInt64>) -> Bool {
        let objects = gestures[object.surface] ?? [:]
        return objects.contains { number, other in
            guard other !== object else { return false }
            let together = simultaneous.contains(number) || other.simultaneous.contains(object.number)
            let waiting = requirements.contains(number) || other.failureRequirements.contains(object.number)
            return together && waiting
        }
    }

    /// Whether `object` requiring the failure of `requirements` would make some gesture wait for itself.
    func closesFailureCycle(from object: GestureObject, requiring requirements: Set<UInt64>) -> Bool {
        let objects = gestures[object.surface] ?? [:]
        var seen: Set<UInt64> = []
        var queue = Array(requirements)
        while let next = queue.popLast() {
            if next == object.number { return true }
            guard seen.insert(next).inserted, let other = objects[next] else { continue }
            queue.append(contentsOf: other.failureRequirements)
        }
        return false
    }

    /// Tells the engine the relations that involve `object`'s new attachment: its own, and those the other
    /// gestures of its surface have to it.
    func applyRelations(of object: GestureObject) {
        guard let id = object.attachment else { return }
        let objects = gestures[object.surface] ?? [:]
        for number in object.failureRequirements {
            if let other = objects[number]?.attachment { engineLoop.engine.requireFailure(of: other, before: id) }
        }
        for number in object.simultaneous {
            if let other = objects[number]?.attachment { engineLoop.engine.recognizeSimultaneously(id, with: other) }
        }
        for other in objects.values where other !== object {
            guard let otherID = other.attachment else { continue }
            if other.failureRequirements.contains(object.number) { engineLoop.engine.requireFailure(of: id, before: otherID) }
            if other.simultaneous.contains(object.number) { engineLoop.engine.recognizeSimultaneously(otherID, with: id) }
        }
    }
}

/// The manager resource's owner: the manager has no state of its own.
private final class ManagerObject: ResourceOwner {
    weak var server: GestureServer?

    init(server: GestureServer) {
        self.server = server
    }

    func resourceDestroyed() {}
}

/// The request handlers of `tactus_gesture_manager_v1`, at a stable address for libwayland.
nonisolated(unsafe) private let managerImplementation: UnsafeMutablePointer<tactus_gesture_manager_v1_interface> = {
    func server(_ resource: OpaquePointer?) -> GestureServer? {
        Resource.owner(of: resource, as: ManagerObject.self)?.server
    }
    let implementation = UnsafeMutablePointer<tactus_gesture_manager_v1_interface>.allocate(capacity: 1)
    implementation.initialize(to: tactus_gesture_manager_v1_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        get_gesture: { _, resource, id, surface, seat, kind in
            guard let resource, let surface, let seat else { return }
            server(resource)?.makeGesture(manager: resource, id: id, surface: surface, seat: seat, kind: kind)
        },
        get_exclusion: { _, resource, id, surface in
            guard let resource, let surface else { return }
            server(resource)?.makeExclusion(manager: resource, id: id, surface: surface)
        }
    ))
    return implementation
}()
