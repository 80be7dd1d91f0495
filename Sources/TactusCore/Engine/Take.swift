// SPDX-License-Identifier: MIT
/// Moves a value out of its storage, leaving `placeholder` in its place.
///
/// Swift checks at run time that accesses to a class's stored property never overlap, unless it can see that
/// none could: that no access to the property, anywhere in the module, spans a call. Mutating an array in place
/// through a property spans calls (the copy-on-write path, a closure given to `removeAll`), and then every
/// access to that property, reads on the hot path included, pays the run-time check. So the engine's classes
/// take such a value out into a local (still uniquely referenced: nothing is copied), mutate the local, and put
/// it back; each access to the property is then a plain load or store, which the compiler checks statically.
@inline(__always)
func take<Value>(_ storage: inout Value, leaving placeholder: Value) -> Value {
    var value = placeholder
    swap(&value, &storage)
    return value
}

/// Moves an array out of its storage, leaving it empty (see `take(_:leaving:)`).
@inline(__always)
func take<Element>(_ storage: inout [Element]) -> [Element] {
    take(&storage, leaving: [])
}
