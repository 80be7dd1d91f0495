// SPDX-License-Identifier: MIT
// libFuzzer's entry for the protocol server's requests: the input's bytes make up to three clients of an in-process
// compositor (`TestCompositor`, real sockets, libwayland on both sides) that create gesture and exclusion objects of
// any kind number, send parameters of any value, relate gestures to each other (destroyed ones too), set regions,
// destroy surfaces, managers and objects, and disconnect, while hostile input (`HostileStep`) runs through the
// engine. Checked as it goes and at the end:
// - each gesture object's events follow the protocol: a began serial is new, changed, ended and cancelled name an
//   open one, discrete kinds are only recognized and continuous ones never;
// - every client the server disconnects with one of its errors is one the server reported (`protocolErrorRaised`);
// - once every touch and stream is over and time has passed, no gesture of a connected client is left open;
// - once every client has gone, the server holds no object and the engine is idle.
//
// Built and run by scripts/fuzz, with the fuzzer's instrumentation and FUZZING defined, the program hands itself
// over to libFuzzer (`runFuzzer`). Built as part of the package, it is a program that does nothing.
@_spi(Testing) import TactusClient
import TactusCore
import TactusEventLoop
import TactusPromises
import TactusWaylandTestbed
import FuzzerDriver

/// A gesture object and the protocol's rules for its events, checked as they arrive.
final class WatchedGesture {
    let subscription: GestureSubscription
    /// Nil for a kind number outside the kind enum (the server must refuse it).
    let kind: GestureKind?
    private(set) var openSerials: Set<UInt32> = []
    private(set) var broken: [String] = []

    init(_ subscription: GestureSubscription, kind: GestureKind?) {
        self.subscription = subscription
        self.kind = kind
        subscription.onEvent = { [unowned self] event in check(event) }
    }

    private func check(_ event: GestureEvent) {
        let name = kind?.externalName ?? "unknown kind"
        guard let kind else { return broken.append("a gesture of no kind heard \(event.phase)") }
        // What the protocol's text says of the kinds a client asks for: discrete ones are recognized, the others begin.
        let discrete = kind.isDiscrete
        switch event.phase {
        case .began:
            if discrete { broken.append("a \(name) began") }
            guard let serial = event.serial, openSerials.insert(serial).inserted else {
                return broken.append("a \(name) began with serial \(String(describing: event.serial)), already open")
            }
        case .changed, .ended, .cancelled:
            guard let serial = event.serial, openSerials.contains(serial) else {
                return broken.append("a \(name) \(event.phase) with serial \(String(describing: event.serial)), not open")
            }
            if event.phase != .changed { openSerials.remove(serial) }
        case .recognized:
            if !discrete { broken.append("a \(name) was recognized") }
        case .failed:
            break
        }
    }
}

/// A client with its surfaces and objects.
final class FuzzClient {
    let base: TestbedClient
    var surfaces: [OpaquePointer]
    var gestures: [WatchedGesture] = []
    var exclusions: [GestureExclusion] = []
    var connection: WaylandConnection { base.connection }

    init(_ compositor: TestCompositor) throws {
        base = try TestbedClient(compositor.testbed)
        surfaces = [base.surface]
    }
}

/// Where a client's window may be, in the layout the fuzz screen covers (0…1000 both ways).
let windowFrames = [Rect(x: 0, y: 0, width: 1000, height: 1000), Rect(x: 200, y: 200, width: 400, height: 400),
                    Rect(x: 500, y: 0, width: 500, height: 1000), Rect(x: 990, y: 990, width: 1, height: 1)]

/// The rectangles an exclusion asks for, surface-local.
let exclusionRectangles = [Rect(x: 0, y: 0, width: 400, height: 400), Rect(x: 350, y: 350, width: 100, height: 10)]

