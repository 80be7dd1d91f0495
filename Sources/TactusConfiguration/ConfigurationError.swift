// SPDX-License-Identifier: MIT
import TactusCore

/// What is wrong with a configuration file, and where: "FILE:LINE: what".
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    /// The file, as it was named.
    public var file: String
    /// The line, from 1; 0 when the problem is the file as a whole (it cannot be read).
    public var line: Int
    /// What is wrong, for a person.
    public var message: String
    /// When a binding's gesture or a threshold breaks the core's rules for gestures: which rule.
    public var gestureProblem: GestureSpecificationError?

    /// Creates an error.
    public init(file: String, line: Int, message: String, gestureProblem: GestureSpecificationError? = nil) {
        self.file = file
        self.line = line
        self.message = message
        self.gestureProblem = gestureProblem
    }

    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}
