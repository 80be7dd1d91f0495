// SPDX-License-Identifier: MIT
import Foundation
import TactusTrace
import Testing
import TactusCore
import TactusSimulation

/// Issue 32: a replay read its whole trace before it played (a 29.5 MB trace: 17 s and 167 MB before the first event),
/// and a trace's header could list any number of devices (100 000: about 1 GB). `TraceReader` reads a line at a time,
/// within `Trace.maximumLineBytes` a line and `Trace.maximumDevices` devices at once.
@Suite struct TraceStreamingTests {
    static let header = #"{"tactus_trace":1,"devices":[{"id":1,"kind":"touchscreen","slots":10}]}"#
    static let frame = #"{"t":5,"type":"frame","device":1}"#

    /// A trace file of `text`, removed after `body`.
    func withFile<T>(_ text: [UInt8], _ body: (String) throws -> T) throws -> T {
        let path = NSTemporaryDirectory() + "tactus-streaming-\(getpid())-\(UUID().uuidString).jsonl"
        try Data(text).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    /// What `body` throws, as said; nil when it throws nothing.
    func complaint(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// What reading `text` whole says, or nil when it reads.
    func complaint(_ text: String) -> String? {
        complaint { _ = try Trace(jsonLines: text, source: "t.jsonl") }
    }

    /// The header's devices come first, at the first event's time; each event is read when it is asked for, so what
    /// comes before a line the reader refuses is played.
    @Test func aTraceIsReadALineAtATime() throws {
        let text = [Self.header, "", #"{"t":7,"type":"down","device":1,"id":0,"x":0.5,"y":0.5}"#, Self.frame,
                    #"{"t":9,"type":"frame","devcie":1}"#].joined(separator: "\n")
        try withFile(Array(text.utf8)) { path in
            let reader = try TraceReader(contentsOfFile: path)
            #expect(reader.devices.map(\.id) == [DeviceID(1)])
            let device = try #require(try reader.next())
            #expect(device.time == Timestamp(microseconds: 7))
            if case .deviceAdded(let added) = device.event {
                #expect(added.id == DeviceID(1))
            } else {
                Issue.record("the first is \(device.event)")
            }
            #expect(try reader.next()?.event == .touchDown(DeviceID(1), contact: 0, position: Point(x: 0.5, y: 0.5)))
            #expect(try reader.next()?.event == .touchFrame(DeviceID(1)))
            #expect(complaint { _ = try reader.next() } == #"\#(path):5: unknown key "devcie" (expected one of device, t, type)"#)
        }
        // A header alone: its devices at time zero, then the end.
        let reader = try TraceReader(jsonLines: Self.header, source: "t.jsonl")
        #expect(try reader.next()?.time == .zero)
        #expect(try reader.next() == nil)
    }

    /// A file is checked as text first, as tactus-wlr's reader checks it: not UTF-8 anywhere refuses it as a whole,
    /// before anything plays.
    @Test func aFileThatIsNotUTF8IsRefusedBeforeItsFirstEvent() throws {
        let bytes = Array([Self.header, Self.frame, Self.frame, ""].joined(separator: "\n").utf8) + [0x7B, 0xFF, 0x7D, 0x0A]
        try withFile(bytes) { path in
            #expect(complaint { _ = try TraceReader(contentsOfFile: path) } == "\(path): not UTF-8 (line 4)")
        }
    }

    /// A line of more than 64 KiB is refused at its line, read no further: a header of 100 000 devices (14.7 MB), an
    /// event line of megabytes, or /dev/zero's one endless line.
    @Test func aLineLongerThanTheLimitIsRefusedAtItsLine() throws {
        let limit = Trace.maximumLineBytes
        let padded = #"{"t":5,"type":"frame","device":1,"x":""# + String(repeating: " ", count: limit) + #""}"#
        #expect(complaint(Self.header + "\n" + padded) == "t.jsonl:2: a line longer than 64 KiB (65536 bytes)")
        // The longest line is read (and what it says judged).
        let longest = #"{"t":5,"type":"frame","device":1,"x":""# + String(repeating: " ", count: limit - 40) + #""}"#
        #expect(complaint(Self.header + "\r\n" + longest + "\r\n") == #"t.jsonl:2: unknown key "x" (expected one of device, t, type)"#)
        try withFile(Array((Self.header + "\n\n" + padded + "\n").utf8)) { path in
            #expect(complaint { _ = try Trace(contentsOfFile: path) } == "\(path):3: a line longer than 64 KiB (65536 bytes)")
        }
        #expect(complaint { _ = try TraceReader(contentsOfFile: "/dev/zero") } == "/dev/zero:1: a line longer than 64 KiB (65536 bytes)")
    }

    /// A description of a device, as a header lists it or a device_added adds it.
    static func device(_ id: Int) -> String { #"{"id":\#(id),"kind":"touchpad","flipped":false}"# }

    /// A header of `count` devices.
    static func header(devices count: Int) -> String {
        #"{"tactus_trace":1,"devices":["# + (1...count).map(device).joined(separator: ",") + "]}"
    }

    /// A device_added of device `id`, or its device_removed.
    static func added(_ id: Int) -> String { #"{"t":5,"type":"device_added","description":\#(device(id))}"# }
    static func removed(_ id: Int) -> String { #"{"t":5,"type":"device_removed","device":\#(id)}"# }

    /// The header of issue 32, 100 000 devices on one line of 14.7 MB: tactus-sim added them one by one, looking
    /// each up among those before (once about 25 minutes, and 1.5 GB), and refused nothing.
    @Test func aHeaderOfAHundredThousandDevicesIsRefusedAtOnce() throws {
        let devices = (0..<100_000).map { #"{"id":\#($0),"kind":"touchscreen","name":"d","size_mm":[100,60],"output":[0,0,100,60],"rotation":0,"flipped":false,"slots":256}"# }
        let text = #"{"tactus_trace":1,"devices":["# + devices.joined(separator: ",") + "]}\n" + #"{"t":1,"type":"frame","device":5}"# + "\n"
        let path = try CommandLineTests.temporaryFile("devices.jsonl", text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, errors) = try CommandLineTests.run(["replay", "--trace", path], bounded: true)
        #expect(status == 2)
        #expect(errors == "tactus-sim: \(path):1: a line longer than 64 KiB (65536 bytes)\n")
    }

    @Test func aTraceOfMoreDevicesAtOnceThanTheLimitIsRefusedAtTheLineThatAddsThem() {
        let limit = Trace.maximumDevices
        #expect(complaint(Self.header(devices: limit)) == nil)
        #expect(complaint(Self.header(devices: limit + 1)) == #"t.jsonl:1: "devices" lists 257 devices: a trace has at most 256 at once"#)
        // Added later: counted with the header's, less those removed; a device added again is there once.
        #expect(complaint([Self.header(devices: limit - 1), Self.added(1), Self.added(limit), Self.frame].joined(separator: "\n")) == nil)
        #expect(complaint([Self.header(devices: limit), Self.frame, Self.added(limit + 1)].joined(separator: "\n"))
            == "t.jsonl:3: a device beyond the 256 a trace may have at once")
        #expect(complaint([Self.header(devices: limit), Self.removed(3), Self.added(limit + 1), Self.removed(limit + 1),
                           Self.added(limit + 2)].joined(separator: "\n")) == nil)
    }
}
