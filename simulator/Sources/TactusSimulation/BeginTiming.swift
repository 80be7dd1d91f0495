// SPDX-License-Identifier: MIT
import TactusCore

/// How soon a gesture begins among the others a configuration attaches, against how soon it begins alone: each
/// gesture's canonical motion (`GeneratedGesture.canonical(for:)`) is generated and replayed through everything
/// attached, then through the gesture alone (`Session.alone(_:)`).
///
/// A live gesture, whose steps run while the fingers move, must begin as soon as it would alone: a user who pinches
/// to resize a window must see it follow the fingers, not jump when another binding gives up.
public struct BeginTiming {
    /// The gesture measured, as a session names its attachments.
    public var name: String
    public var specification: GestureSpecification
    /// Whether the gesture acts while the fingers move (a live binding, or one that runs at began or changed).
    public var isLive: Bool
    /// When it began (continuous) or was recognized (discrete), after the first motion of the fingers; nil when it
    /// never did.
    public var alone: TimeSpan?
    public var amongOthers: TimeSpan?
    /// The share of the motion, from the first finger down to the last lift, done when it began among the others.
    public var doneAtBegin: Double?
    /// Why it was not measured: no canonical motion exists for it.
    public var notMeasured: String?

    /// The name's first line and first 60 characters (a command can be long): enough to tell the gestures apart.
    public var shortName: String {
        let line = name.split(whereSeparator: \.isNewline).first.map(String.init) ?? name
        return line.count > 60 || line != name ? String(line.prefix(60)) + "…" : line
    }

    /// How much later it began among the others than alone.
    public var lateBy: TimeSpan? {
        guard let alone, let amongOthers else { return nil }
        return TimeSpan(microseconds: amongOthers.microseconds - alone.microseconds)
    }

    /// The most a live gesture may begin later among others than alone: 50 ms, what a user still takes for "at once".
    public static let longestLiveDelay = TimeSpan.milliseconds(50)

    /// What is wrong with the timing, if anything: a gesture that begins alone must win among the others, and a live
    /// one within `longestLiveDelay` of its time alone.
    public var problem: String? {
        guard notMeasured == nil, alone != nil else { return nil }
        guard let lateBy else { return "\(shortName): lost its own gesture to another" }
        if isLive && lateBy > BeginTiming.longestLiveDelay {
            return "\(shortName): began \(BeginTiming.milliseconds(lateBy)) ms later than alone (at most \(BeginTiming.milliseconds(BeginTiming.longestLiveDelay)))"
        }
        return nil
    }

    /// A gesture left unmeasured, for `reason`.
    public init(name: String, specification: GestureSpecification, isLive: Bool, notMeasured reason: String) {
        (self.name, self.specification, self.isLive, notMeasured) = (name, specification, isLive, reason)
    }

    private init(name: String, specification: GestureSpecification, isLive: Bool) {
        (self.name, self.specification, self.isLive) = (name, specification, isLive)
    }

    /// Measures the gesture `name` of the session `attach` makes, of `specification`, through its canonical motion
    /// made with `modifiers` held (those the gesture requires).
    public static func measure(_ name: String, _ specification: GestureSpecification, isLive: Bool,
                               modifiers: ModifierSet = [], options: GeneratorOptions = GeneratorOptions(),
                               attach: (Session) -> Void) -> BeginTiming {
        var timing = BeginTiming(name: name, specification: specification, isLive: isLive)
        let trace = Generator(options: options).trace(for: .canonical(for: specification))
        guard let firstMotion = trace.events.first(where: { if case .touchMotion = $0.event { true } else { false } })?.time,
              let start = trace.events.first?.time, let end = trace.events.last?.time else {
            timing.notMeasured = "its motion is empty"
            return timing
        }
        let session = Session()
        attach(session)
        session.handle(.modifiers(modifiers), at: start)
        session.feed(trace)
        let began = session.beginning(of: name)
        timing.amongOthers = began.map { $0 - firstMotion }
        timing.alone = session.alone(name).beginning(of: name).map { $0 - firstMotion }
        timing.doneAtBegin = began.map { Double(($0 - start).microseconds) / Double(max((end - start).microseconds, 1)) }
        return timing
    }

