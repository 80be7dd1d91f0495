// SPDX-License-Identifier: MIT
import Testing
import TactusClient
import TactusCore
import TactusWaylandTestbed

/// Clients' gestures compete with the compositor's bindings under the engine's arbitration.
@Suite struct ArbitrationTests {
    /// A three-finger stroke to the left from the centre, 40 mm over 400 ms.
    static func threeFingerStroke(at start: Double) -> [(time: Timestamp, event: InputEvent)] {
        Interactions.events(.drag(path: .line, fingers: 3, distance: 40, duration: 400, direction: .left), at: start)
    }

    @Test func aForwardThenCancelBindingTakesOverAndTheClientsDragIsCancelled() throws {
        let compositor = try TestCompositor.withDevices()
        // A workspace swipe: three fingers, beginning after 10 mm, taking over from whatever began first.
        let binding = compositor.engine.attach(DragGesture(minimumDistance: 10, fingers: 3), priority: .high,
                                               policy: .forwardThenCancel)
        let client = try compositor.client(window: Rect(x: 0, y: 0, width: 1600, height: 1000), subscribing: [("drag", .drag(fingers: 3))])

        compositor.feed(Self.threeFingerStroke(at: 100))
        compositor.pump([client.connection])

        #expect(compositor.bindingUpdates.filter { $0.attachment == binding }.map(\.phase).first == .began)
        #expect(compositor.bindingUpdates.last { $0.attachment == binding }?.phase == .ended)
        #expect(client.path("drag") == [.began, .changed, .cancelled])
        let events = client.events("drag")
        #expect(events.last?.reason == .lostToAnotherGesture)
        #expect(events.first?.serial == events.last?.serial)
        #expect(compositor.engine.isIdle)
    }

    @Test func aWithholdingBindingWinsBeforeTheClientsDragBegins() throws {
        let compositor = try TestCompositor.withDevices()
        let binding = compositor.engine.attach(DragGesture(fingers: 3), priority: .high, policy: .withhold)
        let client = try compositor.client(window: Rect(x: 0, y: 0, width: 1600, height: 1000), subscribing: [("drag", .drag(fingers: 3))])

        compositor.feed(Self.threeFingerStroke(at: 100))
        compositor.pump([client.connection])

        #expect(compositor.bindingUpdates.last { $0.attachment == binding }?.phase == .ended)
        #expect(client.path("drag") == [.failed])
        #expect(client.events("drag").first?.reason == .lostToAnotherGesture)
    }

