// SPDX-License-Identifier: MIT
/// A description of a gesture, in the manner of SwiftUI's `Gesture`: a value with parameters that
/// composes with others and carries observers. The engine turns it into a tree of recognizers when it is
/// attached.
///
/// Write your own gesture as in SwiftUI, from others, with a `body`:
///
///     struct Flick: Gesture {
///         var body: some Gesture<DragValue> {
///             DragGesture(minimumDistance: 5).onEnded { print($0.predictedEndTranslation) }
///         }
///     }
///
/// Its `Value` is its body's, and the engine builds it through its body. The gestures Tactus ships are
/// primitives: their `Body` is `Never` and they build their recognizers themselves (`makeNode()`).
public protocol Gesture<Value> {
    /// What the gesture reports while it runs and when it ends.
    associatedtype Value = Body.Value
    /// The gesture this one is made of; `Never` for primitives.
    associatedtype Body: Gesture = Never

    /// The gesture this one is made of. Primitives have none: asking for it is a programming error.
    var body: Body { get }

    /// Builds the gesture's recognizer tree. The engine calls this; hosts attach gestures instead. Gestures
    /// with a body get it for free: their body's tree.
    func makeNode() -> GestureNode<Value>
}

extension Gesture where Value == Body.Value {
    /// A gesture made of others is built from its body.
    public func makeNode() -> GestureNode<Value> { body.makeNode() }
}

extension Gesture where Body == Never {
    /// Primitives have no body: they build their recognizers themselves.
    public var body: Never { fatalError("\(Self.self) is a primitive gesture: it has no body") }
}

/// The body of primitive gestures, as in SwiftUI: a gesture that cannot exist.
extension Never: Gesture {
    public typealias Value = Never

    public func makeNode() -> GestureNode<Never> { switch self {} }
}

/// Where a node of a recognizer tree stands in the current interaction.
///
/// The edges, and the transition that takes each (`Recognizer` for single gestures; compositions alike):
///
///     idle ──start──▶ possible ──claim──▶ pending ──grant──▶ active ──end──▶ succeeded
///                        │                   │   └──grant (discrete)────────▶ succeeded
///                        └──fail──▶ failed ◀─┘              active ──fail──▶ cancelled
///     succeeded | failed | cancelled ──start──▶ possible (the next interaction)
///     possible ──progress (discrete)──▶ possible
///
/// - A continuous gesture whose fingers lift while its claim is pending stays pending, and ends as soon as
///   it is granted (began, then ended).
/// - A discrete gesture may report an in-progress value while possible (a long press once its fingers are
///   all down). Compositions pass it up while they are undecided, so that observers see it; the arena and the
///   host's update stream do not (nothing began).
/// - The second gesture of a sequence is idle until the first succeeded, and starts then; the second of
///   an exclusive pair may wait pending while the first is undecided.
/// - A composition decides from its children's reports: it fails or is cancelled with them, succeeds once
///   its children are done; it ignores reports that arrive after it is decided (they come from its own
///   failing or succeeding, which settles it first and then stops the children).
///
/// No other transition exists. Asking a recognizer for one is a bug in the engine: it stops debug builds
/// at an assertion and counts `Diagnostics.impossibleTransitions` in release builds.
///
/// A parent hears of a child's decision only after the child reported it to the host (`Engine.onUpdate`
/// and the observers), and the host's callback may re-enter the engine: detach a gesture, handle an event.
/// So a parent looks at a child's own status just before it grants, fails or drives it, rather than
/// trusting what it last heard from it.
enum NodeStatus: Hashable {
    /// Not tracking input (the second gesture of a sequence before the first succeeded).
    case idle
    /// Tracking input, undecided.
    case possible
    /// Wants to begin or be recognized, waiting for the arena (or its parent) to agree.
    case pending
    /// Began and runs (continuous gestures only).
    case active
    /// Recognized, or ended after it began.
    case succeeded
    /// Never began: failed.
    case failed
    /// Began, then was cancelled.
    case cancelled

    /// Still tracking input: possible, pending or active.
    var isLive: Bool { self == .possible || self == .pending || self == .active }
    /// Tracking input and not yet begun.
    var isUndecided: Bool { self == .possible || self == .pending }
}

/// The kind, finger count and tap count of a single recognizer.
struct GestureSignature: Hashable {
    var kind: GestureKind
    var fingers: Int
    var count: Int
}

/// What a node tells the node above it (a composition, or the arena member at the root).
protocol NodeParent: AnyObject {
    /// The child wants to begin (continuous) or be recognized (discrete); answer with `grant` or `fail`.
    func childRequestedClaim(_ child: AnyGestureNode, at time: Timestamp)
    /// The child began or its values changed, or an undecided child reported an in-progress value.
    func childChanged(_ child: AnyGestureNode, at time: Timestamp)
    /// The child was recognized or ended.
    func childSucceeded(_ child: AnyGestureNode, at time: Timestamp)
    /// The child failed or was cancelled.
    func childFailed(_ child: AnyGestureNode, reason: FailureReason, at time: Timestamp)
}

