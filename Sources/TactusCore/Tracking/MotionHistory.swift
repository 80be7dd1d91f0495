// SPDX-License-Identifier: MIT
/// Recent samples of a contact group's cumulative motion, and the velocities fitted to them.
///
/// Velocity is the slope of a least-squares line through the samples of the last
/// `MotionHistory.window` (100 ms, at most 20 samples), as Flutter's `VelocityTracker` and Android's
/// `VelocityTracker` do, instead of the jittery difference of the last two samples. When the newest
/// sample is older than `MotionHistory.stopThreshold` (40 ms, Flutter's
/// `kAssumePointerMoveStoppedMilliseconds`), the group is taken to have stopped and every velocity is zero.
/// Only frames that moved the group add samples.
final class MotionHistory {
    /// How far back samples count for a velocity.
    static let window = TimeSpan.milliseconds(100)
    /// How long without a sample means the contacts stopped.
    static let stopThreshold = TimeSpan.milliseconds(40)
    static let capacity = 20

    fileprivate struct Sample {
        var time: Int64
        var translation: Vector
        var magnification: Double
        var rotation: Double
    }

    /// A ring of `capacity` samples: the newest at `newest`, older ones before it, `count` of them recorded.
    private let ring = FixedCapacityBuffer(
        repeating: Sample(time: 0, translation: .zero, magnification: 1, rotation: 0), count: MotionHistory.capacity)
    private var newest = -1
    private var count = 0

    func removeAll() {
        newest = -1
        count = 0
    }

    /// Records the group's cumulative motion at `time`. A sample that repeats the newest one is not kept:
    /// time passing without motion is what "stopped" means, and it must age the newest sample.
    func record(time: Timestamp, translation: Vector, magnification: Double, rotation: Double) {
        let samples = ring.slots
        if count > 0 {
            let last = samples[newest]
            if last.translation == translation && last.magnification == magnification && last.rotation == rotation { return }
        }
        newest = (newest + 1) % MotionHistory.capacity
        let sample = Sample(time: time.microseconds, translation: translation, magnification: magnification,
                            rotation: rotation)
        samples[newest] = sample
        count = min(count + 1, MotionHistory.capacity)
    }

    /// The rate of change of the group's translation at `now`, per second, in the unit recorded.
    func translationVelocity(at now: Timestamp) -> Vector {
        slopes(of: TranslationSums.self, at: now)
    }

    /// The rates of change of the group's magnification and rotation (degrees) at `now`, per second.
    func magnificationAndRotationVelocities(at now: Timestamp) -> (magnification: Double, rotation: Double) {
        slopes(of: MagnificationAndRotationSums.self, at: now)
    }

    /// The slopes of a least-squares line y = a + b·t through the samples of the window, for the components
    /// `Sums` adds up. Each group of components is fitted on its own, when first asked: most frames need one
    /// group or none (a pinch does not read its translation, a drag neither its scale nor its angle), and the
    /// sums of each component are the same, in the same order, whichever group it is fitted with.
    private func slopes<Sums: ComponentSums>(of _: Sums.Type, at now: Timestamp) -> Sums.Slopes {
        let samples = ring.slots
        guard count >= 2, now.microseconds - samples[newest].time <= MotionHistory.stopThreshold.microseconds else {
            return Sums.stopped
        }
        let oldestAllowed = now.microseconds - MotionHistory.window.microseconds
        let origin = samples[newest].time
        // Sums over the samples, with t in seconds relative to the newest sample.
        var n = 0.0, st = 0.0, stt = 0.0
        var sums = Sums()
        // Asked on every frame of a running pinch or rotation: the ring is read without divisions.
        var index = newest
        for _ in 0..<count {
            let s = samples[index]
            if s.time < oldestAllowed { break }
            let t = Double(s.time - origin) / 1_000_000
            n += 1; st += t; stt += t * t
            sums.add(s, at: t)
            index = index == 0 ? MotionHistory.capacity - 1 : index - 1
        }
        let denominator = n * stt - st * st
        guard n >= 2, denominator > 1e-12 else { return Sums.stopped }
        return sums.slopes { sv, stv in (n * stv - st * sv) / denominator }
    }
}

/// The sums over the samples that the slopes of some of their components need: Σv and Σt·v per component.
private protocol ComponentSums {
    associatedtype Slopes
    /// The slopes when the group stopped or the samples cannot give a line.
    static var stopped: Slopes { get }
    init()
    mutating func add(_ sample: MotionHistory.Sample, at t: Double)
    /// The slopes, given the slope of one component from its Σv and Σt·v.
    func slopes(_ slope: (Double, Double) -> Double) -> Slopes
}

private struct TranslationSums: ComponentSums {
    static var stopped: Vector { .zero }
    var sx = 0.0, sy = 0.0, stx = 0.0, sty = 0.0

    mutating func add(_ sample: MotionHistory.Sample, at t: Double) {
        sx += sample.translation.dx; sy += sample.translation.dy
        stx += t * sample.translation.dx; sty += t * sample.translation.dy
    }

    func slopes(_ slope: (Double, Double) -> Double) -> Vector {
        Vector(dx: slope(sx, stx), dy: slope(sy, sty))
    }
}

private struct MagnificationAndRotationSums: ComponentSums {
    static var stopped: (magnification: Double, rotation: Double) { (0, 0) }
    var sm = 0.0, sr = 0.0, stm = 0.0, str = 0.0

    mutating func add(_ sample: MotionHistory.Sample, at t: Double) {
        sm += sample.magnification; sr += sample.rotation
        stm += t * sample.magnification; str += t * sample.rotation
    }

    func slopes(_ slope: (Double, Double) -> Double) -> (magnification: Double, rotation: Double) {
        (slope(sm, stm), slope(sr, str))
    }
}
