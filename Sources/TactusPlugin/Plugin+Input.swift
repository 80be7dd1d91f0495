// SPDX-License-Identifier: MIT
import CTactusPlugin
import Glibc
import TactusConfiguration
import TactusCore
import TactusLibinput
import TactusWayland

// The plugin's devices and input: what the compositor hands over, and the raw-touch decisions it gets back.
extension Plugin {
    // MARK: Devices

    /// A device the compositor announces (again, when it changed): refused, with a log line, when its kind or
    /// transform is not one of tactus.h's, or its calibration is no matrix libinput would apply.
    func add(_ device: tactus_device) -> Bool {
        let kind: DeviceKind
        switch device.kind {
        case TACTUS_DEVICE_TOUCHSCREEN.rawValue: kind = .touchscreen
        case TACTUS_DEVICE_TOUCHPAD.rawValue: kind = .touchpad
        default:
            host.log(TACTUS_LOG_ERROR, "tactus: device \(device.id) has kind \(device.kind), not a tactus_device_kind")
            return false
        }
        guard device.transform < 8 else {
            host.log(TACTUS_LOG_ERROR, "tactus: device \(device.id) has transform \(device.transform), not a wl_output_transform")
            return false
        }
        let numbers = withUnsafeBytes(of: device.calibration) { Array($0.bindMemory(to: Float.self)).map(Double.init) }
        let calibration: Calibration
        if numbers.allSatisfy({ $0 == 0 }) {
            calibration = .identity
        } else if let given = Calibration(validating: numbers) {
            calibration = given
        } else {
            host.log(TACTUS_LOG_ERROR, "tactus: device \(device.id) has calibration \(numbers), which is not finite "
                                       + "or folds the device onto a line")
            return false
        }
        let size = device.width_mm > 0 && device.height_mm > 0
            ? calibration.size(alongCalibratedAxesOf: Size(width: device.width_mm, height: device.height_mm)) : nil
        let name = device.name.map { String(cString: $0) } ?? "device \(device.id)"
        if size == nil { host.log(TACTUS_LOG_INFO, "tactus: \(name) reports no size; 96 dpi is assumed") }
        let description = DeviceDescription(
            id: DeviceID(device.id), kind: kind, name: name, physicalSize: size,
            outputRegion: Rect(x: device.output.x, y: device.output.y, width: device.output.width,
                               height: device.output.height),
            transform: CValues.transform(device.transform),
            seat: device.seat.map { String(cString: $0) } ?? DeviceDescription.defaultSeat)
        outsideCallbacks { [self] in
            devices.insert(description.id)
            engineLoop.handle(.deviceAdded(description), at: now)
        }
        return true
    }

    /// Removes a device; from inside a callback, queued and taken as known (an unknown one is logged then).
    func removeDevice(_ id: UInt32) -> Bool {
        guard !isInsideCallback else {
            later(.call { [self] in _ = removeDevice(id) })
            return true
        }
        guard devices.remove(DeviceID(id)) != nil else { return refuse("device \(id) is not known") }
        engineLoop.handle(.deviceRemoved(DeviceID(id)), at: now)
        return true
    }

    // MARK: Input

    /// Hands a touch event to the engine and returns its immediate decision.
    func touch(_ event: InputEvent, device: UInt32, time: UInt32) -> tactus_decision {
        touch(event, device: DeviceID(device), at: CValues.timestamp(time))
    }

    func touch(_ event: InputEvent, device id: DeviceID, at timestamp: Timestamp) -> tactus_decision {
        guard !isInsideCallback else {
            // The event waits, and so does its decision: withheld now, delivered through deliver_touch if it is.
            later(.touch(event, device: id, at: timestamp))
            return TACTUS_WITHHOLD
        }
        guard devices.contains(id) else {
            _ = refuse("touch event for unknown device \(id.rawValue)")
            return TACTUS_DELIVER
        }
        now = max(now, timestamp)
        switch engineLoop.answer(event, at: timestamp) {
        // Withheld after the plugin was destroyed from a callback of this entry: nobody will deliver it later but the
        // host, now. (Withheld before, it went to its client with the others, or was released or dropped since.)
        case .withhold? where isDestroyed && !answeredBeforeDestroy: return TACTUS_DELIVER
        case .withhold?: return TACTUS_WITHHOLD
        case .drop?: return TACTUS_DROP
        default: return TACTUS_DELIVER
        }
    }

    /// Hands a touchpad gesture event to the engine and returns whether the host forwards it to clients: a stream's
    /// begin is decided as it is handled (`decide(_: TouchpadStreamDecision)`), and the stream's later events follow
    /// that decision, or the cancel that came since.
    func touchpad(_ event: InputEvent, device: UInt32, time: UInt32) -> tactus_decision {
        touchpad(event, device: DeviceID(device), at: CValues.timestamp(time))
    }

    private func touchpad(_ event: InputEvent, device id: DeviceID, at time: Timestamp) -> tactus_decision {
        guard !isInsideCallback else {
            // The event waits. A stream the clients are getting goes on reaching them (a binding that takes it over
            // later ends it through cancel_touchpad_gesture); a new one is kept from them, and the rest of it too.
            let answer = streamsForClients.contains(id) && !event.beginsTouchpadStream ? TACTUS_DELIVER : TACTUS_DROP
            later(.call { [self] in
                _ = touchpad(event, device: id, at: time)
                if answer == TACTUS_DROP { streamsForClients.remove(id) }
            })
            return answer
        }
        // `handle` refuses an unknown device, and logs it: its gestures go to clients as if there were no plugin.
        handle(event, device: id, at: time)
        guard devices.contains(id) else { return TACTUS_DELIVER }
        let forwarded = streamsForClients.contains(id)
        switch event {
        case .swipeEnd, .pinchEnd, .holdEnd: streamsForClients.remove(id)
        default: break
        }
        return forwarded ? TACTUS_DELIVER : TACTUS_DROP
    }

