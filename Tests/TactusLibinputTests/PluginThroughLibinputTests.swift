// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// A compositor that holds libinput itself hands libtactus its events: Tests/TactusPluginTests/libinput-test.c
/// reads a recorded four-finger drag through the real libinput under umockdev.
@Suite(.serialized) struct PluginThroughLibinputTests {
    @Test func libinputEventsHandedToThePluginRunItsBinding() throws {
        let library = try Artifact.plugin.path
        let (events, description) = try RecordingThroughLibinputTests.touchscreen("EP0430M09.4-finger-drag-down", "EP0430M09")
        let testbed = try Testbed(description: description, kind: .touchscreen, events: events, program: .libinputTest)
        let lines = try testbed.run(arguments: [library, testbed.node])
        #expect(lines.last == "7 passed, 0 failed", "\(lines)")
        #expect(lines.contains { $0.hasPrefix("ok: four-finger-drag began 1, ended 1, with 4 fingers") }, "\(lines)")
    }
}
