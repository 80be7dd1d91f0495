// SPDX-License-Identifier: MIT
@_spi(Testing) import TactusClient

/// A client of the testbed with one surface, both sides of it known: connected, its globals bound and its surface
/// committed, taking turns with the testbed throughout.
public final class TestbedClient {
    /// The connection.
    public let connection: WaylandConnection
    /// The gesture manager's client.
    public let gestures: GestureClient
    /// The client's `wl_surface`.
    public let surface: OpaquePointer
    /// The compositor's side of `surface`.
    public let serverSurface: TestbedSurface

    /// Connects, binding the gesture manager at `gestureVersion` at most (nil: the newest), and creates a surface.
    public init(_ testbed: Testbed, gestureVersion: UInt32? = nil) throws {
        connection = try gestureVersion.map {
            try WaylandConnection(socket: testbed.socket, roundtripOnConnect: false, newestGestureVersion: $0)
        } ?? WaylandConnection(socket: testbed.socket, roundtripOnConnect: false)
        testbed.pump([connection])
        gestures = try GestureClient(connection: connection)
        guard let surface = connection.makeSurface() else { throw TestbedError("no wl_compositor") }
        self.surface = surface
        connection.commit(surface)
        testbed.pump([connection])
        guard let serverSurface = testbed.surfaces.last else { throw TestbedError("the surface did not arrive") }
        self.serverSurface = serverSurface
    }
}
