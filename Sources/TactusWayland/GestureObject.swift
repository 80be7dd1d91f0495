// SPDX-License-Identifier: MIT
import CTactusWaylandServer
import TactusCore

/// One `tactus_gesture_v1`: a gesture of one kind on one client surface, its double-buffered parameters and
/// relations, the engine attachment its committed state became, and the events it sends.
///
/// It turns inert, sending nothing and ignoring requests, when its surface goes away or its seat goes or loses its
/// pointer and touch (after cancelling a running gesture), or the server shuts down; it is gone when the client
/// destroys it (or disconnects).
final class GestureObject: ResourceOwner {
    private weak var server: GestureServer?
    let client: OpaquePointer
    private(set) var resource: OpaquePointer?
    let surface: SurfaceID
    let kind: GestureKind
    /// The name of the seat whose devices drive it.
    let seat: String
    /// The server's number for the object, never reused: relations name objects by it.
    let number: UInt64
    private var pending: GestureParameters
    /// The parameters of the last commit: a new region re-attaches with them.
    private var committed: GestureParameters?
    /// The region set since the surface's last commit (`.some(nil)`: the whole surface), and the one in force,
    /// surface-local: the region is the surface's double-buffered state, not the gesture's.
    private var pendingRegion: [Rect]??
    private var region: [Rect]?
    private(set) var isInert = false

    /// The attachment of the last commit. Earlier ones whose interaction still runs (`Engine.retire`) are the
    /// server's to follow until they go.
    private(set) var attachment: AttachmentID?

    /// Relations by object number: requested since the last commit, and in force.
    private var pendingSimultaneous: Set<UInt64> = []
    private var pendingFailureRequirements: Set<UInt64> = []
    /// clear_relations came since the last commit: the commit starts from no relations.
    private var pendingClear = false
    private(set) var simultaneous: Set<UInt64> = []
    private(set) var failureRequirements: Set<UInt64> = []

    /// The serials of began events whose gestures have not ended: one per attachment and device, since a
    /// touchscreen and a touchpad (or an old and a new attachment) may run the object's gesture at once.
    private var runningSerials: [Run: UInt32] = [:]
    private struct Run: Hashable {
        var attachment: AttachmentID
        var device: DeviceID
    }
    private var surfaceListener: Listener?
    /// Whether a group of events went out without its `frame` yet.
    private(set) var hasOpenGroup = false

    init(server: GestureServer, number: UInt64, client: OpaquePointer, surface: OpaquePointer, seat: String,
         kind: GestureKind, version: Int32) {
        self.server = server
        self.number = number
        self.client = client
        self.surface = SurfaceID(resource: surface)
        self.kind = kind
        self.seat = seat
        pending = GestureParameters(kind: kind, version: version)
        surfaceListener = Listener { [unowned self] in becomeInert() }
        surfaceListener?.listen(toDestructionOf: surface)
    }

    func bind(to resource: OpaquePointer) {
        self.resource = resource
    }

    // MARK: Lifetime

    func resourceDestroyed() {
        resource = nil
        becomeInert()
        server?.forget(self)
    }

    /// Stops for good: detaches from the engine and drops its own relations. A running gesture is cancelled, and
    /// the client hears it while its object is there, so that every began it heard ends (the object is gone when
    /// its client destroyed it). Then the object sends nothing more; its resource, if still there, accepts and
    /// ignores requests.
    func becomeInert() {
        guard !isInert else { return }
        server?.releaseAttachments(of: self)
        isInert = true
        surfaceListener = nil
        attachment = nil
        pendingSimultaneous = []
        pendingFailureRequirements = []
        simultaneous = []
        failureRequirements = []
        runningSerials = [:]
    }

    /// Forgets every relation to `other`, which is going away.
    func dropRelations(to other: GestureObject) {
        for set in [\GestureObject.pendingSimultaneous, \.pendingFailureRequirements, \.simultaneous, \.failureRequirements] {
            self[keyPath: set].remove(other.number)
        }
    }

    // MARK: Requests

    /// Applies a parameter request; a rejected value is a protocol error.
    func set(_ change: (inout GestureParameters) -> String?) {
        guard !isInert, let resource else { return }
        if let complaint = change(&pending) {
            server?.postError(resource, TACTUS_GESTURE_V1_ERROR_INVALID_PARAMETER.rawValue, complaint)
        }
    }

    func setRegion(_ region: OpaquePointer?) {
        guard !isInert, let server else { return }
        pendingRegion = .some(region.map { server.rectangles(ofRegion: $0) })
    }

