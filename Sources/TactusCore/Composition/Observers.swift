// SPDX-License-Identifier: MIT
/// A gesture with an action for each new value, as SwiftUI's `onChanged`: called when a continuous
/// gesture begins and on every change.
public struct ChangedObserverGesture<Base: Gesture>: Gesture {
    let base: Base
    let action: (Base.Value) -> Void

    public func makeNode() -> GestureNode<Base.Value> {
        ObserverNode(base.makeNode(), changed: action, succeeded: nil)
    }
}

/// A gesture with an action for its final value, as SwiftUI's `onEnded`: called when a discrete gesture is
/// recognized or a continuous one ends (not when it is cancelled).
public struct EndedObserverGesture<Base: Gesture>: Gesture {
    let base: Base
    let action: (Base.Value) -> Void

    public func makeNode() -> GestureNode<Base.Value> {
        ObserverNode(base.makeNode(), changed: nil, succeeded: action)
    }
}

final class ObserverNode<Value>: WrapperNode<Value, Value> {
    private let changed: ((Value) -> Void)?
    private let succeeded: ((Value) -> Void)?

    init(_ child: GestureNode<Value>, changed: ((Value) -> Void)?, succeeded: ((Value) -> Void)?) {
        self.changed = changed
        self.succeeded = succeeded
        super.init(child)
    }

    override var value: Value? { child.value }

    override func didChange(at time: Timestamp) {
        if let changed, let value = child.value { changed(value) }
    }

    override func didSucceed(at time: Timestamp) {
        if let succeeded, let value = child.value { succeeded(value) }
    }
}

/// Transient state tied to a gesture, as SwiftUI's `GestureState`: the gesture's `updating` body changes it
/// while the gesture runs, and it returns to its initial value when the gesture ends, fails or is cancelled.
///
/// SwiftUI redraws the view when the state changes; a host that draws feedback (an overlay) asks to be told
/// instead, with `onChange`, or reads `wrappedValue` when it draws anyway.
public final class GestureState<State> {
    /// The value to return to.
    public let initialValue: State
    /// The current value.
    public private(set) var wrappedValue: State
    private var observers: [(State) -> Void] = []
    /// Called at each reset with the value being reset (`init(wrappedValue:reset:)`).
    private let resetAction: ((State) -> Void)?
    /// Whether `updating` ran since the last reset: a reset then is a change.
    private var isUpdated = false

    /// Creates state that starts at, and resets to, `initialValue`.
    public convenience init(initialValue: State) {
        self.init(initialValue, resetAction: nil)
    }

    /// Creates state that starts at, and resets to, `wrappedValue`, and calls `reset` at each reset with the value
    /// being reset, as SwiftUI's `GestureState(wrappedValue:reset:)`:
    ///
    ///     let offset = GestureState(wrappedValue: 0.0, reset: { value in lastOffset = value })
    ///
    /// A reset comes when the gesture ends, fails or is cancelled after its `updating` body ran; `reset` runs
    /// first, then the state returns to `wrappedValue` and the `onChange` observers hear it. SwiftUI's closure
    /// also gets the reset's `Transaction` (and `GestureState(wrappedValue:resetTransaction:)` gives only that),
    /// for the view's animation of the return; Tactus has no transactions: a host animates it as it draws.
    public convenience init(wrappedValue: State, reset: @escaping (State) -> Void) {
        self.init(wrappedValue, resetAction: reset)
    }

    private init(_ initialValue: State, resetAction: ((State) -> Void)?) {
        self.initialValue = initialValue
        wrappedValue = initialValue
        self.resetAction = resetAction
    }

    /// Calls `action` with the new value after each change: after every run of an `updating` body, and when
    /// the state returns to its initial value after one. Observers are called in the order they were added.
    public func onChange(_ action: @escaping (State) -> Void) {
        observers.append(action)
    }

    fileprivate func update(_ body: (inout State) -> Void) {
        body(&wrappedValue)
        isUpdated = true
        notify()
    }

    fileprivate func reset() {
        guard isUpdated else { return }
        isUpdated = false
        resetAction?(wrappedValue)
        wrappedValue = initialValue
        notify()
    }

    private func notify() {
        for observer in observers { observer(wrappedValue) }
    }
}

/// A gesture that updates a `GestureState` on every change, as SwiftUI's `updating`.
public struct UpdatingGesture<Base: Gesture, State>: Gesture {
    let base: Base
    let state: GestureState<State>
    let body: (Base.Value, inout State) -> Void

    public func makeNode() -> GestureNode<Base.Value> { UpdatingNode(base.makeNode(), state: state, body: body) }
}

final class UpdatingNode<Value, State>: WrapperNode<Value, Value> {
    private let state: GestureState<State>
    private let body: (Value, inout State) -> Void

    init(_ child: GestureNode<Value>, state: GestureState<State>, body: @escaping (Value, inout State) -> Void) {
        self.state = state
        self.body = body
        super.init(child)
    }

    override var value: Value? { child.value }

    override func didChange(at time: Timestamp) {
        guard let value = child.value else { return }
        state.update { body(value, &$0) }
    }

    override func didSucceed(at time: Timestamp) { state.reset() }
    override func didFail(at time: Timestamp) { state.reset() }
}

extension Gesture {
    /// Calls `action` when the gesture begins and whenever its values change.
    public func onChanged(_ action: @escaping (Value) -> Void) -> ChangedObserverGesture<Self> {
        ChangedObserverGesture(base: self, action: action)
    }

    /// Calls `action` with the final values when the gesture is recognized or ends.
    public func onEnded(_ action: @escaping (Value) -> Void) -> EndedObserverGesture<Self> {
        EndedObserverGesture(base: self, action: action)
    }

    /// Updates `state` with `body` on every change; `state` resets when the gesture ends or is cancelled.
    public func updating<State>(
        _ state: GestureState<State>, body: @escaping (Value, inout State) -> Void
    ) -> UpdatingGesture<Self, State> {
        UpdatingGesture(base: self, state: state, body: body)
    }
}
