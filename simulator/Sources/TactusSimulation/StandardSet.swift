import TactusCore

/// The gestures `tactus-sim replay` listens for unless a scenario says otherwise, with the core's default
/// arbitration (all exclusive, normal priority, on the whole layout; edge swipes on their output edge band,
/// attached first so that they win a tie with a drag):
/// - edge swipe from each of the four edges (1 finger),
/// - tap with counts 1–3 and 1–4 fingers,
/// - long press (1 finger),
/// - drag with 1–4 fingers,
/// - swipe with 1–5 fingers in four directions,
/// - pinch and rotate (2 fingers).
public enum StandardSet {
    public static func attach(to session: Session) {
        for edge in Edge.allCases {
            session.attach("edge_swipe_\(edge.rawValue)", EdgeSwipeGesture(edge: edge), to: .outputEdge(edge, width: 5))
        }
        for fingers in 1...4 {
            for count in 1...3 {
                session.attach("tap_\(count)x\(fingers)f", TapGesture(count: count, fingers: fingers))
            }
        }
        session.attach("long_press", LongPressGesture())
        for fingers in 1...4 { session.attach("drag_\(fingers)f", DragGesture(fingers: fingers)) }
        for fingers in 1...5 { session.attach("swipe_\(fingers)f", SwipeGesture(fingers: fingers)) }
        session.attach("pinch", MagnifyGesture())
        session.attach("rotate", RotateGesture())
    }
}
