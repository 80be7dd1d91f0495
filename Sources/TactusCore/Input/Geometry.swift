// SPDX-License-Identifier: MIT
/// A point in a plane whose unit depends on where it is used: normalized device coordinates (0…1),
/// millimetres, layout pixels or surface-local pixels. Each API says which.
public struct Point: Hashable, Sendable {
    /// Horizontal coordinate, growing to the right.
    public var x: Double
    /// Vertical coordinate, growing downwards (as in Wayland and libinput).
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite numbers.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The displacement from `other` to this point.
    public static func - (lhs: Point, rhs: Point) -> Vector { Vector(dx: lhs.x - rhs.x, dy: lhs.y - rhs.y) }

    /// This point moved by `offset`.
    public static func + (lhs: Point, rhs: Vector) -> Point { Point(x: lhs.x + rhs.dx, y: lhs.y + rhs.dy) }

    /// This point moved back by `offset`.
    public static func - (lhs: Point, rhs: Vector) -> Point { Point(x: lhs.x - rhs.dx, y: lhs.y - rhs.dy) }
}

/// A displacement or a rate (translation, velocity) in the unit of the points it relates.
public struct Vector: Hashable, Sendable {
    /// Horizontal component, positive to the right.
    public var dx: Double
    /// Vertical component, positive downwards.
    public var dy: Double

    /// Creates a vector from its components.
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// The null vector.
    public static let zero = Vector(dx: 0, dy: 0)

    /// The Euclidean length.
    public var length: Double { (dx * dx + dy * dy).squareRoot() }

    /// Component-wise sum.
    public static func + (lhs: Vector, rhs: Vector) -> Vector { Vector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy) }

    /// Component-wise difference.
    public static func - (lhs: Vector, rhs: Vector) -> Vector { Vector(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy) }

    /// The vector scaled by a factor.
    public static func * (lhs: Vector, rhs: Double) -> Vector { Vector(dx: lhs.dx * rhs, dy: lhs.dy * rhs) }

    /// Adds `rhs` in place.
    public static func += (lhs: inout Vector, rhs: Vector) { lhs = lhs + rhs }

    /// The dot product: how far this goes along `other` when `other` has length 1.
    public func dot(_ other: Vector) -> Double { dx * other.dx + dy * other.dy }
}

/// A width and a height.
public struct Size: Hashable, Sendable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Whether both extents are finite and strictly positive.
    public var isUsable: Bool { width.isFinite && height.isFinite && width > 0 && height > 0 }
}

/// An axis-aligned rectangle.
public struct Rect: Hashable, Sendable {
    /// The top-left corner.
    public var origin: Point
    /// The extent from the origin.
    public var size: Size

    /// Creates a rectangle from its top-left corner and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// Whether `point` lies inside; the right and bottom edges are excluded, as for `wl_region`.
    public func contains(_ point: Point) -> Bool {
        point.x >= origin.x && point.y >= origin.y
            && point.x < origin.x + size.width && point.y < origin.y + size.height
    }

    /// The part of the rectangle that lies in `other`; nil when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(origin.x, other.origin.x), top = max(origin.y, other.origin.y)
        let right = min(origin.x + size.width, other.origin.x + other.size.width)
        let bottom = min(origin.y + size.height, other.origin.y + other.size.height)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Where `point` lies as a fraction of the rectangle (0,0 the top-left corner, 1,1 the bottom-right); nil
    /// when the rectangle has no usable size.
    public func unitPoint(of point: Point) -> UnitPoint? {
        guard size.isUsable else { return nil }
        return UnitPoint(x: (point.x - origin.x) / size.width, y: (point.y - origin.y) / size.height)
    }
}

/// A point given as fractions of a rectangle's width and height, as SwiftUI's `UnitPoint`: (0, 0) is the
/// top-left corner, (0.5, 0.5) the centre, (1, 1) the bottom-right corner. Points outside have fractions
/// outside 0…1.
public struct UnitPoint: Hashable, Sendable {
    /// The fraction of the width from the left edge.
    public var x: Double
    /// The fraction of the height from the top edge.
    public var y: Double

    /// Creates a unit point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The four sides of a rectangle, named as the user sees them on the output.
public enum Edge: String, CaseIterable, Hashable, Sendable {
    case left, right, top, bottom
}
