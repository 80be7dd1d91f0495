// SPDX-License-Identifier: MIT
import Testing
import TactusClient
import TactusCore
import TactusWaylandTestbed

/// Version 2: pinches and rotations say where they started (start_location, start_anchor), to clients that bound
/// version 2; clients of version 1 get what they always got.
@Suite struct StartValueTests {
    /// Pinch and rotate together, turning 30° while spreading from 40 to 80 mm around layout (960, 600), for
    /// `client`.
    private func pinchAndRotate(on compositor: TestCompositor, for client: TestClient) {
        client.subscribePinchAndRotateTogether()
        compositor.pump([client.connection])
        compositor.feed(Interactions.events(.pinchRotate(fingers: 2, startSpan: 40, endSpan: 80, degrees: 30, duration: 500),
                                            at: 100, movedBy: Vector(dx: 160, dy: 100)))
        compositor.pump([client.connection])
    }

    @Test func aPinchAndARotationOnASurfaceOfKnownSizeArriveWithTheirStartLocationAndAnchor() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor)
        #expect(client.connection.gestureVersion == 3)
        // The fingers' centroid starts at layout (960, 600): surface-local (760, 500), 19/32 of the surface's width
        // and 5/8 of its height (fractions that the wire carries exactly).
        compositor.place(client.serverSurface, at: Rect(x: 200, y: 100, width: 1280, height: 800))
        pinchAndRotate(on: compositor, for: client)

        #expect(client.path("pinch") == [.began, .changed, .ended])
        #expect(client.path("rotate") == [.began, .changed, .ended])
        for event in client.events("pinch") + client.events("rotate") {
            #expect(event.startLocation == Point(x: 760, y: 500), "\(event)")
            #expect(event.startAnchor == UnitPoint(x: 0.59375, y: 0.625), "\(event)")
        }
        // The values of version 1 are still there, the current location beside the start.
        let pinchEnd = try #require(client.events("pinch").last)
        #expect(abs((pinchEnd.scale ?? 0) - 2) < 0.02)
        let anchor = try #require(pinchEnd.location)
        #expect(abs(anchor.x - 760) < 1 && abs(anchor.y - 500) < 1)
    }

    @Test func aSurfaceWhoseSizeTheCompositorDoesNotKnowHasAStartLocationButNoAnchor() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor)
        compositor.place(client.serverSurface, at: Rect(x: 200, y: 100, width: 1280, height: 800), reportsSize: false)
        pinchAndRotate(on: compositor, for: client)

        #expect(client.path("pinch") == [.began, .changed, .ended])
        for event in client.events("pinch") + client.events("rotate") {
            #expect(event.startLocation == Point(x: 760, y: 500), "\(event)")
            #expect(event.startAnchor == nil, "\(event)")
        }
    }

    @Test func aClientBoundAtVersion1GetsNoStartEventsAndItsPinchStillArrives() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor, gestureVersion: 1)
        #expect(client.connection.gestureVersion == 1)
        compositor.place(client.serverSurface, at: Rect(x: 200, y: 100, width: 1280, height: 800))
        pinchAndRotate(on: compositor, for: client)

        #expect(client.connection.protocolError == nil)
        #expect(client.path("pinch") == [.began, .changed, .ended])
        #expect(client.path("rotate") == [.began, .changed, .ended])
        #expect(client.heard.allSatisfy { $0.event.startLocation == nil && $0.event.startAnchor == nil })
        let pinchEnd = try #require(client.events("pinch").last)
        let rotateEnd = try #require(client.events("rotate").last)
        #expect(abs((pinchEnd.scale ?? 0) - 2) < 0.02)
        #expect(abs((rotateEnd.rotation ?? 0) - 30) < 1)
        #expect(pinchEnd.fingers == 2)
    }
}