    /// Milliseconds as the table writes them: one decimal.
    static func milliseconds(_ span: TimeSpan) -> String {
        let tenths = (span.microseconds + (span.microseconds >= 0 ? 50 : -50)) / 100
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    /// The timings as a Markdown table, as the README shows them.
    public static func table(_ timings: [BeginTiming]) -> String {
        var lines = ["| binding | gesture | live | alone, ms after the first motion | among the others | later by | motion done |",
                     "|---|---|---|---|---|---|---|"]
        for t in timings {
            let count = t.specification.count.flatMap { $0 > 1 ? "×\($0)" : nil }
            let gesture = [t.specification.fingers.map { "\($0)-finger" }, t.specification.kind.kebabName, count]
                .compactMap { $0 }.joined(separator: " ")
            let cells: [String]
            if let reason = t.notMeasured {
                cells = ["not measured: \(reason)", "", "", ""]
            } else {
                cells = [t.alone.map(milliseconds) ?? "never", t.amongOthers.map(milliseconds) ?? "lost",
                         t.lateBy.map(milliseconds) ?? "", t.doneAtBegin.map { "\(Int(($0 * 100).rounded())) %" } ?? ""]
            }
            lines.append("| " + ([t.shortName.replacingBars, gesture, t.isLive ? "yes" : "no"] + cells).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension GeneratedGesture {
    /// The motion that makes a gesture of `specification` beyond doubt, on a touchscreen at the generator's defaults:
    /// its fingers, count, edge and first accepted direction, with thresholds crossed by a wide margin (a pinch from
    /// 30 to 60 mm in 400 ms, a drag of 40 mm in 500 ms).
    public static func canonical(for specification: GestureSpecification) -> GeneratedGesture {
        let s = specification
        let fingers = s.fingers ?? s.kind.fingerRange.lowerBound
        let direction = SwipeDirection.allCases.first { s.directions?.contains(SwipeDirections($0)) ?? true } ?? .right
        let distance = s.distance ?? 0
        switch s.kind {
        case .tap:
            return .tap(fingers: fingers, count: s.count ?? 1, interval: min(150, Double(s.duration ?? 300) / 2))
        case .longPress:
            return .longPress(fingers: fingers, duration: Double(s.duration ?? 500) + 300)
        case .drag:
            return .drag(path: .line, fingers: fingers, distance: max(40, 4 * distance), duration: 500, direction: direction)
        case .swipe:
            return .swipe(direction: direction, fingers: fingers, speed: max(200, 2 * (s.minimumVelocity ?? 0)),
                          distance: max(30, 2 * distance))
        case .edgeSwipe:
            return .edgeSwipe(edge: s.edge ?? .left, fingers: fingers, distance: max(30, 1.5 * distance), duration: 250)
        case .magnify:
            return .pinch(fingers: fingers, startSpan: 30, endSpan: 30 * max(2, 1 + 2 * (s.scaleDelta ?? 0)), duration: 400)
        case .rotate:
            return .rotate(fingers: fingers, degrees: max(45, 3 * (s.angleDelta ?? 0)), radius: 15, duration: 400)
        case .hold:
            return .hold(fingers: fingers, duration: Double(s.duration ?? 200) + 400)
        case .tipTap:
            return .tipTap(fingers: fingers, side: direction, distance: 25, duration: 800)
        }
    }
}

extension Session {
    /// When the first gesture of a name began or was recognized, if it did.
    func beginning(of name: String) -> Timestamp? {
        records.first { $0.name == name && ($0.update.phase == .began || $0.update.phase == .recognized) }?.update.time
    }
}

private extension String {
    /// The text with its bars escaped, for a Markdown table's cell.
    var replacingBars: String { split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
}
