// SPDX-License-Identifier: MIT
import CTactusVersion
import CTactusWaylandServer
import Glibc
import TactusActions
import TactusConfiguration
import TactusCore
import TactusLibinput
import TactusTrace

/// tactusd: Tactus beside any compositor. It reads a seat's touchscreens and touchpads through libinput, recognizes
/// the configuration's gestures and runs their `exec` commands at the steps each binding names, with the gesture's
/// values in the environment. The touches still reach the application under the fingers: a daemon cannot withhold
/// or cancel them, nor serve tactus-gestures-v1 (a compositor that loads libtactus can).
@main
struct Tactusd {
    let options: Options

    static func main() {
        do {
            let options = try Options(Array(CommandLine.arguments.dropFirst()))
            if let answer = options.answer {
                print(answer)
                exit(0)
            }
            exit(Tactusd(options: options).run())
        } catch {
            var text = "tactusd: \(error.message)\n\(Options.usage)\n  See 'tactusd --help' for more information.\n"
            text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
            exit(64)
        }
    }

    /// Runs what the options ask for; its exit status.
    func run() -> Int32 {
        // Output goes on when nobody reads it (`tactusd --verbose | head`): a write fails instead of ending the daemon.
        signal(SIGPIPE, SIG_IGN)
        let path = options.file ?? options.configurationFile ?? Configuration.defaultPath()
        if options.check { return Self.check(path) }
        if options.listDevices { return listTheDevices(configuredBy: path) }
        // The loop outlives the daemon, whose parts take their timers off it as they go.
        guard let loop = wl_event_loop_create() else {
            say("tactusd: cannot create an event loop")
            return 1
        }
        defer { wl_event_loop_destroy(loop) }
        return runDaemon(on: loop, configuredBy: path)
    }

    /// Runs the daemon on `loop` until it stops: live, or playing the trace of `--replay`. Its exit status.
    private func runDaemon(on loop: OpaquePointer, configuredBy path: String) -> Int32 {
        let daemon: Daemon
        let recording: TraceReader?
        do {
            recording = try options.replay.map { try TraceReader(contentsOfFile: $0) }
            let input: Daemon.Input = options.replay != nil ? .replayed
                : options.devices.isEmpty ? .seat(options.seat) : .devices(options.devices)
            daemon = try Daemon(loop: loop, input: input, configurationPath: path,
                                output: Daemon.Output(verbose: options.verbose, dryRun: options.dryRun))
        } catch {
            say("tactusd: \(error)")
            return 1
        }
        guard let recording else {
            daemon.run()
            return 0
        }
        do {
            try daemon.replay { try recording.next() }
        } catch {
            say("tactusd: \(error)")
            return 1
        }
        return 0
    }

    /// Reads the file as the daemon would and says what is wrong: 0 when it is good, 2 when it is not.
    static func check(_ path: String) -> Int32 {
        do {
            let configuration = try Configuration(contentsOf: path)
            for (index, binding) in configuration.bindings.enumerated() {
                if case .host = binding.action {
                    say("\(path): binding \(index + 1) (\(binding.name)): host actions are a compositor's; tactusd leaves it out")
                } else if binding.runsUnpacedChanges {
                    let interval = CommandLauncher.Limits.unpacedInterval.microseconds / 1000
                    say("\(path): binding \(index + 1) (\(binding.name)): runs its command at changes without a pace; "
                        + "at most one every \(interval) ms runs (every-ms, every-mm, every-degrees or every-scale "
                        + "choose how far apart)")
                }
            }
            say("\(path): \(configuration.bindings.count) bindings, good")
            return 0
        } catch {
            say("\(error)")
            return 2
        }
    }

    /// Opens the devices as the daemon would and prints what libinput says of each touch device, and what the
    /// configuration's [[device]] settings make of it.
    func listTheDevices(configuredBy path: String) -> Int32 {
        let configuration = (try? Configuration(contentsOf: path)) ?? Configuration()
        let source: LibinputSource
        do {
            source = options.devices.isEmpty ? try LibinputSource(seat: options.seat, deliver: { _, _ in })
                                             : try LibinputSource(paths: options.devices, deliver: { _, _ in })
        } catch {
            say("tactusd: cannot open the input devices: \(error)")
            return 1
        }
        source.placement = { placement(of: $0, in: configuration) }
        source.dispatch()
        for report in source.reports {
            guard let settings = configuration.settings(forDevice: report.name) else {
                say(report.description)
                continue
            }
            let size = settings.size.map { ", size \($0.width)×\($0.height) mm if it reports none" } ?? ""
            let what = settings.ignore ? "left out" : "rotation \(settings.rotation.rawValue)\(size)"
            say("\(report.description); [[device]] \"\(settings.match)\": \(what)")
        }
        if source.reports.isEmpty {
            say("tactusd: no touchscreen or touchpad on \(options.devices.isEmpty ? options.seat : options.devices.joined(separator: ", "))")
        }
        return 0
    }
}
