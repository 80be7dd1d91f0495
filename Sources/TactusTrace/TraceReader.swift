// SPDX-License-Identifier: MIT
import Glibc
import TactusCore

/// A trace read as it is played, one line at a time, so that a long recording starts at once and takes the memory of
/// a line rather than of the file: the header when it is made, each event when `next()` asks for it. Every reader of
/// traces reads through it (`Trace(contentsOfFile:)` and `Trace(jsonLines:source:)` keep all it reads), and errors
/// name the file and the line.
///
/// A file's text is checked first, in one pass that keeps nothing: it must be UTF-8, as a whole, as tactus-wlr's
/// reader checks it. Its lines, their length among them (`Trace.maximumLineBytes`), are judged as they are read: a
/// replay plays the events before a line it refuses. Standard input, a pipe or a device cannot be read twice: their
/// text is checked line by line.
public final class TraceReader {
    /// The devices the header describes.
    public let devices: [DeviceDescription]
    private let lines: TraceLines
    /// The devices there are after the events read so far: the header's, and those added since and not removed.
    private var present: Set<DeviceID>
    /// The header's devices that `next()` has yet to hand out.
    private var unannounced: ArraySlice<DeviceDescription>
    /// The first event, read ahead for its time, which the header's devices are added at, until `next()` hands it out.
    private var readAhead: (time: Timestamp, event: InputEvent)?
    private var hasReadAhead = false

    /// Reads the header of the trace in the file at `path`; `source` names it in errors (default: the path).
    public convenience init(contentsOfFile path: String, source: String? = nil) throws {
        let lines = try TraceLines(contentsOfFile: path, source: source ?? path)
        try lines.checkText()
        try self.init(lines)
    }

    /// Reads the header of a trace in JSON Lines; errors name `source` and the line.
    public convenience init(jsonLines text: String, source: String) throws {
        try self.init(TraceLines(text: text, source: source))
    }

    private init(_ lines: TraceLines) throws {
        guard let first = try lines.next() else {
            throw SimulationError.malformed(lines.source, "empty trace")
        }
        let header = try JSONObject(parsing: first.text, source: lines.source, line: first.number)
        try header.checkKeys(["tactus_trace", "devices"])
        guard try header.optionalWhole("tactus_trace") == 1 else {
            throw SimulationError.malformed(header.place, "the first line must be a header with \"tactus_trace\": 1")
        }
        devices = try header.objects("devices").map(Trace.device(from:))
        unannounced = devices[...]
        present = Set(devices.map(\.id))
        guard present.count <= Trace.maximumDevices else {
            throw header.malformed("devices", "lists \(present.count) devices: a trace has at most \(Trace.maximumDevices) at once")
        }
        self.lines = lines
    }

    /// The next thing to play, with its time: first the header's devices, each added at the time of the first event
    /// (as a host plays a trace), then the events; nil after the last. Throws what is wrong with the line it reads.
    public func next() throws -> (time: Timestamp, event: InputEvent)? {
        if !hasReadAhead {
            readAhead = try nextEvent()
            hasReadAhead = true
        }
        if let device = unannounced.popFirst() { return (readAhead?.time ?? .zero, .deviceAdded(device)) }
        if let event = readAhead {
            readAhead = nil
            return event
        }
        return try nextEvent()
    }

    /// The event of the next line that is not blank, as the file has it; nil at the end.
    func nextEvent() throws -> (time: Timestamp, event: InputEvent)? {
        guard let line = try lines.next() else { return nil }
        let object = try JSONObject(parsing: line.text, source: lines.source, line: line.number)
        let time = Timestamp(microseconds: try object.whole("t", in: Trace.times))
        let event = try Trace.event(from: object, besides: ["t"])
        switch event {
        case .deviceAdded(let device):
            present.insert(device.id)
            guard present.count <= Trace.maximumDevices else {
                throw SimulationError.malformed(object.place, "a device beyond the \(Trace.maximumDevices) a trace may have at once")
            }
        case .deviceRemoved(let id):
            present.remove(id)
        default:
            break
        }
        return (time, event)
    }
}

/// The lines of a trace's text, one at a time: from a file, read a chunk at a time, or from a text in memory. A line
/// ends at "\n" or "\r\n", as JSON Lines has it; a byte order mark first is dropped; blank lines (nothing but spaces)
/// are skipped, and counted.
final class TraceLines {
    /// The file or text, as errors name it.
    let source: String
    /// The file; nil for a text, which `bytes` holds whole.
    private let file: UnsafeMutablePointer<FILE>?
    /// What is read and not yet returned, from `start`.
    private var bytes: [UInt8]
    /// Where a chunk of the file is read.
    private var chunk: [UInt8] = []
    private var start = 0
    /// Whether the file has no more to read.
    private var isAtEnd: Bool
    /// The number of the line last read, from 1.
    private var number = 0

    init(text: String, source: String) {
        self.source = source
        file = nil
        bytes = Array(text.utf8)
        isAtEnd = true
        dropByteOrderMark()
    }

