// SPDX-License-Identifier: MIT
import TactusCore

/// What the configuration says of the devices whose name contains `match` (`[[device]]`): the size of one that
/// reports none, the turn of its touches, or that it is left alone. tactusd applies them; a compositor places its
/// devices itself.
public struct DeviceSettings: Equatable, Sendable {
    /// A part of the device's name, as libinput names it.
    public var match: String
    /// Its sensor's size in millimetres, along its own axes, for a device that reports none.
    public var size: Size?
    /// The turn still to apply to its touches, clockwise (as `tactus.h`'s transform).
    public var rotation: DeviceTransform.Rotation = .none
    /// Leave the device alone: no gesture comes from it.
    public var ignore = false
    /// The names of the only bindings its gestures drive (`bindings`); nil: every binding.
    public var bindings: [String]?

    /// Settings for the devices whose name contains `match`, changing nothing yet.
    public init(match: String) {
        self.match = match
    }

    /// Whether they are a device's of that name.
    public func matches(_ name: String) -> Bool { DeviceRule.namePart(match, isIn: name) }
}

extension Configuration {
    /// The settings of the device of that name: the first [[device]] that matches it.
    public func settings(forDevice name: String) -> DeviceSettings? {
        devices.first { $0.matches(name) }
    }

    /// Which devices drive `binding`, as the engine takes it: each [[device]] in order admits the devices it
    /// matches when it lists the binding or lists none, so that the first [[device]] matching a device decides
    /// as `settings(forDevice:)` does. Empty, every device, when no [[device]] lists bindings.
    public func deviceRules(for binding: BindingConfiguration) -> [DeviceRule] {
        guard devices.contains(where: { $0.bindings != nil }) else { return [] }
        return devices.map { device in
            DeviceRule(namePart: device.match,
                       admits: device.bindings.map { names in binding.label.map(names.contains) ?? false } ?? true)
        }
    }
}
