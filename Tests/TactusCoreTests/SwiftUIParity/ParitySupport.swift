// SPDX-License-Identifier: MIT
import TactusCore

/// Helpers for the SwiftUI parity suite: tolerant comparisons for values computed in floating point, the rig's
/// timestamp for a time in milliseconds, and scenes of nested surfaces (SwiftUI's views inside views).
enum Parity {
    /// Whether `a` is present and within `tolerance` of `b`.
    static func close(_ a: Double?, _ b: Double, within tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance
    }

    /// Whether `a` is present and within `tolerance` pixels of `b`.
    static func close(_ a: Point?, _ b: Point, within tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return (a - b).length <= tolerance
    }

    /// Whether `a` is present and within `tolerance` pixels of `b`.
    static func close(_ a: Vector?, _ b: Vector, within tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return (a - b).length <= tolerance
    }

    /// The timestamp the rig gives an event sent at `ms` milliseconds (stroke and pinch frames fall between
    /// whole milliseconds).
    static func time(_ ms: Double) -> Timestamp { Timestamp(microseconds: Int64(ms * 1000)) }

    static let outer = SurfaceID(11)
    static let middle = SurfaceID(12)
    static let inner = SurfaceID(13)

    /// A window filling the output with a panel at (200, 200)–(600, 600) px in it: a view with a subview.
    /// A finger at (30, 30) mm, (300, 300) px, is on both: (300, 300) in the window, (100, 100) in the panel.
    static func twoSurfaces() -> Rig {
        let rig = Rig()
        rig.scene = [(inner, Rect(x: 200, y: 200, width: 400, height: 400), nil),
                     (outer, Rect(x: 0, y: 0, width: 1000, height: 1000), nil)]
        return rig
    }

    /// Three nested surfaces: a window, a card at (100, 100)–(900, 900) px in it, a button at (200, 200)–(600, 600)
    /// px in the card. A finger at (30, 30) mm is on all three.
    static func threeSurfaces() -> Rig {
        let rig = Rig()
        rig.scene = [(inner, Rect(x: 200, y: 200, width: 400, height: 400), nil),
                     (middle, Rect(x: 100, y: 100, width: 800, height: 800), nil),
                     (outer, Rect(x: 0, y: 0, width: 1000, height: 1000), nil)]
        return rig
    }
}
