// SPDX-License-Identifier: MIT
/// Input the engine could not take as it came, and what it did instead. Every case has one documented
/// outcome; none of them traps or leaves a gesture running.
public enum InputProblem: String, CaseIterable, Hashable, Sendable {
    /// An event named a device that was never added or was removed: ignored.
    case unknownDevice
    /// A touch event on a touchpad or a touchpad event on a touchscreen: ignored.
    case wrongDeviceKind
    /// Motion or up for a contact that is not down: ignored.
    case unknownContact
    /// A down for a contact that is already down: taken as motion to the new position.
    case duplicateContact
    /// A down beyond the device's slot limit: ignored (that finger is not tracked).
    case tooManyContacts
    /// A position or delta that is NaN or infinite: the event is ignored.
    case nonFiniteValue
    /// A position outside 0…1: clamped to the device.
    case positionOutsideDevice
    /// A timestamp earlier than the last one: handled as if it came at the last time.
    case timeWentBackwards
    /// A timestamp before zero, where monotonic clocks start: handled as if it came at zero.
    case timeBeforeZero
    /// A touchpad update or end without a begin: ignored.
    case touchpadUpdateWithoutBegin
    /// A touchpad begin while a stream was running: the running stream is cancelled first.
    case touchpadBeginWithoutEnd
    /// A finger count outside 1…10 on a touchpad begin: ignored.
    case invalidFingerCount
    /// Touch events were followed by a later event or `advance(to:)` without a frame: a frame was assumed.
    case missingFrame
    /// A device was added with no usable physical size: 96 dpi was assumed for its thresholds.
    case assumedPhysicalSize
    /// A device was added with an unusable output region: a 1×1 pixel region was used.
    case invalidOutputRegion
    /// A device was added with a slot limit outside 1…`DeviceDescription.maximumSlotLimit`: the nearest was used.
    case invalidSlotLimit
    /// A device was added twice: the first one was removed (its gestures cancelled) and replaced.
    case deviceReplaced
    /// So many touch events were withheld that the engine stopped withholding and delivered them.
    case withheldQueueOverflow
}

/// Counters of input problems, and of the engine's own impossible transitions, readable by the host at any time.
public struct Diagnostics: Sendable {
    private static let problems = InputProblem.allCases
    private var counts = [Int](repeating: 0, count: Diagnostics.problems.count)

    /// The most recent problem, if any.
    public private(set) var lastProblem: InputProblem?

    /// How often a recognizer was asked for a transition its state machine does not have: to claim when it
    /// is not possible, to be granted a claim it did not make, to change or end when it is not running, to
    /// fail once decided, or to fire a timer it did not ask for. This is a bug in Tactus, never in the input:
    /// debug builds stop at an assertion; release builds count the call here and ignore it, so that the
    /// gesture's life stays well formed. Not an input problem, so not part of `total`.
    public internal(set) var impossibleTransitions = 0

    /// How often `problem` occurred.
    public func count(of problem: InputProblem) -> Int {
        Diagnostics.problems.firstIndex(of: problem).map { counts[$0] } ?? 0
    }

    /// The sum of the input-problem counters.
    public var total: Int { counts.reduce(0, +) }

    mutating func record(_ problem: InputProblem) {
        if let index = Diagnostics.problems.firstIndex(of: problem) { counts[index] += 1 }
        lastProblem = problem
    }

}