    /// The surface committed its state: a region set since takes effect, through a new attachment if the gesture
    /// was committed (an interaction under way keeps the region it started with).
    func surfaceCommitted() {
        guard !isInert, let newRegion = pendingRegion else { return }
        pendingRegion = nil
        region = newRegion
        if let committed { attach(committed) }
    }

    enum Relation { case simultaneous, failureRequirement }

    func relate(_ relation: Relation, to otherResource: OpaquePointer?) {
        guard !isInert, let resource else { return }
        guard let other = Resource.owner(of: otherResource, as: GestureObject.self), other !== self,
              other.client == client, other.surface == surface else {
            let request = relation == .simultaneous ? "recognize_simultaneously_with" : "require_failure_of"
            server?.postError(resource, TACTUS_GESTURE_V1_ERROR_INVALID_RELATION.rawValue,
                              "\(request): a relation must name another gesture of the same client and surface")
            return
        }
        // An inert gesture takes part in nothing: a relation to it would have no effect.
        guard !other.isInert else { return }
        switch relation {
        case .simultaneous: pendingSimultaneous.insert(other.number)
        case .failureRequirement: pendingFailureRequirements.insert(other.number)
        }
    }

    /// Drops the relations asked for so far, at the next commit; those asked for after this are kept.
    func clearRelations() {
        guard !isInert else { return }
        pendingClear = true
        pendingSimultaneous = []
        pendingFailureRequirements = []
    }

    /// Applies the pending state: a new attachment replaces the old, which finishes its interaction first.
    func commit() {
        guard !isInert, let resource, let server else { return }
        let newSimultaneous = (pendingClear ? [] : simultaneous).union(pendingSimultaneous)
        let newRequirements = (pendingClear ? [] : failureRequirements).union(pendingFailureRequirements)
        guard !server.contradictsRelations(of: self, simultaneous: newSimultaneous, requiring: newRequirements) else {
            return server.postError(resource, TACTUS_GESTURE_V1_ERROR_CONFLICTING_STATE.rawValue,
                                    "commit: two gestures cannot both run together and wait for one's failure, "
                                        + "whichever of them asked for either")
        }
        guard !server.closesFailureCycle(from: self, requiring: newRequirements) else {
            return server.postError(resource, TACTUS_GESTURE_V1_ERROR_CONFLICTING_STATE.rawValue,
                                    "commit: require_failure_of would close a cycle")
        }
        simultaneous = newSimultaneous
        failureRequirements = newRequirements
        pendingSimultaneous = []
        pendingFailureRequirements = []
        pendingClear = false
        committed = pending
        attach(pending)
    }

    /// Attaches the gesture `parameters` describe, in the region in force, in place of the last attachment, which
    /// finishes its interaction first.
    private func attach(_ parameters: GestureParameters) {
        guard let server else { return }
        if let attachment { server.retire(attachment) }
        let options = parameters.options(startingIn: region, seat: seat)
        attachment = server.attach(self, parameters.specification.gesture, options: options)
        server.applyRelations(of: self)
    }

    // MARK: Events

    /// Sends one engine update as a group of events: the phase event and the values. The group stays open, without
    /// its `frame`, until the server closes it where the engine's step ends (`closeGroup`), so that every gesture
    /// of one input frame has sent its values before any sends `frame`; a second group of the same step closes
    /// the first.
    func send(_ update: GestureUpdate, serial: () -> UInt32) {
        guard !isInert, let resource else { return }
        if hasOpenGroup { closeGroup() }
        let time = Resource.milliseconds(update.time)
        hasOpenGroup = true
        // Every began reached the wire with a serial, so an ended or cancelled always finds its own.
        let run = Run(attachment: update.attachment, device: update.device)
        switch update.phase {
        case .began:
            let began = serial()
            runningSerials[run] = began
            tactus_gesture_v1_send_began(resource, began, time)
        case .changed:
            tactus_gesture_v1_send_changed(resource, runningSerials[run] ?? 0, time)
        case .ended:
            tactus_gesture_v1_send_ended(resource, runningSerials.removeValue(forKey: run) ?? 0, time)
        case .cancelled:
            tactus_gesture_v1_send_cancelled(resource, runningSerials.removeValue(forKey: run) ?? 0, time,
                                             WireValue.reason(update.reason))
        case .recognized:
            tactus_gesture_v1_send_recognized(resource, serial(), time)
        case .failed:
            return tactus_gesture_v1_send_failed(resource, time, WireValue.reason(update.reason))
        }
        sendValues(update.values, to: resource)
    }

