// SPDX-License-Identifier: MIT
import TactusCore

/// Checks that every recognizer's phases form a legal life: began → changed* → ended|cancelled, or one
/// recognized or failed, then perhaps a new life in a later interaction.
public final class LifecycleChecker {
    public init() {}

    private var running: Set<String> = []
    public private(set) var violations: [String] = []
    public private(set) var beganCount = 0
    public private(set) var closedCount = 0
    public private(set) var observed = 0

    public func observe(_ u: GestureUpdate) {
        let key = "\(u.attachment.rawValue)/\(u.recognizer)/\(u.device.rawValue)"
        observed += 1
        let isRunning = running.contains(key)
        switch u.phase {
        case .began:
            if isRunning { violations.append("\(key) began twice at \(u.time)") }
            running.insert(key)
            beganCount += 1
        case .changed:
            if !isRunning { violations.append("\(key) changed outside a run at \(u.time)") }
        case .ended, .cancelled:
            if !isRunning { violations.append("\(key) \(u.phase) without began at \(u.time)") }
            running.remove(key)
            closedCount += 1
        case .recognized, .failed:
            if isRunning { violations.append("\(key) \(u.phase) while running at \(u.time)") }
        }
        if (u.phase == .failed || u.phase == .cancelled) && u.reason == nil {
            violations.append("\(key) \(u.phase) without a reason")
        }
    }

    public var stillRunning: Set<String> { running }
}

/// Attaches every kind of gesture and relation: taps of several counts, presses, drags, swipes, edge swipes,
/// pinches and rotations, compositions, observers, masks, required modifiers, priorities and policies, on the
/// layout, two surfaces (1, and 2 in front of it), a region and the output's edges.
public func attachEverything(to engine: Engine) {
    let window = Target.surface(SurfaceID(1))
    let panel = Target.surface(SurfaceID(2))
    let single = engine.attach(TapGesture(), to: window)
    engine.attach(TapGesture(count: 2), to: window)
    engine.attach(TapGesture(count: 3, fingers: 2), to: panel)
    engine.attach(LongPressGesture(), to: panel)
    engine.attach(TipTapGesture(), to: panel)
    let drag = engine.attach(DragGesture(), to: window)
    engine.attach(DragGesture(fingers: 2), to: panel, priority: .high)
    engine.attach(SwipeGesture(fingers: 3), priority: .high, policy: .forwardThenCancel)
    engine.attach(SwipeGesture(directions: .vertical, fingers: 4), priority: .normal, policy: .withhold)
    engine.attach(EdgeSwipeGesture(edge: .left), to: .outputEdge(.left, width: 5), priority: .high)
    engine.attach(EdgeSwipeGesture(edge: .bottom, fingers: 2), to: .outputEdge(.bottom, width: 8), priority: .high)
    engine.attach(MagnifyGesture().simultaneously(with: RotateGesture()), to: window)
    engine.attach(LongPressGesture().sequenced(before: DragGesture()), to: panel)
    engine.attach(TapGesture(count: 2).exclusively(before: TapGesture()), to: .region(Rect(x: 0, y: 0, width: 500, height: 500)))
    // A tap that yields to a long press, and a long press that reports while pressed.
    engine.attach(TapGesture(count: 2).exclusively(before: LongPressGesture()).onChanged { _ in }, to: window)
    engine.attach(HoldGesture(fingers: 2), priority: .simultaneous)
    engine.attach(MagnifyGesture(fingers: 3).map { $0.magnification }, priority: .high, requiring: [.super])
    engine.attach(DragGesture(fingers: 3).onChanged { _ in }.onEnded { _ in }, to: .layout,
                  options: AttachmentOptions(priority: .high, rawTouchPolicy: .forwardThenCancel, deviceKinds: [.touchpad]))
    engine.attach(RotateGesture(fingers: 3), to: window, priority: .normal, mask: .thisTargetOnly)
    let swipe = engine.attach(SwipeGesture(), to: window)
    engine.requireFailure(of: swipe, before: drag)
    engine.recognizeSimultaneously(single, with: swipe)
}
