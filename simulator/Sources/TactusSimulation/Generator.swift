// SPDX-License-Identifier: MIT
import Glibc
import TactusCore
import TactusTrace

/// SplitMix64: a small seeded generator, so that the same seed always gives the same jitter.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in -1…1.
    mutating func signedUnit() -> Double { Double(next() >> 11) / Double(1 << 52) - 1 }
}

/// The knobs every generated trace shares. `validate()` checks rate, jitter and stagger against their ranges
/// (`GeneratorParameter`); a generator given values outside them anyway takes the nearest within, so that its trace
/// stays within `GeneratorRequest.maximumEventCount` events.
public struct GeneratorOptions: Equatable {
    /// Samples per second, 60…480.
    public var rate: Double = 120
    /// Random displacement of every sample (seeded), 0…10 mm.
    public var jitter: Double = 0
    /// Delay between one finger landing (and lifting) and the next, 0…100 ms.
    public var stagger: Double = 0
    /// The seed of the jitter.
    public var seed: UInt64 = 1
    /// The touchscreen's size in millimetres and the output it covers in pixels, in the output's orientation.
    public var sizeMillimetres = Size(width: 160, height: 100)
    public var sizePixels = Size(width: 1600, height: 1000)
    /// How the device is mounted; gestures are described as the user sees the output.
    public var transform = DeviceTransform.identity
    /// When the gesture starts, in milliseconds.
    public var start: Double = 100
    /// Where touchscreen gestures are centred, in output pixels; nil for the output's centre.
    public var at: Point?

    public init() {}

    /// Throws for the first of rate, jitter and stagger that is outside its range.
    public func validate() throws(GeneratorRangeError) {
        for (parameter, value) in [(GeneratorParameter.rate, rate), (.jitter, jitter), (.stagger, stagger)] {
            try parameter.check(value, within: parameter.range)
        }
    }

    var touchscreen: DeviceDescription {
        let physical = transform.swapsAxes ? Size(width: sizeMillimetres.height, height: sizeMillimetres.width) : sizeMillimetres
        return DeviceDescription(id: DeviceID(1), kind: .touchscreen, name: "tactus-sim touchscreen", physicalSize: physical,
                                 outputRegion: Rect(origin: .zero, size: sizePixels), transform: transform)
    }

    var touchpad: DeviceDescription {
        DeviceDescription(id: DeviceID(2), kind: .touchpad, name: "tactus-sim touchpad")
    }
}

/// What to generate. Distances are millimetres, times milliseconds, angles degrees (clockwise), speeds mm/s.
/// The values are taken as given: `GeneratorRequest` is where they are checked against their ranges.
public enum GeneratedGesture: Equatable {
    public enum Path: String, CaseIterable { case line, arc, circle }

    case tap(fingers: Int, count: Int, interval: Double)
    case longPress(fingers: Int, duration: Double)
    case drag(path: Path, fingers: Int, distance: Double, duration: Double, direction: SwipeDirection)
    case swipe(direction: SwipeDirection, fingers: Int, speed: Double, distance: Double)
    case edgeSwipe(edge: Edge, fingers: Int, distance: Double, duration: Double)
    case pinch(fingers: Int, startSpan: Double, endSpan: Double, duration: Double)
    case rotate(fingers: Int, degrees: Double, radius: Double, duration: Double)
    case pinchRotate(fingers: Int, startSpan: Double, endSpan: Double, degrees: Double, duration: Double)
    case hold(fingers: Int, duration: Double)
    /// `fingers` held still for `duration` while one more finger taps `distance` away from them towards `side`,
    /// landing halfway through and lifting 80 ms later.
    case tipTap(fingers: Int, side: SwipeDirection, distance: Double, duration: Double)
    case touchpadSwipe(direction: SwipeDirection, fingers: Int, distance: Double, duration: Double)
    case touchpadPinch(fingers: Int, scale: Double, degrees: Double, duration: Double)
    case touchpadHold(fingers: Int, duration: Double)
}

