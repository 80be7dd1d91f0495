// SPDX-License-Identifier: MIT
import TactusClient
import TactusCore
import TactusSimulation
import TactusWaylandTestbed

/// Generated interactions on the simulator's default touchscreen: 160 × 100 mm over a 1600 × 1000 pixel
/// output (10 px per mm). Gestures are centred on the output, at layout (800, 500), unless moved.
enum Interactions {
    static let screen: DeviceDescription = Generator(options: GeneratorOptions()).trace(for: .hold(fingers: 1, duration: 1)).devices[0]
    static let centre = Point(x: 800, y: 500)

    /// The events of `gesture` starting at `start` ms, moved by `offset` layout pixels.
    static func events(_ gesture: GeneratedGesture, at start: Double, movedBy offset: Vector = .zero)
        -> [(time: Timestamp, event: InputEvent)] {
        var options = GeneratorOptions()
        options.start = start
        let shift = Vector(dx: offset.dx / 1600, dy: offset.dy / 1000)
        return Generator(options: options).trace(for: gesture).events.map { time, event in
            switch event {
            case .touchDown(let device, let contact, let position):
                return (time, .touchDown(device, contact: contact, position: position + shift))
            case .touchMotion(let device, let contact, let position):
                return (time, .touchMotion(device, contact: contact, position: position + shift))
            default:
                return (time, event)
            }
        }
    }
}

extension TestCompositor {
    /// A compositor with the simulator's touchscreen and touchpad.
    static func withDevices() throws -> TestCompositor {
        let compositor = try TestCompositor()
        compositor.addDevices()
        return compositor
    }

    /// A new client whose window covers `frame`, with `gestures` subscribed, committed and received.
    func client(window frame: Rect, subscribing gestures: [(String, RemoteGesture)]) throws -> TestClient {
        let client = try TestClient(self)
        place(client.serverSurface, at: frame)
        for (name, gesture) in gestures { client.subscribe(name, gesture) }
        pump([client.connection])
        return client
    }

    /// Connects a new client with a drag on a window over the whole output, drags once from `start` ms, and
    /// returns what the client heard: whatever went before must not keep a newcomer from being served.
    func pathOfANewClientsDrag(at start: Double) throws -> [GesturePhase] {
        let client = try self.client(window: Rect(x: 0, y: 0, width: 1600, height: 1000), subscribing: [("drag", .drag())])
        feed(Interactions.events(.drag(path: .line, fingers: 1, distance: 40, duration: 400, direction: .right), at: start))
        pump([client.connection])
        return client.path("drag")
    }

    /// Adds the simulator's touchscreen and touchpad.
    func addDevices() {
        engineLoop.handle(.deviceAdded(Interactions.screen), at: .zero)
        engineLoop.handle(.deviceAdded(DeviceDescription(id: DeviceID(2), kind: .touchpad, name: "test touchpad")), at: .zero)
    }
}
