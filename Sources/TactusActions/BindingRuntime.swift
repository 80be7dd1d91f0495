// SPDX-License-Identifier: MIT
import TactusConfiguration
import TactusCore
import TactusEventLoop

/// What the bindings of a configuration do at run time, the same in every host (libtactus in a compositor, tactusd
/// beside one): they take part in recognition, and when a binding's gesture moves, this decides what runs.
///
/// - The steps `on` names run the action (without `on`, the end; every step for a live binding), those of the
///   sequence's second gesture when the binding has a `then`.
/// - Changes are paced by the binding's `every-*`: one that has not come far enough since the step that last ran the
///   action runs nothing; the next that runs carries the paces since (`ActionPacer`).
/// - A host action is handed to the host (`hostAction`) with the update. An `exec` command starts through the
///   `CommandLauncher`, with the gesture in its environment (`ActionEnvironment`), within the launcher's bounds: in
///   order per gesture, changes of a busy or unpaced binding left out, a cap on what runs, every command reaped.
/// - While suspended (a lock screen holds the session), no binding takes part in recognition: what was in progress is
///   cancelled, and reported as such; bindings added meanwhile wait. Resumed, they take part again, in key order.
///   Suspended or stopping, nothing runs but the cancellation of a gesture whose began ran: taking bindings out one
///   by one can let another win for a moment, and that must not act behind a lock screen.
/// - Stopping cancels what is in progress (its `cancelled` commands run), then lets the commands finish, or ends them.
///
/// The host gives each binding a key that it never gives another (the launcher tells a binding's commands by it);
/// the runtime reports through `report` what a host may log.
public final class BindingRuntime: AttachmentOwner {
    /// What a host hears of its bindings, to log or print.
    public enum Report {
        /// An update of one of the binding's gestures, whether or not it runs the action.
        case update(GestureUpdate, binding: Int)
        /// A step runs the binding's command with these variables (or would, while `startsCommands` is off).
        case command(String, variables: [(String, String)], binding: Int)
        /// A step's command was left out, and why.
        case leftOut(String, CommandLauncher.Refusal, binding: Int)
        /// A step's line for the binding's stream (or the line it would be, while `startsCommands` is off).
        case streamLine(String, binding: Int)
        /// What the binding's stream process did, or said on its errors: for the log.
        case stream(String, binding: Int)
    }

    /// A binding in force: what it is, whether [[device]] rules apply to it, what it became in the engine (nothing
    /// while suspended), its pacer, and whether a gesture of it began and has not ended.
    /// A class: every update of a binding's gesture reaches it, and a reference is one retain where a copy of the
    /// binding's configuration would be one for each of its strings and lists.
    private final class Entry {
        let configuration: BindingConfiguration
        let obeysDeviceRules: Bool
        var attached: [AttachmentID] = []
        var pacer: ActionPacer
        var isOpen = false

        init(configuration: BindingConfiguration, obeysDeviceRules: Bool, pacer: ActionPacer) {
            self.configuration = configuration
            self.obeysDeviceRules = obeysDeviceRules
            self.pacer = pacer
        }
    }

    /// The thresholds and [[device]] rules bindings are attached with: those of the configuration in force. A new one
    /// applies to the bindings attached from then on (added, or resumed).
    public var configuration = Configuration()

    /// Whether commands start; off, they are only reported (`tactusd --dry-run`).
    public var startsCommands = true
    /// Whether the bindings are out of recognition (`suspend`), or going (`prepareToStop`, `stop`).
    private var isSuspended = false

    private let engineLoop: EngineLoop
    private let hostAction: (_ binding: Int, _ update: GestureUpdate) -> Void
    private let report: (Report) -> Void
    private var entries: [Int: Entry] = [:]
    private var bindingOfAttachment: [AttachmentID: Int] = [:]
    private var launcher: CommandLauncher!
    private var feeder: StreamFeeder!

    /// A runtime whose bindings are recognized by `engineLoop` and whose commands are reaped from a timer on `loop`,
    /// with `clock` for the time (the input clock, which a replay moves). `hostAction` runs a host action's step;
    /// `report` hears what a host may log.
    public init(engineLoop: EngineLoop, loop: OpaquePointer, clock: @escaping () -> Timestamp = Timestamp.monotonicNow,
                hostAction: @escaping (_ binding: Int, _ update: GestureUpdate) -> Void,
                report: @escaping (Report) -> Void) {
        self.engineLoop = engineLoop
        self.hostAction = hostAction
        self.report = report
        launcher = CommandLauncher(loop: loop, clock: clock) { binding, command, refusal in
            report(.leftOut(command, refusal, binding: binding))
        }
        feeder = StreamFeeder(loop: loop, clock: clock) { binding, message in report(.stream(message, binding: binding)) }
    }

    /// The keys of the bindings in force, in order.
    public var keys: [Int] { entries.keys.sorted() }

    /// Puts `binding` in force as `key`, with the thresholds of `configuration` and, when it `obeysDeviceRules` (the
    /// file's bindings: a compositor's own are not the file's to keep off a device), its [[device]] rules: it takes
    /// part in recognition at once, unless the runtime is suspended.
    public func add(_ binding: BindingConfiguration, as key: Int, obeysDeviceRules: Bool = true) {
        remove(key)
        entries[key] = Entry(configuration: binding, obeysDeviceRules: obeysDeviceRules, pacer: ActionPacer(pace: binding.pace))
        if case .stream(let command, let startsAtLoad) = binding.action, startsCommands {
            feeder.add(command, for: key, startsNow: startsAtLoad)
        }
        if !isSuspended { attach(key) }
    }

