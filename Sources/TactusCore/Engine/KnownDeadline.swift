// SPDX-License-Identifier: MIT
/// A deadline worked out once and kept until something may have moved it: a member's, an arena's earliest and the
/// engine's next are each asked after every step, and working them out walks gestures, members or devices.
///
/// The one invariant: while a deadline is known, it is what working it out afresh would answer. Whatever drives what
/// the deadline is worked out from forgets it first (`forget`); debug builds, and so every test, check the invariant
/// at every use of a known deadline (`check`).
///
/// Its users read `known` and `keep` what they work out, rather than hand it a closure that works it out: a closure
/// that reads its owner's properties while the owner's deadline is being modified makes Swift check every access to
/// them at run time.
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

    /// Checks the invariant in debug builds: a known deadline is `fresh`, the deadline worked out from nothing kept.
    /// Inlined, so that release builds, which check nothing, do not even make the closure.
    @inline(__always)
    static func check(_ known: Timestamp?, is fresh: @autoclosure () -> Timestamp?) {
        assert(known == fresh(), "a deadline changed and was not forgotten")
    }
}
