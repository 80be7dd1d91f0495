#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""hide-and-show: a GTK 4 window, undecorated, 400 x 300: a label 100 pixels high above a pad with a tap gesture
(TactusClient.Gesture on the pad alone), for Tests/EndToEnd/checks/client_library.py. It prints JSON lines: {"shown":
N} each time the window is mapped, {"tap": [X, Y]} for each tap recognized, in the pad's coordinates, after which it
hides the window and shows it again (GTK 4 gives the window a new wl_surface each time it is shown)."""
import json

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("TactusClient", "1.0")
from gi.repository import GLib, Gtk, TactusClient  # noqa: E402

loop = GLib.MainLoop()
window = Gtk.Window(decorated=False, default_width=400, default_height=300)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
label = Gtk.Label(label="not for tapping")
label.set_size_request(-1, 100)
pad = Gtk.DrawingArea(hexpand=True, vexpand=True)
box.append(label)
box.append(pad)
window.set_child(box)
shown = 0


def say(**what):
    print(json.dumps(what), flush=True)


def on_map(widget):
    global shown
    shown += 1
    say(shown=shown)


def hide_and_show():
    window.set_visible(False)
    window.set_visible(True)
    return GLib.SOURCE_REMOVE


def on_tap(gesture, event):
    say(tap=[round(event.x, 2), round(event.y, 2)])
    GLib.idle_add(hide_and_show)


tap = TactusClient.Gesture.new(pad, TactusClient.GestureKind.TAP)
tap.connect("recognized", on_tap)
window.connect("map", on_map)
window.connect("close-request", lambda *_: loop.quit())
window.present()
loop.run()
