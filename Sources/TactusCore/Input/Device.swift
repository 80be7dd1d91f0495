// SPDX-License-Identifier: MIT
/// Identifies an input device for the lifetime the host chooses (libinput hands out pointers; hosts number them).
public struct DeviceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The host's number for the device.
    public var rawValue: UInt32

    /// Creates an identifier.
    public init(_ rawValue: UInt32) {
        self.rawValue = rawValue
    }

    public static func < (lhs: DeviceID, rhs: DeviceID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "device \(rawValue)" }
}

/// What kind of surface the fingers are on.
public enum DeviceKind: String, Hashable, Sendable {
    /// Direct touch: contacts are at positions on an output.
    case touchscreen
    /// Indirect touch: libinput recognizes swipe, pinch and hold itself and reports them as gesture events.
    case touchpad
}

/// How a touchscreen's own axes are turned onto its output, as the user sees the output.
///
/// A flip mirrors the device's x axis first; the rotation then turns the result clockwise. A tablet
/// rotated a quarter turn clockwise maps the device's top edge onto the output's right edge.
public struct DeviceTransform: Hashable, Sendable {
    /// Clockwise rotation in quarter turns.
    public enum Rotation: Int, CaseIterable, Hashable, Sendable {
        case none = 0, quarter = 90, half = 180, threeQuarters = 270
    }

    /// The clockwise rotation applied after the optional flip.
    public var rotation: Rotation
    /// Whether the device's x axis is mirrored before rotating.
    public var flipped: Bool

    /// Creates a transform.
    public init(rotation: Rotation = .none, flipped: Bool = false) {
        self.rotation = rotation
        self.flipped = flipped
    }

    /// The device maps onto its output as it is.
    public static let identity = DeviceTransform()

    /// Maps a normalized device position (0…1 on both axes) to a normalized output position.
    public func apply(_ p: Point) -> Point {
        let x = flipped ? 1 - p.x : p.x
        switch rotation {
        case .none: return Point(x: x, y: p.y)
        case .quarter: return Point(x: 1 - p.y, y: x)
        case .half: return Point(x: 1 - x, y: 1 - p.y)
        case .threeQuarters: return Point(x: p.y, y: 1 - x)
        }
    }

    /// Maps a normalized output position back to the device position that `apply` maps onto it: what a
    /// simulator needs to make a device report a gesture the user would see on the output.
    public func unapply(_ p: Point) -> Point {
        let device: Point
        switch rotation {
        case .none: device = p
        case .quarter: device = Point(x: p.y, y: 1 - p.x)
        case .half: device = Point(x: 1 - p.x, y: 1 - p.y)
        case .threeQuarters: device = Point(x: 1 - p.y, y: p.x)
        }
        return flipped ? Point(x: 1 - device.x, y: device.y) : device
    }

    /// Whether the device's width lies along the output's height.
    public var swapsAxes: Bool { rotation == .quarter || rotation == .threeQuarters }
}

/// Everything the engine needs to know about a device, given when the host adds it.
public struct DeviceDescription: Hashable, Sendable {
    /// The host's identifier.
    public var id: DeviceID
    /// Touchscreen or touchpad.
    public var kind: DeviceKind
    /// A name for diagnostics, as libinput reports it.
    public var name: String
    /// The seat the device belongs to (libinput's logical seat name, wlroots' `wlr_seat` name): an interaction
    /// drives only the gestures attached for its seat or for every seat (`AttachmentOptions.seat`).
    public var seat: String
    /// The physical size of the sensing area in millimetres, in the device's own orientation, when known.
    /// Without it the engine assumes 96 dpi layout pixels (`DeviceDescription.assumedPixelsPerMillimetre`)
    /// and counts `InputProblem.assumedPhysicalSize`.
    public var physicalSize: Size?
    /// The rectangle of the compositor layout, in layout pixels, that a touchscreen covers (its output).
    /// Unused for touchpads.
    public var outputRegion: Rect
    /// How the device's axes turn onto its output.
    public var transform: DeviceTransform
    /// The most contacts the device tracks at once (evdev `ABS_MT_SLOT` maximum + 1), within
    /// 1…`maximumSlotLimit`. Downs beyond it are ignored.
    public var slotLimit: Int
    /// For touchpads: layout pixels per millimetre of finger travel, for translation values.
    /// The default, 96/25.4, moves content by as much as the fingers moved on a 96 dpi screen.
    public var touchpadPixelsPerMillimetre: Double

    /// Layout pixels per millimetre along the output's axes, as the engine converts thresholds and values
    /// (with the 96 dpi assumption for a device without a usable size).
    public var pixelsPerMillimetre: Vector { DeviceGeometry(self).pixelsPerMillimetre }

    /// The seat of a device whose host names none: libinput's default seat, and the usual name of a compositor's
    /// only seat.
    public static let defaultSeat = "seat0"

    /// Pixels per millimetre assumed when a device reports no size: a 96 dpi screen.
    public static let assumedPixelsPerMillimetre = 96.0 / 25.4

    /// The most slots the engine tracks on a device: more than touch tables report (80), so that a slot limit
    /// beyond it is a mistake, and few enough that tracking them all costs nothing.
    public static let maximumSlotLimit = 128

