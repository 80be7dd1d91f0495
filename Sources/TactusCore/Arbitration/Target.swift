// SPDX-License-Identifier: MIT
/// Identifies a client surface (the host's choice: a `wl_surface` pointer or resource id).
public struct SurfaceID: Hashable, Sendable, CustomStringConvertible {
    /// The host's number for the surface.
    public var rawValue: UInt64

    /// Creates an identifier.
    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    public var description: String { "surface \(rawValue)" }
}

/// What a gesture is attached to: where an interaction must start for the gesture to take part in it.
public enum Target: Hashable, Sendable {
    /// Everywhere: the whole compositor layout, and every touchpad gesture.
    case layout
    /// A band `width` millimetres wide along one edge of the output a touchscreen maps to.
    case outputEdge(Edge, width: Double)
    /// A rectangle of the layout, in layout pixels (touchpads: where the pointer is).
    case region(Rect)
    /// A client surface, found by the host's hit test (`SurfaceLocator`). Values are surface-local.
    case surface(SurfaceID)

    /// Whether the target belongs to the compositor (its bindings) rather than to a client.
    public var isCompositorLevel: Bool {
        if case .surface = self { return false }
        return true
    }
}

/// One surface under a layout point, as the host's hit test reports it.
public struct SurfaceHit: Hashable, Sendable {
    /// The surface.
    public var surface: SurfaceID
    /// The surface's top-left corner in layout pixels: values for gestures on the surface are relative to it.
    public var origin: Point
    /// Whether the point lies in the surface's gesture exclusion region: compositor gestures of normal
    /// priority do not start there; high-priority ones (edge swipes, the lock screen) still do.
    public var excludesCompositorGestures: Bool
    /// The surface's size in pixels, when the host knows it: pinches and rotations on the surface then give
    /// their start as a unit point of it (`MagnifyValue.startAnchor`).
    public var size: Size?
    /// The application whose window the surface belongs to (its Wayland app id), when the host knows it: bindings
    /// that name applications take part over its windows alone (`AttachmentOptions.applications`).
    public var application: String?

    /// Creates a hit.
    public init(surface: SurfaceID, origin: Point = .zero, excludesCompositorGestures: Bool = false,
                size: Size? = nil, application: String? = nil) {
        self.surface = surface
        self.origin = origin
        self.excludesCompositorGestures = excludesCompositorGestures
        self.size = size
        self.application = application
    }
}

/// The host's view of its scene, asked once when an interaction starts.
public protocol SurfaceLocator: AnyObject {
    /// Appends the surfaces under `point` (layout pixels) to `stack`, front (innermost) first.
    func surfaces(at point: Point, into stack: inout [SurfaceHit])
    /// Where the pointer is, in layout pixels: touchpad gestures go to the surfaces under it.
    var pointerLocation: Point { get }
}

/// How an attached gesture ranks against the others, as SwiftUI's `gesture`, `highPriorityGesture` and
/// `simultaneousGesture`.
public enum AttachmentPriority: String, Hashable, Sendable {
    /// Competes normally: an inner target's gesture beats an outer one's.
    case normal
    /// Beats every normal gesture, whatever the nesting; a normal gesture waits for it to fail.
    case high
    /// Competes with nothing: runs alongside whatever wins.
    case simultaneous
}

/// Which gestures an attachment lets take part, as SwiftUI's `GestureMask`.
public enum GestureMask: String, Hashable, Sendable {
    /// This gesture and the gestures of inner targets (SwiftUI's `.all`).
    case all
    /// This gesture only: inner targets' gestures are disabled (SwiftUI's `.gesture`).
    case thisTargetOnly
    /// Inner targets' gestures only: this one is disabled (SwiftUI's `.subviews`).
    case innerTargetsOnly
    /// Neither: this gesture and inner targets' gestures are disabled.
    case none
}

/// What happens to a client's raw touches while a compositor gesture decides whether it wants them.
public enum RawTouchPolicy: String, Hashable, Sendable {
    /// Hold the touches back until the compositor gesture wins (then drop them) or fails (then deliver them,
    /// in order, with their original timestamps). The client never sees a touch the compositor takes.
    case withhold
    /// Deliver the touches at once, and cancel them at the client (`wl_touch.cancel`) if the compositor
    /// gesture wins later. No latency, but the client may have started to react. Such a gesture does not
    /// make lower-ranked gestures wait; it takes over from them when it wins.
    case forwardThenCancel
}

/// How a gesture takes part in arbitration.
/// Whether the devices whose name contains `namePart` may drive a gesture (`AttachmentOptions.deviceRules`).
public struct DeviceRule: Hashable, Sendable {
    /// A part of the device's name, as its host names it.
    public var namePart: String
    /// Whether those devices drive the gesture.
    public var admits: Bool

