import CTactusWaylandServer
import TactusCore

/// What the server needs from the compositor it runs in.
public protocol GestureServerHost: AnyObject {
    /// The rectangles of a `wl_region` resource (surface-local logical pixels), copied when a client sets it.
    func rectangles(ofRegion region: OpaquePointer) -> [Rect]
}

/// The `tactus-gestures-v1` server: the `tactus_gesture_manager_v1` global on a host's `wl_display`, the
/// gesture and exclusion objects clients create, and the engine they are attached to.
///
/// The host feeds input through `handle(_:at:)`, which keeps the engine's deadlines on a timer of the
/// display's event loop, routes every engine update through `deliver(_:)` (which takes the ones that belong
/// to clients), reports surface commits (`surfaceCommitted(_:)`) and asks `excludesCompositorGestures(on:at:)`
/// in its hit test. A surface's identifier in the engine is `SurfaceID(resource:)` of its `wl_surface`.
///
/// Everything runs on the display's thread, in the host's calls and the event loop's callbacks.
public final class GestureServer {
    /// The engine the clients' gestures are attached to.
    public let engine: Engine
    /// The most gesture and exclusion objects one client may have (`too_many_objects` beyond).
    public var objectLimit = 256

    weak var host: GestureServerHost?
    private let display: OpaquePointer
    private var global: OpaquePointer?
    private var timer: EngineTimer?
    private var gestures: [SurfaceID: [GestureObject]] = [:]
    private var gestureOfAttachment: [AttachmentID: GestureObject] = [:]
    private var exclusions: [SurfaceID: [ExclusionObject]] = [:]
    private var objectCounts: [OpaquePointer: Int] = [:]

    /// Creates the global on `display`. `clock` reads the input clock (CLOCK_MONOTONIC, as libinput's
    /// and wlroots' event times) for the engine's timers.
    public init(display: OpaquePointer, engine: Engine, host: GestureServerHost,
                clock: @escaping () -> Timestamp = EngineTimer.monotonicNow) {
        self.display = display
        self.engine = engine
        self.host = host
        timer = EngineTimer(loop: wl_display_get_event_loop(display), engine: engine, clock: clock)
        global = wl_global_create(display, tactus_gesture_manager_interface(), 1,
                                  Unmanaged.passUnretained(self).toOpaque()) { client, data, version, id in
            guard let client, let data else { return }
            Unmanaged<GestureServer>.fromOpaque(data).takeUnretainedValue()
                .bindManager(client: client, version: Int32(version), id: id)
        }
    }

    deinit {
        if let global { wl_global_destroy(global) }
        for object in gestures.values.joined() { object.becomeInert() }
    }

    /// How many gesture and exclusion objects clients hold now.
    public var objectCount: Int { objectCounts.values.reduce(0, +) }

    // MARK: The host's calls

    /// Hands an input event to the engine and re-arms the timer for its next deadline.
    public func handle(_ event: InputEvent, at time: Timestamp) {
        engine.handle(event, at: time)
        timer?.rearm()
    }

    /// Fires the engine's deadlines up to `time` and re-arms the timer.
    public func advance(to time: Timestamp) {
        engine.advance(to: time)
        timer?.rearm()
    }

    /// Sends an engine update to the client whose gesture it is. Returns false for updates of attachments
    /// the server did not make (the host's own bindings), which the host handles itself.
    @discardableResult
    public func deliver(_ update: GestureUpdate) -> Bool {
        guard let object = gestureOfAttachment[update.attachment] else { return false }
        object.send(update) { wl_display_next_serial(display) }
        return true
    }

    /// The surface committed its state: pending exclusion regions take effect.
    public func surfaceCommitted(_ surface: OpaquePointer) {
        let id = SurfaceID(resource: surface)
        guard let objects = exclusions[id] else { return }
        for object in objects { object.surfaceCommitted() }
        exclusions[id] = objects.filter { !$0.isWithdrawn }
    }

    /// Whether a surface-local point lies in the surface's committed exclusion region: the host's hit test
    /// reports it as `SurfaceHit.excludesCompositorGestures`.
    public func excludesCompositorGestures(on surface: SurfaceID, at point: Point) -> Bool {
        exclusions[surface]?.contains { $0.excludes(point) } ?? false
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
            Resource.postError(manager, TACTUS_GESTURE_MANAGER_V1_ERROR_TOO_MANY_OBJECTS.rawValue,
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
        let client = wl_resource_get_client(manager)!
        guard let kind = WireValue.kind(value) else {
            return Resource.postError(manager, TACTUS_GESTURE_MANAGER_V1_ERROR_INVALID_KIND.rawValue,
                                      "kind \(value) is not one of the kind enum")
        }
        guard takeObjectSlot(of: client, manager: manager) else { return }
        let object = GestureObject(server: self, client: client, surface: surface, seat: seat, kind: kind)
        guard let resource = Resource.create(client: client, interface: tactus_gesture_interface(),
                                             version: wl_resource_get_version(manager), id: id,
                                             implementation: gestureImplementation, owner: object) else {
            return releaseObjectSlot(of: client)
        }
        object.bind(to: resource)
        gestures[object.surface, default: []].append(object)
    }

    fileprivate func makeExclusion(manager: OpaquePointer, id: UInt32, surface: OpaquePointer) {
        let client = wl_resource_get_client(manager)!
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
        let id = engine.attach(gesture, to: .surface(object.surface), options: options)
        gestureOfAttachment[id] = object
        return id
    }

    /// Detaches an attachment the server made; what it still reports goes nowhere.
    func release(_ attachment: AttachmentID) {
        engine.detach(attachment)
        gestureOfAttachment[attachment] = nil
        timer?.rearm()
    }

    /// The object's resource is gone.
    func forget(_ object: GestureObject) {
        gestures[object.surface]?.removeAll { $0 === object }
        if gestures[object.surface]?.isEmpty == true { gestures[object.surface] = nil }
        releaseObjectSlot(of: object.client)
    }

    func dropRelations(to object: GestureObject) {
        for other in gestures[object.surface] ?? [] where other !== object { other.dropRelations(to: object) }
    }

    func forgetExclusions(of surface: SurfaceID) {
        exclusions[surface] = nil
    }

    private func gesture(_ identifier: ObjectIdentifier, on surface: SurfaceID) -> GestureObject? {
        gestures[surface]?.first { $0.identifier == identifier }
    }

    /// Whether `object` requiring the failure of `requirements` would make some gesture wait for itself.
    func closesFailureCycle(from object: GestureObject, requiring requirements: Set<ObjectIdentifier>) -> Bool {
        var seen: Set<ObjectIdentifier> = []
        var queue = Array(requirements)
        while let next = queue.popLast() {
            if next == object.identifier { return true }
            guard seen.insert(next).inserted, let other = gesture(next, on: object.surface) else { continue }
            queue.append(contentsOf: other.failureRequirements)
        }
        return false
    }

    /// Tells the engine the committed relations among a surface's gestures (the engine keeps them in sets,
    /// so telling twice is harmless).
    func applyRelations(on surface: SurfaceID) {
        for object in gestures[surface] ?? [] {
            guard let id = object.attachment else { continue }
            for other in object.failureRequirements {
                if let otherID = gesture(other, on: surface)?.attachment { engine.requireFailure(of: otherID, before: id) }
            }
            for other in object.simultaneous {
                if let otherID = gesture(other, on: surface)?.attachment { engine.recognizeSimultaneously(id, with: otherID) }
            }
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