    init(contentsOfFile path: String, source: String) throws {
        guard let file = fopen(path, "r") else { throw SimulationError.unreadable(source) }
        self.source = source
        self.file = file
        bytes = []
        chunk = Array(repeating: 0, count: 1 << 16)
        isAtEnd = false
        try read()
        dropByteOrderMark()
    }

    deinit {
        if let file { fclose(file) }
    }

    /// What a blank line holds: a tab, a space of any width (Unicode's space separators) or a zero width space, as
    /// tactus-wlr's reader (compositor/headless/trace.c) has it.
    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// The next line that is not blank, without its line end, and its number; nil at the end.
    func next() throws -> (number: Int, text: String)? {
        while let line = try nextLine() {
            let text = try utf8(line)
            if !text.unicodeScalars.allSatisfy(Self.isBlank) { return (number, text) }
        }
        return nil
    }

    /// Reads a regular file's text through, checking that it is UTF-8 as a whole, a chunk at a time (a sequence cut
    /// at a chunk's end is kept for the next), and starts again from its beginning. Other files cannot be read twice:
    /// `next()` checks each line as it comes.
    func checkText() throws {
        guard let file, isRegularFile else { return }
        rewind(file)
        var line = 1, cut: [UInt8] = []
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 {
                guard ferror(file) == 0 else { throw SimulationError.unreadable(source) }
                break
            }
            let text = cut + chunk[..<count]
            let whole = TraceLines.lengthOfWholeSequences(text)
            // Newlines are ASCII, inside no sequence: the text between them is checked a piece at a time.
            let pieces = text[..<whole].split(separator: 0x0A, omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                guard String(validating: piece, as: UTF8.self) != nil else { throw notUTF8(line: line) }
                if index < pieces.count - 1 { line += 1 }
            }
            cut = Array(text[whole...])
        }
        guard cut.isEmpty else { throw notUTF8(line: line) }
        rewind(file)
        (bytes, start, isAtEnd, number) = ([], 0, false, 0)
        try read()
        dropByteOrderMark()
    }

    /// How much of `bytes` ends with a whole UTF-8 sequence: all of it but a sequence its last bytes begin and do not
    /// finish (what a lead byte says is to come, up to 3 continuation bytes).
    static func lengthOfWholeSequences(_ bytes: [UInt8]) -> Int {
        var index = bytes.count
        while index > 0 && bytes.count - index < 4 {
            index -= 1
            let byte = bytes[index]
            guard byte & 0xC0 == 0x80 else {
                // A lead byte (or ASCII): the length it says, against what follows it here.
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return bytes.count - index < length ? index : bytes.count
            }
        }
        return bytes.count
    }

    /// The line as text. One that is not UTF-8 refuses the trace as a whole, as tactus-wlr's reader does, which
    /// checks the whole file first.
    private func utf8(_ line: ArraySlice<UInt8>) throws -> String {
        guard let text = String(validating: line, as: UTF8.self) else { throw notUTF8(line: number) }
        return text
    }

    private func notUTF8(line: Int) -> SimulationError {
        .malformed(source, "not UTF-8 (line \(line))")
    }

    private var isRegularFile: Bool {
        guard let file else { return false }
        var status = stat()
        return fstat(fileno(file), &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The bytes of the next line, without its "\n" or "\r\n"; nil at the end.
    private func nextLine() throws -> ArraySlice<UInt8>? {
        while true {
            let end = bytes.withUnsafeBytes { buffer -> Int? in
                guard start < buffer.count, let base = buffer.baseAddress,
                      let found = memchr(base + start, 0x0A, buffer.count - start) else { return nil }
                return base.distance(to: found)
            }
            if end != nil || isAtEnd {
                // A text's end ends its last line; past it, there is none.
                guard start <= bytes.count else { return nil }
                number += 1
                var line = bytes[start..<(end ?? bytes.count)]
                start += line.count + 1
                if line.last == 0x0D { line.removeLast() }
                guard line.count <= Trace.maximumLineBytes else { throw tooLong(line: number) }
                return line
            }
            // Read no further into a line already too long, even if a "\r" ends it.
            guard bytes.count - start <= Trace.maximumLineBytes + 1 else { throw tooLong(line: number + 1) }
            bytes.removeFirst(start)
            start = 0
            try read()
        }
    }

    private func tooLong(line: Int) -> SimulationError {
        .malformed("\(source):\(line)", "a line longer than \(Trace.maximumLineBytes >> 10) KiB (\(Trace.maximumLineBytes) bytes)")
    }

    /// Reads the next chunk of the file after what is kept.
    private func read() throws {
        guard let file else { return }
        let count = chunk.withUnsafeMutableBufferPointer { buffer in
            let count = fread(buffer.baseAddress, 1, buffer.count, file)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
            return count
        }
        if count == 0 {
            guard ferror(file) == 0 else { throw SimulationError.unreadable(source) }
            isAtEnd = true
        }
    }

    private func dropByteOrderMark() {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    }
}