    /// Sends the `frame` of the open group, if any; an object gone inert since it opened still closes it.
    func closeGroup() {
        guard hasOpenGroup else { return }
        hasOpenGroup = false
        if let resource { tactus_gesture_v1_send_frame(resource) }
    }

    /// Sends the values the gesture's kind has and the client's version knows, each as its event (the protocol has
    /// none for an edge swipe's edge, which the client chose).
    private func sendValues(_ values: GestureValues, to resource: OpaquePointer) {
        let values = values.flat
        if let p = values.location { tactus_gesture_v1_send_location(resource, Resource.fixed(p.x), Resource.fixed(p.y)) }
        if let v = values.translation {
            tactus_gesture_v1_send_translation(resource, Resource.fixed(v.dx), Resource.fixed(v.dy))
        }
        if let v = values.velocity { tactus_gesture_v1_send_velocity(resource, Resource.fixed(v.dx), Resource.fixed(v.dy)) }
        if let scale = values.scale { tactus_gesture_v1_send_scale(resource, Resource.fixed(scale)) }
        if let rotation = values.rotation { tactus_gesture_v1_send_rotation(resource, Resource.fixed(rotation)) }
        if let count = values.count { tactus_gesture_v1_send_count(resource, UInt32(clamping: count)) }
        if let direction = values.direction { tactus_gesture_v1_send_direction(resource, WireValue.direction(direction)) }
        if let progress = values.progress { tactus_gesture_v1_send_progress(resource, Resource.fixed(progress)) }
        if let fingers = values.fingers { tactus_gesture_v1_send_fingers(resource, UInt32(clamping: fingers)) }
        // Version 1 has no start events: a client bound at it may not know them (libwayland ends its connection then).
        if wl_resource_get_version(resource) >= TACTUS_GESTURE_V1_START_LOCATION_SINCE_VERSION {
            if let p = values.startLocation {
                tactus_gesture_v1_send_start_location(resource, Resource.fixed(p.x), Resource.fixed(p.y))
            }
            if let a = values.startAnchor {
                tactus_gesture_v1_send_start_anchor(resource, Resource.unitFraction(a.x), Resource.unitFraction(a.y))
            }
        }
    }
}

/// The request handlers of `tactus_gesture_v1`, at a stable address for libwayland.
nonisolated(unsafe) let gestureImplementation: UnsafeMutablePointer<tactus_gesture_v1_interface> = {
    func object(_ resource: OpaquePointer?) -> GestureObject? { Resource.owner(of: resource, as: GestureObject.self) }
    /// A set_* request for one of the specification's parameters.
    func set(_ resource: OpaquePointer?, _ request: String, _ parameter: GestureParameter,
             _ change: @escaping (inout GestureSpecification) -> Void) {
        object(resource)?.set { $0.set(request, parameter, change) }
    }
    let implementation = UnsafeMutablePointer<tactus_gesture_v1_interface>.allocate(capacity: 1)
    implementation.initialize(to: tactus_gesture_v1_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        set_fingers: { _, resource, value in set(resource, "set_fingers", .fingers) { $0.fingers = Int(value) } },
        set_tap_count: { _, resource, value in set(resource, "set_tap_count", .count) { $0.count = Int(value) } },
        set_distance: { _, resource, value in
            set(resource, "set_distance", .distance) { $0.distance = wl_fixed_to_double(value) }
        },
        set_duration: { _, resource, value in set(resource, "set_duration", .duration) { $0.duration = Int(value) } },
        set_scale_delta: { _, resource, value in
            set(resource, "set_scale_delta", .scaleDelta) { $0.scaleDelta = wl_fixed_to_double(value) }
        },
        set_angle_delta: { _, resource, value in
            set(resource, "set_angle_delta", .angleDelta) { $0.angleDelta = wl_fixed_to_double(value) }
        },
        set_directions: { _, resource, value in object(resource)?.set { $0.setDirections(value) } },
        set_edge: { _, resource, value in object(resource)?.set { $0.setEdge(value) } },
        set_region: { _, resource, region in object(resource)?.setRegion(region) },
        set_priority: { _, resource, value in object(resource)?.set { $0.setPriority(value) } },
        recognize_simultaneously_with: { _, resource, other in object(resource)?.relate(.simultaneous, to: other) },
        require_failure_of: { _, resource, other in object(resource)?.relate(.failureRequirement, to: other) },
        commit: { _, resource in object(resource)?.commit() },
        clear_relations: { _, resource in object(resource)?.clearRelations() }
    ))
    return implementation
}()