    /// Creates a rule.
    public init(namePart: String, admits: Bool) {
        self.namePart = namePart
        self.admits = admits
    }

    /// Whether `rules` let the device of that name drive the gesture: the first that names it decides.
    static func admit(_ name: String, by rules: [DeviceRule]) -> Bool {
        rules.first { namePart($0.namePart, isIn: name) }?.admits ?? true
    }

    /// Whether `part` is in `name`, character by character: how rules and tactusd's [[device]] settings match device
    /// names. Not _StringProcessing's `contains`, which brings its regex engine into every static link of the core.
    public static func namePart(_ part: String, isIn name: String) -> Bool {
        var start = name.startIndex
        while true {
            if name[start...].starts(with: part) { return true }
            guard start < name.endIndex else { return false }
            name.formIndex(after: &start)
        }
    }
}

/// Which applications' windows a gesture takes part over (`AttachmentOptions.applications`), by app id: those that
/// `names` names, or, `excluding`, all others. A name may hold `*`, which stands for any run of characters
/// (`org.gnome.*`); otherwise names are compared whole, as the compositor spells them.
public struct ApplicationRule: Hashable, Sendable {
    /// The app ids or patterns.
    public var names: [String]
    /// Whether the rule admits every application but those it names (`not-app-id`).
    public var excluding: Bool

    /// Creates a rule.
    public init(names: [String], excluding: Bool = false) {
        self.names = names
        self.excluding = excluding
    }

    /// Whether an interaction over `application` (nil: none known, such as the desktop's background, or a host that
    /// cannot say) may drive the gesture: a rule of names never admits an unknown application, a rule of exclusions
    /// always does.
    public func admits(_ application: String?) -> Bool {
        guard let application else { return excluding }
        return names.contains { Self.pattern($0, matches: application) } != excluding
    }

    /// Whether `pattern` matches `name` whole, `*` in it standing for any run of characters, by Unicode scalars.
    public static func pattern(_ pattern: String, matches name: String) -> Bool {
        let parts = pattern.unicodeScalars.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return pattern.unicodeScalars.elementsEqual(name.unicodeScalars) }
        var rest = name.unicodeScalars[...]
        guard rest.starts(with: parts[0]) else { return false }
        rest = rest.dropFirst(parts[0].count)
        // The middle parts, each at its first place after the one before (the earliest leaves the most for the rest).
        for part in parts.dropFirst().dropLast() {
            guard let start = rest.indices.first(where: { rest[$0...].starts(with: part) }) else { return false }
            rest = rest[rest.index(start, offsetBy: part.count)...]
        }
        let last = parts[parts.count - 1]
        return rest.count >= last.count && rest.suffix(last.count).elementsEqual(last)
    }
}

public struct AttachmentOptions: Hashable, Sendable {
    /// Rank against other gestures. Default: normal.
    public var priority: AttachmentPriority
    /// Which gestures it lets take part. Default: all.
    public var mask: GestureMask
    /// For compositor-level targets: what happens to client touches while it decides. Default: withhold.
    public var rawTouchPolicy: RawTouchPolicy
    /// Keyboard modifiers that must be held when the gesture begins. Default: none.
    public var requiredModifiers: ModifierSet
    /// Which kinds of device may drive it. Default: both.
    public var deviceKinds: Set<DeviceKind>
    /// Where on its target an interaction must start for the gesture to take part, as rectangles in the
    /// target's own coordinates (surface-local for surfaces, layout pixels otherwise). Default: nil, anywhere.
    public var startArea: [Rect]?
    /// The seat whose devices may drive it (`DeviceDescription.seat`). Default: nil, every seat.
    public var seat: String?
    /// Which devices may drive it, by name: the first rule whose part the device's name contains decides, and a
    /// device no rule names may. Default: none, every device.
    public var deviceRules: [DeviceRule] = []
    /// Over which applications' windows it takes part, by the application where the interaction starts (the front
    /// surface under it that names one, else the engine's `focusedApplication`). Default: nil, over any.
    public var applications: ApplicationRule?

    /// Creates options.
    public init(priority: AttachmentPriority = .normal, mask: GestureMask = .all,
                rawTouchPolicy: RawTouchPolicy = .withhold, requiredModifiers: ModifierSet = [],
                deviceKinds: Set<DeviceKind> = [.touchscreen, .touchpad], startArea: [Rect]? = nil,
                seat: String? = nil) {
        self.priority = priority
        self.mask = mask
        self.rawTouchPolicy = rawTouchPolicy
        self.requiredModifiers = requiredModifiers
        self.deviceKinds = deviceKinds
        self.startArea = startArea
        self.seat = seat
    }
}
