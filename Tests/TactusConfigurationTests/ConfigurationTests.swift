// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TactusConfiguration
import TactusCore
import TactusSimulation

@Suite struct ConfigurationTests {
    static let examplePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples/config.toml").standardized.path

    @Test func theExampleConfigurationReadsAsWritten() throws {
        let configuration = try Configuration(contentsOf: Self.examplePath)
        #expect(configuration.bindings.count == 5)
        let next = try #require(configuration.bindings.first)
        #expect(next.kind == .swipe && next.specification.fingers == 3 && next.specification.directions == .left && next.priority == .high)
        #expect(next.policy == .withhold && next.action == .host("workspace-next") && !next.live)
        let launcher = configuration.bindings[2]
        #expect(launcher.specification.edge == .left && launcher.specification.distance == 30 && launcher.live)
        #expect(launcher.target == .outputEdge(.left, width: 5))
        let zoom = configuration.bindings[3]
        #expect(zoom.modifiers == .super && zoom.policy == .forwardThenCancel && zoom.kind == .magnify)
        #expect(configuration.bindings[4].action == .exec("grim /tmp/screenshot.png"))
        #expect(configuration.thresholds[.touchscreen]?.multiTapInterval == 300)
        #expect(configuration.thresholds[.touchpad]?.swipeDistance == 15)
        #expect(configuration.exclusionLimit == 0.5)
        #expect(try Configuration(text: "[clients]\nexclusion-limit = 0\n", file: "mine.toml").exclusionLimit == 0)
        #expect(try Configuration(text: "", file: "mine.toml").exclusionLimit == nil)
    }

