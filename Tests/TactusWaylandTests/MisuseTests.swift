// SPDX-License-Identifier: MIT
import Glibc
import Testing
@_spi(Testing) import TactusClient
import TactusCore
import TactusWaylandTestbed

/// Misbehaving clients get the documented protocol error; the server and the other clients carry on.
@Suite struct MisuseTests {
    enum Misuse: String, CaseIterable {
        case unknownKind, fingersOutOfRange, tapCountOnADrag, distanceOnAPinch, scaleDeltaOutOfRange, edgeOutOfRange
        case directionsEmpty, directionsUnknown, priorityOutOfRange, durationZero, durationTooLong, angleTooLarge
        case tapCountTooHigh, relationToItself, relationAcrossSurfaces, tooManyExclusions, secondExclusionOnASurface
        case simultaneousAndRequiringTheSame, simultaneousOneWayRequiringTheOther, failureCycle, tooManyObjects, requestAfterDestroy, relationToADestroyedGesture
    }

    /// The interface and code each misuse must raise.
    static func expectedError(_ misuse: Misuse) -> (interface: String, code: UInt32) {
        switch misuse {
        case .unknownKind: return ("tactus_gesture_manager_v1", 0)
        case .tooManyObjects, .tooManyExclusions: return ("tactus_gesture_manager_v1", 1)
        case .secondExclusionOnASurface: return ("tactus_gesture_manager_v1", 2)
        case .fingersOutOfRange, .tapCountOnADrag, .distanceOnAPinch, .scaleDeltaOutOfRange, .edgeOutOfRange,
             .directionsEmpty, .directionsUnknown, .priorityOutOfRange, .durationZero, .durationTooLong,
             .angleTooLarge, .tapCountTooHigh:
            return ("tactus_gesture_v1", 0)
        case .relationToItself, .relationAcrossSurfaces: return ("tactus_gesture_v1", 1)
        case .simultaneousAndRequiringTheSame, .simultaneousOneWayRequiringTheOther, .failureCycle:
            return ("tactus_gesture_v1", 2)
        // libwayland's own answer to a request naming an object that no longer exists: a wl_display error,
        // which libwayland-client reports as EINVAL only.
        case .requestAfterDestroy, .relationToADestroyedGesture: return ("wl_display", 0)
        }
    }

    static func misbehave(_ misuse: Misuse, _ client: TestClient, _ compositor: TestCompositor) throws {
        switch misuse {
        case .unknownKind:
            _ = client.gestures.subscribe(rawKind: 99, on: client.surface, seat: client.connection.seat)
        case .fingersOutOfRange:
            client.subscribe("pinch", .magnify(fingers: 1))
        case .tapCountOnADrag:
            client.subscribe("drag", .drag(), commit: false).sendRaw(.setTapCount(2))
        case .distanceOnAPinch:
            client.subscribe("pinch", .magnify(), commit: false).sendRaw(.setDistance(10))
        case .scaleDeltaOutOfRange:
            client.subscribe("pinch", .magnify(), commit: false).sendRaw(.setScaleDelta(1.5))
        case .edgeOutOfRange:
            client.subscribe("edge", .edgeSwipe(edge: .left), commit: false).sendRaw(.setEdge(7))
        case .directionsEmpty:
            client.subscribe("swipe", .swipe(), commit: false).sendRaw(.setDirections(0))
        case .directionsUnknown:
            client.subscribe("swipe", .swipe(), commit: false).sendRaw(.setDirections(256 | 1))
        case .priorityOutOfRange:
            client.subscribe("tap", .tap(), commit: false).sendRaw(.setPriority(3))
        case .durationZero:
            client.subscribe("press", .longPress(), commit: false).sendRaw(.setDuration(0))
        case .durationTooLong:
            client.subscribe("hold", .hold(), commit: false).sendRaw(.setDuration(10_001))
        case .angleTooLarge:
            client.subscribe("rotate", .rotate(), commit: false).sendRaw(.setAngleDelta(181))
        case .tapCountTooHigh:
            client.subscribe("tap", .tap(), commit: false).sendRaw(.setTapCount(6))
        case .tooManyExclusions:
            // Exclusions count too, even destroyed ones whose region still waits for the surface's commit.
            compositor.server.objectLimit = 4
            client.subscribe("tap", .tap())
            let withdrawn = client.exclude([Rect(x: 0, y: 0, width: 10, height: 10)])
            client.connection.commit(client.surface)
            withdrawn.destroy()
            for _ in 0..<3 {
                guard let surface = client.connection.makeSurface() else { throw TestbedError("no surface") }
                client.exclude([Rect(x: 0, y: 0, width: 10, height: 10)], on: surface)
            }
        case .secondExclusionOnASurface:
            // One destroyed, waiting for the surface's commit to end, leaves room for another; a third is one too many.
            let withdrawn = client.exclude([Rect(x: 0, y: 0, width: 10, height: 10)])
            client.connection.commit(client.surface)
            withdrawn.destroy()
            client.exclude([Rect(x: 0, y: 0, width: 20, height: 20)])
            client.exclude([Rect(x: 0, y: 0, width: 30, height: 30)])
        case .relationToItself:
            let tap = client.subscribe("tap", .tap(), commit: false)
            tap.recognizeSimultaneously(with: tap)
        case .relationAcrossSurfaces:
            let tap = client.subscribe("tap", .tap())
            guard let other = client.connection.makeSurface() else { throw TestbedError("no surface") }
            client.subscribe("elsewhere", .drag(), on: other).requireFailure(of: tap)
        case .simultaneousAndRequiringTheSame:
            let tap = client.subscribe("tap", .tap())
            let drag = client.subscribe("drag", .drag(), commit: false)
            drag.recognizeSimultaneously(with: tap)
            drag.requireFailure(of: tap)
            drag.commit()
        case .simultaneousOneWayRequiringTheOther:
            // Each relation asked by a different gesture: the pair would both run together and wait for a failure.
            let tap = client.subscribe("tap", .tap(), commit: false)
            let drag = client.subscribe("drag", .drag())
            tap.recognizeSimultaneously(with: drag)
            tap.commit()
            drag.requireFailure(of: tap)
            drag.commit()
        case .failureCycle:
            let tap = client.subscribe("tap", .tap(), commit: false)
            let drag = client.subscribe("drag", .drag(), commit: false)
            let press = client.subscribe("press", .longPress(), commit: false)
            tap.requireFailure(of: drag)
            tap.commit()
            drag.requireFailure(of: press)
            drag.commit()
            press.requireFailure(of: tap)
            press.commit()
        case .tooManyObjects:
            compositor.server.objectLimit = 4
            for i in 0..<5 { client.subscribe("tap \(i)", .tap()) }
        case .requestAfterDestroy:
            let tap = client.subscribe("tap", .tap())
            tap.destroyKeepingProxy()
            tap.sendRaw(.setFingers(2))
        case .relationToADestroyedGesture:
            let tap = client.subscribe("tap", .tap())
            let drag = client.subscribe("drag", .drag(), commit: false)
            tap.destroyKeepingProxy()
            drag.requireFailure(of: tap)
        }
    }

