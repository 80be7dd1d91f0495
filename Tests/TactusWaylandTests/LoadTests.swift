// SPDX-License-Identifier: MIT
import Testing
import TactusClient
import TactusCore
import TactusWaylandTestbed

/// Many clients with many gesture objects: every interaction reaches exactly its own client.
@Suite struct LoadTests {
    static let kinds: [(String, RemoteGesture)] = [
        ("tap", .tap()), ("double", .tap(count: 2)), ("press", .longPress()), ("drag", .drag()),
        ("swipe", .swipe()), ("edge", .edgeSwipe(edge: .left)), ("pinch", .magnify()), ("rotate", .rotate()),
        ("hold", .hold()), ("pan", .drag(fingers: 2)),
    ]

    @Test func aHundredClientsWithTenGesturesEachGetTheirOwnInteraction() throws {
        let compositor = try TestCompositor.withDevices()
        var clients: [TestClient] = []
        for _ in 0..<100 {
            let client = try TestClient(compositor)
            for (name, gesture) in Self.kinds { client.subscribe(name, gesture) }
            clients.append(client)
        }
        let connections = clients.map(\.connection)
        compositor.pump(connections)
        #expect(compositor.server.objectCount == 1000)
        #expect(compositor.clientCount == 100)

        for (i, client) in clients.enumerated() {
            // Each client's window comes to the front, a little further right each time, and gets one drag.
            let origin = Point(x: Double(i * 5), y: Double(i * 3))
            compositor.place(client.serverSurface, at: Rect(origin: origin, size: Size(width: 1000, height: 700)))
            let before = clients.map(\.heard.count)
            compositor.feed(Interactions.events(.drag(path: .line, fingers: 1, distance: 25, duration: 250, direction: .down),
                                                at: 100 + Double(i) * 2000))
            compositor.pump(connections, rounds: 4)
            let others = clients.indices.filter { $0 != i && clients[$0].heard.count != before[$0] }
            #expect(others.isEmpty, "interaction \(i) reached clients \(others)")
            #expect(client.heard.count > before[i], "interaction \(i) did not reach its client")
        }
        for (i, client) in clients.enumerated() {
            #expect(client.path("drag") == [.began, .changed, .ended], "client \(i)")
            let end = client.events("drag").last
            let expected = Point(x: 800 - Double(i * 5), y: 625 - Double(i * 3))
            #expect(abs((end?.translation?.dy ?? 0) - 250) < 1, "client \(i)")
            #expect(abs((end?.location?.x ?? 0) - expected.x) < 1 && abs((end?.location?.y ?? 0) - expected.y) < 1,
                    "client \(i)")
            #expect(client.events("drag").filter { $0.phase == .began }.count == 1)
            // The one-finger stroke never made any other of its gestures succeed.
            #expect(client.heard.filter { $0.name != "drag" }.allSatisfy { $0.event.phase == .failed }, "client \(i)")
        }
        #expect(compositor.engine.isIdle)
    }
}
