import Testing
import TactusClient
import TactusCore

/// Surfaces, gestures and clients that go away mid-gesture: no crash, no further events, nothing left over.
@Suite struct LifetimeTests {
    static let drag = Interactions.events(.drag(path: .line, fingers: 1, distance: 40, duration: 400, direction: .right),
                                          at: 100)
    /// The drag up to its middle, and the rest.
    static let firstHalf = Array(drag.prefix { $0.time < .milliseconds(300) })
    static let secondHalf = Array(drag.drop { $0.time < .milliseconds(300) })

    func clientDragging(on compositor: TestCompositor) throws -> (TestClient, GestureSubscription) {
        compositor.addDevices()
        let client = try TestClient(compositor)
        compositor.place(client.serverSurface, at: Rect(x: 0, y: 0, width: 1600, height: 1000))
        let drag = client.subscribe("drag", .drag())
        compositor.pump([client.connection])
        compositor.feed(Self.firstHalf, settle: .zero)
        compositor.pump([client.connection])
        #expect(client.path("drag") == [.began, .changed])
        return (client, drag)
    }

    @Test func aSurfaceDestroyedMidGestureSilencesItsGestures() throws {
        let compositor = try TestCompositor()
        let (client, drag) = try clientDragging(on: compositor)
        let heard = client.heard.count
        client.connection.destroySurface(client.surface)
        compositor.pump([client.connection])
        compositor.feed(Self.secondHalf)
        compositor.pump([client.connection])
        #expect(client.heard.count == heard)
        #expect(compositor.engine.isIdle)
        #expect(client.connection.protocolError == nil)
        drag.destroy()
        compositor.pump([client.connection])
        #expect(compositor.server.objectCount == 0)
    }

    @Test func aGestureDestroyedMidGestureSendsNothingMore() throws {
        let compositor = try TestCompositor()
        let (client, drag) = try clientDragging(on: compositor)
        let heard = client.heard.count
        drag.destroy()
        compositor.pump([client.connection])
        compositor.feed(Self.secondHalf)
        compositor.pump([client.connection])
        #expect(client.heard.count == heard)
        #expect(compositor.server.objectCount == 0)
        #expect(compositor.engine.isIdle)
    }

    @Test func aClientThatDisconnectsMidGestureLeavesNothingBehind() throws {
        let compositor = try TestCompositor()
        let (client, _) = try clientDragging(on: compositor)
        client.connection.disconnect()
        compositor.pump([])
        #expect(compositor.clientCount == 0)
        #expect(compositor.server.objectCount == 0)
        compositor.feed(Self.secondHalf)
        #expect(compositor.engine.isIdle)

        // The next client is served as if nothing happened.
        #expect(try compositor.pathOfANewClientsDrag(at: 3000) == [.began, .changed, .ended])
    }

    @Test func aCommitMidGestureTakesEffectFromTheNextInteraction() throws {
        let compositor = try TestCompositor()
        let (client, drag) = try clientDragging(on: compositor)
        drag.sendRaw(.setFingers(2))
        drag.commit()
        compositor.pump([client.connection])
        compositor.feed(Self.secondHalf)
        compositor.pump([client.connection])
        // The running one-finger drag ends as it began...
        #expect(client.path("drag") == [.began, .changed, .ended])
        // ...and the next one-finger drag is no longer this gesture's.
        compositor.feed(Interactions.events(.drag(path: .line, fingers: 1, distance: 40, duration: 400, direction: .right),
                                            at: 3000))
        compositor.pump([client.connection])
        #expect(client.path("drag") == [.began, .changed, .ended, .failed])
        compositor.feed(Interactions.events(.drag(path: .line, fingers: 2, distance: 40, duration: 400, direction: .right),
                                            at: 6000))
        compositor.pump([client.connection])
        #expect(client.path("drag") == [.began, .changed, .ended, .failed, .began, .changed, .ended])
        #expect(client.events("drag").last?.fingers == 2)
    }
}
