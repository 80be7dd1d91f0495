// SPDX-License-Identifier: MIT
import Glibc

/// Files, folders and paths as the programs use them, through the C library: what they took from Foundation, whose
/// libraries made each program 60 MB (docs/packaging.md).
public enum Files {
    /// A file's whole text; nil when it cannot be read or is not UTF-8.
    public static func text(ofFile path: String) -> String? {
        guard let bytes = bytes(ofFile: path) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// A file's bytes, at most `limit` of them; nil when it cannot be read.
    public static func bytes(ofFile path: String, limit: Int = .max) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return read(descriptor, limit: limit)
    }

    /// Standard input's text, read to its end, sequences that are not UTF-8 repaired.
    public static func standardInput() -> String {
        String(decoding: read(STDIN_FILENO, limit: .max) ?? [], as: UTF8.self)
    }

    private static func read(_ descriptor: Int32, limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let count = Glibc.read(descriptor, &chunk, min(chunk.count, limit - bytes.count))
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }

    /// Writes `text` as the file's whole content; false when it cannot.
    public static func write(_ text: String, toFile path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        var text = text
        let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
        return fclose(file) == 0 && written
    }

    /// Makes a folder and the folders it is in, as `mkdir -p`; false when it cannot.
    public static func makeFolder(_ path: String) -> Bool {
        var made = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            made += "/" + part
            if mkdir(made, 0o777) != 0, errno != EEXIST { return false }
        }
        return isFolder(made)
    }

    /// The names of what a folder holds, without `.` and `..`; nil when it cannot be read.
    public static func names(inFolder path: String) -> [String]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    public static func isFolder(_ path: String) -> Bool { mode(of: path).map { $0 & S_IFMT == S_IFDIR } ?? false }
    public static func isRegularFile(_ path: String) -> Bool { mode(of: path).map { $0 & S_IFMT == S_IFREG } ?? false }

    private static func mode(of path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode : nil
    }
}

/// Paths as text: joined, and taken apart at their slashes.
public enum Paths {
    /// `name` in `folder`; `name` itself when it is absolute.
    public static func joining(_ folder: String, _ name: String) -> String {
        if name.hasPrefix("/") || folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The path from the root: relative ones from the current folder.
    public static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        return joining(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), path)
    }

    /// The folder a path is in: `a/b` for `a/b/c.json`, `.` for `c.json`.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last part of a path, without its extension: `c` for `a/b/c.json`.
    public static func baseName(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

/// Standard error, written at once.
public enum StandardError {
    public static func write(_ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

/// Standard output for a program that says many lines quickly (tactusd under a flood of input): lines are kept here
/// and written together by `flush()`, one system call for many, rather than through `print`'s locks and a flush for
/// each. A program flushes before it sleeps and before it exits.
public enum StandardOutput {
    /// What was said and not yet written. One thread's: the daemon runs on its loop's thread alone.
    nonisolated(unsafe) private static var pending: [UInt8] = []
    /// Beyond this many bytes, what was said is written at once.
    private static let largestPending = 64 * 1024

    /// Keeps `line` and a newline for the next flush.
    public static func say(_ line: String) {
        pending.append(contentsOf: line.utf8)
        pending.append(UInt8(ascii: "\n"))
        if pending.count >= largestPending { flush() }
    }

    /// Writes what was said. A reader that is gone (EPIPE) or a full disk loses it: the program goes on.
    public static func flush() {
        guard !pending.isEmpty else { return }
        pending.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let count = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                written += count
            }
        }
        pending.removeAll(keepingCapacity: true)
    }
}
