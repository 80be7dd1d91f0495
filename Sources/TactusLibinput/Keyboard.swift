// SPDX-License-Identifier: MIT
import CLibinput
import TactusCore

/// The effective keyboard modifiers, worked out by xkbcommon from the keys pressed, with the names the keymap
/// gives them: what a binding that requires Super asks about.
final class Keyboard {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    private var current: ModifierSet = []

    /// The keymap from the XKB_DEFAULT_* environment or the system's default (RMLVO evdev/pc105/us); nil when
    /// no keymap can be compiled (no xkeyboard-config data).
    init?() {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        guard let keymap = xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            xkb_context_unref(context)
            return nil
        }
        self.context = context
        self.keymap = keymap
        state = xkb_state_new(keymap)
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// Feeds an evdev key code; returns the modifiers when they changed.
    func update(key: UInt32, pressed: Bool) -> ModifierSet? {
        // xkbcommon numbers keys as X11 does: the evdev code plus 8.
        xkb_state_update_key(state, key + 8, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        var modifiers: ModifierSet = []
        for (name, modifier) in [(XKB_MOD_NAME_SHIFT, ModifierSet.shift), (XKB_MOD_NAME_CTRL, .control),
                                 (XKB_MOD_NAME_ALT, .alt), (XKB_MOD_NAME_LOGO, .super)]
        where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0 {
            modifiers.insert(modifier)
        }
        guard modifiers != current else { return nil }
        current = modifiers
        return modifiers
    }
}
