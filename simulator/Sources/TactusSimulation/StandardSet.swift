// SPDX-License-Identifier: MIT
import TactusCore

/// The gestures `tactus-sim replay` listens for unless a scenario says otherwise, with the core's default
/// arbitration (all exclusive, normal priority, on the whole layout; edge swipes on their output edge band,
/// attached first so that they win a tie with a drag):
/// - edge swipe from each of the four edges (1 finger),
/// - tap with counts 1–3 and 1–4 fingers,
/// - long press (1 finger),
/// - drag with 1–4 fingers,
/// - swipe with 1–5 fingers in four directions,
/// - pinch and rotate with 2 fingers (`pinch`, `rotate`) and 3–5 fingers (`pinch_<n>f`, `rotate_<n>f`),
/// - hold with 1–4 fingers (`hold_<n>f`), touchscreen or touchpad, alongside whatever wins (simultaneous priority).
public enum StandardSet {
    public static func attach(to session: Session) {
        for edge in Edge.allCases {
            attach(.edgeSwipe, named: edge.rawValue, to: session) { $0.edge = edge }
        }
        for fingers in 1...4 {
            for count in 1...3 {
                attach(.tap, named: "\(count)x\(fingers)f", to: session) { ($0.count, $0.fingers) = (count, fingers) }
            }
        }
        attach(.longPress, to: session)
        for fingers in 1...4 { attach(.drag, named: "\(fingers)f", to: session) { $0.fingers = fingers } }
        for fingers in 1...5 { attach(.swipe, named: "\(fingers)f", to: session) { $0.fingers = fingers } }
        attach(.magnify, to: session)
        attach(.rotate, to: session)
        // Every kind and finger count the generator makes has a gesture here to recognize it.
        for fingers in 3...5 {
            attach(.magnify, named: "\(fingers)f", to: session) { $0.fingers = fingers }
            attach(.rotate, named: "\(fingers)f", to: session) { $0.fingers = fingers }
        }
        // Holds run alongside whatever wins: fingers resting are a long press too, and both are reported.
        for fingers in 1...4 {
            attach(.hold, named: "\(fingers)f", to: session, priority: .simultaneous) { $0.fingers = fingers }
        }
    }

    /// Attaches one gesture of `kind` under the kind's name (and `suffix`), where a compositor would: edge swipes on
    /// the band of their edge.
    private static func attach(_ kind: GestureKind, named suffix: String? = nil, to session: Session,
                               priority: AttachmentPriority = .normal,
                               _ configure: (inout GestureSpecification) -> Void = { _ in }) {
        var specification = GestureSpecification(kind: kind)
        configure(&specification)
        let name = [kind.externalName, suffix].compactMap { $0 }.joined(separator: "_")
        var options = AttachmentOptions()
        options.priority = priority
        session.attach(name, specification.gesture, to: specification.outputEdgeBand ?? .layout, options: options)
    }
}