/// What every node of a member's tree shares: the device's tracker, where updates go, and the offset that
/// turns layout pixels into the target's own coordinates.
final class MemberContext {
    unowned(unsafe) let tracker: ContactTracker
    let sink: UpdateSink
    let attachment: AttachmentID
    /// Subtracted from layout locations (`Recognizer.local`): the surface's origin for surface targets, zero otherwise.
    var origin = Vector.zero
    /// The target's bounds in its own coordinates, where it has bounds: a region's rectangle, a surface's
    /// size when the host gave it, the output a touchscreen maps to for the layout and output edges.
    var bounds: Rect?

    init(tracker: ContactTracker, sink: UpdateSink, attachment: AttachmentID) {
        self.tracker = tracker
        self.sink = sink
        self.attachment = attachment
    }

    /// A point in the target's coordinates as a unit point of its bounds; nil where it has none.
    func unitPoint(ofLocal point: Point) -> UnitPoint? { bounds?.unitPoint(of: point) }
}

/// Where the recognizers of an engine report to: their updates for the host, and the transitions they were
/// wrongly asked for. The engine makes one; every member context holds it, and it holds nothing of the engine.
final class UpdateSink {
    /// The host's handler (`Engine.onUpdate`), held (+1) and called borrowed, as the engine's raw-touch handler.
    private(set) var handler: Unmanaged<UpdateHandler>?
    /// `Diagnostics.impossibleTransitions`, counted where the recognizers report them.
    private(set) var impossibleTransitions = 0

    deinit {
        handler?.release()
    }

    /// Sets the host's handler; returns the one it replaces, for the engine to keep while it may be running.
    func replaceHandler(with call: ((GestureUpdate) -> Void)?) -> UpdateHandler? {
        let replaced = handler?.takeRetainedValue()
        handler = call.map { .passRetained(UpdateHandler($0)) }
        return replaced
    }

    /// Hands a recognizer update to the host.
    func deliver(_ update: GestureUpdate) {
        handler?._withUnsafeGuaranteedRef { $0.call(update) }
    }

    /// Counts a transition that no edge of `NodeStatus` allows.
    func recordImpossibleTransition() {
        impossibleTransitions += 1
    }
}

/// The host's update handler, in an object of its own (`RawTouchHandler`).
final class UpdateHandler {
    let call: (GestureUpdate) -> Void

    init(_ call: @escaping (GestureUpdate) -> Void) {
        self.call = call
    }
}

/// A node of a recognizer tree, without its value type: what parents and the arena drive.
///
/// Public only because `Gesture.makeNode()` returns its subclass; it has no public members.
public class AnyGestureNode {
    var status = NodeStatus.idle
    unowned(unsafe) var parent: (any NodeParent)?

    init() {}

    /// Numbers the leaves depth-first; called once when the tree is built.
    func numberRecognizers(from next: inout Int) {}

    /// Starts tracking: the node becomes possible, with the contacts currently down as its starting point.
    func start(_ context: MemberContext) {}

    /// Recognizes one frame of the device's contacts (or one touchpad stream step).
    func process(_ tracker: ContactTracker) {}

    /// The earliest time at which the node wants `fireTimer(at:)`, if any. The device's tracker comes as an
    /// argument, as in `process`: reaching it through the context costs reference counting, and deadlines are
    /// asked of every live node after every frame.
    func deadline(in tracker: ContactTracker) -> Timestamp? { nil }

    /// Whether frames can matter to the node only when fingers land or lift, or once its deadline has come: a
    /// swipe decides when its fingers lift, and a gesture waiting for more fingers only counts them. Frames in
    /// between leave such a node as it is, and the arena spares it them (`ArenaMember.process`): on most frames
    /// most members of an interaction wait like this.
    var waitsForFingerChange: Bool { false }

    /// A node waiting across interactions (a multi-tap) learns where the next interaction starts, in output
    /// millimetres (nil for touchpads), before anything else happens in it.
    func interactionWillBegin(at outputPoint: Point?, time: Timestamp) {}

    /// A deadline has passed.
    func fireTimer(at time: Timestamp) {}

    /// The parent agrees to the claim the node requested.
    func grant(at time: Timestamp) {}

    /// Stops the node: an undecided node fails, an active one is cancelled. The node reports to its parent.
    func fail(_ reason: FailureReason, at time: Timestamp) {}

    /// Whether the node, preferred to `competitor` in an exclusive pair, gives up now that the competitor wants
    /// to be recognized: a tap still pressing is no tap once a long press of its fingers is recognized.
    func yields(to competitor: GestureSignature) -> Bool { false }

    /// For a single recognizer (perhaps with observers): what it is, so that the arena can apply the rules
    /// that depend on it (a tap waits for a sibling tap of higher count; see `Arena`). Nil for compositions.
    var signature: GestureSignature? { nil }
}

/// A node of a recognizer tree that produces values of type `Value`.
public class GestureNode<Value>: AnyGestureNode {
    /// The node's latest value, if it has one yet.
    var value: Value? { nil }
}

/// The smaller of two optional deadlines.
func earliest(_ a: Timestamp?, _ b: Timestamp?) -> Timestamp? {
    guard let a else { return b }
    guard let b else { return a }
    return min(a, b)
}
