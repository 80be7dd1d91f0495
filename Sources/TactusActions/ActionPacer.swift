// SPDX-License-Identifier: MIT
import TactusConfiguration
import TactusCore

/// Paces one binding's changes: a change runs the action once the gesture has come `pace` farther (or later) than
/// at the step that last ran it. The other steps always run. What is measured for millimetres is the translation,
/// converted with the device's scale; degrees, the rotation; scale, the magnification; milliseconds, the time.
public struct ActionPacer: Sendable {
    /// The binding's pace; nil: every change runs.
    public let pace: ActionPace?
    /// The step that last ran the action, or the gesture's began, and its translation in millimetres.
    private var last: (update: GestureUpdate, millimetres: Vector)?

    /// A pacer for a binding of `pace`.
    public init(pace: ActionPace?) {
        self.pace = pace
    }

    /// How many paces the gesture has come since the action last ran (or the gesture began), at least 1 when
    /// `update` is due; nil when it is a change that is not. `millimetresPerPixel` converts its translation.
    public func paces(at update: GestureUpdate, millimetresPerPixel: Vector) -> Int? {
        guard ActionStep(update.phase) == .changed, let pace, let last else { return 1 }
        let values = update.values.flat, then = last.update.values.flat
        let (step, travelled): (Double, Double)
        switch pace {
        case .milliseconds(let milliseconds):
            (step, travelled) = (Double(milliseconds), Double((update.time - last.update.time).microseconds) / 1000)
        case .millimetres(let millimetres):
            (step, travelled) = (millimetres, (Self.millimetres(update, millimetresPerPixel) - last.millimetres).length)
        case .degrees(let degrees):
            (step, travelled) = (degrees, abs((values.rotation ?? 0) - (then.rotation ?? 0)))
        case .scale(let scale):
            (step, travelled) = (scale, abs((values.scale ?? 1) - (then.scale ?? 1)))
        }
        let paces = (travelled / step).rounded(.down)
        return paces >= 1 ? Int(min(paces, 1e9)) : nil
    }

    /// How far the gesture came since the step that last ran the action, or its began: millimetres of translation,
    /// the scale as a ratio, degrees of rotation. With nothing measured yet, since the gesture's start.
    public func step(at update: GestureUpdate, millimetresPerPixel: Vector) -> ActionStepTravel {
        let values = update.values.flat, then = last?.update.values.flat
        return ActionStepTravel(millimetres: Self.millimetres(update, millimetresPerPixel) - (last?.millimetres ?? Vector(dx: 0, dy: 0)),
                                scale: (values.scale ?? 1) / (then?.scale ?? 1),
                                degrees: (values.rotation ?? 0) - (then?.rotation ?? 0))
    }

    /// The action ran at `update`, or the gesture began there: the next change is measured from here.
    public mutating func measure(from update: GestureUpdate, millimetresPerPixel: Vector) {
        last = (update, Self.millimetres(update, millimetresPerPixel))
    }

    /// The update's translation in millimetres; none is zero.
    static func millimetres(_ update: GestureUpdate, _ millimetresPerPixel: Vector) -> Vector {
        let translation = update.values.flat.translation ?? Vector(dx: 0, dy: 0)
        return Vector(dx: translation.dx * millimetresPerPixel.dx, dy: translation.dy * millimetresPerPixel.dy)
    }
}

/// How far a gesture came between two steps (`ActionPacer.step`).
public struct ActionStepTravel: Equatable, Sendable {
    /// Millimetres of translation.
    public var millimetres: Vector
    /// The scale at the later step over the scale at the earlier one.
    public var scale: Double
    /// Degrees of rotation, clockwise.
    public var degrees: Double
}
