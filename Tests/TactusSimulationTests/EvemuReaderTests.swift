// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TactusCore
@testable import TactusSimulation

/// A recording is read as written or refused with its file and line: never a trap, a huge allocation, a skipped line
/// or work that grows faster than the file.
@Suite struct EvemuReaderTests {
    /// The description of `EvemuTests` with its ABS_MT_SLOT line (line 5) replaced.
    static func description(slotAxis: String) -> String {
        EvemuTests.description.replacingOccurrences(of: "A: 2f 0 4 0 0 0", with: slotAxis)
    }

    /// What reading and replaying the recording says; nil when it reads.
    func complaint(_ events: String, description: String = EvemuTests.description) -> String? {
        do {
            _ = try EvdevRecording(evemu: events, source: "r.events", description: description, descriptionSource: "r.desc")
                .trace(size: Size(width: 100, height: 50))
            return nil
        } catch {
            return "\(error)"
        }
    }

    static let touch = "E: 0.000001 0003 0039 1\nE: 0.000001 0003 0035 10\nE: 0.000001 0003 0036 10\nE: 0.000001 0000 0000 0\n"

    @Test(arguments: [
        ("A: 2f 0 9223372036854775807 0 0 0", #"r.desc:5: an A: line's maximum must be a whole number within -2147483648…2147483647"#),
        ("A: 2f 0 256 0 0 0", #"r.desc:5: ABS_MT_SLOT's maximum must be within 0…255 (at most 256 slots)"#),
        ("A: 2f 0 4 0 0 0 0 0", #"r.desc:5: an A: line is "A: <code> <min> <max> [<fuzz> <flat> [<resolution>]]""#),
        ("A: 12345 0 4", #"r.desc:5: an A: line's code must be hexadecimal within 0…ffff"#),
    ])
    func anAxisOutOfRangeIsRefusedAtItsLine(axis: String, expected: String) {
        #expect(complaint(Self.touch, description: Self.description(slotAxis: axis)) == expected)
    }

    @Test(arguments: [
        ("E: 9223372036855.000000 0003 0039 1", #"r.events:2: an E: line's time must be within ±9007199254740992 µs"#),
        ("E: 9223372036854.775807 0000 0000 0", #"r.events:2: an E: line's time must be within ±9007199254740992 µs"#),
        ("E: -1.000000 0000 0000 0", #"r.events:2: an E: line is "E: <sec>.<usec> <type> <code> <value>""#),
        ("E: 0.000002 0003 0035 2147483648", #"r.events:2: an E: line's value must be a whole number within -2147483648…2147483647"#),
        ("E: 0.000002 10000 0000 0", #"r.events:2: an E: line's type must be hexadecimal within 0…ffff"#),
    ])
    func anEventOutOfRangeIsRefusedAtItsLine(event: String, expected: String) {
        #expect(complaint("E: 0.000001 0003 0039 1\n" + event + "\n") == expected)
    }

    @Test func aTimeTooFarFromTheFirstReportIsRefusedAtItsLine() {
        #expect(complaint(Self.touch + "E: 9007199254.740992 0003 0035 20\nE: 9007199254.740992 0000 0000 0\n")
            == "r.events:6: the time since the first report must be within ±9007199254740992 µs")
    }

    @Test func aLineThatIsNoEvemuLineIsRefusedAtItsLine() {
        #expect(complaint(Self.touch + "hello\n") == #"r.events:5: "hello" is not an evemu line"#)
        #expect(complaint(Self.touch, description: "X: 1\n" + EvemuTests.description) == #"r.desc:1: "X: 1" is not an evemu line"#)
    }

    @Test func everyLineEvemuWritesIsRead() throws {
        let events = """
            # EVEMU 1.3
            # Input device name: "Test Panel"

            I: 0018 0000 0000 0000
            P: 00 00 00 00 00 00 00 00
            B: 00 0b 00 00 00 00 00 00 00
            L: 00 0
            S: 00 0
            ################################
            #      Waiting for events      #
            ################################
            E: 0.000001 0003 0039 0007\t# EV_ABS / ABS_MT_TRACKING_ID   7
            E: 0.000001 0003 0035 0500
            E: 0.000001 0003 0036 0250
            E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
            """
        #expect(complaint(events) == nil)
    }

    /// Contact k lands in report k and stays: the old reader kept every report's whole contact list and compared
    /// whole lists, quadratic in the contacts; now each report costs what it changes.
    @Test func aRecordingOfTensOfThousandsOfContactsReadsInOnePass() throws {
        let contacts = 20_000
        var events = ""
        for k in 0..<contacts {
            let time = "\(k / 1000).\(String(format: "%06d", (k % 1000) * 1000))"
            events += "E: \(time) 0003 002f \(k)\nE: \(time) 0003 0039 \(k)\nE: \(time) 0003 0035 \(k % 1000)\n"
            events += "E: \(time) 0003 0036 \(k % 500)\nE: \(time) 0000 0000 0\n"
        }
        let trace = try EvdevRecording(evemu: events, source: "many.events", description: EvemuTests.description)
            .trace(size: Size(width: 100, height: 50))
        // A down and a frame per report, then every contact lifts at the end, with one frame.
        #expect(trace.events.count == 3 * contacts + 1)
        #expect(trace.events.filter { if case .touchDown = $0.event { true } else { false } }.count == contacts)
        #expect(trace.events.filter { if case .touchUp = $0.event { true } else { false } }.count == contacts)
    }

    /// Protocol A matches each contact to the nearest of the report before, pair by pair: a report of more contacts
    /// than any device has (256) is refused where it overflows, so that the pairs stay few.
    @Test func aReportOfMoreContactsThanADeviceHasIsRefusedAtItsLine() {
        var events = ""
        for report in 0..<2 {
            for k in 0..<20_000 {
                events += "E: \(report).000000 0003 0035 \(k % 1000)\nE: \(report).000000 0003 0036 \(k / 1000)\nE: \(report).000000 0000 0002 0\n"
            }
            events += "E: \(report).000000 0000 0000 0\n"
        }
        #expect(complaint(events) == "r.events:771: a report holds more than 256 contacts")
    }
}
