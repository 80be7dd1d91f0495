import CTactusPlugin
import Glibc
import CTactusWaylandServer
import TactusConfiguration
import TactusCore
import TactusLibinput
import TactusWayland

/// One plugin instance: the engine on the display's event loop, the tactus-gestures-v1 server there, the
/// compositor's devices, its bindings (from the configuration file and through the C ABI) with their actions,
/// and the raw-touch decisions that go back to it.
///
/// One touch frame: the entry hands the event to `engineLoop`; the engine routes each update once, by owner, to the
/// server (a client's gesture) or to the plugin (a binding's action); its raw-touch decisions come back to `decide`,
/// the first one as the entry's answer.
final class Plugin: AttachmentOwner {
    let host: Host
    let engineLoop: EngineLoop
    private var server: GestureServer!
    private let commands: CommandRunner
    private var devices: Set<DeviceID> = []
    /// The configuration file and what of it is in force.
    let configurationPath: String
    private var configuration = Configuration()
    /// Every binding by id (file bindings too), and by the attachments each became.
    private var bindings: [Int32: Binding] = [:]
    private var bindingOfAttachment: [AttachmentID: Binding] = [:]
    private var nextBinding: Int32 = 1
    /// The time of the latest event, for events that carry none (devices, modifiers).
    private var now = Timestamp.zero

    /// The latest event time in wlroots' milliseconds, for frames, which carry none.
    var latestTime: UInt32 { UInt32(truncatingIfNeeded: now.microseconds / 1000) }

    /// The touch event being handled, whose decision the entry returns; later decisions go to the host.
    private var pending: (device: DeviceID, event: TouchEvent, time: Timestamp)?
    private var decision: RawTouchDecision?

    private let display: OpaquePointer

    init(display: OpaquePointer, host: Host, configurationPath: String?) {
        self.display = display
        self.host = host
        self.configurationPath = configurationPath ?? Configuration.defaultPath()
        commands = CommandRunner(loop: wl_display_get_event_loop(display))
        engineLoop = EngineLoop(loop: wl_display_get_event_loop(display))
        server = GestureServer(display: display, engineLoop: engineLoop, host: host)
        host.server = server
        engineLoop.engine.surfaceLocator = host
        engineLoop.engine.onRawTouch = { [unowned self] decision in decide(decision) }
        if !reloadConfiguration() { host.log(TACTUS_LOG_WARNING, "tactus: running with built-in defaults") }
    }

    // MARK: Configuration

    /// Reads the configuration file again and replaces the file's bindings with its. A missing file is no
    /// configuration (built-in defaults); a bad one is reported and changes nothing. Returns whether the file
    /// (or its absence) is now in force.
    @discardableResult
    func reloadConfiguration() -> Bool {
        let loaded: Configuration
        do {
            loaded = try Configuration(contentsOf: configurationPath)
        } catch where error.line == 0 && !fileExists(configurationPath) {
            loaded = Configuration()
            host.log(TACTUS_LOG_INFO, "tactus: no configuration at \(configurationPath); built-in defaults")
        } catch {
            host.log(TACTUS_LOG_ERROR, "tactus: \(error); the configuration in force stays")
            return false
        }
        for (id, binding) in bindings where binding.isFromFile { remove(id) }
        configuration = loaded
        for binding in loaded.bindings { add(binding, isFromFile: true) }
        host.log(TACTUS_LOG_INFO, "tactus: \(loaded.bindings.count) bindings from \(configurationPath)")
        return true
    }

    private func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Releases the plugin's handle once the display's event loop is idle: for a destroy from inside a callback.
    func releaseWhenIdle(_ handle: Unmanaged<Plugin>) {
        wl_event_loop_add_idle(wl_display_get_event_loop(display), { data in
            guard let data else { return }
            Unmanaged<Plugin>.fromOpaque(data).release()
        }, handle.toOpaque())
    }

    deinit {
        // The server detaches the clients' gestures as it goes; nothing of that is for the compositor.
        engineLoop.engine.onRawTouch = nil
    }

    // MARK: Devices

    func add(_ device: tactus_device) -> Bool {
        let kind: DeviceKind
        switch device.kind {
        case TACTUS_DEVICE_TOUCHSCREEN: kind = .touchscreen
        case TACTUS_DEVICE_TOUCHPAD: kind = .touchpad
        default:
            host.log(TACTUS_LOG_ERROR, "tactus: device \(device.id) has kind \(device.kind.rawValue), not a tactus_device_kind")
            return false
        }
        guard device.transform < 8 else {
            host.log(TACTUS_LOG_ERROR, "tactus: device \(device.id) has transform \(device.transform), not a wl_output_transform")
            return false
        }
        let size = device.width_mm > 0 && device.height_mm > 0 ? Size(width: device.width_mm, height: device.height_mm) : nil
        let name = device.name.map { String(cString: $0) } ?? "device \(device.id)"
        if size == nil { host.log(TACTUS_LOG_INFO, "tactus: \(name) reports no size; 96 dpi is assumed") }
        let description = DeviceDescription(
            id: DeviceID(device.id), kind: kind, name: name, physicalSize: size,
            outputRegion: Rect(x: device.output.x, y: device.output.y, width: device.output.width,
                               height: device.output.height),
            transform: Plugin.transform(device.transform))
        devices.insert(description.id)
        engineLoop.handle(.deviceAdded(description), at: now)
        return true
    }

