// SPDX-License-Identifier: MIT

/// What tactusd shows on screen while gestures run (`[feedback]`): the touch points, the running binding's name and
/// progress, and each gesture's result, fading out. Off unless the file has the table; its keys change the look.
public struct FeedbackSettings: Equatable, Sendable {
    /// The parts of the feedback, as `show` names them.
    public enum Part: String, CaseIterable, Sendable {
        /// A disc under each finger on a touchscreen, while it is down.
        case touches
        /// The running binding's name, and a bar filling as the gesture goes.
        case progress
        /// How the gesture ended: done, or cancelled and why.
        case result
    }

    /// A colour, with its opacity.
    public struct Color: Equatable, Sendable {
        public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        }

        /// `#RRGGBB` or `#RRGGBBAA`, in hexadecimal digits; nil for other text.
        public init?(hex text: String) {
            let digits = Array(text.utf8.dropFirst())
            guard text.hasPrefix("#"), digits.count == 6 || digits.count == 8 else { return nil }
            var bytes: [UInt8] = []
            for index in stride(from: 0, to: digits.count, by: 2) {
                guard let high = Self.value(of: digits[index]), let low = Self.value(of: digits[index + 1]) else { return nil }
                bytes.append(high << 4 | low)
            }
            self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
        }

        private static func value(of digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
    }

    /// The parts shown; all three by default.
    public var shows: Set<Part> = Set(Part.allCases)
    /// The touch points, the bar and a gesture that is done.
    public var color = Color(red: 0x35, green: 0x84, blue: 0xE4, alpha: 0xCC)
    /// A gesture that was cancelled or failed.
    public var cancelledColor = Color(red: 0xE0, green: 0x1B, blue: 0x24, alpha: 0xCC)
    /// The radius of a touch point's disc, in logical pixels.
    public var touchRadius = 24.0
    /// How long the result stays before it is gone, fading, in milliseconds.
    public var fadeMilliseconds = 600

    /// The bounds of the numbers, as the file is held to them.
    public static let touchRadii = 2.0...200.0
    public static let fades = 0...10_000

    /// The default look, with every part shown.
    public init() {}
}
