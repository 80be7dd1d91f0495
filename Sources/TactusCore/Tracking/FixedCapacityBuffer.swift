// SPDX-License-Identifier: MIT
/// A fixed number of values, allocated once and written in place.
///
/// The tracker's contacts and motion samples change on every touch event. In an array held by a class they
/// would be taken out and put back on each change (`take(_:leaving:)`), paying a uniqueness check and a
/// release every time; here the owner keeps this buffer in a `let` and writes its slots directly, with no
/// copy-on-write, reference counting or run-time exclusivity check. The owner keeps its indices within
/// `slots` (in the tracker, below the slot limit the buffer was made for).
final class FixedCapacityBuffer<Element> {
    let slots: UnsafeMutableBufferPointer<Element>

    init(repeating value: Element, count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: value)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }
}