    func removeDevice(_ id: UInt32) -> Bool {
        guard devices.remove(DeviceID(id)) != nil else { return refuse("device \(id) is not known") }
        engineLoop.handle(.deviceRemoved(DeviceID(id)), at: now)
        return true
    }

    /// wl_output_transform: 0–3 turn by quarter turns counter-clockwise as the output is rotated, 4–7 also flip.
    static func transform(_ value: UInt32) -> DeviceTransform {
        let rotations: [DeviceTransform.Rotation] = [.none, .quarter, .half, .threeQuarters]
        return DeviceTransform(rotation: rotations[Int(value % 4)], flipped: value >= 4 && value < 8)
    }

    // MARK: Input

    /// Hands a touch event to the engine and returns its immediate decision.
    func touch(_ event: InputEvent, _ touch: TouchEvent, device: UInt32, time: UInt32) -> tactus_decision {
        self.touch(event, touch, device: DeviceID(device), at: Plugin.timestamp(time))
    }

    private func touch(_ event: InputEvent, _ touch: TouchEvent, device id: DeviceID, at timestamp: Timestamp) -> tactus_decision {
        guard devices.contains(id) else {
            _ = refuse("touch event for unknown device \(id.rawValue)")
            return TACTUS_DELIVER
        }
        now = max(now, timestamp)
        pending = (id, touch, timestamp)
        decision = nil
        engineLoop.handle(event, at: timestamp)
        pending = nil
        switch decision {
        case .withhold?: return TACTUS_WITHHOLD
        case .drop?: return TACTUS_DROP
        default: return TACTUS_DELIVER
        }
    }

    /// Hands any other event to the engine.
    func handle(_ event: InputEvent, device: UInt32, time: UInt32) {
        handle(event, device: DeviceID(device), at: Plugin.timestamp(time))
    }

    private func handle(_ event: InputEvent, device: DeviceID, at time: Timestamp) {
        guard devices.contains(device) else { return _ = refuse("event for unknown device \(device.rawValue)") }
        now = max(now, time)
        engineLoop.handle(event, at: time)
    }

    // MARK: libinput

    /// Devices learnt from libinput events are numbered from here, apart from those the host adds.
    static let firstLibinputDevice: UInt32 = 0x8000_0000

    private lazy var translator: LibinputTranslator = {
        let translator = LibinputTranslator(firstDevice: Plugin.firstLibinputDevice,
                                            log: { [unowned self] in host.log(TACTUS_LOG_INFO, "tactus: \($0)") },
                                            deliver: { [unowned self] event, time in take(event, at: time) })
        translator.placement = { [unowned self] report in host.placement(of: report) }
        return translator
    }()
    private var libinputDecision = TACTUS_DELIVER

    /// Translates one libinput event of the compositor's and returns the decision for a touch event.
    func handle(libinputEvent event: OpaquePointer) -> tactus_decision {
        libinputDecision = TACTUS_DELIVER
        translator.translate(event)
        return libinputDecision
    }

    /// An event the translator made.
    private func take(_ event: InputEvent, at time: Timestamp) {
        switch event {
        case .deviceAdded(let description):
            devices.insert(description.id)
            engineLoop.handle(event, at: max(now, time))
        case .deviceRemoved(let id):
            devices.remove(id)
            engineLoop.handle(event, at: max(now, time))
        case .touchDown(let id, let contact, let position):
            libinputDecision = touch(event, .down(contact, position), device: id, at: time)
        case .touchMotion(let id, let contact, let position):
            libinputDecision = touch(event, .motion(contact, position), device: id, at: time)
        case .touchUp(let id, let contact):
            libinputDecision = touch(event, .up(contact), device: id, at: time)
        case .touchFrame(let id):
            libinputDecision = touch(event, .frame, device: id, at: time)
        case .modifiers:
            now = max(now, time)
            engineLoop.handle(event, at: time)
        case .touchCancel(let id), .swipeBegin(let id, _), .swipeUpdate(let id, _), .swipeEnd(let id, _),
             .pinchBegin(let id, _), .pinchUpdate(let id, _, _, _), .pinchEnd(let id, _), .holdBegin(let id, _),
             .holdEnd(let id, _):
            handle(event, device: id, at: time)
        }
    }

    func setModifiers(_ mask: UInt32) {
        engineLoop.handle(.modifiers(ModifierSet(rawValue: UInt8(truncatingIfNeeded: mask))), at: now)
    }

