// SPDX-License-Identifier: MIT
import CTactusPlugin
import Glibc
import TactusConfiguration
import TactusCore
import TactusLibinput
import TactusWayland

// The plugin's bindings: the configuration file's, reloaded, and those added through the C ABI, with the actions
// their updates run.
extension Plugin {
    /// Reads the configuration file again and replaces the file's bindings with its. A missing file is no
    /// configuration (built-in defaults); a bad one is reported and changes nothing. Returns whether the file
    /// (or its absence) is now in force; from inside a callback, whether it will be: the file is read at once, and
    /// its bindings replace the file's once the callbacks return.
    @discardableResult
    func reloadConfiguration() -> Bool {
        let configurationPath = configurationPath
        let loaded: Configuration
        do {
            loaded = try Configuration(contentsOf: configurationPath)
        } catch where error.line == 0 && !fileExists(configurationPath) {
            loaded = Configuration()
            host.log(TACTUS_LOG_INFO, "tactus: no configuration at \(configurationPath); built-in defaults")
        } catch {
            host.log(TACTUS_LOG_ERROR, "tactus: \(error); keeping the configuration in force")
            return false
        }
        outsideCallbacks { [self] in
            for (id, binding) in bindings where binding.isFromFile { remove(id) }
            configuration = loaded
            server?.exclusionLimit = loaded.exclusionLimit ?? GestureServer.defaultExclusionLimit
            for binding in loaded.bindings { add(binding, isFromFile: true, id: reserveBindingID()) }
            host.log(TACTUS_LOG_INFO, "tactus: \(loaded.bindings.count) bindings from \(configurationPath)")
        }
        return true
    }

    private func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    // MARK: Bindings

    /// Adds a binding through the ABI and returns its id, or -1 for an impossible one; from inside a callback, the
    /// id it will have once the callbacks return.
    func addBinding(_ binding: tactus_binding) -> Int32 {
        switch Binding.configuration(from: binding) {
        case .failure(let error):
            host.log(TACTUS_LOG_ERROR, "tactus: binding refused: \(error)")
            return -1
        case .success(let configuration):
            let id = reserveBindingID()
            outsideCallbacks { [self] in add(configuration, isFromFile: false, id: id) }
            return id
        }
    }

    private func reserveBindingID() -> Int32 {
        defer { nextBinding += 1 }
        return nextBinding
    }

    private func add(_ configuration: BindingConfiguration, isFromFile: Bool, id: Int32) {
        let binding = Binding(configuration, id: id, isFromFile: isFromFile)
        bindings[id] = binding
        if !isSessionLocked { attach(binding) }
    }

    private func attach(_ binding: Binding) {
        binding.attach(thresholds: configuration.thresholds, to: engineLoop, owner: self)
        for attachment in binding.attachments { bindingOfAttachment[attachment] = binding }
    }

    /// Removes a binding added through the ABI; from inside a callback, queued and taken as known (one that is not
    /// is logged then).
    func removeBinding(_ id: Int32) -> Bool {
        guard !isInsideCallback else {
            later(.call { [self] in _ = removeBinding(id) })
            return true
        }
        guard bindings[id]?.isFromFile == false else { return refuse("binding \(id) is not one added through the ABI") }
        remove(id)
        return true
    }

    private func remove(_ id: Int32) {
        guard let removed = bindings.removeValue(forKey: id) else { return }
        detach(removed)
    }

    /// Takes a binding out of recognition: a gesture of it in progress is cancelled and reported as such (the host
    /// hears the end of what began), then its attachments are forgotten.
    private func detach(_ binding: Binding) {
        let attachments = binding.attachments
        binding.detach(from: engineLoop)
        for attachment in attachments { bindingOfAttachment[attachment] = nil }
    }

    // MARK: The lock

    /// Locks or unlocks the session (tactus.h, set_session_locked): locked, the bindings leave recognition, and what
    /// they had in progress is cancelled and reported as such (it began before the lock); host actions queued and
    /// not yet run do not act (`runWaitingWork`); unlocked, they take part again, in the order they were made. From
    /// inside a callback, once the callbacks return.
    func setSessionLocked(_ locked: Bool) {
        outsideCallbacks { [self] in
            guard locked != isSessionLocked else { return }
            isSessionLocked = locked
            for (_, binding) in bindings.sorted(by: { $0.key < $1.key }) {
                if locked { detach(binding) } else { attach(binding) }
            }
            host.log(TACTUS_LOG_INFO, locked ? "tactus: the session is locked: no binding acts until it is unlocked"
                                             : "tactus: the session is unlocked: \(bindings.count) bindings act again")
        }
    }

    /// A binding's update runs its action: the host's by name, once the engine step is over (`LaterWork.action`); a
    /// command at the end only, within the launcher's bounds.
    func receive(_ update: GestureUpdate) {
        guard let binding = bindingOfAttachment[update.attachment], binding.configuration.runs(update) else { return }
        switch binding.configuration.action {
        case .host:
            later(.action(binding, CValues.phase(update.phase), progress: CValues.progress(of: update),
                          values: CValues.values(update.values)))
        case .exec(let command):
            guard update.phase == .ended || update.phase == .recognized else { return }
            // The end is the gesture's one command here: it waits for no command of the binding's earlier gestures.
            commands.gestureBegins(of: Int(binding.id))
            commands.run(command, variables: [], for: Int(binding.id), step: .ended)
        }
    }

    /// Bindings are detached, never retired.
    func released(_ attachment: AttachmentID) {}

}
