// SPDX-License-Identifier: MIT
// A plain `for` loop over objects retains each one it hands to code that could change the array, and so does
// every lookup that returns one: the arena's loops run on every frame for every member, and that reference
// counting was a large part of an event's cost. These borrow the elements instead. Borrowing is safe because the array
// value the caller holds for the call keeps its elements alive: code that changes the array it came from
// meanwhile changes a copy of it (copy on write).
extension Array where Element: AnyObject {
    /// Calls `body` with each element, in order, borrowed.
    @inline(__always)
    func forEachUnretained(_ body: (Element) -> Void) {
        withUnsafeBufferPointer { elements in
            for index in elements.indices {
                Unmanaged.passUnretained(elements[index])._withUnsafeGuaranteedRef(body)
            }
        }
    }

    /// The index of the first element that satisfies `predicate`, asked of each element borrowed.
    @inline(__always)
    func firstIndexUnretained(where predicate: (Element) -> Bool) -> Int? {
        withUnsafeBufferPointer { elements in
            for index in elements.indices
            where Unmanaged.passUnretained(elements[index])._withUnsafeGuaranteedRef(predicate) {
                return index
            }
            return nil
        }
    }

    /// The first element that satisfies `predicate`, asked of each element borrowed.
    @inline(__always)
    func firstUnretained(where predicate: (Element) -> Bool) -> Element? {
        firstIndexUnretained(where: predicate).map { self[$0] }
    }

    /// Whether an element satisfies `predicate`, asked of each element borrowed.
    @inline(__always)
    func containsUnretained(where predicate: (Element) -> Bool) -> Bool {
        firstIndexUnretained(where: predicate) != nil
    }

    /// Calls `body` with the element at `index`, borrowed.
    @inline(__always)
    func withUnretained<Result>(at index: Int, _ body: (Element) -> Result) -> Result {
        withUnsafeBufferPointer { Unmanaged.passUnretained($0[index])._withUnsafeGuaranteedRef(body) }
    }
}