    /// Each class of mistake, with the line it is on and what the message says.
    @Test(arguments: [
        ("[[binding]]\ngesture = \"swipe\"\naction = { host = \"x\" \n", 3, "syntax error"),
        ("[[binding]]\ngesture = \"swipe\"\nfingerz = 3\naction = { host = \"x\" }\n", 3, "fingerz: unknown key"),
        ("[thresholds.touchscreen]\nlong-press-duration = \"long\"\n", 2, "long-press-duration: must be a whole number"),
        ("[[binding]]\ngesture = \"swipe\"\nfingers = 3.5\naction = { host = \"x\" }\n", 3, "fingers: must be a whole number"),
        ("[[binding]]\ngesture = \"swipe\"\nfingers = 11\naction = { host = \"x\" }\n", 3, "fingers must be within 1…10 for a swipe, not 11"),
        ("[[binding]]\ngesture = \"wave\"\naction = { host = \"x\" }\n", 2, "gesture: \"wave\" is not one of"),
        ("[[binding]]\ngesture = \"tap\"\n", 1, "action: missing"),
        ("[[binding]]\ngesture = \"tap\"\naction = { run = \"x\" }\n", 3, "action: must be { exec"),
        ("[[binding]]\ngesture = \"edge-swipe\"\naction = { host = \"x\" }\n", 2, "an edge swipe needs an edge"),
        ("[[binding]]\ngesture = \"tap\"\naction = { host = \"a\" }\n\n[[binding]]\ngesture = \"drag\"\ndistance = -2\naction = { host = \"b\" }\n",
         7, "distance must be more than 0 and at most 500 mm for a drag, not -2"),
        ("[[binding]]\ngesture = \"pinch\"\nmodifiers = [\"hyper\"]\naction = { host = \"x\" }\n", 3, "modifiers:"),
        ("colour = \"blue\"\n", 1, "colour: unknown key"),
        ("# bindings\n\n[[bindings]]\ngesture = \"tap\"\n", 3, "bindings: unknown key"),
        ("[[binding]]\ngesture = \"tap\"\naction.host = \"\"\n", 3, "action: must be"),
        ("[[binding]]\ngesture = \"tap\"\n\"fingers\" = 99\naction = { host = \"x\" }\n", 3, "fingers must be within 1…10 for a tap, not 99"),
        ("[clients]\n\nexclusion-limit = 1.5\n", 3, "exclusion-limit: must be from 0 to 1, not 1.5"),
        ("[clients]\nexclusion-limt = 0.5\n", 2, "exclusion-limt: unknown key (expected one of exclusion-limit)"),
        ("clients = 3\n", 1, "clients: must be a table"),
        ("[[binding]]\ngesture = \"drag\"\non = [\"later\"]\naction = { exec = \"x\" }\n", 3,
         "on: \"later\" is not one of began, changed, ended, cancelled"),
        ("[[binding]]\ngesture = \"drag\"\non = []\naction = { exec = \"x\" }\n", 3, "on: must be a list of steps"),
        ("[[binding]]\ngesture = \"drag\"\nevery-mm = 5\nevery-ms = 50\naction = { exec = \"x\" }\n", 3,
         "only one of every-ms, every-mm, every-degrees, every-scale paces a binding"),
        ("[[binding]]\ngesture = \"pinch\"\nevery-scale = 0\naction = { exec = \"x\" }\n", 3, "every-scale: must be more than 0"),
        ("[[binding]]\ngesture = \"drag\"\nevery-ms = 2.5\naction = { exec = \"x\" }\n", 3, "every-ms: must be a whole number"),
        ("[[device]]\nsize = [250, 160]\n", 1, "match: missing"),
        ("[[device]]\nmatch = \"ELAN\"\n\nsize = [250]\n", 4, "size: must be [width, height] in mm"),
        ("[[device]]\nmatch = \"ELAN\"\nrotation = 45\n", 3, "rotation: must be 0, 90, 180 or 270, not 45"),
        ("[[device]]\nmatch = \"ELAN\"\nignored = true\n", 3, "ignored: unknown key (expected one of bindings, ignore, match, rotation, size)"),
        ("[[device]]\nmatch = \"ELAN\"\nbindings = [\"volume\"]\n\n[[binding]]\nname = \"volum\"\ngesture = \"drag\"\naction = { exec = \"x\" }\n",
         3, "bindings: no binding is named \"volume\" (named: volum)"),
        ("[[device]]\nmatch = \"ELAN\"\nbindings = \"volume\"\n", 3, "bindings: must be a list of the names bindings give themselves"),
        ("[[binding]]\nname = \"a\"\ngesture = \"tap\"\naction = { exec = \"x\" }\n\n[[binding]]\nname = \"a\"\ngesture = \"drag\"\naction = { exec = \"y\" }\n",
         7, "name: \"a\" names an earlier binding already"),
        ("[[binding]]\ngesture = \"swipe\"\ndirection = \"upleft\"\naction = { exec = \"x\" }\n", 3,
         "direction: \"upleft\" is not one of down, down-left, down-right, left, right, up, up-left, up-right"),
        ("device = \"ELAN\"\n", 1, "device: must be [[device]] tables"),
        ("[[binding]]\ngesture = \"hold\"\nthen = \"swipe\"\naction = { exec = \"x\" }\n", 3, "then: must be a table"),
        ("[[binding]]\ngesture = \"hold\"\nthen = { gesture = \"swipe\", speed = 3 }\naction = { exec = \"x\" }\n", 3,
         "then: speed: unknown key"),
        ("[[binding]]\ngesture = \"hold\"\nthen = { gesture = \"wave\" }\naction = { exec = \"x\" }\n", 3,
         "then: gesture: \"wave\" is not one of"),
        ("[[binding]]\ngesture = \"hold\"\nthen = { gesture = \"edge-swipe\", edge = \"left\" }\naction = { exec = \"x\" }\n", 2,
         "then: an edge swipe can only come first"),
        ("[[binding]]\ngesture = \"swipe\"\naction = { exec = \"x\" }\n\napp-id = \"foot\"\n", 5,
         "app-id: must be a list of app ids such as [\"org.mozilla.firefox\", \"foot\"]"),
        ("[[binding]]\ngesture = \"swipe\"\napp-id = [\"foot\", 3]\naction = { exec = \"x\" }\n", 3, "app-id: must be a list of app ids"),
        ("[[binding]]\ngesture = \"swipe\"\nnot-app-id = []\naction = { exec = \"x\" }\n", 3, "not-app-id: must be a list of app ids"),
        ("[[binding]]\ngesture = \"swipe\"\napp-id = [\"\"]\naction = { exec = \"x\" }\n", 3, "app-id: must be a list of app ids"),
        ("[[binding]]\ngesture = \"swipe\"\napp-id = [\"a\"]\nnot-app-id = [\"b\"]\naction = { exec = \"x\" }\n", 4,
         "not-app-id: a binding names the applications it acts over (app-id) or those it does not (not-app-id), not both"),
        ("[[binding]]\ngesture = \"swipe\"\napp_id = [\"a\"]\naction = { exec = \"x\" }\n", 3, "app_id: unknown key"),
        ("[[binding]]\ngesture = \"drag\"\naction = { stream = \"wob\", start = \"now\" }\n", 3,
         "action: start: \"now\" is not one of gesture, load"),
        ("[[binding]]\ngesture = \"drag\"\naction = { exec = \"x\", start = \"load\" }\n", 3, "action: must be { exec"),
        ("[[binding]]\ngesture = \"drag\"\naction = { stream = \"a\", exec = \"b\" }\n", 3, "action: must be { exec"),
        ("[[binding]]\ngesture = \"drag\"\naction = { stream = \"\" }\n", 3, "action: must be { exec"),
        ("[feedback]\ncolor = \"#12345\"\n", 2, "color: \"#12345\" is no colour: write #RRGGBB or #RRGGBBAA"),
        ("[feedback]\n\ncancelled-color = \"red\"\n", 3, "cancelled-color: \"red\" is no colour"),
        ("[feedback]\ncolor = \"#gg0000\"\n", 2, "color: \"#gg0000\" is no colour"),
        ("[feedback]\nshow = [\"touches\", \"fireworks\"]\n", 2, "show: \"fireworks\" is not one of touches, progress, result"),
        ("[feedback]\nshow = \"touches\"\n", 2, "show: must be a list of parts"),
        ("[feedback]\ntouch-radius = 0\n", 2, "touch-radius: must be from 2.0 to 200.0 pixels, not 0.0"),
        ("[feedback]\ntouch-radius = nan\n", 2, "touch-radius: must be a finite number"),
        ("[feedback]\nfade-ms = 1.5\n", 2, "fade-ms: must be a whole number"),
        ("[feedback]\nfade-ms = 20000\n", 2, "fade-ms: must be from 0 to 10000 milliseconds, not 20000"),
        ("[feedback]\nfade = 300\n", 2, "fade: unknown key"),
        ("feedback = true\n", 1, "feedback: must be a table"),
        ("[[binding]]\ngesture = \"swipe\"\nstrip = false\naction = { exec = \"x\" }\n", 3,
         "strip: only an edge swipe's binding has an edge strip"),
        ("[[binding]]\ngesture = \"edge-swipe\"\nedge = \"top\"\nstrip = 0.5\naction = { exec = \"x\" }\n", 4,
         "strip: must be true, false or a width from 1.0 to 50.0 mm"),
        ("[[binding]]\ngesture = \"edge-swipe\"\nedge = \"top\"\nstrip = \"wide\"\naction = { exec = \"x\" }\n", 4,
         "strip: must be true, false or a width"),
    ] as [(String, Int, String)])
    func aMistakeIsReportedWithItsFileAndLine(_ text: String, _ line: Int, _ message: String) {
        #expect(throws: ConfigurationError.self) { try Configuration(text: text, file: "mine.toml") }
        do {
            _ = try Configuration(text: text, file: "mine.toml")
        } catch {
            #expect(error.file == "mine.toml")
            #expect(error.line == line, "\(error)")
            #expect(error.message.contains(message), "\(error)")
            #expect(error.description.hasPrefix("mine.toml:\(line): "))
        }
    }

