// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// Arbitration case 30 of docs/arbitration.md: bindings that name applications take part over those applications'
/// windows alone, so that one gesture can mean one thing in one application and another elsewhere.
@Suite struct ApplicationCaseTests {
    static let browser = SurfaceID(1), terminal = SurfaceID(2)

    /// Two windows side by side, the browser's left half of the screen and the terminal's right half, and a
    /// three-finger swipe bound twice: for the browser, and for every application but it.
    func sideBySide() -> (Rig, inBrowser: AttachmentID, elsewhere: AttachmentID) {
        let rig = Rig()
        rig.scene = [(Self.browser, Rect(x: 0, y: 0, width: 500, height: 1000), nil),
                     (Self.terminal, Rect(x: 500, y: 0, width: 500, height: 1000), nil)]
        rig.applications = [Self.browser: "org.mozilla.firefox", Self.terminal: "foot"]
        var browserOnly = AttachmentOptions()
        browserOnly.applications = ApplicationRule(names: ["org.mozilla.*"])
        var allButBrowser = AttachmentOptions()
        allButBrowser.applications = ApplicationRule(names: ["org.mozilla.firefox"], excluding: true)
        let inBrowser = rig.engine.attach(SwipeGesture(fingers: 3), options: browserOnly)
        let elsewhere = rig.engine.attach(SwipeGesture(fingers: 3), options: allButBrowser)
        return (rig, inBrowser, elsewhere)
    }

    @Test func case30_aSwipeOverTheBrowserIsTheBrowsersBindingAndOverTheTerminalTheOthers() {
        let (rig, inBrowser, elsewhere) = sideBySide()
        rig.stroke([(10, 40), (15, 50), (20, 60)], by: (25, 0), at: 0, duration: 150)
        #expect(rig.path(inBrowser) == [.recognized])
        #expect(rig.phases(elsewhere).isEmpty, "it never took part: no failure to report either")
        #expect(rig.engine.application(ofInteractionOn: Rig.screen) == "org.mozilla.firefox")

        rig.clearRecords()
        rig.stroke([(60, 40), (65, 50), (70, 60)], by: (25, 0), at: 1000, duration: 150)
        #expect(rig.path(elsewhere) == [.recognized])
        #expect(rig.phases(inBrowser).isEmpty)
        #expect(rig.engine.application(ofInteractionOn: Rig.screen) == "foot")
        #expect(rig.engine.isIdle)
    }

    @Test func case30_overNoApplicationOnlyTheBindingThatExcludesSomeTakesPart() {
        let (rig, inBrowser, elsewhere) = sideBySide()
        rig.scene = []
        rig.stroke([(10, 40), (15, 50), (20, 60)], by: (25, 0), at: 0, duration: 150)
        #expect(rig.phases(inBrowser).isEmpty)
        #expect(rig.path(elsewhere) == [.recognized])
        #expect(rig.engine.application(ofInteractionOn: Rig.screen) == nil)
    }

    @Test func case30_withoutSurfacesTheFocusedApplicationDecidesAndATouchpadFollowsThePointer() {
        let (rig, inBrowser, elsewhere) = sideBySide()
        // The touchpad's interaction starts under the pointer: over the terminal.
        rig.pointerLocation = Point(x: 700, y: 500)
        rig.send(.swipeBegin(Rig.touchpad, fingers: 3), at: 0)
        for step in 1...10 { rig.send(.swipeUpdate(Rig.touchpad, delta: Vector(dx: 30, dy: 0)), at: Double(step) * 10) }
        rig.send(.swipeEnd(Rig.touchpad, cancelled: false), at: 110)
        #expect(rig.path(elsewhere) == [.recognized])
        #expect(rig.phases(inBrowser).isEmpty)

        // A host without a hit test (tactusd) knows only the focused window.
        rig.clearRecords()
        rig.scene = []
        rig.engine.focusedApplication = "org.mozilla.firefox"
        rig.stroke([(60, 40), (65, 50), (70, 60)], by: (25, 0), at: 1000, duration: 150)
        #expect(rig.path(inBrowser) == [.recognized])
        #expect(rig.phases(elsewhere).isEmpty)
    }

    @Test func applicationPatternsMatchWholeNamesWithStarsForAnyRun() {
        let cases: [(String, String, Bool)] = [
            ("foot", "foot", true), ("foot", "footclient", false), ("foot", "Foot", false),
            ("org.gnome.*", "org.gnome.Nautilus", true), ("org.gnome.*", "org.gnome.", true),
            ("org.gnome.*", "org.kde.dolphin", false), ("*term*", "xterm-256", true), ("*term*", "foot", false),
            ("a*b*c", "abc", true), ("a*b*c", "aXbYc", true), ("a*b*c", "acb", false), ("ab*ab", "ab", false),
            ("*", "", true), ("", "", true), ("", "x", false),
        ]
        for (pattern, name, matches) in cases {
            #expect(ApplicationRule.pattern(pattern, matches: name) == matches, "\(pattern) against \(name)")
        }
        #expect(ApplicationRule(names: ["foot"]).admits(nil) == false)
        #expect(ApplicationRule(names: ["foot"], excluding: true).admits(nil) == true)
        #expect(ApplicationRule(names: ["foot"], excluding: true).admits("foot") == false)
    }
}
