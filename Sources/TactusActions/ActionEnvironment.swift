// SPDX-License-Identifier: MIT
import TactusConfiguration
import TactusCore

/// What an `exec` action's command is told of the update that runs it, as environment variables: the gesture's
/// kind and step, the values its kind has (lengths in millimetres, angles in degrees), and the application it started
/// over. They are data: the command's text is never made from them.
public enum ActionEnvironment {
    /// The variables, in a fixed order; `paces` is how many paces the gesture came since the action last ran, and
    /// `step` how far (the `TACTUS_STEP_*` variables, for commands that move something by as much); `application`
    /// the app id of the window the gesture started over, when known (`TACTUS_APP_ID`).
    public static func variables(for update: GestureUpdate, millimetresPerPixel: Vector, paces: Int,
                                 step: ActionStepTravel, application: String?) -> [(String, String)] {
        let values = update.values.flat
        var variables: [(String, String)] = [
            ("TACTUS_GESTURE", update.kind.kebabName),
            ("TACTUS_PHASE", (ActionStep(update.phase) ?? .ended).rawValue),
            ("TACTUS_PACES", String(paces)),
        ]
        if let fingers = values.fingers { variables.append(("TACTUS_FINGERS", String(fingers))) }
        if let count = values.count { variables.append(("TACTUS_COUNT", String(count))) }
        if let direction = values.direction { variables.append(("TACTUS_DIRECTION", direction.kebabName)) }
        if let edge = values.edge { variables.append(("TACTUS_EDGE", edge.rawValue)) }
        if let progress = values.progress { variables.append(("TACTUS_PROGRESS", number(progress))) }
        if values.translation != nil {
            let millimetres = ActionPacer.millimetres(update, millimetresPerPixel)
            variables += [("TACTUS_DX", number(millimetres.dx)), ("TACTUS_DY", number(millimetres.dy)),
                          ("TACTUS_STEP_DX", number(step.millimetres.dx)), ("TACTUS_STEP_DY", number(step.millimetres.dy))]
        }
        if let scale = values.scale {
            variables += [("TACTUS_SCALE", number(scale)), ("TACTUS_STEP_SCALE", number(step.scale))]
        }
        if let rotation = values.rotation {
            variables += [("TACTUS_ROTATION", number(rotation)), ("TACTUS_STEP_ROTATION", number(step.degrees))]
        }
        if let application { variables.append(("TACTUS_APP_ID", application)) }
        return variables
    }

    /// A number as a shell's arithmetic and `printf` read it: fixed, three decimals.
    static func number(_ value: Double) -> String {
        let thousandths = (value * 1000).rounded()
        guard thousandths.isFinite, abs(thousandths) < 1e15 else { return "0.000" }
        let whole = Int64(thousandths)
        let sign = whole < 0 ? "-" : ""
        let magnitude = whole.magnitude
        let fraction = String(magnitude % 1000)
        return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
