// SPDX-License-Identifier: MIT
import Glibc
import TactusConfiguration
import TactusCore

/// What the on-screen feedback shows at a moment, made from the input and the bindings' steps, apart from drawing it:
/// the fingers down on touchscreens, the binding whose gesture runs and how far it came, and the latest result, which
/// fades out over `FeedbackSettings.fadeMilliseconds`.
///
/// A binding shows from its gesture's first step (began, or a discrete gesture recognized) to its end; failures of
/// bindings whose gesture never began are what every other gesture does to them (a swipe fails a tap's binding), and
/// are not shown.
struct FeedbackScene {
    /// A finger down, at its place on the output, from 0 to 1 on both axes.
    private(set) var touches: [DeviceID: [ContactID: Point]] = [:]
    /// The binding whose gesture runs: its key, name, and progress from 0 to 1 (nil: the gesture has none).
    struct Running: Equatable {
        var key: Int
        var name: String
        var progress: Double?
    }
    private(set) var running: Running?
    /// How the latest gesture ended, and when.
    struct Result: Equatable {
        var name: String
        /// Done (ended or recognized), or not: cancelled or failed, and why, in words.
        var succeeded: Bool
        var reason: String?
        var time: Timestamp
    }
    private(set) var result: Result?
    /// How each touchscreen's positions turn to the output's.
    private var transforms: [DeviceID: DeviceTransform] = [:]

    /// Every finger down, on the output.
    var points: [Point] { touches.values.flatMap(\.values) }

    /// Notes a touchscreen's event: where its fingers are.
    mutating func note(_ event: InputEvent) {
        switch event {
        case .deviceAdded(let device):
            transforms[device.id] = device.transform
            touches[device.id] = nil
        case .deviceRemoved(let id), .touchCancel(let id):
            touches[id] = nil
        case .touchDown(let id, let contact, let position), .touchMotion(let id, let contact, let position):
            let transform = transforms[id] ?? DeviceTransform(rotation: .none)
            touches[id, default: [:]][contact] = transform.apply(position)
        case .touchUp(let id, let contact):
            touches[id]?[contact] = nil
            if touches[id]?.isEmpty == true { touches[id] = nil }
        default:
            break
        }
    }

    /// Notes a step of the binding of `key`, named `name`, at `time`; returns whether what shows changed (a failure of
    /// a binding that never began changes nothing, nor a change that moves its bar by nothing).
    @discardableResult
    mutating func note(_ phase: GesturePhase, of key: Int, named name: String, progress: Double?, reason: FailureReason?,
                       at time: Timestamp) -> Bool {
        switch phase {
        case .began, .changed:
            let now = Running(key: key, name: name, progress: progress.map { min(max($0, 0), 1) })
            guard now != running else { return false }
            running = now
        case .ended, .recognized:
            result = Result(name: name, succeeded: true, reason: nil, time: time)
            if running?.key == key { running = nil }
        case .cancelled, .failed:
            guard phase == .cancelled || running?.key == key else { return false }
            result = Result(name: name, succeeded: false, reason: reason.map(Self.words), time: time)
            if running?.key == key { running = nil }
        }
        return true
    }

    /// How opaque the result is at `now`: 1 when it comes, 0 once `fade` has passed.
    func resultOpacity(at now: Timestamp, fade: TimeSpan) -> Double {
        guard let result else { return 0 }
        let elapsed = Double((now - result.time).microseconds)
        guard fade > .zero else { return elapsed <= 0 ? 1 : 0 }
        return min(max(1 - elapsed / Double(fade.microseconds), 0), 1)
    }

    /// Whether nothing is shown at `now`: no finger down, no gesture running, no result still fading.
    func isEmpty(at now: Timestamp, fade: TimeSpan) -> Bool {
        touches.isEmpty && running == nil && resultOpacity(at: now, fade: fade) == 0
    }

    /// The result's reason in words: `movedTooLittle` is "moved too little".
    static func words(_ reason: FailureReason) -> String {
        var text = ""
        for character in reason.rawValue {
            if character.isUppercase { text += " " + character.lowercased() } else { text.append(character) }
        }
        return text
    }

    /// How far a binding's gesture came, from 0 to 1, for its bar: an edge swipe's own progress; a drag's or a swipe's
    /// travel over the binding's distance (30 mm when it names none); a pinch's scale, full at twice or half the
    /// size; a rotation's angle, full at 90°. nil for gestures that do not move (taps, presses, holds).
    static func progress(of update: GestureUpdate, binding: BindingConfiguration, millimetresPerPixel: Vector) -> Double? {
        let values = update.values.flat
        if let progress = values.progress { return progress }
        if let scale = values.scale, scale > 0 { return min(abs(log2(scale)), 1) }
        if let rotation = values.rotation { return min(abs(rotation) / 90, 1) }
        if let translation = values.translation {
            let millimetres = Vector(dx: translation.dx * millimetresPerPixel.dx, dy: translation.dy * millimetresPerPixel.dy)
            let distance = binding.specification.distance ?? 30
            return min((millimetres.dx * millimetres.dx + millimetres.dy * millimetres.dy).squareRoot() / max(distance, 1), 1)
        }
        return nil
    }
}