/// Turns a `GeneratedGesture` into a trace shaped like what libinput delivers.
public struct Generator {
    public let options: GeneratorOptions

    public init(options: GeneratorOptions) {
        self.options = options
    }

    /// The knobs as the generator takes them: within their ranges whatever the options say.
    private var period: Double { 1000 / GeneratorParameter.rate.nearest(to: options.rate) }
    private var jitter: Double { GeneratorParameter.jitter.nearest(to: options.jitter) }
    private var stagger: Double { GeneratorParameter.stagger.nearest(to: options.stagger) }

    /// The trace of `gesture`, deterministic for the same options and seed.
    public func trace(for gesture: GeneratedGesture) -> Trace {
        var events: [(time: Timestamp, event: InputEvent)] = []
        generate(gesture) { events.append(($0, $1)) }
        return Trace(devices: devices(for: gesture), events: events)
    }

    /// The devices of `gesture`'s trace: the touchpad for the touchpad's gestures, the touchscreen for the others.
    public func devices(for gesture: GeneratedGesture) -> [DeviceDescription] {
        switch gesture {
        case .touchpadSwipe, .touchpadPinch, .touchpadHold: return [options.touchpad]
        default: return [options.touchscreen]
        }
    }

    /// Makes `gesture`'s events in time order, handing each to `emit` as it is made, so that a long trace streams
    /// instead of waiting in memory (`trace(for:)` gathers them).
    public func generate(_ gesture: GeneratedGesture, _ emit: (Timestamp, InputEvent) -> Void) {
        switch gesture {
        case .touchpadSwipe(let direction, let fingers, let distance, let duration):
            let step = direction.unit
            touchpad(begin: .swipeBegin(DeviceID(2), fingers: fingers), duration: duration,
                     end: .swipeEnd(DeviceID(2), cancelled: false), emit) { f, previous in
                .swipeUpdate(DeviceID(2), delta: step * (distance * (f - previous)))
            }
        case .touchpadPinch(let fingers, let scale, let degrees, let duration):
            touchpad(begin: .pinchBegin(DeviceID(2), fingers: fingers), duration: duration,
                     end: .pinchEnd(DeviceID(2), cancelled: false), emit) { f, previous in
                .pinchUpdate(DeviceID(2), delta: .zero, scale: 1 + (scale - 1) * f, angleDelta: degrees * (f - previous))
            }
        case .touchpadHold(let fingers, let duration):
            let t0 = Timestamp(microseconds: Int64(options.start * 1000))
            emit(t0, .holdBegin(DeviceID(2), fingers: fingers))
            emit(t0 + TimeSpan(microseconds: Int64(duration * 1000)), .holdEnd(DeviceID(2), cancelled: false))
        default:
            touchscreen(presses(for: gesture), emit)
        }
    }

    // MARK: Touchscreen

    /// One press: fingers that land together (but for the stagger), follow their paths over `duration`, and lift.
    struct Press {
        var start: Double
        var duration: Double
        /// Each finger's position in output millimetres for a progress from 0 to 1.
        var fingers: [(Double) -> Point]
        /// When each finger lands and lifts, in milliseconds from `start`; nil: together, but for the stagger, at
        /// the start and after `duration`.
        var timing: [(land: Double, lift: Double)]? = nil
    }

    var center: Point {
        let millimetresPerPixel = Point(x: options.sizeMillimetres.width / options.sizePixels.width,
                                        y: options.sizeMillimetres.height / options.sizePixels.height)
        let pixels = options.at ?? Point(x: options.sizePixels.width / 2, y: options.sizePixels.height / 2)
        return Point(x: pixels.x * millimetresPerPixel.x, y: pixels.y * millimetresPerPixel.y)
    }

    /// Fingers side by side, 15 mm apart, centred on `point`.
    func row(_ count: Int, around point: Point) -> [Point] {
        (0..<count).map { Point(x: point.x + (Double($0) - Double(count - 1) / 2) * 15, y: point.y) }
    }