    @Test func feedbackIsOffUnlessTheFileHasItsTableWhoseKeysChangeTheLook() throws {
        #expect(try Configuration(text: "", file: "none.toml").feedback == nil)
        #expect(try Configuration(text: "[feedback]\n", file: "on.toml").feedback == FeedbackSettings())
        let feedback = try #require(try Configuration(text: """
            [feedback]
            show = ["touches", "result"]
            color = "#FF00ff"
            cancelled-color = "#10203040"
            touch-radius = 12.5
            fade-ms = 0
            """, file: "look.toml").feedback)
        #expect(feedback.shows == [.touches, .result])
        #expect(feedback.color == FeedbackSettings.Color(red: 255, green: 0, blue: 255, alpha: 255))
        #expect(feedback.cancelledColor == FeedbackSettings.Color(red: 0x10, green: 0x20, blue: 0x30, alpha: 0x40))
        #expect(feedback.touchRadius == 12.5 && feedback.fadeMilliseconds == 0)
    }

    @Test func anEdgeSwipesBindingHasAStripAsWideAsItsBandUnlessItSaysOtherwise() throws {
        let configuration = try Configuration(text: """
            [[binding]]
            gesture = "edge-swipe"
            edge = "left"
            action = { exec = "a" }

            [[binding]]
            gesture = "edge-swipe"
            edge = "top"
            strip = 3
            action = { exec = "b" }

            [[binding]]
            gesture = "edge-swipe"
            edge = "right"
            strip = false
            action = { exec = "c" }

            [[binding]]
            gesture = "swipe"
            action = { exec = "d" }
            """, file: "strips.toml")
        let strips = configuration.bindings.map { $0.edgeStrip.map { "\($0.edge.rawValue) \($0.width)" } }
        #expect(strips == ["left 5.0", "top 3.0", nil, nil])
    }

    @Test func aStreamStartsAtItsFirstGestureOrAtLoadAndTakesEveryStep() throws {
        let configuration = try Configuration(text: """
            [[binding]]
            gesture = "drag"
            action = { stream = "wob" }

            [[binding]]
            gesture = "pinch"
            on = ["ended"]
            action = { stream = "zoom-bar", start = "load" }
            """, file: "streams.toml")
        #expect(configuration.bindings.map(\.action) == [.stream("wob", startsAtLoad: false), .stream("zoom-bar", startsAtLoad: true)])
        #expect(GesturePhase.allCases.filter(configuration.bindings[0].runs(on:)) == [.began, .changed, .ended, .cancelled, .recognized])
        #expect(GesturePhase.allCases.filter(configuration.bindings[1].runs(on:)) == [.ended, .recognized])
        #expect(!configuration.bindings[0].runsUnpacedChanges && configuration.bindings[0].name == "stream: wob")
    }

    @Test func aBindingNamesTheApplicationsItActsOverOrThoseItDoesNot() throws {
        let configuration = try Configuration(text: """
            [[binding]]
            gesture = "swipe"
            app-id = ["org.mozilla.firefox", "org.gnome.*"]
            action = { exec = "wtype -M alt -k Left" }

            [[binding]]
            gesture = "swipe"
            not-app-id = ["foot"]
            action = { exec = "x" }

            [[binding]]
            gesture = "tap"
            action = { exec = "y" }
            """, file: "apps.toml")
        let rules = configuration.bindings.map(\.applications)
        #expect(rules == [ApplicationRule(names: ["org.mozilla.firefox", "org.gnome.*"]),
                          ApplicationRule(names: ["foot"], excluding: true), nil])
        #expect(configuration.bindings[0].options().applications == rules[0])
    }

    @Test func aBindingNamesTheStepsThatRunItsActionAndItsPace() throws {
        let configuration = try Configuration(text: """
            [[binding]]
            gesture = "pinch"
            on = ["began", "changed", "cancelled"]
            every-scale = 0.1
            action = { exec = "zoom" }

            [[binding]]
            gesture = "drag"
            live = true
            action = { host = "move" }
            """, file: "mine.toml")
        let pinch = configuration.bindings[0], drag = configuration.bindings[1]
        #expect(pinch.steps == [.began, .changed, .cancelled] && pinch.pace == .scale(0.1))
        #expect(GesturePhase.allCases.filter(pinch.runs(on:)) == [.began, .changed, .cancelled])
        // Without `on`, the end, and for a live binding every step.
        #expect(drag.steps == nil && drag.pace == nil)
        #expect(GesturePhase.allCases.filter(drag.runs(on:)) == [.began, .changed, .ended, .cancelled, .recognized])
    }

    /// A long press, then a drag with the same finger: the sequence's first step runs nothing, its second's end runs
    /// the action; a drag without the press first runs nothing at all.
    @Test func aSequenceBindingActsAtItsSecondGesturesSteps() throws {
        let configuration = try Configuration(text: """
            [[binding]]
            gesture = "long-press"
            then = { gesture = "drag", distance = 5 }
            action = { exec = "move" }
            """, file: "mine.toml")
        let binding = try #require(configuration.bindings.first)
        #expect(binding.then?.kind == .drag && binding.then?.distance == 5 && binding.actingRecognizer == 1)
        let screen = DeviceID(1)
        func run(pressFor milliseconds: Int64) -> [String] {
            let session = Session()
            for attachment in binding.attachments(thresholds: [:]) {
                session.attach(binding.name, attachment.gesture, to: attachment.target, options: attachment.options)
            }
            session.handle(.deviceAdded(DeviceDescription(id: screen, kind: .touchscreen, physicalSize: Size(width: 192, height: 108))),
                           at: .zero)
            session.handle(.touchDown(screen, contact: ContactID(0), position: Point(x: 0.5, y: 0.5)), at: .milliseconds(0))
            session.handle(.touchFrame(screen), at: .milliseconds(0))
            session.engine.advance(to: .milliseconds(milliseconds))
            for step in 1...20 {
                let time = Timestamp.milliseconds(milliseconds + Int64(step) * 10)
                session.handle(.touchMotion(screen, contact: ContactID(0), position: Point(x: 0.5 + Double(step) * 0.01, y: 0.5)), at: time)
                session.handle(.touchFrame(screen), at: time)
            }
            session.handle(.touchUp(screen, contact: ContactID(0)), at: .milliseconds(milliseconds + 210))
            session.handle(.touchFrame(screen), at: .milliseconds(milliseconds + 210))
            session.engine.advance(to: .milliseconds(milliseconds + 2000))
            return session.records.filter { binding.runs($0.update) }.map { "\($0.update.kind.kebabName) \($0.update.phase.rawValue)" }
        }
        #expect(run(pressFor: 800) == ["drag ended"])
        #expect(run(pressFor: 100) == [])
    }

    @Test func theFirstDeviceSettingsThatMatchADevicesNameAreItsOwn() throws {
        let configuration = try Configuration(text: """
            [[device]]
            match = "ELAN"
            size = [254, 143]
            rotation = 90

            [[device]]
            match = "Touchpad"
            ignore = true

            [[device]]
            match = "SYNA"
            rotation = 180
            """, file: "mine.toml")
        let screen = try #require(configuration.settings(forDevice: "ELAN9008:00 04F3:2A4A"))
        #expect(screen.size == Size(width: 254, height: 143) && screen.rotation == .quarter && !screen.ignore)
        #expect(configuration.settings(forDevice: "SYNA2393:00 06CB:7A13 Touchpad")?.ignore == true)
        #expect(configuration.settings(forDevice: "Wacom HID 52C2 Finger") == nil)
    }

    /// `bindings` in a [[device]] limits its gestures to the bindings it names; the first [[device]] matching a
    /// device decides, as for its other settings.
    @Test func aDevicesBindingsAreTheOnlyOnesItsGesturesDrive() throws {
        let configuration = try Configuration(text: """
            [[device]]
            match = "Wacom"
            bindings = ["pen-swipe"]

            [[device]]
            match = "Wacom HID 52C2 Finger"

            [[binding]]
            name = "pen-swipe"
            gesture = "swipe"
            direction = "up-right"
            action = { exec = "a" }

            [[binding]]
            gesture = "drag"
            fingers = 4
            action = { exec = "b" }
            """, file: "mine.toml")
        let (swipe, drag) = (configuration.bindings[0], configuration.bindings[1])
        #expect(swipe.name == "pen-swipe" && swipe.specification.directions == .upRight)
        let finger = DeviceDescription(id: DeviceID(1), kind: .touchscreen, name: "Wacom HID 52C2 Finger")
        let other = DeviceDescription(id: DeviceID(2), kind: .touchscreen, name: "ELAN9008:00")
        let engine = Engine()
        let dragAttachments = drag.attachments(thresholds: [:], deviceRules: configuration.deviceRules(for: drag))
        #expect(dragAttachments.allSatisfy { $0.options.deviceRules.map(\.admits) == [false, true] })
        // Through the engine: the drag binding takes the ELAN panel's four fingers and not the Wacom's.
        for (round, (device, expected)) in [(finger, 0), (other, 1)].enumerated() {
            let attachment = engine.attach(dragAttachments[0].gesture, to: .layout, options: dragAttachments[0].options)
            var began = 0
            engine.onUpdate = { if $0.attachment == attachment && $0.phase == .began { began += 1 } }
            let start = Int64(round) * 1000
            engine.handle(.deviceAdded(DeviceDescription(id: device.id, kind: .touchscreen, name: device.name,
                                                         physicalSize: Size(width: 200, height: 120))), at: .milliseconds(start))
            for step in 0...10 {
                for finger in 0..<4 {
                    let point = Point(x: 0.3 + 0.05 * Double(finger), y: 0.3 + 0.02 * Double(step))
                    engine.handle(step == 0 ? .touchDown(device.id, contact: ContactID(Int32(finger)), position: point)
                                            : .touchMotion(device.id, contact: ContactID(Int32(finger)), position: point),
                                  at: .milliseconds(start + 10 + 10 * Int64(step)))
                }
                engine.handle(.touchFrame(device.id), at: .milliseconds(start + 10 + 10 * Int64(step)))
            }
            #expect(began == expected, "\(device.name)")
            engine.detach(attachment)
        }
    }

    /// The daemon's examples for sway, river, Hyprland, labwc and niri are good configurations, each with bindings.
    @Test(arguments: ["sway", "river", "hyprland", "labwc", "niri"])
    func theDaemonsExampleIsAGoodConfiguration(compositor: String) throws {
        let path = URL(fileURLWithPath: Self.examplePath).deletingLastPathComponent()
            .appendingPathComponent("tactusd/\(compositor).toml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let configuration = try Configuration(text: text, file: path)
        #expect(configuration.bindings.count >= 4)
        #expect(configuration.bindings.allSatisfy { if case .exec = $0.action { true } else { false } })
    }

    /// The second gesture of a sequence goes on with the first's fingers unless it names its own.
    @Test func aSequencesSecondGestureHasTheFirstsFingers() throws {
        let configuration = try Configuration(text: """
            [[binding]]
            gesture = "long-press"
            fingers = 3
            then = { gesture = "drag" }
            action = { exec = "a" }

            [[binding]]
            gesture = "hold"
            fingers = 3
            then = { gesture = "tap", fingers = 1 }
            action = { exec = "b" }
            """, file: "mine.toml")
        #expect(configuration.bindings.map { $0.then?.fingers } == [3, 1])
    }

    @Test func aMissingFileIsReportedAsSuch() {
        #expect(throws: ConfigurationError(file: "/nonexistent/config.toml", line: 0, message: "cannot be read")) {
            try Configuration(contentsOf: "/nonexistent/config.toml")
        }
    }

    @Test func theDefaultPathFollowsTheXDGBaseDirectories() {
        let nothing: (String) -> Bool = { _ in false }
        #expect(Configuration.defaultPath(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/u"], exists: nothing)
                == "/cfg/tactus/config.toml")
        #expect(Configuration.defaultPath(environment: ["HOME": "/home/u"], exists: nothing) == "/home/u/.config/tactus/config.toml")
        // A relative XDG_CONFIG_HOME is ignored, as the specification says.
        #expect(Configuration.defaultPath(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/u"], exists: nothing)
                == "/home/u/.config/tactus/config.toml")
    }

    /// The system-wide file stands under the user's: it is read when the user has none.
    @Test func aSystemWideFileIsReadWhenTheUserHasNone() {
        let system = "/etc/xdg/tactus/config.toml", user = "/home/u/.config/tactus/config.toml"
        #expect(Configuration.defaultPath(environment: ["HOME": "/home/u"], exists: { $0 == system }) == system)
        #expect(Configuration.defaultPath(environment: ["HOME": "/home/u"], exists: { [system, user].contains($0) }) == user)
        // $XDG_CONFIG_DIRS in its order, relative folders ignored; /etc/xdg only when it is unset or empty.
        let dirs = ["HOME": "/home/u", "XDG_CONFIG_DIRS": "relative:/opt/a:/opt/b"]
        #expect(Configuration.defaultPath(environment: dirs, exists: { $0.hasPrefix("/opt/") }) == "/opt/a/tactus/config.toml")
        #expect(Configuration.defaultPath(environment: dirs, exists: { $0 == system }) == user)
        #expect(Configuration.defaultPath(environment: ["HOME": "/home/u", "XDG_CONFIG_DIRS": ""], exists: { $0 == system }) == system)
    }

    /// What `tactus-sim replay --config` does: the example's bindings on generated strokes, named by their actions.
    @Test func theExampleBindingsRecognizeGeneratedStrokes() throws {
        let configuration = try Configuration(contentsOf: Self.examplePath)
        let session = Session()
        for binding in configuration.bindings {
            for attachment in binding.attachments(thresholds: configuration.thresholds) {
                session.attach(binding.name, attachment.gesture, to: attachment.target, options: attachment.options)
            }
        }
        let generator = Generator(options: GeneratorOptions())
        session.feed(generator.trace(for: .swipe(direction: .left, fingers: 3, speed: 300, distance: 30)))
        session.feed(generator.trace(for: .swipe(direction: .right, fingers: 3, speed: 300, distance: 30)).shifted(by: .milliseconds(2000)))
        session.feed(generator.trace(for: .tap(fingers: 3, count: 2, interval: 100)).shifted(by: .milliseconds(4000)))
        let successes = session.records.filter(\.isSuccess).map(\.name)
        #expect(successes == ["workspace-next", "workspace-previous", "exec: grim /tmp/screenshot.png"])
    }
}

/// The core's one validation, as the configuration file reports it: at the line of the key, in the core's words.
@Suite struct ConfigurationGestureRuleTests {
    @Test func aSevenFingerPinchIsRefusedAtItsLineInTheCoresWords() throws {
        let text = "[[binding]]\ngesture = \"pinch\"\nfingers = 7\naction = { host = \"zoom\" }\n"
        #expect(throws: ConfigurationError(
            file: "mine.toml", line: 3, message: "fingers must be within 2…5 for a pinch, not 7",
            gestureProblem: GestureSpecificationError(parameter: .fingers, description: "fingers must be within 2…5 for a pinch, not 7"))) {
            try Configuration(text: text, file: "mine.toml")
        }
    }

    /// A tap takes a distance (the most a finger may travel) in the file as in the protocol.
    @Test func aDistanceOnATapIsTaken() throws {
        let configuration = try Configuration(text: "[[binding]]\ngesture = \"tap\"\ndistance = 8\naction = { host = \"x\" }\n",
                                              file: "mine.toml")
        #expect(configuration.bindings.first?.specification.distance == 8)
    }

    @Test func aThresholdIsCheckedByTheSameRule() {
        #expect(throws: ConfigurationError.self) {
            try Configuration(text: "[thresholds.touchpad]\nswipe-distance = 600\n", file: "mine.toml")
        }
        do {
            _ = try Configuration(text: "[thresholds.touchpad]\nswipe-distance = 600\n", file: "mine.toml")
        } catch {
            #expect(error.description == "mine.toml:2: swipe-distance: distance must be more than 0 and at most 500 mm for a swipe, not 600")
        }
    }
}