    /// Hands any other event to the engine.
    func handle(_ event: InputEvent, device: UInt32, time: UInt32) {
        handle(event, device: DeviceID(device), at: CValues.timestamp(time))
    }

    private func handle(_ event: InputEvent, device: DeviceID, at time: Timestamp) {
        // Queued from inside a callback only: every touchpad event comes here, and a closure is an allocation.
        guard !isInsideCallback else { return later(.call { [self] in handle(event, device: device, at: time) }) }
        guard devices.contains(device) else { return _ = refuse("event for unknown device \(device.rawValue)") }
        now = max(now, time)
        engineLoop.handle(event, at: time)
    }

    // MARK: libinput

    /// Translates one libinput event of the compositor's and returns the decision for a touch event.
    func handle(libinputEvent event: OpaquePointer) -> tactus_decision {
        libinputDecision = TACTUS_DELIVER
        translator.translate(event)
        return libinputDecision
    }

    /// An event the translator made.
    func take(_ event: InputEvent, at time: Timestamp) {
        switch event {
        case .deviceAdded(let description):
            outsideCallbacks { [self] in
                devices.insert(description.id)
                engineLoop.handle(event, at: max(now, time))
            }
        case .deviceRemoved(let id):
            outsideCallbacks { [self] in
                devices.remove(id)
                engineLoop.handle(event, at: max(now, time))
            }
        case .touchDown(let id, _, _), .touchMotion(let id, _, _), .touchUp(let id, _), .touchFrame(let id):
            libinputDecision = touch(event, device: id, at: time)
        case .modifiers:
            outsideCallbacks { [self] in
                now = max(now, time)
                engineLoop.handle(event, at: time)
            }
        case .touchCancel(let id):
            handle(event, device: id, at: time)
        case .swipeBegin(let id, _), .swipeUpdate(let id, _), .swipeEnd(let id, _), .pinchBegin(let id, _),
             .pinchUpdate(let id, _, _, _), .pinchEnd(let id, _), .holdBegin(let id, _), .holdEnd(let id, _):
            libinputDecision = touchpad(event, device: id, at: time)
        }
    }

    func setModifiers(_ mask: UInt32) {
        guard !isInsideCallback else { return later(.call { [self] in setModifiers(mask) }) }
        engineLoop.handle(.modifiers(ModifierSet(rawValue: UInt8(truncatingIfNeeded: mask))), at: now)
    }

    /// Every surface commit of every client comes here: queued from inside a callback only.
    func seatCapabilitiesChanged(_ seat: String, capabilities: UInt32) {
        outsideCallbacks { [self] in server.seatCapabilitiesChanged(seat, capabilities: capabilities) }
    }

    func surfaceCommitted(_ surface: OpaquePointer) {
        guard !isInsideCallback else { return later(.call { [self] in surfaceCommitted(surface) }) }
        server.surfaceCommitted(surface)
    }

    /// A decision about a touch event handled before (the handled event's is the entry's answer): a withheld one
    /// delivered goes to the host, a dropped one nowhere; a cancel ends the client's touches.
    func decide(_ decision: RawTouchDecision) {
        switch decision {
        case .deliver(let device, let event, let time): host.deliver(CValues.touch(event, device: device, time: time))
        case .withhold, .drop: break
        case .cancel(let device): host.cancelTouches(of: device)
        }
    }

    /// The plugin is going (tactus_plugin_destroy): the touch events it still withholds go to their clients now, in
    /// order (those the engine holds, then those handed over from inside callbacks that wait still), so that no client
    /// gets the rest of a touch without its beginning, and then no callback runs any more. From inside a touch entry's
    /// callback, the event that entry handles goes with them if it was withheld already, and is otherwise answered
    /// TACTUS_DELIVER.
    func handOverWithheldTouches() {
        answeredBeforeDestroy = !engineLoop.engine.isAnswerPending
        for case .deliver(let device, let event, let time) in engineLoop.engine.withheldTouches {
            host.deliver(CValues.touch(event, device: device, time: time))
        }
        for (event, device, time) in waitingTouches { host.deliver(CValues.touch(event, device: device, time: time)) }
        host.forgetCallbacks()
    }

    /// What becomes of a touchpad stream for the clients: whether its events go to them, and the cancel that ends
    /// one they were getting.
    func decide(_ decision: TouchpadStreamDecision) {
        switch decision {
        case .deliver(let device): streamsForClients.insert(device)
        case .keep(let device): streamsForClients.remove(device)
        case .cancel(let device):
            streamsForClients.remove(device)
            host.cancelTouchpadGesture(of: device)
        }
    }
}

private extension InputEvent {
    /// Whether the event starts a touchpad gesture stream.
    var beginsTouchpadStream: Bool {
        switch self {
        case .swipeBegin, .pinchBegin, .holdBegin: return true
        default: return false
        }
    }
}
