// SPDX-License-Identifier: MIT
// The core links only the Swift standard library, which has no trigonometry; rotation needs atan2.

/// The angle of the vector (x, y) in degrees, in (-180, 180], measured towards +y
/// (clockwise on a screen whose y axis points down). Accurate to about 1e-7 degrees.
func angleInDegrees(y: Double, x: Double) -> Double {
    if x == 0 && y == 0 { return 0 }
    let ax = abs(x), ay = abs(y)
    // Reduce to an octant so that the series argument stays small.
    let ratio = ax >= ay ? ay / ax : ax / ay
    var angle = arctangentOfUnitInterval(ratio)
    if ay > ax { angle = Double.pi / 2 - angle }
    if x < 0 { angle = Double.pi - angle }
    if y < 0 { angle = -angle }
    return angle * 180 / Double.pi
}

/// arctan(t) for t in [0, 1].
private func arctangentOfUnitInterval(_ t: Double) -> Double {
    // arctan(t) = π/6 + arctan((t√3 − 1)/(t + √3)) brings t ≤ 1 down to |u| ≤ 2 − √3 ≈ 0.268,
    // where the Taylor series to u¹⁷ is exact to about 1e-11 radians.
    let sqrt3 = 1.7320508075688772
    if t > 2 - sqrt3 {
        return Double.pi / 6 + arctangentSeries((t * sqrt3 - 1) / (t + sqrt3))
    }
    return arctangentSeries(t)
}

private func arctangentSeries(_ u: Double) -> Double {
    let u2 = u * u
    var term = u
    var sum = 0.0
    var n = 1.0
    for _ in 0..<9 {
        sum += term / n
        term *= -u2
        n += 2
    }
    return sum
}