    /// The sides a physical size may have, in millimetres, to be taken as reported: from a fingertip's width to a
    /// wall. Beyond them thresholds in millimetres would mean nothing (or divide by nothing).
    public static let plausibleMillimetres: ClosedRange<Double> = 1...100_000

    /// Touchpad translation scales the engine takes as given, in layout pixels per millimetre.
    public static let plausibleTouchpadScales: ClosedRange<Double> = 0.01...10_000

    /// Whether `physicalSize` is known and plausible; otherwise 96 dpi is assumed.
    var hasUsablePhysicalSize: Bool {
        guard let size = physicalSize else { return false }
        return Self.plausibleMillimetres.contains(size.width) && Self.plausibleMillimetres.contains(size.height)
    }

    /// Whether this description is `device` on another output region or with another transform, and otherwise the
    /// same: the device moved (a monitor was unplugged, the layout changed), and what it has in flight goes on.
    func isMove(of device: DeviceDescription) -> Bool {
        var placedAlike = self
        placedAlike.outputRegion = device.outputRegion
        placedAlike.transform = device.transform
        return placedAlike == device
    }

    /// Whether `outputRegion` can be used: a finite origin and finite sides of a pixel at least.
    var hasUsableOutputRegion: Bool {
        let region = outputRegion
        return region.origin.isFinite && region.size.isUsable && region.size.width >= 1 && region.size.height >= 1
    }

    /// Creates a device description.
    public init(
        id: DeviceID,
        kind: DeviceKind,
        name: String = "",
        physicalSize: Size? = nil,
        outputRegion: Rect = Rect(x: 0, y: 0, width: 1920, height: 1080),
        transform: DeviceTransform = .identity,
        slotLimit: Int = 10,
        touchpadPixelsPerMillimetre: Double = DeviceDescription.assumedPixelsPerMillimetre,
        seat: String = DeviceDescription.defaultSeat
    ) {
        self.id = id
        self.seat = seat
        self.kind = kind
        self.name = name
        self.physicalSize = physicalSize
        self.outputRegion = outputRegion
        self.transform = transform
        self.slotLimit = slotLimit
        self.touchpadPixelsPerMillimetre = touchpadPixelsPerMillimetre
    }
}

/// The conversions one device needs, worked out once when it is added.
///
/// Positions are first turned into the output's orientation (normalized), so that millimetres and layout
/// pixels share axes: a swipe "up" is up on the output whatever way the device is mounted.
struct DeviceGeometry {
    /// The output's extent in millimetres, in the output's orientation.
    let outputSizeMillimetres: Size
    /// The output rectangle in layout pixels.
    let outputRegion: Rect
    /// Layout pixels per millimetre along each output axis.
    let pixelsPerMillimetre: Vector
    /// Whether the physical size was assumed rather than reported.
    let assumedSize: Bool

    init(_ device: DeviceDescription) {
        let region = device.hasUsableOutputRegion ? device.outputRegion : Rect(x: 0, y: 0, width: 1, height: 1)
        outputRegion = region
        if device.kind == .touchpad {
            let scale = DeviceDescription.plausibleTouchpadScales.contains(device.touchpadPixelsPerMillimetre)
                ? device.touchpadPixelsPerMillimetre : DeviceDescription.assumedPixelsPerMillimetre
            pixelsPerMillimetre = Vector(dx: scale, dy: scale)
            outputSizeMillimetres = Size(width: region.size.width / scale, height: region.size.height / scale)
            assumedSize = false
            return
        }
        if let size = device.physicalSize, device.hasUsablePhysicalSize {
            let oriented = device.transform.swapsAxes ? Size(width: size.height, height: size.width) : size
            outputSizeMillimetres = oriented
            assumedSize = false
        } else {
            let scale = DeviceDescription.assumedPixelsPerMillimetre
            outputSizeMillimetres = Size(width: region.size.width / scale, height: region.size.height / scale)
            assumedSize = true
        }
        pixelsPerMillimetre = Vector(
            dx: region.size.width / outputSizeMillimetres.width,
            dy: region.size.height / outputSizeMillimetres.height)
    }

    /// Millimetres from the output's top-left corner, for a normalized output position.
    func millimetres(atOutput p: Point) -> Point {
        Point(x: p.x * outputSizeMillimetres.width, y: p.y * outputSizeMillimetres.height)
    }

    /// Layout pixels for a position given in output millimetres.
    func layoutPoint(forMillimetres p: Point) -> Point {
        Point(x: outputRegion.origin.x + p.x * pixelsPerMillimetre.dx,
              y: outputRegion.origin.y + p.y * pixelsPerMillimetre.dy)
    }

    /// Layout pixels for a displacement given in millimetres.
    func pixels(forMillimetres v: Vector) -> Vector {
        Vector(dx: v.dx * pixelsPerMillimetre.dx, dy: v.dy * pixelsPerMillimetre.dy)
    }

    /// How far a point in output millimetres is from `edge`.
    func distance(of p: Point, from edge: Edge) -> Double {
        switch edge {
        case .left: return p.x
        case .right: return outputSizeMillimetres.width - p.x
        case .top: return p.y
        case .bottom: return outputSizeMillimetres.height - p.y
        }
    }
}