    func surfaceCommitted(_ surface: OpaquePointer) {
        server.surfaceCommitted(surface)
    }

    /// wlroots' 32-bit milliseconds of CLOCK_MONOTONIC, made whole again against the clock: they wrap every
    /// 49.7 days, and the engine's timers compare against the full clock.
    static func timestamp(_ milliseconds: UInt32, now: Timestamp = .monotonicNow()) -> Timestamp {
        let clock = now.microseconds / 1000
        var whole = (clock & ~0xFFFF_FFFF) | Int64(milliseconds)
        if whole > clock + 0x8000_0000 { whole -= 0x1_0000_0000 }
        return .milliseconds(whole)
    }

    /// The first decision about the event being handled is its answer; every other one is for the host.
    private func decide(_ decision: RawTouchDecision) {
        switch decision {
        case .deliver(let device, let event, let time), .withhold(let device, let event, let time),
             .drop(let device, let event, let time):
            if self.decision == nil, let pending, pending.device == device, pending.event == event, pending.time == time {
                self.decision = decision
            } else if case .deliver = decision {
                host.deliver(Plugin.touch(event, device: device, time: time))
            }
        case .cancel(let device):
            host.cancelTouches(of: device)
        }
    }

    static func touch(_ event: TouchEvent, device: DeviceID, time: Timestamp) -> tactus_touch {
        var touch = tactus_touch()
        touch.device = device.rawValue
        touch.time_msec = UInt32(truncatingIfNeeded: time.microseconds / 1000)
        switch event {
        case .down(let contact, let p): (touch.type, touch.touch_id, touch.x, touch.y) = (TACTUS_TOUCH_DOWN, contact, p.x, p.y)
        case .motion(let contact, let p): (touch.type, touch.touch_id, touch.x, touch.y) = (TACTUS_TOUCH_MOTION, contact, p.x, p.y)
        case .up(let contact): (touch.type, touch.touch_id) = (TACTUS_TOUCH_UP, contact)
        case .frame: touch.type = TACTUS_TOUCH_FRAME
        }
        return touch
    }

    // MARK: Bindings

    func addBinding(_ binding: tactus_binding) -> Int32 {
        switch Binding.configuration(from: binding) {
        case .failure(let error):
            host.log(TACTUS_LOG_ERROR, "tactus: binding refused: \(error)")
            return -1
        case .success(let configuration):
            return add(configuration, isFromFile: false)
        }
    }

    @discardableResult
    private func add(_ configuration: BindingConfiguration, isFromFile: Bool) -> Int32 {
        let binding = Binding(configuration, thresholds: self.configuration.thresholds, isFromFile: isFromFile,
                              engineLoop: engineLoop, owner: self)
        let id = nextBinding
        nextBinding += 1
        bindings[id] = binding
        for attachment in binding.attachments { bindingOfAttachment[attachment] = binding }
        return id
    }

    func removeBinding(_ id: Int32) -> Bool {
        guard bindings[id]?.isFromFile == false else { return refuse("binding \(id) is not one added through the ABI") }
        remove(id)
        return true
    }

    private func remove(_ id: Int32) {
        guard let removed = bindings.removeValue(forKey: id) else { return }
        for attachment in removed.attachments {
            bindingOfAttachment[attachment] = nil
            engineLoop.detach(attachment)
        }
    }

    /// A binding's update runs its action: the host's by name; a command at the end only (a live command would
    /// start once per frame).
    func receive(_ update: GestureUpdate) {
        guard let binding = bindingOfAttachment[update.attachment], binding.configuration.runs(on: update.phase) else { return }
        switch binding.configuration.action {
        case .host:
            host.runAction(binding.actionName, Plugin.phase(update.phase), progress: Plugin.progress(of: update),
                           values: Plugin.values(update.values))
        case .exec(let command):
            guard update.phase == .ended || update.phase == .recognized else { return }
            if let failure = commands.run(command) {
                host.log(TACTUS_LOG_ERROR, "tactus: cannot run \(command): \(String(cString: strerror(failure)))")
            }
        }
    }


    /// Bindings are detached, never retired.
    func released(_ attachment: AttachmentID) {}

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

    /// The values as `tactus_values`: those the gesture's kind lacks stay 0 (scale 1).
    static func values(_ values: GestureValues) -> tactus_values {
        let values = values.flat
        var out = tactus_values()
        out.fingers = UInt32(clamping: values.fingers)
        if let p = values.location { (out.x, out.y) = (p.x, p.y) }
        if let v = values.translation { (out.dx, out.dy) = (v.dx, v.dy) }
        out.scale = values.scale ?? 1
        out.rotation = values.rotation ?? 0
        out.count = UInt32(clamping: values.count ?? 0)
        out.direction = values.direction.map(Plugin.name(of:))
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
        }
        return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    private func refuse(_ message: String) -> Bool {
        host.log(TACTUS_LOG_WARNING, "tactus: \(message)")
        return false
    }
}
