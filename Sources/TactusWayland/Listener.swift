// SPDX-License-Identifier: MIT
import CTactusWaylandServer

/// A `wl_listener` that calls a Swift closure, for the destroy signals of resources the server does not own
/// (surfaces and seats). Removing it, or letting it go, unhooks it from the signal.
final class Listener {
    private let storage: UnsafeMutablePointer<tactus_listener>
    private let action: () -> Void

    init(_ action: @escaping () -> Void) {
        self.action = action
        storage = .allocate(capacity: 1)
        storage.initialize(to: tactus_listener())
        wl_list_init(&storage.pointee.listener.link)
        storage.pointee.listener.notify = { listener, _ in
            // The listener is the first member of tactus_listener, so the two share an address.
            guard let raw = UnsafeMutableRawPointer(listener) else { return }
            let box = raw.assumingMemoryBound(to: tactus_listener.self)
            // The signal is finished with this listener; unhooking keeps a later remove harmless.
            wl_list_remove(&box.pointee.listener.link)
            wl_list_init(&box.pointee.listener.link)
            guard let owner = box.pointee.owner else { return }
            Unmanaged<Listener>.fromOpaque(owner).takeUnretainedValue().action()
        }
        storage.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
    }

    /// Listens for the destruction of `resource`.
    func listen(toDestructionOf resource: OpaquePointer) {
        wl_resource_add_destroy_listener(resource, &storage.pointee.listener)
    }

    deinit {
        wl_list_remove(&storage.pointee.listener.link)
        storage.deallocate()
    }
}
