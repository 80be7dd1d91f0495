// SPDX-License-Identifier: MIT
import CTactusPlugin
import Glibc
import CTactusWaylandServer
import TactusActions
import TactusConfiguration
import TactusCore
import TactusEventLoop
import TactusLibinput
import TactusWayland

/// One plugin instance: the engine on the display's event loop, the tactus-gestures-v1 server there, the
/// compositor's devices, its bindings (from the configuration file and through the C ABI) with their actions,
/// and the raw-touch decisions that go back to it.
///
/// One touch frame: the entry hands the event to `engineLoop`, which answers its raw-touch decision, the entry's
/// answer; the engine routes each update once, by owner, to the server (a client's gesture) or to the binding runtime
/// (a binding's action), and its decisions about other events (withheld ones released, cancels) come to `decide`.
final class Plugin {
    let host: Host
    let engineLoop: EngineLoop
    private(set) var server: GestureServer!
    let display: OpaquePointer

    // Devices and input (Plugin+Input.swift).
    /// The devices the compositor added or libinput reported.
    var devices: Set<DeviceID> = []
    /// The time of the latest event, for events that carry none (devices, modifiers).
    var now = Timestamp.zero
    /// Whether the touch event an entry was handling when the plugin was destroyed from a callback had been decided
    /// already: withheld then, it went to its client with the others, or was released or dropped since
    /// (`handOverWithheldTouches`).
    var answeredBeforeDestroy = false
    /// The touchpads whose current gesture stream the clients get (`decide(_: TouchpadStreamDecision)`).
    var streamsForClients: Set<DeviceID> = []

    // Bindings, reload and actions (Plugin+Bindings.swift).
    /// What the bindings do when their gestures move, as in tactusd: it recognizes them and runs their commands; their
    /// host actions come back to `runHostAction`.
    private(set) var runtime: BindingRuntime!
    /// The configuration file the host named, if it named one (what of a file is in force, the runtime holds).
    let configurationPathGiven: String?
    /// The file to read: the host's, else the one the XDG directories give now (`Configuration.defaultPath`).
    var configurationPath: String { configurationPathGiven ?? Configuration.defaultPath() }
    /// Every binding by id (file bindings too), which is its key in the runtime.
    var bindings: [Int32: Binding] = [:]
    var nextBinding: Int32 = 1
    /// Whether a lock screen holds the session: the bindings then take no part in recognition (set_session_locked).
    var isSessionLocked = false
    /// Whether the log said that the host tells no application, so that bindings with app-id never act.
    var saidApplicationsUnknown = false

    // Work for after the engine step and the host's callbacks (Plugin+Later.swift).
    var waiting: [LaterWork] = []
    /// Where `runWaitingWork` is in `waiting`: what lies from here has not run.
    var nextWaiting = 0
    /// The idle source that runs `waiting`, while one is due.
    var waitingSource: OpaquePointer?
    /// Set by tactus_plugin_destroy: nothing more reaches the host, though the plugin lives until its loop is idle.
    var isDestroyed = false

    init(display: OpaquePointer, host: Host, configurationPath: String?) {
        self.display = display
        self.host = host
        configurationPathGiven = configurationPath
        engineLoop = EngineLoop(loop: wl_display_get_event_loop(display))
        runtime = BindingRuntime(engineLoop: engineLoop, loop: wl_display_get_event_loop(display)!,
                                 hostAction: { [unowned self] key, update in runHostAction(of: Int32(key), update) },
                                 report: { [unowned self] report in tell(report) })
        server = GestureServer(display: display, engineLoop: engineLoop, host: host)
        host.server = server
        engineLoop.engine.surfaceLocator = host
        engineLoop.engine.onRawTouch = { [unowned self] decision in decide(decision) }
        engineLoop.engine.onTouchpadStream = { [unowned self] decision in decide(decision) }
        if !reloadConfiguration() { host.log(TACTUS_LOG_WARNING, "tactus: running with built-in defaults") }
    }

    /// Devices learnt from libinput events are numbered from here, apart from those the host adds.
    static let firstLibinputDevice: UInt32 = 0x8000_0000

    lazy var translator: LibinputTranslator = {
        let translator = LibinputTranslator(firstDevice: Plugin.firstLibinputDevice,
                                            log: { [unowned self] in host.log(TACTUS_LOG_INFO, "tactus: \($0)") },
                                            deliver: { [unowned self] event, time in take(event, at: time) })
        translator.placement = { [unowned self] report in host.placement(of: report) }
        return translator
    }()
    var libinputDecision = TACTUS_DELIVER

    /// The latest event time in wlroots' milliseconds, for frames, which carry none.
    var latestTime: UInt32 { UInt32(truncatingIfNeeded: now.microseconds / 1000) }

    /// Stops the bindings and releases the plugin's handle once the display's event loop is idle: for a destroy from
    /// inside a callback. Meanwhile nothing of the bindings runs but the cancellation of a gesture in progress.
    func releaseWhenIdle(_ handle: Unmanaged<Plugin>) {
        runtime.prepareToStop()
        wl_event_loop_add_idle(wl_display_get_event_loop(display), { data in
            guard let data else { return }
            Unmanaged<Plugin>.fromOpaque(data).takeUnretainedValue().stopBindings()
            Unmanaged<Plugin>.fromOpaque(data).release()
        }, handle.toOpaque())
    }

    deinit {
        if let waitingSource { wl_event_source_remove(waitingSource) }
        // The server detaches the clients' gestures as it goes; nothing of that is for the compositor.
        engineLoop.engine.onRawTouch = nil
        engineLoop.engine.onTouchpadStream = nil
    }

    /// Logs why a call did nothing; returns false, the call's answer.
    func refuse(_ message: String) -> Bool {
        host.log(TACTUS_LOG_WARNING, "tactus: \(message)")
        return false
    }
}