/// Plays one input and returns the promises it broke.
func brokenPromises(_ input: inout FuzzInput) throws -> [String] {
    let devices = HostileDevices.standard
    // The engine loop's timer reads the same virtual time the input moves, so that what runs does not depend on how
    // fast this machine is.
    var now: Int64 = 0
    let compositor = try TestCompositor(clock: { .milliseconds(now) })
    compositor.server.objectLimit = 6
    compositor.engineLoop.handle(.deviceAdded(devices.screen), at: .zero)
    compositor.engineLoop.handle(.deviceAdded(devices.touchpad), at: .zero)
    var clients: [FuzzClient] = []
    var clock: Int64 = 1000
    var broken: [String] = []
    func pump() { compositor.pump(clients.map(\.connection), rounds: 2) }
    func client(_ byte: UInt8) -> FuzzClient? { clients.isEmpty ? nil : clients[Int(byte) % clients.count] }
    func gesture(of client: FuzzClient, _ byte: UInt8) -> WatchedGesture? {
        client.gestures.isEmpty ? nil : client.gestures[Int(byte) % client.gestures.count]
    }

    while !input.isAtEnd {
        let op = input.next() % 32
        let who = client(input.next())
        switch op {
        case 0:
            guard clients.count < 3 else { break }
            let newcomer = try FuzzClient(compositor)
            compositor.place(newcomer.base.serverSurface, at: input.pick(windowFrames), reportsSize: input.next() % 4 != 0)
            clients.append(newcomer)
        case 1...3:
            guard let who, let surface = who.surfaces.isEmpty ? nil : input.pick(who.surfaces) else { break }
            let number = UInt32(input.next() % 10)
            let subscription = who.connection.isConnected
                ? who.base.gestures.subscribe(rawKind: number, on: surface, seat: who.connection.seat) : nil
            if let subscription { who.gestures.append(WatchedGesture(subscription, kind: GestureKind(number: number))) }
        case 4...7:
            guard let who, let target = gesture(of: who, input.next()) else { break }
            // A region now and then: it waits for the surface's commit (op 13).
            if input.next() % 8 == 0 { target.subscription.setRegion(input.pick([nil, exclusionRectangles])) }
            let request = input.pick([
                RawRequest.setFingers(UInt32(input.next() % 12)), .setTapCount(UInt32(input.next() % 7)),
                .setDistance(input.pick([0, 5, 40, -1, 1e5])), .setDuration(input.pick([0, 1, 300, 10_000, 10_001, .max])),
                .setScaleDelta(input.pick([0, 0.1, 0.99, 1, -0.5])), .setAngleDelta(input.pick([0, 15, 180, 181, -1])),
                .setDirections(UInt32(input.next() % 20)), .setEdge(UInt32(input.next() % 6)),
                .setPriority(UInt32(input.next() % 4)), .commit, .commit,
            ])
            target.subscription.sendRaw(request)
        case 8, 9:
            guard let who, let first = gesture(of: who, input.next()), let second = gesture(of: who, input.next()) else { break }
            if op == 8 { first.subscription.recognizeSimultaneously(with: second.subscription) }
            else if input.next() % 4 == 0 { first.subscription.clearRelations() }
            else { first.subscription.requireFailure(of: second.subscription) }
        case 10:
            guard let who, let target = gesture(of: who, input.next()) else { break }
            // Now and then the destructor goes and the proxy stays, so that later requests name a dead object.
            if input.next() % 4 == 0 { target.subscription.destroyKeepingProxy() } else { target.subscription.destroy() }
        case 11:
            guard let who, let surface = who.surfaces.isEmpty ? nil : input.pick(who.surfaces),
                  who.connection.isConnected else { break }
            who.exclusions.append(who.base.gestures.exclude(input.pick([nil, exclusionRectangles, []]), on: surface))
        case 12:
            guard let who, !who.exclusions.isEmpty else { break }
            let exclusion = input.pick(who.exclusions)
            if input.next() % 2 == 0 { exclusion.setRegion(input.pick([nil, exclusionRectangles])) } else { exclusion.destroy() }
        case 13:
            guard let who, let surface = who.surfaces.isEmpty ? nil : input.pick(who.surfaces) else { break }
            who.connection.commit(surface)
        case 14:
            guard let who, who.connection.isConnected else { break }
            if input.next() % 2 == 0, let surface = who.connection.makeSurface() {
                who.surfaces.append(surface)
            } else if !who.surfaces.isEmpty {
                // The gestures on it become inert.
                who.connection.destroySurface(who.surfaces.remove(at: Int(input.next()) % who.surfaces.count))
            }
        case 15:
            guard let who else { break }
            if input.next() % 2 == 0 { who.base.gestures.destroy() } else { who.connection.disconnect() }
        default:
            // Input, the most common step: a hostile one, as the engine's own fuzzer plays them.
            let step = HostileStep(input.word(), on: devices)
            clock = max(clock + step.delay, 0)
            now = max(now, clock)
            switch step.action {
            case .advance: compositor.engineLoop.advance(to: .milliseconds(clock))
            case .event(let event): compositor.engineLoop.handle(event, at: .milliseconds(clock))
            }
        }
        pump()
        broken += clients.flatMap { $0.gestures.flatMap(\.broken) }
        if !broken.isEmpty { return broken }
    }

    // Every touch and stream over, and time past every deadline: no connected client's gesture may be left open.
    now += 10
    compositor.engineLoop.handle(.touchCancel(devices.screen.id), at: .milliseconds(now))
    for stop in [InputEvent.swipeEnd(devices.touchpad.id, cancelled: true), .pinchEnd(devices.touchpad.id, cancelled: true),
                 .holdEnd(devices.touchpad.id, cancelled: true)] {
        compositor.engineLoop.handle(stop, at: .milliseconds(now))
    }
    now += 10_000
    compositor.engineLoop.advance(to: .milliseconds(now))
    pump()
    for client in clients where client.connection.isConnected && client.connection.errorNumber == 0 {
        for gesture in client.gestures where !gesture.subscription.isDestroyed && !gesture.openSerials.isEmpty {
            broken.append("a \(gesture.kind?.externalName ?? "?") is still open after everything ended")
        }
    }
    broken += clients.flatMap { $0.gestures.flatMap(\.broken) }

    // The server's errors and the clients that heard one of its interfaces' errors are the same in number.
    let disconnectedByServer = clients.filter { $0.connection.protocolError?.interface.hasPrefix("tactus_") == true }.count
    if disconnectedByServer != compositor.protocolErrors.count {
        broken.append("\(disconnectedByServer) clients heard a Tactus error, the server reported \(compositor.protocolErrors.count)")
    }

    // Everyone leaves: nothing may stay behind in the server or the engine.
    for client in clients { client.connection.disconnect() }
    compositor.pump([], rounds: 2)
    if compositor.clientCount != 0 { broken.append("\(compositor.clientCount) clients still connected") }
    if compositor.server.objectCount != 0 { broken.append("the server still holds \(compositor.server.objectCount) objects") }
    if !compositor.engine.isIdle { broken.append("the engine is not idle once every client has gone") }
    return broken
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProtocol(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var input = FuzzInput(data, count: size, limit: 2048)
    do {
        let broken = try brokenPromises(&input)
        if !broken.isEmpty { fatalError("the protocol server broke its promises: \(broken.prefix(5))") }
    } catch {
        fatalError("the fuzz compositor or a client could not start: \(error)")
    }
    return 0
}

#if FUZZING
runFuzzer(fuzzProtocol)
#endif
