// SPDX-License-Identifier: MIT
import TactusCore
import TactusSimulation

/// Generated touches as the evemu events of a real panel (EP0430M09, 1280 × 768 with 13 units per mm, as
/// `CalibrationThroughLibinputTests.panelWithASize` describes it), so that gestures no recording holds reach
/// libinput as a kernel would send them: slots, tracking ids, positions and BTN_TOUCH, one SYN_REPORT per frame.
enum GeneratedEvents {
    /// The panel's size in millimetres, which the generator lays its gestures out on.
    static let size = Size(width: 1280.0 / 13, height: 768.0 / 13)

    /// The generated gestures, each starting at its time in milliseconds, sampled `rate` times a second.
    static func evemu(_ gestures: [(at: Double, gesture: GeneratedGesture)], rate: Double = 120) -> String {
        var events: [(Timestamp, InputEvent)] = []
        for (at, gesture) in gestures {
            var options = GeneratorOptions()
            options.rate = rate
            options.sizeMillimetres = size
            options.sizePixels = Size(width: 1280, height: 768)
            options.start = at
            Generator(options: options).generate(gesture) { events.append(($0, $1)) }
        }
        return evemu(events)
    }

    /// Touchscreen events (positions from 0 to 1 across the panel) as evemu lines.
    static func evemu(_ events: [(Timestamp, InputEvent)]) -> String {
        var lines: [String] = [], slots: [ContactID: Int] = [:], nextTracking = 1
        func line(_ time: Timestamp, _ type: Int, _ code: Int, _ value: Int) {
            let microseconds = time.microseconds
            lines.append("E: \(microseconds / 1_000_000).\(String(microseconds % 1_000_000).leftPadded(to: 6)) "
                         + "\(hex(type)) \(hex(code)) \(value)")
        }
        func position(_ time: Timestamp, _ slot: Int, _ p: Point) {
            line(time, 3, 0x2f, slot)
            line(time, 3, 0x35, Int((p.x * 1279).rounded()))
            line(time, 3, 0x36, Int((p.y * 767).rounded()))
        }
        for (time, event) in events {
            switch event {
            case .touchDown(_, let contact, let p):
                guard let slot = (0..<5).first(where: { !slots.values.contains($0) }) else { continue }
                slots[contact] = slot
                line(time, 3, 0x2f, slot)
                line(time, 3, 0x39, nextTracking)
                nextTracking += 1
                position(time, slot, p)
                if slots.count == 1 { line(time, 1, 0x14a, 1) }
            case .touchMotion(_, let contact, let p):
                if let slot = slots[contact] { position(time, slot, p) }
            case .touchUp(_, let contact):
                guard let slot = slots.removeValue(forKey: contact) else { continue }
                line(time, 3, 0x2f, slot)
                line(time, 3, 0x39, -1)
                if slots.isEmpty { line(time, 1, 0x14a, 0) }
            case .touchFrame:
                line(time, 0, 0, 0)
            default:
                continue
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func hex(_ value: Int) -> String { String(String(value, radix: 16)).leftPadded(to: 4) }
}

extension String {
    /// The text with zeros before it up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