    func presses(for gesture: GeneratedGesture) -> [Press] {
        let start = options.start
        switch gesture {
        case .tap(let fingers, let count, let interval):
            let points = row(fingers, around: center)
            return (0..<count).map { i in
                Press(start: start + Double(i) * (60 + interval), duration: 60, fingers: points.map { p in { _ in p } })
            }
        case .longPress(let fingers, let duration), .hold(let fingers, let duration):
            return [Press(start: start, duration: duration, fingers: row(fingers, around: center).map { p in { _ in p } })]
        case .tipTap(let fingers, let side, let distance, let duration):
            let held = row(fingers, around: center), tap = center + side.unit * distance
            return [Press(start: start, duration: duration, fingers: (held + [tap]).map { p in { _ in p } },
                          timing: held.map { _ in (0, duration) } + [(duration / 2, duration / 2 + 80)])]
        case .drag(let path, let fingers, let distance, let duration, let direction):
            let along = direction.unit
            let origin = center - along * (distance / 2)
            return [Press(start: start, duration: duration, fingers: row(fingers, around: origin).map { p in
                { f in p + Generator.offset(path: path, along: along, distance: distance, progress: f) }
            })]
        case .swipe(let direction, let fingers, let speed, let distance):
            let along = direction.unit
            let origin = center - along * (distance / 2)
            return [Press(start: start, duration: distance / speed * 1000, fingers: row(fingers, around: origin).map { p in
                { f in p + along * (distance * f) }
            })]
        case .edgeSwipe(let edge, let fingers, let distance, let duration):
            let (origin, inward) = edgeStart(edge)
            let points = edge == .left || edge == .right
                ? (0..<fingers).map { Point(x: origin.x, y: origin.y + (Double($0) - Double(fingers - 1) / 2) * 15) }
                : row(fingers, around: origin)
            return [Press(start: start, duration: duration, fingers: points.map { p in { f in p + inward * (distance * f) } })]
        case .pinch(let fingers, let startSpan, let endSpan, let duration):
            return [spread(fingers, from: startSpan, to: endSpan, turning: 0, start: start, duration: duration)]
        case .rotate(let fingers, let degrees, let radius, let duration):
            return [spread(fingers, from: 2 * radius, to: 2 * radius, turning: degrees, start: start, duration: duration)]
        case .pinchRotate(let fingers, let startSpan, let endSpan, let degrees, let duration):
            return [spread(fingers, from: startSpan, to: endSpan, turning: degrees, start: start, duration: duration)]
        case .touchpadSwipe, .touchpadPinch, .touchpadHold:
            return []
        }
    }

    func spread(_ fingers: Int, from startSpan: Double, to endSpan: Double, turning degrees: Double, start: Double, duration: Double) -> Press {
        let c = center
        return Press(start: start, duration: duration, fingers: (0..<fingers).map { i in
            { f in
                let radius = (startSpan + (endSpan - startSpan) * f) / 2
                let a = (Double(i) / Double(fingers) * 360 + degrees * f) * .pi / 180
                return Point(x: c.x + radius * cos(a), y: c.y + radius * sin(a))
            }
        })
    }

    /// Where an edge swipe lands (1 mm inside the edge, mid-way along it) and the inward direction.
    func edgeStart(_ edge: Edge) -> (Point, Vector) {
        let size = options.sizeMillimetres
        switch edge {
        case .left: return (Point(x: 1, y: size.height / 2), Vector(dx: 1, dy: 0))
        case .right: return (Point(x: size.width - 1, y: size.height / 2), Vector(dx: -1, dy: 0))
        case .top: return (Point(x: size.width / 2, y: 1), Vector(dx: 0, dy: 1))
        case .bottom: return (Point(x: size.width / 2, y: size.height - 1), Vector(dx: 0, dy: -1))
        }
    }

