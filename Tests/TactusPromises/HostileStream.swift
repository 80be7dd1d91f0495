// SPDX-License-Identifier: MIT
import TactusCore

/// The devices a hostile stream plays on: a touchscreen, a touchpad, and an id the engine never learns.
public struct HostileDevices: Sendable {
    public var screen: DeviceDescription
    public var touchpad: DeviceDescription
    public var stranger: DeviceID

    /// A 100 × 100 mm touchscreen on a 1000 × 1000 pixel output (id 1), a touchpad at 10 px per mm (id 2), and id 9.
    public static let standard = HostileDevices(
        screen: DeviceDescription(id: DeviceID(1), kind: .touchscreen, name: "test screen",
                                  physicalSize: Size(width: 100, height: 100),
                                  outputRegion: Rect(x: 0, y: 0, width: 1000, height: 1000)),
        touchpad: DeviceDescription(id: DeviceID(2), kind: .touchpad, name: "test touchpad", touchpadPixelsPerMillimetre: 10),
        stranger: DeviceID(9))
}

/// One step of a stream of input, valid and not, decoded from one number: a property test's generated numbers and
/// a fuzzer's bytes both become streams this way, and shrinking a failing list of numbers keeps it a stream.
///
/// Steps touch down, move, lift and frame on the screen (now and then on the stranger or with NaN, infinite or
/// off-device positions), begin, update and end touchpad streams (finger counts and scales out of range included),
/// change modifiers, remove and add devices, and let time pass; a step's delay is now and then negative.
public struct HostileStep: CustomStringConvertible, Sendable {
    public enum Action: Sendable {
        case event(InputEvent)
        /// Lets time pass to the step's time (`Engine.advance(to:)`).
        case advance
    }

    /// How many different numbers decode to different steps; any number is taken modulo this.
    public static let range = 24_000_000

    public let action: Action
    /// Milliseconds from the previous step.
    public let delay: Int64

    public init(_ number: Int, on devices: HostileDevices = .standard) {
        let n = ((number % HostileStep.range) + HostileStep.range) % HostileStep.range
        let op = n % 24, a = (n / 24) % 1000, b = (n / 24_000) % 1000
        let screen = b % 17 == 0 ? devices.stranger : devices.screen.id
        let touchpad = devices.touchpad.id
        let contact = ContactID(a % 12)
        let position = HostileStep.position(a, b)
        let variant = a % 3
        switch op {
        case 0...3: action = .event(.touchDown(screen, contact: contact, position: position))
        case 4...8: action = .event(.touchMotion(screen, contact: contact, position: position))
        case 9...10: action = .event(.touchUp(screen, contact: contact))
        case 11...14: action = .event(.touchFrame(screen))
        case 15: action = .event(b % 3 == 0 ? .touchCancel(screen) : .touchFrame(screen))
        case 16:
            let fingers = b % 14 - 1
            action = .event([InputEvent.swipeBegin(touchpad, fingers: fingers), .pinchBegin(touchpad, fingers: fingers),
                             .holdBegin(touchpad, fingers: fingers)][variant])
        case 17, 18:
            let delta = Vector(dx: Double(b % 21) - 10, dy: Double(a % 13) - 6)
            let scale = [0.0, -1, .nan, 0.5, 1.2, 2][b % 6]
            action = .event(variant == 0 ? .swipeUpdate(touchpad, delta: delta)
                            : .pinchUpdate(touchpad, delta: delta, scale: scale, angleDelta: Double(b % 31) - 15))
        case 19:
            let cancelled = b % 2 == 0
            action = .event([InputEvent.swipeEnd(touchpad, cancelled: cancelled), .pinchEnd(touchpad, cancelled: cancelled),
                             .holdEnd(touchpad, cancelled: cancelled)][variant])
        case 20: action = .event(.modifiers(ModifierSet(rawValue: UInt8(b % 16))))
        case 21: action = .advance
        case 22:
            action = .event(b % 2 == 0 ? .deviceRemoved(variant == 0 ? touchpad : devices.screen.id)
                            : .deviceAdded(variant == 0 ? devices.touchpad : devices.screen))
        default: action = .event(.touchDown(touchpad, contact: contact, position: position))
        }
        delay = b % 37 == 0 ? -5 : Int64(b % 45)
    }

    private static func position(_ a: Int, _ b: Int) -> Point {
        switch (a + b) % 40 {
        case 0: return Point(x: .nan, y: 0.5)
        case 1: return Point(x: 0.5, y: .infinity)
        case 2: return Point(x: -.infinity, y: .nan)
        default: return Point(x: Double(a) / 500 - 0.5, y: Double(b) / 500 - 0.5)
        }
    }

    public var description: String { "\(action) +\(delay)ms" }
}
