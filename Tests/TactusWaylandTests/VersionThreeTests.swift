// SPDX-License-Identifier: MIT
import Testing
import TactusClient
import TactusCore
import TactusWaylandTestbed

/// Version 3: swipes along the diagonals, asked for with set_directions, and tip-taps, to clients that bound
/// version 3; a client of version 2 that names a diagonal or the tip_tap kind gets a protocol error, as for any value
/// outside its enums.
@Suite struct VersionThreeTests {
    /// A one-finger swipe of 40 mm towards `direction` across the middle of the output.
    private func swipe(_ direction: SwipeDirection, on compositor: TestCompositor, for client: TestClient) {
        compositor.place(client.serverSurface, at: Rect(x: 0, y: 0, width: 1920, height: 1200))
        compositor.pump([client.connection])
        compositor.feed(Interactions.events(.swipe(direction: direction, fingers: 1, speed: 200, distance: 40), at: 100))
        compositor.pump([client.connection])
    }

    @Test func aDiagonalSwipeReachesTheClientThatAskedForItWithItsDirection() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor)
        #expect(client.connection.gestureVersion == 3)
        client.subscribe("diagonal", .swipe(directions: .diagonal))
        client.subscribe("axes", .swipe())
        swipe(.upRight, on: compositor, for: client)

        #expect(client.connection.protocolError == nil)
        #expect(client.path("diagonal") == [.recognized])
        #expect(client.events("diagonal").last?.direction == .upRight)
        #expect(client.path("axes") == [.failed])
        #expect(client.events("axes").last?.reason == .wrongDirection)
    }

    @Test func aSwipeAlongAnAxisStillGoesToTheSwipeOfTheAxes() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor)
        client.subscribe("diagonal", .swipe(directions: .diagonal))
        client.subscribe("axes", .swipe())
        swipe(.left, on: compositor, for: client)

        #expect(client.path("axes") == [.recognized])
        #expect(client.events("axes").last?.direction == .left)
        #expect(client.path("diagonal") == [.failed])
    }

    @Test func aClientOfVersion2ThatNamesADiagonalGetsAProtocolError() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor, gestureVersion: 2)
        client.subscribe("diagonal", .swipe(directions: .upLeft))
        compositor.pump([client.connection])

        let error = try #require(client.connection.protocolError)
        #expect(error.interface == "tactus_gesture_v1" && error.code == 0, "\(error)")
    }

    @Test func aTipTapReachesTheClientWithTheSideOfTheTap() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor)
        compositor.place(client.serverSurface, at: Rect(x: 0, y: 0, width: 1920, height: 1200))
        client.subscribe("tip-tap", RemoteGesture(kind: .tipTap))
        compositor.pump([client.connection])
        compositor.feed(Interactions.events(.tipTap(fingers: 1, side: .downLeft, distance: 25, duration: 800), at: 100))
        compositor.pump([client.connection])

        #expect(client.connection.protocolError == nil)
        #expect(client.path("tip-tap") == [.recognized])
        let event = try #require(client.events("tip-tap").last)
        #expect(event.direction == .downLeft && event.fingers == 1, "\(event)")
    }

    @Test func aClientOfVersion2ThatAsksForATipTapGetsInvalidKind() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor, gestureVersion: 2)
        client.subscribe("tip-tap", RemoteGesture(kind: .tipTap))
        compositor.pump([client.connection])

        let error = try #require(client.connection.protocolError)
        #expect(error.interface == "tactus_gesture_manager_v1" && error.code == 0, "\(error)")
    }
}
