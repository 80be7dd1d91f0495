# SPDX-License-Identifier: MIT
# Installs the Debian packages Tactus builds against when any is missing. Sourced by the scripts.

# The C libraries of the input, protocol and compositor modules, the tools that find them, umockdev, which
# presents recorded devices to the real libinput in the tests, libinput's own tools, whose `libinput record` the
# tests record those devices with, libyaml, which reads such recordings, toml++, which reads the configuration, xmllint, which validates the protocol, and
# wlroots 0.15 with the xdg-shell protocol and pixman for tactus-wlr, json-c for the traces it replays, Python for
# its end-to-end checks, socat, which docs/compositor.md talks to its control socket with, lisgd, the touchscreen
# gesture daemon scripts/bench-daemon measures tactusd against, libumockdev's Python bindings, through which the
# tests pull an emulated device out (umockdev-run cannot), and Wayfire with its development files (and glm, which they
# name) for the Wayfire plugin, with EGL's and GLES's headers for the library that lets it run without a GPU, and
# sway, with foot for windows and fuzzel for a launcher, against which tactusd's example configuration for it is
# checked, cairo, with which tactusd draws its feedback, and grim, with which the checks take screenshots of it; meson,
# GTK 4 and gobject-introspection, which build the client library (client/) and its GIR, PyGObject's cairo, which the
# Python viewer draws with, GJS and Vala, whose programs the checks run on the library, and valgrind, which finds what
# it leaks.
TACTUS_APT_PACKAGES=(pkg-config libwayland-dev libinput-dev libudev-dev libxkbcommon-dev umockdev libinput-tools
                     libyaml-dev libtomlplusplus-dev libxml2-utils libwlroots-dev wayland-protocols libpixman-1-dev libjson-c-dev python3
                     socat lisgd python3-gi gir1.2-umockdev-1.0 wayfire wayfire-dev libglm-dev libegl-dev libgles-dev
                     sway foot fuzzel libcairo2-dev grim meson libgtk-4-dev gir1.2-gtk-4.0 gobject-introspection
                     libgirepository1.0-dev python3-gi-cairo gjs valac valgrind)

ensure_packages() {
    local missing=()
    for package in "${TACTUS_APT_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing missing packages: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
}

ensure_swift() {
    command -v swift >/dev/null || { echo "Swift 6.1 or later must be on PATH (swift.org toolchain)." >&2; exit 1; }
}
