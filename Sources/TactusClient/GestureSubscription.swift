// SPDX-License-Identifier: MIT
internal import CTactusWaylandClient
import TactusPlatform
import TactusCore

/// One gesture object on a surface.
///
/// The compositor's events arrive during the connection's dispatch, one `GestureEvent` per group (a phase event,
/// its values and `frame`): first to `onEvent`, then to the handler of the event's phase. The groups of one input
/// frame arrive together, once the last of them is complete (`GestureClient.onFrame`). Nothing arrives once the
/// subscription is destroyed. A handler that captures its subscription keeps it alive until `destroy()`.
public final class GestureSubscription: ConnectionChild {
    /// The gesture asked for; nil for an object made with a raw kind outside the kind enum.
    public let gesture: RemoteGesture?
    /// Receives every event.
    public var onEvent: ((GestureEvent) -> Void)?
    /// Receives began events.
    public var onBegan: ((GestureEvent) -> Void)?
    /// Receives changed events.
    public var onChanged: ((GestureEvent) -> Void)?
    /// Receives ended events.
    public var onEnded: ((GestureEvent) -> Void)?
    /// Receives cancelled events.
    public var onCancelled: ((GestureEvent) -> Void)?
    /// Receives recognized events.
    public var onRecognized: ((GestureEvent) -> Void)?
    /// Receives failed events.
    public var onFailed: ((GestureEvent) -> Void)?
    /// Whether the object was destroyed, or never made because the manager was already destroyed.
    public private(set) var isDestroyed: Bool

    private let connection: WaylandConnection
    /// The `tactus_gesture_v1`, until it is freed.
    private var proxy: OpaquePointer?
    /// The event of the group being received, gathering its values until `frame`.
    private var pending: GestureEvent? {
        didSet { if oldValue != nil, pending == nil, !isClosingGroup { connection.inputFrameGroups.abandon() } }
    }
    /// Set while `frame` hands the pending event on, so that clearing it does not count as abandoning it.
    private var isClosingGroup = false

    init(gesture: RemoteGesture?, proxy: OpaquePointer?, connection: WaylandConnection) {
        self.gesture = gesture
        self.proxy = proxy
        self.connection = connection
        isDestroyed = proxy == nil
        if let proxy { tactus_gesture_v1_add_listener(proxy, gestureListener, Unmanaged.passUnretained(self).toOpaque()) }
        connection.adopt(self)
    }

    deinit { destroy() }

    /// Asks that this gesture run alongside `other` instead of competing with it; applies at `commit()`.
    public func recognizeSimultaneously(with other: GestureSubscription) {
        guard let proxy = liveProxy, let otherProxy = other.wireProxy else { return }
        tactus_gesture_v1_recognize_simultaneously_with(proxy, otherProxy)
    }

    /// Asks that this gesture wait for `other` to fail before it begins or is recognized; applies at `commit()`.
    public func requireFailure(of other: GestureSubscription) {
        guard let proxy = liveProxy, let otherProxy = other.wireProxy else { return }
        tactus_gesture_v1_require_failure_of(proxy, otherProxy)
    }

    /// Drops, at `commit()`, the relations this gesture asked for so far (those asked for after this call stay);
    /// relations other gestures asked for with it stay until they clear them.
    public func clearRelations() {
        if let proxy = liveProxy { tactus_gesture_v1_clear_relations(proxy) }
    }

    /// Limits the gesture to interactions that start in `rectangles` (surface-local pixels; nil: the whole
    /// surface). The region is the surface's state: it takes effect at the surface's next `wl_surface.commit`,
    /// not at `commit()`.
    public func setRegion(_ rectangles: [Rect]?) {
        guard let proxy = liveProxy else { return }
        connection.withRegion(rectangles) { tactus_gesture_v1_set_region(proxy, $0) }
    }

    /// Applies the parameters and relations sent since the last commit.
    public func commit() {
        if let proxy = liveProxy { send(.commit, to: proxy) }
    }

    /// Destroys the gesture object; a running gesture ends without further events. Calling it again does nothing.
    public func destroy() {
        defer { (proxy, pending, isDestroyed) = (nil, nil, true) }
        guard let proxy, connection.isConnected else { return }
        if isDestroyed {
            wl_proxy_destroy(proxy)  // `destroyKeepingProxy()` already sent the destructor.
        } else {
            tactus_gesture_v1_destroy(proxy)
        }
    }

    func connectionWillClose() {
        if let proxy { wl_proxy_destroy(proxy) }
        (proxy, pending, isDestroyed) = (nil, nil, true)
    }

    /// Sends `request` as given, without any check and even after `destroyKeepingProxy()`: for testing how the
    /// compositor handles misbehaving clients.
    @_spi(Testing) public func sendRaw(_ request: RawRequest) {
        if let proxy = wireProxy { send(request, to: proxy) }
    }

    /// Sends the destructor but keeps the proxy, so that `sendRaw(_:)` and the relation requests of other
    /// subscriptions can still name the dead object: for testing how the compositor handles misbehaving clients.
    @_spi(Testing) public func destroyKeepingProxy() {
        guard let proxy = liveProxy else { return }
        wl_proxy_marshal_array_flags(proxy, UInt32(TACTUS_GESTURE_V1_DESTROY), nil, wl_proxy_get_version(proxy), 0, nil)
        isDestroyed = true
        pending = nil
    }

    /// Sends the parameters `gesture` gives.
    func apply(_ gesture: RemoteGesture) {
        guard let proxy = liveProxy else { return }
        for request in gesture.parameterRequests { send(request, to: proxy) }
        if let region = gesture.region { setRegion(region) }
    }

