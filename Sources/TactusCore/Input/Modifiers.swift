// SPDX-License-Identifier: MIT
/// Keyboard modifiers that a binding can require while its gesture begins.
public struct ModifierSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    /// Creates a set from its bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Either Shift key.
    public static let shift = ModifierSet(rawValue: 1 << 0)
    /// Either Control key.
    public static let control = ModifierSet(rawValue: 1 << 1)
    /// Either Alt key (xkbcommon's "Mod1").
    public static let alt = ModifierSet(rawValue: 1 << 2)
    /// The Super (logo) key (xkbcommon's "Mod4").
    public static let `super` = ModifierSet(rawValue: 1 << 3)
}
