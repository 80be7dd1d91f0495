// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TactusCore
import TactusWaylandTestbed

/// `tactus-demo-client`, a separate process, subscribes and prints what a real interaction gives it.
@Suite struct DemoClientTests {
    /// Runs the compositor's loop (a few milliseconds at a time) until `condition` holds or 10 s pass.
    func serve(_ compositor: TestCompositor, _ client: DemoClientProcess, until condition: () -> Bool) {
        for _ in 0..<1000 where !condition() {
            compositor.run(forMilliseconds: 10)
            client.read()
        }
    }

    @Test func theDemoClientPrintsThePinchAndRotationItReceives() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try DemoClientProcess(socket: compositor.socket, arguments: [])
        defer { client.kill() }
        serve(compositor, client) { client.lines.first?["event"] as? String == "ready" }
        #expect(client.lines.first?["gestures"] as? [String] == ["pinch", "rotate"])
        let surface = try #require(compositor.surfaces.last)
        compositor.place(surface, at: Rect(x: 300, y: 200, width: 1000, height: 600))

        compositor.feed(Interactions.events(.pinchRotate(fingers: 2, startSpan: 40, endSpan: 80, degrees: 30, duration: 500),
                                            at: 100))
        serve(compositor, client) { client.events("rotate").last?["phase"] as? String == "ended" }

        let pinch = client.events("pinch")
        let rotate = client.events("rotate")
        #expect(pinch.first?["phase"] as? String == "began")
        #expect(pinch.last?["phase"] as? String == "ended")
        #expect(abs((pinch.last?["scale"] as? Double ?? 0) - 2) < 0.02)
        #expect(abs((rotate.last?["rotation_deg"] as? Double ?? 0) - 30) < 1)
        let location = pinch.last?["location"] as? [Double] ?? []
        #expect(location.count == 2 && abs(location[0] - 500) < 1 && abs(location[1] - 300) < 1)
        // Where both started: surface-local, and as fractions of the surface's 1000 × 600 pixels.
        for line in [pinch.last, rotate.last] {
            #expect(line?["start_location"] as? [Double] == [500, 300])
            #expect(line?["start_anchor"] as? [Double] == [0.5, 0.5])
        }
        #expect(pinch.last?["gesture"] as? String == "pinch")
    }

    @Test func killedMidGestureTheDemoClientLeavesTheCompositorServingOthers() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try DemoClientProcess(socket: compositor.socket, arguments: ["--gesture", "drag=drag"])
        serve(compositor, client) { client.lines.first?["event"] as? String == "ready" }
        let surface = try #require(compositor.surfaces.last)
        compositor.place(surface, at: Rect(x: 0, y: 0, width: 1600, height: 1000))
        let drag = Interactions.events(.drag(path: .line, fingers: 1, distance: 40, duration: 400, direction: .right), at: 100)
        compositor.feed(Array(drag.prefix(20)), settle: .zero)
        serve(compositor, client) { client.events("drag").contains { $0["phase"] as? String == "changed" } }
        client.kill()
        serve(compositor, client) { compositor.clientCount == 0 }
        #expect(compositor.clientCount == 0)
        #expect(compositor.server.objectCount == 0)
        compositor.feed(Array(drag.dropFirst(20)))
        #expect(compositor.engine.isIdle)

        #expect(try compositor.pathOfANewClientsDrag(at: 3000) == [.began, .changed, .ended])
    }
}
