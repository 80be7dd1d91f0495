// SPDX-License-Identifier: MIT

/// The event groups of one input frame across a connection's gesture objects, delivered together.
///
/// The compositor sends every group of one input frame (a pinch's and a rotation's, say) before any of their
/// `frame` events. A group whose `frame` arrives while others are still open waits for them; when the last one
/// closes, each subscription hears its event, in the order the groups closed, and then `onFrame` hears them all:
/// a client that applies what it heard there never draws a pinch applied without the rotation of the same frame.
final class InputFrameGroups {
    /// One closed group: the subscription it came to and its event.
    typealias Group = (subscription: GestureSubscription, event: GestureEvent)

    /// Receives every input frame's groups, after the subscriptions' own handlers.
    var onFrame: (([Group]) -> Void)?
    private var openCount = 0
    private var closed: [Group] = []

    /// A subscription received a phase event: its group is open until its `frame`.
    func opened() {
        openCount += 1
    }

    /// A subscription received its group's `frame`.
    func close(_ event: GestureEvent, of subscription: GestureSubscription) {
        closed.append((subscription, event))
        openCount -= 1
        deliverIfComplete()
    }

    /// A subscription with an open group was destroyed: the group will not close, and the others need not wait.
    func abandon() {
        openCount -= 1
        deliverIfComplete()
    }

    private func deliverIfComplete() {
        guard openCount == 0, !closed.isEmpty else { return }
        let groups = closed
        closed = []
        for group in groups { group.subscription.deliver(group.event) }
        onFrame?(groups)
    }
}
