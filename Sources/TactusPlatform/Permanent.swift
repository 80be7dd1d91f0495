// SPDX-License-Identifier: MIT
/// A copy of `value` at an address that stays valid for the rest of the process: a C library that keeps using the
/// address it was given (libwayland keeps a listener's for its proxy's lifetime) cannot use the one Swift lends for a
/// call, which does not outlive it.
public func permanent<Value>(_ value: Value) -> UnsafeMutablePointer<Value> {
    let pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    pointer.initialize(to: value)
    return pointer
}