    /// The proxy while requests can name it: the connection is open and the proxy not freed.
    private var wireProxy: OpaquePointer? { connection.isConnected ? proxy : nil }

    /// The proxy while the object is alive.
    private var liveProxy: OpaquePointer? { isDestroyed ? nil : wireProxy }

    private func send(_ request: RawRequest, to proxy: OpaquePointer) {
        switch request {
        case .setFingers(let fingers): tactus_gesture_v1_set_fingers(proxy, fingers)
        case .setTapCount(let count): tactus_gesture_v1_set_tap_count(proxy, count)
        case .setDistance(let millimetres): tactus_gesture_v1_set_distance(proxy, wl_fixed_from_double(millimetres))
        case .setDuration(let milliseconds): tactus_gesture_v1_set_duration(proxy, milliseconds)
        case .setScaleDelta(let delta): tactus_gesture_v1_set_scale_delta(proxy, wl_fixed_from_double(delta))
        case .setAngleDelta(let degrees): tactus_gesture_v1_set_angle_delta(proxy, wl_fixed_from_double(degrees))
        case .setDirections(let directions): tactus_gesture_v1_set_directions(proxy, directions)
        case .setEdge(let edge): tactus_gesture_v1_set_edge(proxy, edge)
        case .setPriority(let priority): tactus_gesture_v1_set_priority(proxy, priority)
        case .commit: tactus_gesture_v1_commit(proxy)
        }
    }

    /// Starts the group that a phase event opens.
    fileprivate func startGroup(_ phase: GesturePhase, time: UInt32, serial: UInt32? = nil, reason: UInt32? = nil) {
        guard !isDestroyed else { return }
        if pending == nil { connection.inputFrameGroups.opened() }
        pending = GestureEvent(phase: phase, time: time, serial: serial, reason: reason.flatMap(FailureReason.init(wireValue:)))
    }

    /// Records a value event in the group being received.
    fileprivate func gather(_ record: (inout GestureEvent) -> Void) {
        guard !isDestroyed, var event = pending else { return }
        record(&event)
        pending = event
    }

    /// Closes the group: its event is delivered with the other groups of the input frame.
    fileprivate func endGroup() {
        guard !isDestroyed, let event = pending else { return }
        isClosingGroup = true
        pending = nil
        isClosingGroup = false
        connection.inputFrameGroups.close(event, of: self)
    }

    /// Hands a closed group's event to the handlers, unless a handler of its input frame destroyed the subscription.
    func deliver(_ event: GestureEvent) {
        guard !isDestroyed else { return }
        onEvent?(event)
        // `onEvent` may have destroyed the subscription.
        guard !isDestroyed else { return }
        handler(of: event.phase)?(event)
    }

    private func handler(of phase: GesturePhase) -> ((GestureEvent) -> Void)? {
        switch phase {
        case .began: onBegan
        case .changed: onChanged
        case .ended: onEnded
        case .cancelled: onCancelled
        case .recognized: onRecognized
        case .failed: onFailed
        }
    }
}

private func subscription(_ data: UnsafeMutableRawPointer?) -> GestureSubscription? {
    data.map { Unmanaged<GestureSubscription>.fromOpaque($0).takeUnretainedValue() }
}

private nonisolated(unsafe) let gestureListener = permanent(tactus_gesture_v1_listener(
    began: { data, _, serial, time in subscription(data)?.startGroup(.began, time: time, serial: serial) },
    changed: { data, _, serial, time in subscription(data)?.startGroup(.changed, time: time, serial: serial) },
    ended: { data, _, serial, time in subscription(data)?.startGroup(.ended, time: time, serial: serial) },
    cancelled: { data, _, serial, time, reason in
        subscription(data)?.startGroup(.cancelled, time: time, serial: serial, reason: reason)
    },
    recognized: { data, _, serial, time in subscription(data)?.startGroup(.recognized, time: time, serial: serial) },
    failed: { data, _, time, reason in subscription(data)?.startGroup(.failed, time: time, reason: reason) },
    location: { data, _, x, y in
        subscription(data)?.gather { $0.location = Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)) }
    },
    translation: { data, _, dx, dy in
        subscription(data)?.gather { $0.translation = Vector(dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy)) }
    },
    velocity: { data, _, vx, vy in
        subscription(data)?.gather { $0.velocity = Vector(dx: wl_fixed_to_double(vx), dy: wl_fixed_to_double(vy)) }
    },
    scale: { data, _, scale in subscription(data)?.gather { $0.scale = wl_fixed_to_double(scale) } },
    rotation: { data, _, degrees in subscription(data)?.gather { $0.rotation = wl_fixed_to_double(degrees) } },
    count: { data, _, count in subscription(data)?.gather { $0.count = Int(count) } },
    fingers: { data, _, fingers in subscription(data)?.gather { $0.fingers = Int(fingers) } },
    direction: { data, _, direction in subscription(data)?.gather { $0.direction = SwipeDirection(wireValue: direction) } },
    progress: { data, _, progress in subscription(data)?.gather { $0.progress = wl_fixed_to_double(progress) } },
    frame: { data, _ in subscription(data)?.endGroup() },
    start_location: { data, _, x, y in
        subscription(data)?.gather { $0.startLocation = Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y)) }
    },
    start_anchor: { data, _, x, y in
        subscription(data)?.gather { $0.startAnchor = UnitPoint(x: Double(unitFraction: x), y: Double(unitFraction: y)) }
    }))
