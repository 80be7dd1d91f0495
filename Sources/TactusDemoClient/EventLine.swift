// SPDX-License-Identifier: MIT
import JSONLines
import TactusClient
import TactusCore

extension GestureEvent {
    /// The event as one line of the simulator's JSON Lines output (simulator/README.md), with the wire's
    /// milliseconds and surface-local pixels.
    func jsonLine(kind: GestureKind, name: String) -> String {
        var line = JSONLine()
        line.add("time_ms", Int(time))
        line.add("gesture", kind.externalName)
        line.add("name", name)
        line.add("phase", phase.rawValue)
        if let serial { line.add("serial", Int(serial)) }
        if let fingers = values.fingers { line.add("fingers", fingers) }
        if let count = values.count { line.add("count", count) }
        if let direction = values.direction { line.add("direction", direction.rawValue) }
        if let location = values.location { line.add("location", [location.x, location.y]) }
        if let translation = values.translation { line.add("translation", [translation.dx, translation.dy]) }
        if let velocity = values.velocity { line.add("velocity", [velocity.dx, velocity.dy]) }
        if let scale = values.scale { line.add("scale", scale) }
        if let rotation = values.rotation { line.add("rotation_deg", rotation) }
        if let progress = values.progress { line.add("progress", progress) }
        if let start = values.startLocation { line.add("start_location", [start.x, start.y]) }
        if let anchor = values.startAnchor { line.add("start_anchor", [anchor.x, anchor.y]) }
        if phase == .cancelled || phase == .failed { line.add("reason", reason?.rawValue ?? "other") }
        return line.text
    }
}