    /// The displacement along a path: a line, a half-circle arc bulging to the left of the direction, or a full circle.
    static func offset(path: GeneratedGesture.Path, along: Vector, distance: Double, progress f: Double) -> Vector {
        let side = Vector(dx: along.dy, dy: -along.dx)
        switch path {
        case .line:
            return along * (distance * f)
        case .arc:
            let a = Double.pi * f
            return along * (distance / 2 * (1 - cos(a))) + side * (distance / 2 * sin(a))
        case .circle:
            let r = distance / (2 * .pi)
            let a = 2 * Double.pi * f
            return along * (r * sin(a)) + side * (r * (1 - cos(a)))
        }
    }

    /// Samples the presses at the rate, landing and lifting fingers with the stagger, adding seeded jitter.
    func touchscreen(_ presses: [Press], _ emit: (Timestamp, InputEvent) -> Void) {
        let device = options.touchscreen
        var random = SeededRandom(seed: options.seed)
        func normalized(_ p: Point) -> Point {
            let output = Point(x: p.x / options.sizeMillimetres.width, y: p.y / options.sizeMillimetres.height)
            let d = options.transform.unapply(output)
            return Point(x: min(max(d.x, 0), 1), y: min(max(d.y, 0), 1))
        }
        var nextContact: ContactID = 0
        for press in presses {
            let ids = press.fingers.indices.map { ContactID($0) + nextContact }
            nextContact += ContactID(press.fingers.count)
            let lands = press.timing?.map { press.start + $0.land } ?? press.fingers.indices.map { press.start + Double($0) * stagger }
            let lifts = press.timing?.map { press.start + $0.lift }
                ?? press.fingers.indices.map { press.start + press.duration + Double($0) * stagger }
            var t = press.start
            let last = lifts.max() ?? press.start
            var down = Set<Int>()
            while t <= last + 1e-9 {
                let time = Timestamp(microseconds: Int64((t * 1000).rounded()))
                let progress = press.duration > 0 ? min(max((t - press.start) / press.duration, 0), 1) : 1
                var any = false
                for i in press.fingers.indices {
                    var p = press.fingers[i](progress)
                    if jitter > 0 { p = p + Vector(dx: random.signedUnit(), dy: random.signedUnit()) * jitter }
                    if !down.contains(i) && t + 1e-9 >= lands[i] && t < lifts[i] + 1e-9 {
                        down.insert(i)
                        emit(time, .touchDown(device.id, contact: ids[i], position: normalized(p)))
                        any = true
                    } else if down.contains(i) && t + 1e-9 >= lifts[i] {
                        // The last position first, so that the lift happens where the path ends.
                        down.remove(i)
                        emit(time, .touchMotion(device.id, contact: ids[i], position: normalized(p)))
                        emit(time, .touchUp(device.id, contact: ids[i]))
                        any = true
                    } else if down.contains(i) && progress > 0 {
                        emit(time, .touchMotion(device.id, contact: ids[i], position: normalized(p)))
                        any = true
                    }
                }
                if any { emit(time, .touchFrame(device.id)) }
                let next = t + period
                // Land and lift exactly on time, between samples if need be.
                let pending = (lands + lifts).filter { $0 > t + 1e-9 && $0 < next - 1e-9 }
                t = pending.min() ?? next
            }
        }
    }

    // MARK: Touchpad

    func touchpad(begin: InputEvent, duration: Double, end: InputEvent, _ emit: (Timestamp, InputEvent) -> Void,
                  update: (_ progress: Double, _ previous: Double) -> InputEvent) {
        emit(Timestamp(microseconds: Int64(options.start * 1000)), begin)
        let steps = max(Int((duration / period).rounded()), 1)
        for step in 1...steps {
            let t = options.start + Double(step) * duration / Double(steps)
            emit(Timestamp(microseconds: Int64((t * 1000).rounded())), update(Double(step) / Double(steps), Double(step - 1) / Double(steps)))
        }
        emit(Timestamp(microseconds: Int64(((options.start + duration) * 1000).rounded())), end)
    }
}