    @Test(arguments: Misuse.allCases)
    func misuseRaisesItsErrorAndOthersCarryOn(_ misuse: Misuse) throws {
        let compositor = try TestCompositor.withDevices()
        let bystander = try TestClient(compositor)
        let culprit = try TestClient(compositor)
        compositor.place(bystander.serverSurface, at: Rect(x: 0, y: 0, width: 1600, height: 1000))
        bystander.subscribe("drag", .drag())
        compositor.pump([bystander.connection, culprit.connection])
        #expect(compositor.clientCount == 2)

        try Self.misbehave(misuse, culprit, compositor)
        compositor.pump([bystander.connection, culprit.connection])

        let expected = Self.expectedError(misuse)
        if expected.interface == "wl_display" {
            #expect(culprit.connection.errorNumber == EINVAL)
        } else {
            let error = try #require(culprit.connection.protocolError, "\(misuse) raised no error")
            #expect(error.interface == expected.interface)
            #expect(error.code == expected.code)
        }
        #expect(compositor.clientCount == 1)
        #expect(bystander.connection.protocolError == nil)
        // The culprit's objects are gone with it; the bystander's one remains and still works.
        #expect(compositor.server.objectCount == 1)
        compositor.feed(Interactions.events(.drag(path: .line, fingers: 1, distance: 20, duration: 200, direction: .up),
                                            at: 100))
        compositor.pump([bystander.connection])
        #expect(bystander.path("drag") == [.began, .changed, .ended])
    }

    @Test func requestsToAGestureWhoseSurfaceIsGoneAreIgnored() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor)
        let tap = client.subscribe("tap", .tap())
        compositor.pump([client.connection])
        client.connection.destroySurface(client.surface)
        compositor.pump([client.connection])
        // Out of range, but the object is inert: accepted and ignored.
        tap.sendRaw(.setFingers(0))
        tap.sendRaw(.commit)
        compositor.pump([client.connection])
        #expect(client.connection.protocolError == nil)
        tap.destroy()
        compositor.pump([client.connection])
        #expect(compositor.server.objectCount == 0)
    }

    @Test func exclusionsDestroyedBeforeTheyTookEffectGiveTheirSlotBackAtOnce() throws {
        let compositor = try TestCompositor()
        let client = try TestClient(compositor)
        compositor.server.objectLimit = 4
        for _ in 0..<100 {
            client.gestures.exclude([Rect(x: 0, y: 0, width: 10, height: 10)], on: client.surface).destroy()
        }
        compositor.pump([client.connection])
        #expect(client.connection.errorNumber == 0)
        #expect(compositor.server.objectCount == 0)
    }
}

/// The core's one validation, as the protocol reports it: invalid_parameter, naming the request.
@Suite struct ProtocolGestureRuleTests {
    @Test func aSevenFingerPinchIsAProtocolErrorNamingTheRequest() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor)
        client.subscribe("pinch", .magnify(fingers: 7))
        compositor.pump([client.connection])
        let error = try #require(client.connection.protocolError)
        #expect(error.interface == "tactus_gesture_v1" && error.name == "invalid_parameter")
        #expect(compositor.protocolErrors.map(\.message) == ["set_fingers: fingers must be within 2…5 for a pinch, not 7"])
        #expect(compositor.protocolErrors.first?.object.hasPrefix("tactus_gesture_v1@") == true)
    }

    @Test func aDistanceOnATapIsTaken() throws {
        let compositor = try TestCompositor.withDevices()
        let client = try TestClient(compositor)
        client.subscribe("tap", RemoteGesture(kind: .tap, distance: 8))
        compositor.pump([client.connection])
        #expect(client.connection.protocolError == nil)
        #expect(compositor.protocolErrors.isEmpty)
    }
}