    /// Takes the binding of `key` out: a gesture of it in progress is cancelled, and its `cancelled` step runs.
    public func remove(_ key: Int) {
        guard entries[key] != nil else { return }
        detach(key)
        entries[key] = nil
        feeder.remove(key)
    }

    /// Takes every binding out, as `remove` does: for a reload, which adds the file's bindings again.
    public func removeAll() {
        keys.forEach(remove)
    }

    /// Takes every binding out of recognition until `resume`: gestures in progress are cancelled and reported as
    /// such. For a lock screen: nothing acts behind it.
    public func suspend() {
        guard !isSuspended else { return }
        isSuspended = true
        keys.forEach(detach)
    }

    /// Lets every binding take part in recognition again, in key order (the order they were made).
    public func resume() {
        guard isSuspended else { return }
        isSuspended = false
        keys.forEach(attach)
    }

    /// Collects the commands that exited, and starts the steps whose turn came (tactusd on SIGCHLD; a timer does it
    /// too).
    public func reap() {
        launcher.reap()
        feeder.reap()
    }

    /// From now on, nothing runs but the cancellation of a gesture whose began ran, until `stop`: for a host that stops
    /// from inside a callback of the engine, where the bindings cannot be taken out yet.
    public func prepareToStop() {
        isSuspended = true
    }

    /// Stops: every binding's gesture in progress is cancelled (its `cancelled` command runs), then the steps waiting
    /// get `wait` to start; with `endingCommands`, the commands running get it to finish and those still running then
    /// are ended, else they are left to run (`CommandLauncher.stopAll`). Steps still waiting are left out and
    /// reported. It blocks meanwhile, and the bindings stay out.
    public func stop(after wait: TimeSpan, endingCommands: Bool) {
        isSuspended = true
        keys.forEach(detach)
        launcher.stopAll(after: wait, ending: endingCommands)
        feeder.stopAll(after: wait, ending: endingCommands)
    }

    private func attach(_ key: Int) {
        guard let entry = entries[key], entry.attached.isEmpty else { return }
        let binding = entry.configuration
        let deviceRules = entry.obeysDeviceRules ? configuration.deviceRules(for: binding) : []
        let attached = binding.attachments(thresholds: configuration.thresholds, deviceRules: deviceRules).map {
            engineLoop.attach($0.gesture, to: $0.target, options: $0.options, owner: self)
        }
        entries[key]?.attached = attached
        for attachment in attached { bindingOfAttachment[attachment] = key }
    }

    /// Takes the binding out of recognition; what its gesture reports on the way (a cancellation) still reaches it.
    private func detach(_ key: Int) {
        guard let attached = entries[key]?.attached, !attached.isEmpty else { return }
        entries[key]?.attached = []
        attached.forEach(engineLoop.detach)
        for attachment in attached { bindingOfAttachment[attachment] = nil }
    }

    // MARK: AttachmentOwner

    public func receive(_ update: GestureUpdate) {
        guard let key = bindingOfAttachment[update.attachment], let entry = entries[key] else { return }
        // `entry` is the binding's own record: what is set on it stays.
        let binding = entry.configuration
        let acts = update.recognizer == binding.actingRecognizer
        let wasOpen = entry.isOpen
        if acts {
            switch update.phase {
            case .began: entry.isOpen = !isSuspended
            case .changed: break
            default: entry.isOpen = false
            }
        }
        report(.update(update, binding: key))
        if isSuspended && !(acts && update.phase == .cancelled && wasOpen) { return }
        let scale = engineLoop.millimetresPerPixel[update.device] ?? Vector(dx: 1, dy: 1)
        if acts && (update.phase == .began || update.phase == .recognized) {
            entry.pacer.measure(from: update, millimetresPerPixel: scale)
            // The launcher keeps a record for each binding whose gesture began: only for commands it will start.
            switch binding.action {
            case .exec where startsCommands: launcher.gestureBegins(of: key)
            case .stream where startsCommands: feeder.gestureBegins(of: key)
            default: break
            }
        }
        let pacer = entry.pacer
        guard binding.runs(update), let paces = pacer.paces(at: update, millimetresPerPixel: scale) else { return }
        switch binding.action {
        case .host:
            entry.pacer.measure(from: update, millimetresPerPixel: scale)
            hostAction(key, update)
        case .exec(let command):
            // A change the launcher holds back is left out: the next change that runs carries the gesture's values
            // then, and the paces since. Beginnings, endings and cancellations wait their turn.
            if update.phase == .changed && !launcher.admitsChange(of: key, paced: binding.pace != nil) { return }
            let travel = pacer.step(at: update, millimetresPerPixel: scale)
            entry.pacer.measure(from: update, millimetresPerPixel: scale)
            let application = engineLoop.engine.application(ofInteractionOn: update.device)
            let variables = ActionEnvironment.variables(for: update, millimetresPerPixel: scale, paces: paces, step: travel,
                                                        application: application)
            report(.command(command, variables: variables, binding: key))
            guard startsCommands, let step = ActionStep(update.phase) else { return }
            launcher.run(command, variables: variables, for: key, step: step)
        case .stream:
            entry.pacer.measure(from: update, millimetresPerPixel: scale)
            let line = StreamLine.text(for: update, millimetresPerPixel: scale,
                                       application: engineLoop.engine.application(ofInteractionOn: update.device))
            report(.streamLine(line, binding: key))
            guard startsCommands else { return }
            feeder.send(line, to: key, isChange: update.phase == .changed)
            if acts && update.phase != .began && update.phase != .changed { feeder.gestureEnds(of: key) }
        }
    }

    /// Bindings are detached, never retired.
    public func released(_ attachment: AttachmentID) {}
}
