import Foundation
import Testing

/// A compositor that holds libinput itself hands libtactus its events: Tests/TactusPluginTests/libinput-test.c,
/// built by scripts/check-plugin, reads a recorded four-finger drag through the real libinput under umockdev.
@Suite(.serialized) struct PluginThroughLibinputTests {
    @Test func libinputEventsHandedToThePluginRunItsBinding() throws {
        let program = repositoryRoot + "/.build/plugin-tests/libinput-test"
        let library = repositoryRoot + "/.build/debug/libtactus.so"
        #expect(FileManager.default.isExecutableFile(atPath: program), "build it with scripts/check-plugin")
        let (events, description) = try RecordingThroughLibinputTests.touchscreen("EP0430M09.4-finger-drag-down", "EP0430M09")
        let testbed = try Testbed(description: description, kind: .touchscreen, events: events)
        let lines = try testbed.run(program: program, [library, testbed.node])
        #expect(lines.last == "7 passed, 0 failed", "\(lines)")
        #expect(lines.contains { $0.hasPrefix("ok: four-finger-drag began 1, ended 1, with 4 fingers") }, "\(lines)")
    }
}
