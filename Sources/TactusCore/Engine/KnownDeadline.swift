// SPDX-License-Identifier: MIT
/// A deadline worked out once and kept until something may have moved it: a member's, an arena's earliest and the
/// engine's next are each asked after every step, and working them out walks gestures, members or devices.
///
/// The one invariant: while a deadline is known, it is what working it out afresh would answer. Whatever drives what
/// the deadline is worked out from forgets it first (`forget`); debug builds, and so every test, check the invariant
/// at every use (`deadline(workedOut:fresh:)`).
struct KnownDeadline {
    /// nil: not known; `.some(nil)`: known to be none.
    private var value: Timestamp??

    /// The deadline if it is known: `.some(nil)` when there is none.
    var known: Timestamp?? { value }

    /// Something may have moved the deadline: the next use works it out again.
    mutating func forget() {
        value = nil
    }

    /// Keeps `deadline`, just worked out, and returns it.
    @discardableResult
    mutating func keep(_ deadline: Timestamp?) -> Timestamp? {
        value = .some(deadline)
        return deadline
    }

    /// The known deadline, or `workedOut()` now, kept. `fresh` works it out afresh, from nothing kept, for debug
    /// builds' check of the invariant.
    @inline(__always)
    mutating func deadline(workedOut: () -> Timestamp?, fresh: () -> Timestamp?) -> Timestamp? {
        if let known = value {
            assert(known == fresh(), "a deadline changed and was not forgotten")
            return known
        }
        return keep(workedOut())
    }
}
