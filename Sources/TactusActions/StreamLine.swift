// SPDX-License-Identifier: MIT
import JSONLines
import TactusConfiguration
import TactusCore

/// One step of a gesture as a `stream` command reads it: a JSON object on one line, with the keys the gesture's kind
/// has, in this order: `gesture`, `phase` (began, changed, ended, cancelled), `time_ms` (the input clock),
/// `fingers`, `count`, `direction`, `edge`, `progress`, `dx_mm` and `dy_mm` (the translation since the gesture
/// began), `scale`, `rotation_deg`, and `app_id` when the application the gesture started over is known. The values
/// are those of an exec command's `TACTUS_*` variables (`ActionEnvironment`), as JSON numbers and strings.
public enum StreamLine {
    /// The line for `update`, its translation converted with `millimetresPerPixel`, ending in a newline.
    public static func text(for update: GestureUpdate, millimetresPerPixel: Vector, application: String?) -> String {
        let values = update.values.flat
        var line = JSONLine()
        line.add("gesture", update.kind.kebabName)
        line.add("phase", (ActionStep(update.phase) ?? .ended).rawValue)
        line.add("time_ms", Double(update.time.microseconds) / 1000)
        if let fingers = values.fingers { line.add("fingers", fingers) }
        if let count = values.count { line.add("count", count) }
        if let direction = values.direction { line.add("direction", direction.kebabName) }
        if let edge = values.edge { line.add("edge", edge.rawValue) }
        if let progress = values.progress { line.add("progress", progress) }
        if values.translation != nil {
            let millimetres = ActionPacer.millimetres(update, millimetresPerPixel)
            line.add("dx_mm", millimetres.dx)
            line.add("dy_mm", millimetres.dy)
        }
        if let scale = values.scale { line.add("scale", scale) }
        if let rotation = values.rotation { line.add("rotation_deg", rotation) }
        if let application { line.add("app_id", application) }
        return line.text + "\n"
    }
}
