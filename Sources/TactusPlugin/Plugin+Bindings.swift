// SPDX-License-Identifier: MIT
import CTactusPlugin
import Glibc
import TactusActions
import TactusConfiguration
import TactusCore
import TactusWayland

// The plugin's bindings: the configuration file's, reloaded, and those added through the C ABI, put in force in the
// binding runtime, which runs them as tactusd does; their host actions come back here.
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
            runtime.configuration = loaded
            server?.exclusionLimit = loaded.exclusionLimit ?? GestureServer.defaultExclusionLimit
            for binding in loaded.bindings { add(binding, isFromFile: true, id: reserveBindingID()) }
            host.log(TACTUS_LOG_INFO, "tactus: \(loaded.bindings.count) bindings from \(configurationPath)")
            sayIfApplicationsAreUnknown(to: loaded.bindings)
        }
        return true
    }

    /// Says once, when a binding names the applications it acts over and the host tells no application (a host of ABI
    /// 3.4 or older, or one without app_id), that such bindings never act.
    private func sayIfApplicationsAreUnknown(to bindings: [BindingConfiguration]) {
        guard !host.tellsApplications, !saidApplicationsUnknown,
              let named = bindings.first(where: { $0.applications?.excluding == false }) else { return }
        saidApplicationsUnknown = true
        host.log(TACTUS_LOG_WARNING, "tactus: binding \(named.name) names applications (app-id), but the compositor "
                 + "does not tell which application a window is (tactus_host.app_id, ABI 3.5): such bindings never act "
                 + "(said once)")
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
        bindings[id] = Binding(configuration, isFromFile: isFromFile)
        runtime.add(configuration, as: Int(id), obeysDeviceRules: isFromFile)
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

    /// Takes a binding out: a gesture of it in progress is cancelled and reported as such (the host hears the end of
    /// what began), then it is forgotten.
    private func remove(_ id: Int32) {
        guard bindings[id] != nil else { return }
        runtime.remove(Int(id))
        bindings[id] = nil
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
            if locked { runtime.suspend() } else { runtime.resume() }
            host.log(TACTUS_LOG_INFO, locked ? "tactus: the session is locked: no binding acts until it is unlocked"
                                             : "tactus: the session is unlocked: \(bindings.count) bindings act again")
        }
    }

    /// A binding's step that the runtime found due runs its host action, once the engine step is over
    /// (`LaterWork.action`).
    func runHostAction(of id: Int32, _ update: GestureUpdate) {
        guard let binding = bindings[id] else { return }
        later(.action(binding, CValues.phase(update.phase), progress: CValues.progress(of: update),
                      values: CValues.values(update.values)))
    }

    /// Logs what the runtime says the host should hear: a command left out, what a stream's process did or said.
    /// (After destroy, the host's callbacks are forgotten: nothing reaches it.)
    func tell(_ report: BindingRuntime.Report) {
        switch report {
        case .leftOut(let command, let refusal, let key):
            host.log(TACTUS_LOG_ERROR, "tactus: binding \(key)'s command \(command): \(refusal)")
        case .stream(let message, let key):
            host.log(TACTUS_LOG_WARNING, "tactus: binding \(key)'s stream \(message)")
        case .update, .command, .streamLine:
            break
        }
    }

    /// Stops the bindings, for tactus_plugin_destroy: a gesture in progress is cancelled and its `cancelled` command
    /// runs (host actions no longer reach the host), after the gesture's last command, as anywhere, for a second at
    /// most; commands that run are left to run, as applications the user started, and not waited for.
    func stopBindings() {
        runtime.stop(after: CommandLauncher.Limits.holdBack, endingCommands: false)
    }
}
