// SPDX-License-Identifier: MIT
import CTactusPlugin
import TactusCore
import TactusEventLoop

/// The engine's values as tactus.h's C values, and back: transforms, times, touches, phases and gesture values.
enum CValues {
    /// tactus.h's transform, a wl_output_transform value: 0–3 turn the device's coordinates by quarter turns clockwise,
    /// 4–7 mirror x first.
    static func transform(_ value: UInt32) -> DeviceTransform {
        let rotations: [DeviceTransform.Rotation] = [.none, .quarter, .half, .threeQuarters]
        return DeviceTransform(rotation: rotations[Int(value % 4)], flipped: value >= 4 && value < 8)
    }

    /// wlroots' 32-bit milliseconds of CLOCK_MONOTONIC, made whole again against the clock: they wrap every
    /// 49.7 days, and the engine's timers compare against the full clock.
    static func timestamp(_ milliseconds: UInt32, now: Timestamp = .monotonicNow()) -> Timestamp {
        let clock = now.microseconds / 1000
        var whole = (clock & ~0xFFFF_FFFF) | Int64(milliseconds)
        if whole > clock + 0x8000_0000 { whole -= 0x1_0000_0000 }
        return .milliseconds(whole)
    }

    static func touch(_ event: TouchEvent, device: DeviceID, time: Timestamp) -> tactus_touch {
        var touch = tactus_touch()
        touch.size = SizedStruct.size(of: tactus_touch.self)
        touch.device = device.rawValue
        touch.time_msec = UInt32(truncatingIfNeeded: time.microseconds / 1000)
        switch event {
        case .down(let contact, let p): (touch.type, touch.touch_id, touch.x, touch.y) = (TACTUS_TOUCH_DOWN.rawValue, contact, p.x, p.y)
        case .motion(let contact, let p): (touch.type, touch.touch_id, touch.x, touch.y) = (TACTUS_TOUCH_MOTION.rawValue, contact, p.x, p.y)
        case .up(let contact): (touch.type, touch.touch_id) = (TACTUS_TOUCH_UP.rawValue, contact)
        case .frame: touch.type = TACTUS_TOUCH_FRAME.rawValue
        }
        return touch
    }

    static func phase(_ phase: GesturePhase) -> tactus_phase {
        switch phase {
        case .began: return TACTUS_PHASE_BEGAN
        case .changed: return TACTUS_PHASE_CHANGED
        case .ended: return TACTUS_PHASE_ENDED
        case .cancelled: return TACTUS_PHASE_CANCELLED
        case .recognized: return TACTUS_PHASE_RECOGNIZED
        case .failed: return TACTUS_PHASE_FAILED
        }
    }

    /// How far the gesture has come: its own progress where it has one (an edge swipe); otherwise 0 until it ends
    /// or is recognized, then 1.
    static func progress(of update: GestureUpdate) -> Double {
        update.values.flat.progress ?? (update.phase == .ended || update.phase == .recognized ? 1 : 0)
    }

    /// The values as `tactus_values`: those the gesture's kind lacks stay 0 (scale 1), a missing anchor too, with
    /// `has_anchor` false.
    static func values(_ values: GestureValues) -> tactus_values {
        let values = values.flat
        var out = tactus_values()
        out.size = SizedStruct.size(of: tactus_values.self)
        out.fingers = UInt32(clamping: values.fingers ?? 0)
        if let p = values.location { (out.x, out.y) = (p.x, p.y) }
        if let v = values.translation { (out.dx, out.dy) = (v.dx, v.dy) }
        out.scale = values.scale ?? 1
        out.rotation = values.rotation ?? 0
        out.count = UInt32(clamping: values.count ?? 0)
        out.direction = values.direction.map(CValues.name(of:))
        if let p = values.startLocation { (out.start_x, out.start_y) = (p.x, p.y) }
        if let a = values.startAnchor { (out.anchor_x, out.anchor_y, out.has_anchor) = (a.x, a.y, true) }
        return out
    }

    /// Direction names as C strings that live as long as the program.
    private static func name(of direction: SwipeDirection) -> UnsafePointer<CChar> {
        let name: StaticString
        switch direction {
        case .left: name = "left"
        case .right: name = "right"
        case .up: name = "up"
        case .down: name = "down"
        case .upLeft: name = "up_left"
        case .upRight: name = "up_right"
        case .downLeft: name = "down_left"
        case .downRight: name = "down_right"
        }
        return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
