// SPDX-License-Identifier: MIT
import Testing
@_spi(Testing) import TactusClient
import TactusCore
@testable import TactusWayland
import TactusSimulation
import TactusWaylandTestbed

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

    @Test func aSurfaceDestroyedMidGestureCancelsItsGestureThenSilencesIt() throws {
        let compositor = try TestCompositor()
        let (client, drag) = try clientDragging(on: compositor)
        let began = try #require(client.events("drag").first?.serial)
        client.connection.destroySurface(client.surface)
        compositor.pump([client.connection])
        // The began the client heard ends, once, with the serial it had.
        let cancelled = try #require(client.events("drag").last)
        #expect(cancelled.phase == .cancelled)
        #expect(cancelled.serial == began)
        #expect(cancelled.reason == nil)  // `other`
        let heard = client.heard.count
        compositor.feed(Self.secondHalf)
        compositor.pump([client.connection])
        #expect(client.heard.count == heard)
        #expect(compositor.engine.isIdle)
        #expect(client.connection.protocolError == nil)
        // Inert already: its attachment left the engine with the surface.
        #expect(compositor.server.gestureOfAttachment.isEmpty)
        drag.destroy()
        compositor.pump([client.connection])
        #expect(compositor.server.objectCount == 0)
    }

    @Test func aGestureFollowsItsSeatNotTheWlSeatObjectAndStopsForGoodWhenTheSeatLosesTouchAndPointer() throws {
        let compositor = try TestCompositor()
        let (client, _) = try clientDragging(on: compositor)
        // Releasing the wl_seat the gesture was made with takes nothing from it.
        client.connection.releaseSeats()
        compositor.pump([client.connection])
        compositor.feed(Self.secondHalf)
        compositor.pump([client.connection])
        #expect(client.path("drag") == [.began, .changed, .ended])
        // A keyboard is no seat for gestures: the running drag is cancelled, and the object stays inert when touch
        // comes back.
        compositor.feed(Self.firstHalf.map { ($0.time + .milliseconds(1000), $0.event) }, settle: .zero)
        compositor.pump([client.connection])
        compositor.server.seatCapabilitiesChanged(DeviceDescription.defaultSeat, capabilities: 2)
        compositor.feed(Self.secondHalf.map { ($0.time + .milliseconds(1000), $0.event) })
        compositor.pump([client.connection])
        #expect(client.path("drag") == [.began, .changed, .ended, .began, .changed, .cancelled])
        // A client's gesture made while the seat has neither is inert from the start; one made after it has touch
        // again works.
        let early = try TestClient(compositor)
        compositor.place(early.serverSurface, at: Rect(x: 0, y: 0, width: 700, height: 1000))
        early.subscribe("drag", .drag())
        compositor.pump([early.connection])
        compositor.server.seatCapabilitiesChanged(DeviceDescription.defaultSeat, capabilities: 4)
        let late = try TestClient(compositor)
        compositor.place(late.serverSurface, at: Rect(x: 900, y: 0, width: 700, height: 1000))
        late.subscribe("drag", .drag())
        compositor.pump([late.connection])
        // A drag on each of the two windows, side by side.
        let drag = GeneratedGesture.drag(path: .line, fingers: 1, distance: 40, duration: 400, direction: .right)
        compositor.feed(Interactions.events(drag, at: 3100, movedBy: Vector(dx: -500, dy: 0)))
        compositor.feed(Interactions.events(drag, at: 5100, movedBy: Vector(dx: 400, dy: 0)))
        compositor.pump([client.connection, early.connection, late.connection])
        #expect(client.path("drag") == [.began, .changed, .ended, .began, .changed, .cancelled])
        #expect(early.path("drag").isEmpty)
        #expect(late.path("drag") == [.began, .changed, .ended])
        #expect(client.connection.protocolError == nil && early.connection.protocolError == nil)
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
        #expect(compositor.server.gestureOfAttachment.isEmpty)
        #expect(compositor.engine.isIdle)
    }

    @Test func aClientThatDisconnectsMidGestureLeavesNothingBehind() throws {
        let compositor = try TestCompositor()
        let (client, _) = try clientDragging(on: compositor)
        client.connection.disconnect()
        compositor.pump([])
        #expect(compositor.clientCount == 0)
        #expect(compositor.server.objectCount == 0)
        #expect(compositor.server.gestureOfAttachment.isEmpty)
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

    @Test func commitsMidGestureNeverCutItShort() throws {
        let compositor = try TestCompositor()
        let (client, drag) = try clientDragging(on: compositor)
        for _ in 0..<3 {
            drag.commit()
            compositor.pump([client.connection])
        }
        compositor.feed(Self.secondHalf)
        compositor.pump([client.connection])
        #expect(client.path("drag") == [.began, .changed, .ended])
        let serials = Set(client.events("drag").map(\.serial))
        #expect(serials.count == 1 && serials.first != nil)
        // Only the last commit's attachment is left once the interaction is over.
        #expect(compositor.server.gestureOfAttachment.count == 1)
        #expect(compositor.server.gestureOfAttachment.keys.allSatisfy(compositor.engine.isAttached))
    }

    @Test func aTouchscreenAndATouchpadRunningOneGestureAtOnceHaveTheirOwnSerials() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor)
        compositor.place(client.serverSurface, at: Rect(x: 0, y: 0, width: 1600, height: 1000))
        compositor.pointerLocation = Point(x: 100, y: 100)
        client.subscribe("pinch", .magnify())
        compositor.pump([client.connection])
        let screen = Interactions.events(.pinchRotate(fingers: 2, startSpan: 40, endSpan: 80, degrees: 0, duration: 500), at: 100)
        let touchpad = Interactions.events(.touchpadPinch(fingers: 2, scale: 1.5, degrees: 0, duration: 200), at: 250)
        compositor.feed((screen + touchpad).sorted { $0.time < $1.time })
        compositor.pump([client.connection])

        let events = client.events("pinch")
        let began = events.filter { $0.phase == .began }.compactMap(\.serial)
        #expect(began.count == 2 && Set(began).count == 2)
        for serial in began {
            let run = events.filter { $0.serial == serial }.map(\.phase)
            #expect(run.first == .began && run.last == .ended && run.filter { $0 == .ended }.count == 1)
        }
        #expect(events.allSatisfy { $0.serial != nil && $0.serial != 0 })
    }

    @Test func aServerThatGoesAwayTakesTheClientsGesturesOutOfTheEngine() throws {
        let compositor = try TestCompositor()
        let (client, _) = try clientDragging(on: compositor)
        let attachments = Array(compositor.server.gestureOfAttachment.keys)
        #expect(attachments.count == 1)
        compositor.shutDownServer()
        #expect(attachments.allSatisfy { !compositor.engine.isAttached($0) })
        let heard = client.heard.count
        compositor.pump([client.connection])
        // The running drag was cancelled in the engine; the client hears nothing from a server that is gone.
        #expect(client.heard.count == heard)
        #expect(compositor.bindingUpdates.last?.phase == .cancelled)
    }
}
