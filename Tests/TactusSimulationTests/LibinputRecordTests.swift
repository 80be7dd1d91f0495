// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TactusCore
@testable import TactusSimulation

/// `libinput record` recordings, written by hand from libinput-record(1)'s description of the format: a keyboard and
/// a touchscreen with resolutions, the keys and events the format adds beside the kernel's, and what is not the format.
@Suite struct LibinputRecordTests {
    /// A keyboard (left out of a replay: it reports no positions) and a 200 × 100 mm touchscreen, 10 units per
    /// millimetre, on which one finger lands at 10 ms, moves at 30 ms and lifts at 60 ms. Line numbers matter: the
    /// error tests replace single lines.
    static let recording = """
    # libinput record
    version: 1
    ndevices: 2
    libinput:
      version: "1.22.1"
      git: "unknown"
    system:
      os: "debian:12"
      kernel: "6.1.0"
      dmi: "unknown"
    devices:
    - node: /dev/input/event4
      evdev:
        # Name: AT Translated Set 2 keyboard
        name: "AT Translated Set 2 keyboard"
        id: [17, 1, 1, 43841]
        codes:
          0: [0, 1, 4, 17, 20] # EV_SYN
          1: [1, 2, 3, 30] # EV_KEY
        properties: []
      udev:
        properties:
        - ID_INPUT=1
        - ID_INPUT_KEYBOARD=1
      events:
      - evdev:
        - [  0,      0,   1,  30,       1] # EV_KEY / KEY_A                     1
        - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
    - node: /dev/input/event5
      evdev:
        # Name: Hand-written touchscreen
        # Size in mm: 200x100
        name: "Hand-written touchscreen"
        id: [24, 0, 0, 0]
        codes:
          0: [0, 1, 2, 3] # EV_SYN
          1: [330] # EV_KEY
          3: [0, 1, 47, 53, 54, 57] # EV_ABS
        absinfo:
          0: [0, 2000, 0, 0, 10]
          1: [0, 1000, 0, 0, 10]
          47: [0, 9, 0, 0, 0]
          53: [0, 2000, 0, 0, 10]
          54: [0, 1000, 0, 0, 10]
          57: [0, 65535, 0, 0, 0]
        properties: [1]
      hid: [5, 13, 9, 4]
      udev:
        properties:
        - ID_INPUT=1
        - ID_INPUT_TOUCHSCREEN=1
      quirks:
      - AttrSizeHint=200x100
      events:
      # Current time is 10:20:30
      - hid:
          time: [0, 5000]
          hidraw0: [1, 2, 3, 4]
      - evdev:
        - [  0,  10000,   3,  47,       0] # EV_ABS / ABS_MT_SLOT               0
        - [  0,  10000,   3,  57,       1] # EV_ABS / ABS_MT_TRACKING_ID        1
        - [  0,  10000,   3,  53,     500] # EV_ABS / ABS_MT_POSITION_X       500 (+500)
        - [  0,  10000,   3,  54,     250] # EV_ABS / ABS_MT_POSITION_Y       250 (+250)
        - [  0,  10000,   1, 330,       1] # EV_KEY / BTN_TOUCH                 1
        - [  0,  10000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +10ms
      - libinput:
        - {time: 0.010, type: TOUCH_DOWN, slot: 0, seat_slot: 0, point: [50.0, 25.0]}
      - evdev:
        - [  0,  30000,   3,  53,    1500] # EV_ABS / ABS_MT_POSITION_X      1500 (+1000)
        - [  0,  30000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +20ms
      - evdev:
        - [  0,  60000,   3,  57,      -1] # EV_ABS / ABS_MT_TRACKING_ID       -1
        - [  0,  60000,   1, 330,       0] # EV_KEY / BTN_TOUCH                 0
        - [  0,  60000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +30ms

    """

    /// The recording with its line `number` (from 1) replaced.
    static func recording(replacingLine number: Int, with line: String) -> String {
        var lines = recording.components(separatedBy: "\n")
        lines[number - 1] = line
        return lines.joined(separator: "\n")
    }

