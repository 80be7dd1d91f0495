// swift-tools-version: 6.1
// SPDX-License-Identifier: MIT
import Foundation
import PackageDescription

/// The package's folder, for the linker's version script (unsafe flags take paths as they are).
let packageRoot = String(#filePath.dropLast("/Package.swift".count))

/// libtactus's SONAME, `libtactus.so.N`: N is the ABI's major version tactus.h declares (`TACTUS_ABI_MAJOR`), its one
/// home.
let pluginSoname: String = {
    let header = packageRoot + "/Sources/C/CTactusPlugin/include/tactus.h"
    guard let text = try? String(contentsOfFile: header, encoding: .utf8),
          let line = text.split(separator: "\n").first(where: { $0.hasPrefix("#define TACTUS_ABI_MAJOR ") }),
          let version = line.split(separator: " ").last else { fatalError("\(header) declares no TACTUS_ABI_MAJOR") }
    return "libtactus.so.\(version)"
}()

/// Tactus's version, of the library, its programs and its packages: the VERSION file, its one home.
let version: String = {
    let file = packageRoot + "/VERSION"
    guard let text = try? String(contentsOfFile: file, encoding: .utf8),
          case let version = text.trimmingCharacters(in: .whitespacesAndNewlines),
          version.split(separator: ".").count == 3, version.allSatisfy({ $0.isNumber || $0 == "." }) else {
        fatalError("\(file) holds no version MAJOR.MINOR.PATCH")
    }
    return version
}()

let package = Package(
    name: "Tactus",
    products: [
        .library(name: "TactusCore", targets: ["TactusCore"]),
        .executable(name: "tactus-bench", targets: ["TactusBenchmark"]),
        .executable(name: "tactus-latency", targets: ["TactusLatency"]),
        .executable(name: "tactus-sim", targets: ["tactus-sim"]),
        .library(name: "TactusWayland", targets: ["TactusWayland"]),
        .library(name: "TactusClient", targets: ["TactusClient"]),
        .executable(name: "tactus-demo-client", targets: ["tactus-demo-client"]),
        // libtactus.so: the plugin a compositor loads, with the C ABI of tactus.h.
        .library(name: "tactus", type: .dynamic, targets: ["TactusPlugin", "TactusPluginExports"]),
        // tactus-wlr: the reference wlroots compositor that loads libtactus.so.
        .executable(name: "tactus-wlr", targets: ["tactus-wlr"]),
        // The Wayfire plugin (compositor/wayfire), installed as libtactus.so in Wayfire's plugin directory.
        .library(name: "tactus-wayfire", type: .dynamic, targets: ["TactusWayfire"]),
        // tactusd: the daemon beside any compositor, running the configuration's exec bindings.
        .executable(name: "tactusd", targets: ["tactusd"]),
        // tactus-sim, tactusd and tactus-demo-client in one program, for the packages.
        .executable(name: "tactus-tools", targets: ["tactus-tools"]),
        // For tests only: Wayfire on a machine without a GPU (Tests/WayfireWithoutGPU), and the Wayfire plugin that drives
        // it headless (Tests/WayfireControl).
        .library(name: "TactusWayfireWithoutGPU", type: .dynamic, targets: ["WayfireWithoutGPU"]),
        .library(name: "TactusWayfireControl", type: .dynamic, targets: ["WayfireControl"]),
        // For tests only: what umockdev 0.17.16 lacks for libinput (Tests/UmockdevPreload).
        .library(name: "TactusUmockdevPreload", type: .dynamic, targets: ["UmockdevPreload"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // The pure engine: Swift standard library only, deterministic, no clocks or threads.
        // The standard library's floating-point operations (squareRoot, rounded) call libm.
        .target(name: "TactusCore", linkerSettings: [.linkedLibrary("m")]),
        // Hostile input streams and the promises the engine keeps over them, for the property tests and the fuzzers.
        .target(name: "TactusPromises", dependencies: ["TactusCore"], path: "Tests/TactusPromises"),
        // libFuzzer targets (Fuzz/); scripts/fuzz builds them with the fuzzer's instrumentation (docs/robustness.md).
        .target(name: "FuzzerDriver", path: "Fuzz/FuzzerDriver"),
        .executableTarget(name: "tactus-fuzz-engine", dependencies: ["TactusCore", "TactusPromises", "FuzzerDriver"],
                          path: "Fuzz/tactus-fuzz-engine"),

        // libinput in, Tactus out: the input module a compositor or the simulator's `listen` uses.
        .systemLibrary(name: "CLibinput", path: "Sources/C/CLibinput", pkgConfig: "libinput", providers: [.apt(["libinput-dev", "libudev-dev", "libxkbcommon-dev"])]),
        .target(name: "TactusLibinput", dependencies: ["TactusCore", "CLibinput"]),

        // tactus-gestures-v1 (protocols/): the interface code wayland-scanner generates, which both sides link,
        // and each side's generated header with the few addresses Swift cannot take itself.
        .target(name: "CTactusProtocol", path: "Sources/C/CTactusProtocol", publicHeadersPath: "."),
        .systemLibrary(name: "CTactusWaylandServer", path: "Sources/C/CTactusWaylandServer", pkgConfig: "wayland-server", providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CTactusWaylandClient", path: "Sources/C/CTactusWaylandClient", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        // The engine on a wl_event_loop: its deadlines on the loop's timer, each update routed to the owner of its
        // attachment. The protocol server, the plugin and tactusd run the engine through it.
        .target(name: "TactusEventLoop", dependencies: ["TactusCore", "CTactusWaylandServer"]),
        // The protocol's server, which a compositor (or libtactus) runs on its wl_display.
        .target(name: "TactusWayland", dependencies: ["TactusCore", "TactusEventLoop", "CTactusWaylandServer", "CTactusProtocol"]),
        // The client library, and a client that prints what it receives.
        .target(name: "CDesktopProtocolsClient", path: "Sources/C/CDesktopProtocolsClient"),
        .target(name: "TactusClient", dependencies: ["TactusCore", "CTactusWaylandClient", "CTactusProtocol", "CDesktopProtocolsClient",
                                                    "TactusPlatform"]),
        .target(name: "TactusDemoClient", dependencies: ["TactusClient", "JSONLines", "CTactusVersion", "TactusCommandLine", "TactusPlatform"]),
        .executableTarget(name: "tactus-demo-client", dependencies: ["TactusDemoClient"]),

        // A minimal compositor in process (a display on a private socket, wl_compositor, wl_seat, a scene) and its
        // clients, for the Wayland tests, the protocol fuzzer and the latency benchmark.
        .target(name: "TactusWaylandTestbed", dependencies: ["TactusEventLoop", "TactusWayland", "TactusClient", "CTactusWaylandServer"],
                path: "Tests/TactusWaylandTestbed"),
        .executableTarget(name: "tactus-fuzz-protocol",
                          dependencies: ["TactusEventLoop", "TactusWaylandTestbed", "TactusClient", "TactusPromises", "FuzzerDriver"],
                          path: "Fuzz/tactus-fuzz-protocol"),

        // The version every program prints (`--version`), from the VERSION file.
        .target(name: "CTactusVersion", path: "Sources/C/CTactusVersion",
                cSettings: [.define("TACTUS_VERSION", to: "\"\(version)\"")]),

        // Files, folders, paths, standard streams, the environment and trimmed text, through the C library: what the
        // programs and libraries outside the core took from Foundation.
        .target(name: "TactusPlatform"),
        // The programs' command lines: options declared as properties, help, manual pages and completions made from them,
        // with the standard library only (swift-argument-parser brings Foundation; docs/packaging.md).
        .target(name: "TactusCommandLine", dependencies: ["TactusPlatform"]),

        // JSON Lines as the simulator and the demo client write them: keys in order, numbers in one notation.
        .target(name: "JSONLines"),

        // The user's configuration file, read and validated (it runs nothing): thresholds, bindings, devices. TOML is
        // read by Debian's toml++ (libtomlplusplus-dev) through a C shim, so that no Swift module needs C++ interop.
        .target(name: "CTOMLReader", path: "Sources/C/CTOMLReader",
                cxxSettings: [.define("TOML_HEADER_ONLY", to: "0"), .define("TOML_SHARED_LIB", to: "1")],
                linkerSettings: [.linkedLibrary("tomlplusplus")]),
        .target(name: "TactusConfiguration", dependencies: ["TactusCore", "CTOMLReader", "TactusPlatform", "JSONLines"]),
        .executableTarget(name: "tactus-fuzz-configuration", dependencies: ["TactusConfiguration", "FuzzerDriver"],
                          path: "Fuzz/tactus-fuzz-configuration"),

        // What bindings do at run time, the same in the plugin and tactusd (BindingRuntime): the steps that run, pacing,
        // the commands' environment, and the commands started, bounded and reaped; host actions handed to the host.
        .target(name: "TactusActions",
                dependencies: ["TactusCore", "TactusConfiguration", "TactusEventLoop", "CTactusWaylandServer"]),

        // The plugin: tactus.h (CTactusPlugin) implemented over the engine loop, the server, the binding runtime and
        // libinput's units.
        .systemLibrary(name: "CTactusPlugin", path: "Sources/C/CTactusPlugin"),
        .target(
            name: "TactusPlugin",
            dependencies: ["CTactusPlugin", "CTactusWaylandServer", "TactusCore", "TactusEventLoop", "TactusWayland", "TactusLibinput",
                           "TactusConfiguration", "TactusActions"]
        ),
        .executableTarget(name: "tactus-fuzz-plugin",
                          dependencies: ["TactusPlugin", "CTactusPlugin", "CTactusWaylandServer", "FuzzerDriver"],
                          path: "Fuzz/tactus-fuzz-plugin"),
        // libtactus.so's version script (Sources/TactusPluginExports/Exports.swift says why it has a target of its own).
        .target(
            name: "TactusPluginExports",
            exclude: ["exports.map"],
            linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=\(packageRoot)/Sources/TactusPluginExports/exports.map",
                                           "-Xlinker", "-soname=\(pluginSoname)"])]
        ),

        // tactus-wlr (compositor/), in C like wlroots: wlroots 0.15, libtactus through dlopen and tactus.h, xdg-shell's
        // server header generated into the compositor's folder (scripts/generate-protocol).
        .systemLibrary(name: "CWlroots", path: "Sources/C/CWlroots", pkgConfig: "wlroots", providers: [.apt(["libwlroots-dev", "libpixman-1-dev"])]),
        // json-c reads the traces tactus-wlr replays, as sway reads its IPC.
        .systemLibrary(name: "CJsonC", path: "Sources/C/CJsonC", pkgConfig: "json-c", providers: [.apt(["libjson-c-dev"])]),
        // What every compositor that loads libtactus does alike (compositor/host/): tactus-wlr's glue and the Wayfire plugin
        // use it; and wlr-compat.h, wlroots 0.18's API on the 0.15 of Debian 12, for the code written against 0.18.
        .target(
            name: "TactusPluginHost",
            dependencies: ["CWlroots"],
            path: "compositor/host",
            // compositor/: xdg-shell's server header, which wlroots' wlr_xdg_shell.h includes (host_app_id reads toplevels).
            cSettings: [.define("WLR_USE_UNSTABLE"),
                        .unsafeFlags(["-I", "\(packageRoot)/Sources/C/CTactusPlugin/include", "-I", "\(packageRoot)/compositor",
                                      "-Wall", "-Wextra", "-Werror"])],
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // What drives a headless compositor in tests (compositor/headless/): traces read as tactus-sim reads them, and
        // played on headless wlroots devices. tactus-wlr's control and the Wayfire test plugin use it.
        .target(
            name: "TactusHeadless",
            dependencies: ["CWlroots", "CJsonC", "TactusPluginHost"],
            path: "compositor/headless",
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]
        ),
        .executableTarget(
            name: "tactus-wlr",
            dependencies: ["CWlroots", "CJsonC", "CTactusWaylandServer", "TactusHeadless", "TactusPluginHost", "CTactusVersion"],
            path: "compositor",
            exclude: ["headless", "host", "wayfire"],
            cSettings: [
                .define("WLR_USE_UNSTABLE"),
                .headerSearchPath("."),
                .unsafeFlags(["-I", "\(packageRoot)/Sources/C/CTactusPlugin/include", "-Wall", "-Wextra", "-Werror"]),
            ],
            linkerSettings: [.linkedLibrary("xkbcommon"), .linkedLibrary("pixman-1"), .linkedLibrary("dl"), .linkedLibrary("input")]
        ),

        // The Wayfire plugin (compositor/wayfire), in C++ against Debian's wayfire-dev, 0.7 here (0.9 in the Debian 13 root,
        // scripts/lib/build-wayfire-debian13): libtactus through dlopen and tactus.h, as tactus-wlr loads it. Its metadata
        // (tactus.xml) is installed beside Wayfire's.
        .systemLibrary(name: "CWayfire", path: "Sources/C/CWayfire", pkgConfig: "wayfire", providers: [.apt(["wayfire-dev", "libglm-dev"])]),
        .target(
            name: "TactusWayfire",
            dependencies: ["CWayfire", "CWlroots", "TactusPluginHost"],
            path: "compositor/wayfire",
            exclude: ["tactus.xml"],
            publicHeadersPath: ".",
            cxxSettings: [
                .define("WLR_USE_UNSTABLE"),
                .unsafeFlags(["-I", "\(packageRoot)/Sources/C/CTactusPlugin/include", "-Wall", "-Wextra", "-Werror"]),
            ],
            linkerSettings: [.linkedLibrary("dl")]
        ),

        // tactusd (Sources/TactusDaemon, the program Sources/tactusd): a seat's devices through libinput (or a trace,
        // --replay), the engine on a wl_event_loop of its own (no display), the configuration's exec bindings run by the
        // binding runtime. It links neither the protocol server nor the simulator, nor Foundation.
        // cairo, with which tactusd draws its on-screen feedback into shared memory.
        .systemLibrary(name: "CCairo", path: "Sources/C/CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .target(
            name: "TactusDaemon",
            dependencies: ["TactusCore", "TactusLibinput", "TactusConfiguration", "TactusActions", "TactusEventLoop",
                           "CTactusWaylandServer", "TactusTrace", "CTactusVersion", "TactusCommandLine", "TactusPlatform",
                           // A Wayland client of the compositor, for the focused application (FocusWatcher).
                           "CTactusWaylandClient", "CDesktopProtocolsClient",
                           // What it draws on screen with (Feedback/).
                           "CCairo"]
        ),
        .executableTarget(name: "tactusd", dependencies: ["TactusDaemon"]),

        // The headless simulator: generators, replay of evemu and `libinput record` recordings, scenarios, outputs (simulator/).
        // libyaml parses libinput's recordings: the system's, which Debian ships, rather than a copy of it.
        .systemLibrary(name: "CLibyaml", path: "Sources/C/CLibyaml", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // Traces (simulator/README.md): the JSON Lines format, read a line at a time as they play; tactus-sim and
        // `tactusd --replay` read them so, and tactus-wlr's C reader is held to it (Tests/TraceAgreement).
        .target(name: "TactusTrace", dependencies: ["TactusCore", "JSONLines"]),
        .target(name: "TactusSimulation", dependencies: ["TactusCore", "TactusTrace", "JSONLines", "CLibyaml", "TactusPlatform"], path: "simulator/Sources/TactusSimulation"),
        .executableTarget(name: "tactus-fuzz-trace", dependencies: ["TactusTrace", "FuzzerDriver"], path: "Fuzz/tactus-fuzz-trace"),
        .executableTarget(name: "tactus-fuzz-recording", dependencies: ["TactusSimulation", "TactusCore", "FuzzerDriver"],
                          path: "Fuzz/tactus-fuzz-recording"),
        .target(
            name: "TactusSimulatorCommand",
            dependencies: ["TactusSimulation", "TactusTrace", "TactusLibinput", "TactusConfiguration", "CTactusVersion", "JSONLines",
                           "TactusCommandLine", "TactusPlatform"],
            path: "simulator/Sources/TactusSimulatorCommand"
        ),
        .executableTarget(name: "tactus-sim", dependencies: ["TactusSimulatorCommand"], path: "simulator/Sources/tactus-sim"),
        // The three Swift programs in one (Sources/tactus-tools), which the packages install once under the three names:
        // one copy of the standard library, statically linked, for all of them (docs/packaging.md).
        .executableTarget(name: "tactus-tools", dependencies: ["TactusSimulatorCommand", "TactusDaemon", "TactusDemoClient",
                                                               "TactusCommandLine", "TactusPlatform"]),

        // Release-mode benchmark of the engine's hot path, with a heap-allocation counter, and of many bindings read
        // and replayed through (tactus-sim's way).
        .target(name: "AllocationCounter", path: "Benchmarks/AllocationCounter"),
        .executableTarget(
            name: "TactusBenchmark",
            dependencies: ["TactusCore", "TactusConfiguration", "TactusSimulation", "AllocationCounter"],
            path: "Benchmarks/TactusBenchmark"
        ),
        // Release-mode benchmark of input-to-client latency: libtactus through its C ABI on the testbed, clients
        // over real sockets. The measurement is a library so that a test keeps it working; it calls the entry points
        // as CTactusPlugin declares them, and TactusPlugin defines them.
        .target(
            name: "LatencyBenchmark",
            dependencies: ["TactusPlugin", "CTactusPlugin", "TactusWaylandTestbed", "TactusClient", "CTactusWaylandServer"],
            path: "Benchmarks/LatencyBenchmark"
        ),
        .executableTarget(
            name: "TactusLatency",
            dependencies: ["LatencyBenchmark"],
            path: "Benchmarks/TactusLatency",
            exclude: ["README.md"]
        ),

        .testTarget(
            name: "TactusCoreTests",
            dependencies: [
                "TactusCore",
                "TactusPromises",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // What the tests that run built programs share: the repository's root, and running its build scripts.
        .target(name: "RepositoryPrograms", path: "Tests/RepositoryPrograms"),
        .testTarget(name: "TactusSimulationTests", dependencies: ["TactusSimulation", "TactusTrace", "RepositoryPrograms"]),
        .testTarget(name: "TactusConfigurationTests", dependencies: ["TactusCore", "TactusConfiguration", "TactusActions", "TactusSimulation"]),
        // What tactusd shows on screen, apart from the compositor: the feedback's scene, the strips' widths.
        .testTarget(name: "TactusDaemonTests", dependencies: ["TactusDaemon", "TactusCore", "TactusConfiguration"]),
        .testTarget(name: "TactusActionsTests", dependencies: ["TactusActions", "TactusCore", "CTactusWaylandServer"]),
        .target(name: "UmockdevPreload", path: "Tests/UmockdevPreload", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "WayfireWithoutGPU", dependencies: ["CWlroots"], path: "Tests/WayfireWithoutGPU",
                linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("EGL")]),
        .target(name: "WayfireControl", dependencies: ["CWayfire", "CWlroots", "TactusHeadless"], path: "Tests/WayfireControl",
                publicHeadersPath: ".",
                cxxSettings: [.define("WLR_USE_UNSTABLE"), .unsafeFlags(["-I", "\(packageRoot)/compositor/wayfire"])]),
        // Support/unplug-testbed.py drives libumockdev for the tests that pull a device out; it is run, not built.
        .testTarget(name: "TactusLibinputTests", dependencies: ["TactusSimulation", "TactusTrace", "TactusLibinput", "RepositoryPrograms"],
                    exclude: ["Support/unplug-testbed.py"]),
        // Server and clients over real sockets: an in-process compositor, clients through TactusClient.
        .testTarget(
            name: "TactusWaylandTests",
            dependencies: ["TactusEventLoop", "TactusWayland", "TactusWaylandTestbed", "TactusClient", "TactusSimulation", "TactusTrace",
                           "CTactusWaylandServer"]
        ),
        .testTarget(name: "TactusLatencyTests", dependencies: ["LatencyBenchmark"]),
        .testTarget(name: "TactusCommandLineTests", dependencies: ["TactusCommandLine"]),
    ],
    // Wayfire's headers are C++17.
    cxxLanguageStandard: .cxx17
)
