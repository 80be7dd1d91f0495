// SPDX-License-Identifier: MIT
import TactusEventLoop
import Testing
import TactusClient
import TactusCore
import TactusWayland
import TactusWaylandTestbed

/// Gestures recognized on a client's surface reach that client, over a real socket, in its coordinates.
@Suite struct DeliveryTests {
    @Test func pinchAndRotateTogetherArriveWithScaleRotationAndSurfaceLocalAnchor() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor)
        // Away from the origin, so that a layout coordinate sent as a surface one shows.
        compositor.place(client.serverSurface, at: Rect(x: 300, y: 200, width: 1000, height: 600))
        client.subscribePinchAndRotateTogether()
        compositor.pump([client.connection])

        compositor.feed(Interactions.events(.pinchRotate(fingers: 2, startSpan: 40, endSpan: 80, degrees: 30, duration: 500),
                                            at: 100))
        compositor.pump([client.connection])

        #expect(client.path("pinch") == [.began, .changed, .ended])
        #expect(client.path("rotate") == [.began, .changed, .ended])
        let pinchEnd = try #require(client.events("pinch").last)
        let rotateEnd = try #require(client.events("rotate").last)
        #expect(abs((pinchEnd.scale ?? 0) - 2) < 0.02)
        #expect(abs((rotateEnd.rotation ?? 0) - 30) < 1)
        #expect(pinchEnd.fingers == 2)
        // The fingers turn around the output's centre, (800, 500): (500, 300) on the surface.
        let anchor = try #require(pinchEnd.location)
        #expect(abs(anchor.x - 500) < 1 && abs(anchor.y - 300) < 1)
        // Once both run, they report the same frames; each ended carries its began's serial.
        let pinchTimes = Set(client.events("pinch").map(\.time))
        #expect(client.events("rotate").filter { $0.phase != .began }.allSatisfy { pinchTimes.contains($0.time) })
        #expect(pinchEnd.time == rotateEnd.time)
        let began = client.events("pinch").first { $0.phase == .began }
        #expect(began?.serial != nil && began?.serial == pinchEnd.serial)
        #expect(client.events("rotate").first?.serial == rotateEnd.serial)
        #expect(began?.serial != rotateEnd.serial)
        #expect(compositor.engine.isIdle)
    }

    @Test func aPinchThatRotatesArrivesAsOneFrameOfBothGestures() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor)
        compositor.place(client.serverSurface, at: Rect(x: 300, y: 200, width: 1000, height: 600))
        client.subscribePinchAndRotateTogether()
        var frames: [[(name: String, event: GestureEvent)]] = []
        let names = ["pinch", "rotate"]
        client.gestures.onFrame = { groups in
            frames.append(groups.map { group in (names[group.subscription.gesture?.kind == .magnify ? 0 : 1], group.event) })
        }
        compositor.pump([client.connection])

        compositor.feed(Interactions.events(.pinchRotate(fingers: 2, startSpan: 40, endSpan: 80, degrees: 30, duration: 500),
                                            at: 100))
        compositor.pump([client.connection])

        // Every input frame that moved both gestures reached the client as one frame of both, with one time: the
        // pinch's and the rotation's groups all arrived before either frame event.
        let both = frames.filter { Set($0.map(\.name)) == Set(names) }
        #expect(both.count >= 20)
        #expect(both.allSatisfy { $0.count == 2 && $0[0].event.time == $0[1].event.time })
        let changedTogether = both.filter { $0.allSatisfy { $0.event.phase == .changed } }
        #expect(changedTogether.count >= 15)
        // No frame held only one of them while both were running.
        let pinchRunning = frames.firstIndex { $0.contains { $0.name == "pinch" && $0.event.phase == .began } }
        let rotateRunning = frames.firstIndex { $0.contains { $0.name == "rotate" && $0.event.phase == .began } }
        let bothRunning = max(try #require(pinchRunning), try #require(rotateRunning))
        let firstEnd = try #require(frames.firstIndex { $0.contains { $0.event.phase == .ended } })
        #expect(frames[bothRunning..<firstEnd].allSatisfy { $0.count == 2 })
        // The subscriptions' own handlers heard the same events, in the same order.
        #expect(client.heard.map(\.event) == frames.flatMap { $0.map(\.event) })
    }

    @Test func anEdgeSwipeOnASurfaceAcrossTwoOutputsComesFromAnEdgeOfTheOutputWhereTheFingersLand() throws {
        let compositor = try TestCompositor.withDevices()
        // A second touchscreen on an output to the right of the first: the surface spans the two.
        var second = Interactions.screen
        second.id = DeviceID(3)
        second.outputRegion = Rect(x: 1600, y: 0, width: 1600, height: 1000)
        compositor.engineLoop.handle(.deviceAdded(second), at: .zero)
        let client = try compositor.client(window: Rect(x: 800, y: 0, width: 1600, height: 1000),
                                           subscribing: [("right", .edgeSwipe(edge: .right)), ("left", .edgeSwipe(edge: .left))])
        let fromEdge = { (edge: Edge, device: DeviceID, time: Double) in
            Interactions.events(.edgeSwipe(edge: edge, fingers: 1, distance: 40, duration: 300), at: time).map { time, event in
                switch event {
                case .touchDown(_, let contact, let position): return (time, InputEvent.touchDown(device, contact: contact, position: position))
                case .touchMotion(_, let contact, let position): return (time, .touchMotion(device, contact: contact, position: position))
                case .touchUp(_, let contact): return (time, .touchUp(device, contact: contact))
                case .touchFrame: return (time, .touchFrame(device))
                default: return (time, event)
                }
            }
        }

        // The first output's right edge and the second's left edge lie inside the surface, where the two meet:
        // each is an edge of the output the fingers are on. The surface's own edges, 800 px into each output, are
        // not edges.
        compositor.feed(fromEdge(.right, Interactions.screen.id, 100))
        compositor.feed(fromEdge(.left, second.id, 2000))
        compositor.pump([client.connection])

        #expect(client.path("right") == [.began, .changed, .ended, .failed])
        #expect(client.path("left") == [.failed, .began, .changed, .ended])
        #expect(client.events("right").last?.reason == .outsideEdgeZone)
        #expect(client.events("left").first?.reason == .outsideEdgeZone)
        #expect(client.events("right").first { $0.phase == .ended }?.progress == 1)
        #expect(client.events("left").first { $0.phase == .ended }?.progress == 1)
    }

    @Test func aDoubleTapArrivesWithItsCountAndLocation() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try compositor.client(window: Rect(x: 600, y: 400, width: 400, height: 300), subscribing: [("double", .tap(count: 2))])

        compositor.feed(Interactions.events(.tap(fingers: 1, count: 2, interval: 100), at: 100))
        compositor.pump([client.connection])

        #expect(client.path("double") == [.recognized])
        let tap = try #require(client.events("double").first)
        #expect(tap.count == 2)
        #expect(tap.location == Point(x: 200, y: 100))
    }

    @Test func twoClientsEachHearOnlyInteractionsOnTheirOwnSurface() throws {
        let compositor = try TestCompositor.withDevices()
        let a = try TestClient(compositor)
        let b = try TestClient(compositor)
        for client in [a, b] { client.subscribe("drag", .drag()) }
        let clients = [a.connection, b.connection]
        compositor.pump(clients)
        // A's surface covers the centre, where the generated drag starts; B's lies beside it.
        compositor.place(a.serverSurface, at: Rect(x: 500, y: 0, width: 600, height: 1000))
        compositor.place(b.serverSurface, at: Rect(x: 1100, y: 0, width: 500, height: 1000))

        compositor.feed(Interactions.events(.drag(path: .line, fingers: 1, distance: 30, duration: 300, direction: .right),
                                            at: 100))
        compositor.pump(clients)
        #expect(a.path("drag") == [.began, .changed, .ended])
        #expect(b.heard.isEmpty)

        // Now B's window lies over A's where the drag starts (it ends past B's right border: only where an
        // interaction starts counts).
        compositor.place(b.serverSurface, at: Rect(x: 100, y: 0, width: 700, height: 1000))
        compositor.feed(Interactions.events(.drag(path: .line, fingers: 1, distance: 30, duration: 300, direction: .right),
                                            at: 2000))
        compositor.pump(clients)
        #expect(b.path("drag") == [.began, .changed, .ended])
        #expect(a.path("drag") == [.began, .changed, .ended])
        let translation = try #require(b.events("drag").last?.translation)
        #expect(abs(translation.dx - 300) < 1 && abs(translation.dy) < 1)
        // The drag runs from 15 mm left of the centre to 15 mm right: layout (950, 500) at the end, B-local (850, 500).
        let end = try #require(b.events("drag").last?.location)
        #expect(abs(end.x - 850) < 1 && abs(end.y - 500) < 1)
    }

    @Test func aTouchpadPinchGoesToTheSurfaceUnderThePointer() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try compositor.client(window: Rect(x: 100, y: 100, width: 400, height: 400), subscribing: [("pinch", .magnify())])

        compositor.pointerLocation = Point(x: 1000, y: 800)
        compositor.feed(Interactions.events(.touchpadPinch(fingers: 2, scale: 1.5, degrees: 0, duration: 300), at: 100))
        compositor.pump([client.connection])
        #expect(client.heard.isEmpty)

        compositor.pointerLocation = Point(x: 250, y: 300)
        compositor.feed(Interactions.events(.touchpadPinch(fingers: 2, scale: 1.5, degrees: 0, duration: 300), at: 2000))
        compositor.pump([client.connection])
        #expect(client.path("pinch") == [.began, .changed, .ended])
        #expect(abs((client.events("pinch").last?.scale ?? 0) - 1.5) < 0.01)
        #expect(client.events("pinch").last?.location == Point(x: 150, y: 200))
    }

    @Test func aLongPressFiresFromTheEventLoopTimer() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try compositor.client(window: Rect(x: 0, y: 0, width: 1600, height: 1000), subscribing: [("press", .longPress(minimumDuration: 50))])

        // Real time here: the finger lands now, and nothing else arrives until the press is recognized, so
        // only the event loop's timer can recognize it.
        let now = Timestamp.monotonicNow()
        compositor.engineLoop.handle(.touchDown(DeviceID(1), contact: 0, position: Point(x: 0.5, y: 0.5)), at: now)
        compositor.engineLoop.handle(.touchFrame(DeviceID(1)), at: now)
        for _ in 0..<300 where client.heard.isEmpty {
            compositor.run(forMilliseconds: 10)
            compositor.pump([client.connection], rounds: 1)
        }
        #expect(client.path("press") == [.recognized])
        let recognized = try #require(client.events("press").first)
        #expect(recognized.time == UInt32(truncatingIfNeeded: (now.microseconds + 50_000) / 1000))
    }

    @Test func aGestureRegionTakesEffectAtTheSurfacesCommitAndLimitsWhereInteractionsStart() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor)
        compositor.place(client.serverSurface, at: Rect(x: 400, y: 200, width: 800, height: 600))
        // The surface's right half: the output's centre, (800, 500), is surface-local (400, 300), on its edge.
        let tap = client.subscribe("tap", RemoteGesture.tap().region([Rect(x: 450, y: 0, width: 350, height: 600)]))
        compositor.pump([client.connection])
        let centre = { (time: Double) in Interactions.events(.tap(fingers: 1, count: 1, interval: 0), at: time) }
        let right = { (time: Double) in
            Interactions.events(.tap(fingers: 1, count: 1, interval: 0), at: time, movedBy: Vector(dx: 100, dy: 0))
        }

        // The gesture's commit does not apply the region: it is the surface's state.
        compositor.feed(centre(100))
        compositor.pump([client.connection])
        #expect(client.events("tap").map(\.location) == [Point(x: 400, y: 300)])

        // The surface's commit does: outside the region nothing starts, inside it does.
        client.connection.commit(client.surface)
        compositor.pump([client.connection])
        compositor.feed(centre(2000))
        compositor.pump([client.connection])
        #expect(client.events("tap").count == 1)
        compositor.feed(right(4000))
        compositor.pump([client.connection])
        #expect(client.events("tap").map(\.location) == [Point(x: 400, y: 300), Point(x: 500, y: 300)])

        // Cleared, then committed with the surface: the whole surface again.
        tap.setRegion(nil)
        compositor.feed(centre(6000))
        compositor.pump([client.connection])
        #expect(client.events("tap").count == 2)
        client.connection.commit(client.surface)
        compositor.pump([client.connection])
        compositor.feed(centre(8000))
        compositor.pump([client.connection])
        #expect(client.events("tap").count == 3)
    }
}
