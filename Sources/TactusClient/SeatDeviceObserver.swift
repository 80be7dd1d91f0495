// SPDX-License-Identifier: MIT
internal import CTactusWaylandClient
import TactusCore

/// The events of one device object a client gets from its seat (`wl_touch`, `wl_pointer`), handed to `onEvent`: what
/// `TouchObserver` and `PointerObserver` share. The object goes with the observer, or with the connection.
public class SeatDeviceObserver<Event>: ConnectionChild {
    /// Receives every event.
    public var onEvent: ((Event) -> Void)?
    private var proxy: OpaquePointer?

    /// Takes `proxy`, which the subclass made from the connection's seat and listens to with `listenerData`.
    init(proxy: OpaquePointer, connection: WaylandConnection) {
        self.proxy = proxy
        connection.adopt(self)
    }

    deinit {
        connectionWillClose()
    }

    func connectionWillClose() {
        if let proxy { wl_proxy_destroy(proxy) }
        proxy = nil
    }

    /// What the listener's functions get back as their data: this observer.
    var listenerData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Hands an event from a listener's function to the observer whose `listenerData` it got.
    static func report(_ data: UnsafeMutableRawPointer?, _ event: Event) {
        guard let data else { return }
        Unmanaged<SeatDeviceObserver<Event>>.fromOpaque(data).takeUnretainedValue().onEvent?(event)
    }
}

extension Point {
    /// A surface-local position as the wire carries it.
    init(fixedX x: wl_fixed_t, y: wl_fixed_t) {
        self.init(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
    }
}