    /// What reading and replaying the text says; nil when it reads.
    static func complaint(_ text: String) -> String? {
        do {
            _ = try LibinputRecord(yaml: text, source: "r.yml").trace { $0.recording.physicalSize ?? Size(width: 100, height: 50) }
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func theDevicesAreReadWithTheirKindAndSize() throws {
        let record = try LibinputRecord(yaml: Self.recording, source: "r.yml")
        #expect(record.devices.map(\.node) == ["/dev/input/event4", "/dev/input/event5"])
        #expect(record.devices.map(\.recording.name) == ["AT Translated Set 2 keyboard", "Hand-written touchscreen"])
        #expect(record.devices.map(\.recording.reportsPositions) == [false, true])
        #expect(record.devices.map(\.isTouchpad) == [false, false])
        #expect(record.devices[0].recording.physicalSize == nil)
        #expect(record.devices[1].recording.physicalSize == Size(width: 200, height: 100))
    }

    @Test func theTouchscreensFingerReplaysAtItsPlacesAndTimes() throws {
        let record = try LibinputRecord(yaml: Self.recording, source: "r.yml")
        let trace = try record.trace { try! #require($0.recording.physicalSize) }
        let device = DeviceID(1)
        #expect(trace.devices.map(\.name) == ["Hand-written touchscreen"])
        #expect(trace.devices.first?.physicalSize == Size(width: 200, height: 100))
        let expected: [(Int64, InputEvent)] = [
            (100_000, .touchDown(device, contact: 0, position: Point(x: 0.25, y: 0.25))),
            (100_000, .touchFrame(device)),
            (120_000, .touchMotion(device, contact: 0, position: Point(x: 0.75, y: 0.25))),
            (120_000, .touchFrame(device)),
            (150_000, .touchUp(device, contact: 0)),
            (150_000, .touchFrame(device)),
        ]
        #expect(trace.events.count == expected.count)
        for (event, (time, input)) in zip(trace.events, expected) {
            #expect(event.time == Timestamp(microseconds: time))
            #expect(event.event == input)
        }
    }

    @Test func twoTouchscreensReplayOnTheRecordingsOneClock() throws {
        // A second touchscreen whose finger lands 10 ms after the first one's: its events come between the first's.
        let devices = Self.recording.components(separatedBy: "- node: /dev/input/event5")[1]
        let second = devices.replacingOccurrences(of: "Hand-written touchscreen", with: "Second touchscreen")
            .replacingOccurrences(of: "[  0,  10000,", with: "[  0,  20000,")
            .replacingOccurrences(of: "[  0,  30000,", with: "[  0,  40000,")
            .replacingOccurrences(of: "[  0,  60000,", with: "[  0,  70000,")
        let text = Self.recording.replacingOccurrences(of: "ndevices: 2", with: "ndevices: 3") + "- node: /dev/input/event6" + second
        let trace = try LibinputRecord(yaml: text, source: "r.yml").trace { _ in Size(width: 200, height: 100) }
        #expect(trace.devices.map(\.id) == [DeviceID(1), DeviceID(2)])
        let downs = trace.events.filter { if case .touchDown = $0.event { true } else { false } }
        #expect(downs.map(\.time.microseconds) == [100_000, 110_000])
        #expect(downs.map(\.event.device) == [DeviceID(1), DeviceID(2)])
        #expect(trace.events.map(\.time.microseconds) == trace.events.map(\.time.microseconds).sorted())
    }

    @Test func aTouchpadIsKnownByItsUdevProperty() throws {
        let text = Self.recording.replacingOccurrences(of: "- ID_INPUT_TOUCHSCREEN=1", with: "- ID_INPUT_TOUCHPAD=1")
        #expect(try LibinputRecord(yaml: text, source: "r.yml").devices.map(\.isTouchpad) == [false, true])
    }

    @Test(arguments: [
        (2, "version: 2", "r.yml:2: version 2 of libinput record's format: only version 1 is known"),
        (2, "versions: 1", "r.yml: no \"version\": this is no libinput recording"),
        (3, "ndevices: 3", "r.yml:3: \"ndevices\" says 3, \"devices\" holds 2"),
        (3, "ndevices: two", "r.yml:3: \"ndevices\" must be a whole number"),
        (42, "      47: [0, 300, 0, 0, 0]", "r.yml:42: ABS_MT_SLOT's maximum must be within 0…255 (at most 256 slots)"),
        (42, "      47: [0, 9, 0, 0]", "r.yml:42: axis 47 is [min, max, fuzz, flat, resolution]"),
        (42, "      47: [0, 9999999999, 0, 0, 0]", "r.yml:42: axis 47's maximum must be a whole number within -2147483648…2147483647"),
        (42, "      70000: [0, 9, 0, 0, 0]", "r.yml:42: an axis code must be a whole number within 0…65535"),
        (61, "    - [  0,  10000,   3,  57]", "r.yml:61: a kernel event is [sec, usec, type, code, value]"),
        (61, "    - [  0, 1000000,   3,  57,   1]", "r.yml:61: an event's time is whole seconds from 0 and microseconds within 0…999999"),
        (61, "    - [ -1,  10000,   3,  57,   1]", "r.yml:61: an event's time is whole seconds from 0 and microseconds within 0…999999"),
        (61, "    - [  9223372036855, 0, 3, 57, 1]", "r.yml:61: an event's time must be within ±9007199254740992 µs"),
        (61, "    - [  0,  10000,   70000,  57,   1]", "r.yml:61: an event's type must be a whole number within 0…65535"),
        (61, "    - [  0,  10000,   3,  57,  2147483648]", "r.yml:61: an event's value must be a whole number within -2147483648…2147483647"),
        (61, "    - [  0,  10000,   3,  57,  1.5]", "r.yml:61: an event's value must be a whole number"),
        (61, "    - [  0,  10000,   3,  57,  [1]]", "r.yml:61: an event's value must be a whole number"),
        (61, "    - [  0,  10000,   3,  57,   1", "r.yml:62: not YAML: did not find expected ',' or ']'"),
        (43, "      54: [0, 1000, 0, 0, 10]", "r.yml:44: the key \"54\" appears twice"),
    ])
    func whatIsNotTheFormatIsRefusedAtItsLine(line: Int, text: String, expected: String) {
        #expect(Self.complaint(Self.recording(replacingLine: line, with: text)) == expected)
    }

    @Test func smallFilesThatAreNoRecordingsAreRefused() {
        #expect(Self.complaint("") == "r.yml: empty: a libinput recording starts with \"version: 1\"")
        #expect(Self.complaint("# only a comment\n") == "r.yml: empty: a libinput recording starts with \"version: 1\"")
        #expect(Self.complaint("- 1\n- 2\n") == "r.yml:1: the recording must be a mapping")
        #expect(Self.complaint("version: 1\n") == "r.yml: no \"devices\"")
        #expect(Self.complaint("version: 1\ndevices: []\n") == "r.yml:2: \"devices\" is empty")
        #expect(Self.complaint("version: 1\nversion: 1\ndevices: []\n") == "r.yml:2: the key \"version\" appears twice")
        #expect(Self.complaint("version: 1\ndevices: {}\n") == "r.yml:2: \"devices\" must be a list")
        #expect(Self.complaint("version: 1\ndevices:\n- node: /dev/input/event4\n  evdev: [1, 2]\n")
            == "r.yml:4: /dev/input/event4's \"evdev\" must be a mapping")
        #expect(Self.complaint("version: 1\ndevices:\n- evdev: {name: x}\n  events:\n  - evdev: 7\n")
            == "r.yml:5: an \"evdev\" frame must be a list")
        #expect(Self.complaint("version: 1\ndevices:\n- node: /dev/input/event4\n") == "r.yml:3: /dev/input/event4 has no \"evdev\"")
        #expect(Self.complaint("\u{1}version: 1")?.hasPrefix("r.yml") == true)
    }

    /// "Billion laughs": nine levels of nine aliases stand for 9⁹ nodes in a few hundred bytes. The tool never writes
    /// anchors or aliases; they are refused, never expanded.
    @Test func anchorsAndAliasesAreRefusedBeforeTheyExpand() {
        var text = "version: 1\na0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
        for level in 1...9 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        text += "devices: *a9\n"
        #expect(Self.complaint(text) == "r.yml:2: an anchor (&name): anchors and aliases are no part of this format")
        #expect(Self.complaint("version: 1\ndevices: *a\n") == "r.yml:2: an alias (*name): anchors and aliases are no part of this format")
        // Inside quotes and comments they are only characters.
        let named = Self.recording.replacingOccurrences(of: "name: \"Hand-written touchscreen\"", with: "name: \"Touch & *screen\" # &c")
        #expect(Self.complaint(named) == nil)
    }

    @Test func nestingBeyondAnyRecordingAndASecondDocumentAreRefused() {
        let deep = "version: 1\ndevices: " + String(repeating: "[", count: 100_000)
        #expect(Self.complaint(deep) == "r.yml:2: collections nested deeper than 64")
        #expect(Self.complaint(Self.recording + "---\nversion: 1\n") == "r.yml:75: a second YAML document: a file holds one")
    }

    @Test func aDeviceWithoutPositionsGivesAnEmptyTrace() throws {
        let keyboardOnly = Self.recording.components(separatedBy: "- node: /dev/input/event5")[0]
            .replacingOccurrences(of: "ndevices: 2", with: "ndevices: 1")
        let record = try LibinputRecord(yaml: keyboardOnly, source: "r.yml")
        #expect(record.devices.count == 1)
        let trace = try record.trace { _ in Size(width: 100, height: 50) }
        #expect(trace.devices.isEmpty && trace.events.isEmpty)
    }
}