    @Test func aNormalBindingDoesNotStartInAnExclusionRegionButAHighOneDoes() throws {
        let compositor = try TestCompositor.withDevices()
        let normal = compositor.engine.attach(DragGesture(fingers: 3), priority: .normal)
        let client = try TestClient(compositor)
        compositor.place(client.serverSurface, at: Rect(x: 400, y: 200, width: 800, height: 600))
        // The surface's middle, around the output's centre (surface-local (400, 300)).
        let exclusion = client.exclude([Rect(x: 300, y: 200, width: 200, height: 200)])
        compositor.pump([client.connection])

        // Not committed yet: the binding still starts.
        compositor.feed(Self.threeFingerStroke(at: 100))
        #expect(compositor.bindingUpdates.last { $0.attachment == normal }?.phase == .ended)

        client.connection.commit(client.surface)
        compositor.pump([client.connection])
        let before = compositor.bindingUpdates.count
        compositor.feed(Self.threeFingerStroke(at: 2000))
        #expect(compositor.bindingUpdates.count == before)

        // Outside the region (80 mm left of the centre is 240 px into the surface): it starts again.
        compositor.feed(Interactions.events(.drag(path: .line, fingers: 3, distance: 40, duration: 400, direction: .down),
                                            at: 4000, movedBy: Vector(dx: -160, dy: 0)))
        #expect(compositor.bindingUpdates.last { $0.attachment == normal }?.time.microseconds ?? 0 > 4_000_000)

        // A high-priority binding starts inside the region all the same.
        let high = compositor.engine.attach(DragGesture(fingers: 3), priority: .high)
        compositor.feed(Self.threeFingerStroke(at: 6000))
        #expect(compositor.bindingUpdates.last { $0.attachment == high }?.phase == .ended)
        #expect(compositor.bindingUpdates.filter { $0.attachment == normal && $0.time.microseconds > 6_000_000 }.isEmpty)

        // Destroyed, the exclusion ends with the surface's next commit, not before.
        exclusion.destroy()
        compositor.pump([client.connection])
        #expect(compositor.server.excludesCompositorGestures(on: client.serverSurface.id, at: Point(x: 400, y: 300),
                                                            surfaceSize: Size(width: 800, height: 600)))
        client.connection.commit(client.surface)
        compositor.pump([client.connection])
        #expect(!compositor.server.excludesCompositorGestures(on: client.serverSurface.id, at: Point(x: 400, y: 300),
                                                            surfaceSize: Size(width: 800, height: 600)))
        #expect(compositor.server.objectCount == 0)
        let count = compositor.bindingUpdates.filter { $0.attachment == normal }.count
        compositor.engine.detach(high)
        compositor.feed(Self.threeFingerStroke(at: 8000))
        #expect(compositor.bindingUpdates.filter { $0.attachment == normal }.count > count)
    }

    @Test func anExclusionIsHonouredUpToItsLimitOfTheSurfaceAndASurfaceHasOne() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor)
        compositor.place(client.serverSurface, at: Rect(x: 400, y: 200, width: 800, height: 600))
        let size = Size(width: 800, height: 600)
        let excludes = { (x: Double, y: Double) in
            compositor.server.excludesCompositorGestures(on: client.serverSurface.id, at: Point(x: x, y: y), surfaceSize: size)
        }
        // The whole surface asked for: by default half of it is honoured, the top half.
        let whole = client.exclude([Rect(x: -100, y: -100, width: 1000, height: 800)])
        client.connection.commit(client.surface)
        compositor.pump([client.connection])
        #expect(compositor.server.exclusionLimit == 0.5)
        #expect(excludes(400, 100) && excludes(400, 299.5))
        #expect(!excludes(400, 300.5) && !excludes(400, 500))
        compositor.server.exclusionLimit = 0.25
        #expect(excludes(400, 149) && !excludes(400, 151))
        compositor.server.exclusionLimit = 1
        #expect(excludes(400, 599))
        // Without the surface's size the limit cannot be kept: nothing is excluded.
        #expect(!compositor.server.excludesCompositorGestures(on: client.serverSurface.id, at: Point(x: 400, y: 100),
                                                              surfaceSize: nil))

        // A new exclusion may replace one destroyed that waits for the commit; rectangles count from the top down,
        // whatever order they were given in.
        compositor.server.exclusionLimit = 0.5
        whole.destroy()
        client.exclude([Rect(x: 0, y: 300, width: 800, height: 300), Rect(x: 0, y: 0, width: 800, height: 200)])
        compositor.pump([client.connection])
        #expect(client.connection.protocolError == nil)
        #expect(excludes(400, 250))
        client.connection.commit(client.surface)
        compositor.pump([client.connection])
        // 160 000 of the 240 000 px² allowed go to the first; the second keeps its top 100 px.
        #expect(excludes(400, 100) && !excludes(400, 250))
        #expect(excludes(400, 350) && !excludes(400, 450))
        #expect(compositor.server.objectCount == 1)
    }

    /// A client with a window over the output, a tap ("single") and a double tap ("double"), the single one
    /// related to the double one by `relate` before its commit.
    static func singleAndDoubleTap(_ relate: (GestureSubscription, GestureSubscription) -> Void) throws
        -> (TestCompositor, TestClient, single: GestureSubscription, double: GestureSubscription) {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor)
        compositor.place(client.serverSurface, at: Rect(x: 0, y: 0, width: 1600, height: 1000))
        let single = client.subscribe("single", .tap(), commit: false)
        let double = client.subscribe("double", .tap(count: 2))
        relate(single, double)
        single.commit()
        compositor.pump([client.connection])
        return (compositor, client, single, double)
    }

    @Test func clearingRelationsLetsATapThatRanWithTheDoubleTapWaitForItInstead() throws {
        let (compositor, client, single, double) = try Self.singleAndDoubleTap { $0.recognizeSimultaneously(with: $1) }
        compositor.feed(Interactions.events(.tap(fingers: 1, count: 2, interval: 100), at: 100))
        compositor.pump([client.connection])
        // Together: the single tap fires at each tap, the double tap at the second.
        #expect(client.path("single") == [.recognized, .recognized])
        #expect(client.path("double") == [.recognized])

        // Cleared and asked anew in one commit: no conflicting_state, and the single tap now waits.
        single.clearRelations()
        single.requireFailure(of: double)
        single.commit()
        compositor.pump([client.connection])
        #expect(client.connection.protocolError == nil)
        compositor.feed(Interactions.events(.tap(fingers: 1, count: 2, interval: 100), at: 3000))
        compositor.pump([client.connection])
        #expect(client.path("single") == [.recognized, .recognized, .failed])
        #expect(client.path("double") == [.recognized, .recognized])

        // Without the clear, the same change contradicts the relation in force.
        let other = client.subscribe("other", .tap(), commit: false)
        other.recognizeSimultaneously(with: double)
        other.commit()
        other.requireFailure(of: double)
        other.commit()
        compositor.pump([client.connection])
        #expect(client.connection.protocolError?.name == "conflicting_state")
    }

    @Test func aClientsRequireFailureRelationMakesItsTapWaitForItsDoubleTap() throws {
        let (compositor, client, _, _) = try Self.singleAndDoubleTap { $0.requireFailure(of: $1) }

        compositor.feed(Interactions.events(.tap(fingers: 1, count: 2, interval: 100), at: 100))
        compositor.pump([client.connection])
        #expect(client.path("double") == [.recognized])
        #expect(client.path("single") == [.failed])

        compositor.feed(Interactions.events(.tap(fingers: 1, count: 1, interval: 0), at: 3000))
        compositor.pump([client.connection])
        #expect(client.path("single") == [.failed, .recognized])
        #expect(client.path("double") == [.recognized, .failed])
        #expect(client.events("double").last?.reason == .timedOut)
    }
}
