// SPDX-License-Identifier: MIT
import Glibc

extension StringProtocol {
    /// Without the leading and trailing characters that are among `characters`.
    public func trimmed(of characters: String) -> SubSequence {
        trimmed(where: { characters.contains($0) })
    }

    /// Without leading and trailing white space, line ends among it.
    public func trimmedOfWhitespace() -> SubSequence { trimmed(where: \.isWhitespace) }

    private func trimmed(where isTrimmed: (Character) -> Bool) -> SubSequence {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}

/// The process's environment.
public enum Environment {
    /// Each `NAME=value` of `environ`, the first of a name kept (as getenv finds it).
    public static var current: [String: String] {
        var environment: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "="), environment[String(text[..<equals])] == nil {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return environment
    }
}
