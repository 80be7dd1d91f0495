// SPDX-License-Identifier: MIT
import Glibc

/// A protocol error the compositor raised (`wl_display.error`), after which the connection is closed.
public struct ProtocolError: Hashable, Sendable, CustomStringConvertible {
    /// The interface of the object the error is about, e.g. `tactus_gesture_v1`.
    public var interface: String
    /// The error's value in that interface's error enum.
    public var code: UInt32
    /// The object the error is about.
    public var objectID: UInt32

    /// Creates the description of a protocol error.
    public init(interface: String, code: UInt32, objectID: UInt32) {
        self.interface = interface
        self.code = code
        self.objectID = objectID
    }

    /// The error as a sentence part: name, code, interface and object, as libwayland logs them.
    public var description: String { "\(name.map { "\($0) " } ?? "")(\(code)) on \(interface)@\(objectID)" }
}

/// What goes wrong between a client and the compositor.
public enum WaylandClientError: Error, CustomStringConvertible {
    /// No compositor answered on the named display socket.
    case cannotConnect(String)
    /// The compositor does not offer a global the client needs; the associated value is its interface name.
    case missingGlobal(String)
    /// The connection broke: with the protocol error the compositor raised, if it raised one, and the errno
    /// libwayland reports: `EPROTO` for a protocol error, `EPIPE` when the compositor closed the connection.
    /// libwayland reports `wl_display`'s own errors without a protocol error: `EINVAL` for invalid_object (a
    /// request naming a destroyed object) and invalid_method, `ENOMEM` for no_memory.
    case connectionFailed(ProtocolError?, errno: Int32)
    /// The compositor refused to lock the session (`ext_session_lock_v1.finished`): another lock screen holds it.
    case lockRefused

    /// What went wrong, for a person.
    public var description: String {
        switch self {
        case .cannotConnect(let display): "cannot connect to Wayland display \"\(display)\""
        case .missingGlobal(let interface): "the compositor does not offer \(interface)"
        case .connectionFailed(let error?, _): "the compositor raised protocol error \(error)"
        case .connectionFailed(nil, EINVAL):
            "the compositor raised invalid_object or invalid_method on wl_display (or a request could not be marshalled)"
        case .connectionFailed(nil, let code): "the connection to the compositor failed: \(String(cString: strerror(code)))"
        case .lockRefused: "the compositor refused to lock the session (another lock screen holds it)"
        }
    }
}
