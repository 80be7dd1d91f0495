// SPDX-License-Identifier: MIT
/// Recent samples of a contact group's cumulative motion, and the velocities fitted to them.
///
/// Velocity is the slope of a least-squares line through the samples of the last
/// `MotionHistory.window` (100 ms, at most 20 samples), as Flutter's `VelocityTracker` and Android's
/// `VelocityTracker` do, instead of the jittery difference of the last two samples. When the newest
/// sample is older than `MotionHistory.stopThreshold` (40 ms, Flutter's
/// `kAssumePointerMoveStoppedMilliseconds`), the group is taken to have stopped and every velocity is zero.
/// Only frames that moved the group add samples.
struct MotionHistory {
    /// How far back samples count for a velocity.
    static let window = TimeSpan.milliseconds(100)
    /// How long without a sample means the contacts stopped.
    static let stopThreshold = TimeSpan.milliseconds(40)
    static let capacity = 20

    private struct Sample {
        var time: Int64
        var translation: Vector
        var magnification: Double
        var rotation: Double
    }

    private var samples: [Sample]
    private var newest = -1
    private var count = 0

    /// An empty history; its ring fills on the first `capacity` samples (and allocates then, once), so that an
    /// empty one costs nothing to make (`take(_:leaving:)`).
    init() {
        samples = []
    }

    mutating func removeAll() {
        newest = -1
        count = 0
    }

    /// Records the group's cumulative motion at `time`. A sample that repeats the newest one is not kept:
    /// time passing without motion is what "stopped" means, and it must age the newest sample.
    mutating func record(time: Timestamp, translation: Vector, magnification: Double, rotation: Double) {
        if count > 0 {
            let last = samples[newest]
            if last.translation == translation && last.magnification == magnification && last.rotation == rotation { return }
        }
        newest = (newest + 1) % MotionHistory.capacity
        let sample = Sample(time: time.microseconds, translation: translation, magnification: magnification,
                            rotation: rotation)
        if samples.isEmpty { samples.reserveCapacity(MotionHistory.capacity) }
        if newest < samples.count { samples[newest] = sample } else { samples.append(sample) }
        count = min(count + 1, MotionHistory.capacity)
    }

    /// The rates of change of the group's translation, magnification and rotation.
    typealias Rates = (translation: Vector, magnification: Double, rotation: Double)

    /// Rates of change at `now`, per second: translation (in the unit recorded), magnification, rotation (degrees).
    func velocities(at now: Timestamp) -> Rates {
        guard count >= 2, now.microseconds - samples[newest].time <= MotionHistory.stopThreshold.microseconds else {
            return (.zero, 0, 0)
        }
        let oldestAllowed = now.microseconds - MotionHistory.window.microseconds
        let origin = samples[newest].time
        // Sums for the slope of y = a + b·t, with t in seconds relative to the newest sample.
        var n = 0.0, st = 0.0, stt = 0.0
        var sx = 0.0, sy = 0.0, sm = 0.0, sr = 0.0
        var stx = 0.0, sty = 0.0, stm = 0.0, str = 0.0
        // Asked on every frame of a running pinch or rotation: the ring is read without bounds checks (the index
        // stays within the samples recorded) or divisions.
        samples.withUnsafeBufferPointer { ring in
            var index = newest
            for _ in 0..<count {
                let s = ring[index]
                if s.time < oldestAllowed { break }
                let t = Double(s.time - origin) / 1_000_000
                n += 1; st += t; stt += t * t
                sx += s.translation.dx; sy += s.translation.dy; sm += s.magnification; sr += s.rotation
                stx += t * s.translation.dx; sty += t * s.translation.dy; stm += t * s.magnification
                str += t * s.rotation
                index = index == 0 ? MotionHistory.capacity - 1 : index - 1
            }
        }
        let denominator = n * stt - st * st
        guard n >= 2, denominator > 1e-12 else { return (.zero, 0, 0) }
        func slope(_ sv: Double, _ stv: Double) -> Double { (n * stv - st * sv) / denominator }
        return (Vector(dx: slope(sx, stx), dy: slope(sy, sty)), slope(sm, stm), slope(sr, str))
    }
}
