// SPDX-License-Identifier: MIT
import TactusCore

/// libinput's calibration matrix of a touchscreen: the affine map, on coordinates normalized to the device, that
/// libinput applies before it reports a touch (`LIBINPUT_CALIBRATION_MATRIX` in udev, or the compositor's
/// `libinput_device_config_calibration_set_matrix`, as sway's `calibration_matrix`). Users of a rotated output turn
/// the touches with it, so the coordinates a compositor gets are already along the output's axes, while
/// `libinput_device_get_size` still measures the sensor along its own: this is what brings that size onto the
/// calibrated axes.
public struct Calibration: Hashable, Sendable {
    /// The matrix's rows, `x' = a x + b y + c` and `y' = d x + e y + f`, as libinput lists them.
    public let a, b, c, d, e, f: Double

    /// The matrix that leaves coordinates as they are.
    public static let identity = Calibration(validating: [1, 0, 0, 0, 1, 0])!

    /// A matrix from libinput's six numbers; nil when there are not six, one is not finite, or the matrix folds the
    /// device onto a line (no size could be measured along its axes). Six zeros, what a host that leaves the field
    /// unset passes, are nil too.
    public init?(validating numbers: [Double]) {
        guard numbers.count == 6, numbers.allSatisfy({ $0.isFinite }) else { return nil }
        (a, b, c, d, e, f) = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
        guard abs(a * e - b * d) > 1e-9 else { return nil }
    }

    /// The sensing area's extent along the calibrated x and y, for a sensor of `size` along its own axes.
    ///
    /// Moving one whole calibrated unit along x, with y held, is a move of `M⁻¹ (1, 0)` in the sensor's normalized
    /// coordinates, so many millimetres there; likewise for y. A quarter turn swaps the sides, a stretch shortens
    /// the side it stretches (its calibrated 0…1 covers less of the sensor).
    public func size(alongCalibratedAxesOf size: Size) -> Size {
        let determinant = a * e - b * d
        func length(_ dx: Double, _ dy: Double) -> Double {
            let x = size.width * dx / determinant, y = size.height * dy / determinant
            return (x * x + y * y).squareRoot()
        }
        return Size(width: length(e, -d), height: length(-b, a))
    }
}
