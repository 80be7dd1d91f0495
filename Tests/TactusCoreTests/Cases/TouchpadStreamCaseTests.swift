// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// What a client under the pointer gets of a touchpad gesture stream (zwp_pointer_gestures_v1, which the compositor
/// forwards) when compositor bindings compete for it: a bound swipe is the compositor's, an unbound pinch the
/// client's, and a binding that forwards then cancels ends the client's gesture as cancelled when it wins.
@Suite struct TouchpadStreamCaseTests {
    func swipe(_ rig: Rig, fingers: Int, dx: Double, at ms: Double) {
        rig.send(.swipeBegin(Rig.touchpad, fingers: fingers), at: ms)
        for step in 1...5 { rig.send(.swipeUpdate(Rig.touchpad, delta: Vector(dx: dx / 5, dy: 0)), at: ms + Double(step) * 10) }
        rig.send(.swipeEnd(Rig.touchpad, cancelled: false), at: ms + 60)
    }

    func pinch(_ rig: Rig, at ms: Double) {
        rig.send(.pinchBegin(Rig.touchpad, fingers: 2), at: ms)
        for step in 1...5 {
            rig.send(.pinchUpdate(Rig.touchpad, delta: .zero, scale: 1 + 0.1 * Double(step), angleDelta: 0), at: ms + Double(step) * 10)
        }
        rig.send(.pinchEnd(Rig.touchpad, cancelled: false), at: ms + 60)
    }

    @Test func aSwipeABindingWithholdsIsKeptFromTheClientAndAPinchNoBindingWantsIsDelivered() {
        let rig = Rig()
        let workspace = rig.engine.attach(SwipeGesture(fingers: 3), to: .layout)
        swipe(rig, fingers: 3, dx: -40, at: 0)
        #expect(rig.path(workspace) == [.recognized])
        pinch(rig, at: 200)
        #expect(rig.streams == [.keep(Rig.touchpad), .deliver(Rig.touchpad)])
    }

    @Test func aStreamWithOtherFingersThanTheBindingsIsDelivered() {
        let rig = Rig()
        let workspace = rig.engine.attach(SwipeGesture(fingers: 3), to: .layout)
        swipe(rig, fingers: 4, dx: -40, at: 0)
        #expect(!rig.phases(workspace).contains(.recognized))
        #expect(rig.streams == [.deliver(Rig.touchpad)])
    }

    @Test func aForwardingBindingThatWinsCancelsTheStreamForTheClientOnce() {
        let rig = Rig()
        let zoom = rig.engine.attach(MagnifyGesture(), to: .layout, options: AttachmentOptions(rawTouchPolicy: .forwardThenCancel))
        pinch(rig, at: 0)
        #expect(rig.path(zoom).first == .began)
        #expect(rig.streams == [.deliver(Rig.touchpad), .cancel(Rig.touchpad)])
        // The next stream starts afresh: delivered, then taken over again.
        pinch(rig, at: 200)
        #expect(rig.streams.count == 4 && rig.streams[2] == .deliver(Rig.touchpad))
    }

    @Test func aClientsOwnGestureDoesNotKeepTheStream() {
        let rig = Rig()
        rig.scene = [(SurfaceID(3), Rect(x: 0, y: 0, width: 1000, height: 1000), nil)]
        let clientSwipe = rig.engine.attach(SwipeGesture(fingers: 3), to: .surface(SurfaceID(3)))
        swipe(rig, fingers: 3, dx: -40, at: 0)
        #expect(rig.path(clientSwipe) == [.recognized])
        #expect(rig.streams == [.deliver(Rig.touchpad)])
    }

    @Test func aStreamTheInputStackCancelsEndsWithoutACancelFromTheEngine() {
        let rig = Rig()
        _ = rig.engine.attach(MagnifyGesture(), to: .layout, options: AttachmentOptions(rawTouchPolicy: .forwardThenCancel))
        rig.send(.pinchBegin(Rig.touchpad, fingers: 2), at: 0)
        rig.send(.pinchEnd(Rig.touchpad, cancelled: true), at: 10)
        pinch(rig, at: 100)
        #expect(rig.streams == [.deliver(Rig.touchpad), .deliver(Rig.touchpad), .cancel(Rig.touchpad)])
    }
}
