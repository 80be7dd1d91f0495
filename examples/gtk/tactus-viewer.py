#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""tactus-viewer: a GTK 4 picture viewer whose gestures the Wayland compositor recognizes (libtactus-client-gtk,
through GObject introspection): pinch to zoom and turn to rotate, both at once; a two-finger swipe left or right for
the next or the previous picture; a long press for a menu; a double tap to put the picture back as it was.

    tactus-viewer.py [--report] [PICTURE...]

Without pictures it shows three of its own. --report prints the viewer's state as a JSON line at each change, and
each gesture that failed, for the checks."""
import json
import math
import sys

import gi

try:
    gi.require_version("Gdk", "4.0")
    gi.require_version("Gtk", "4.0")
    gi.require_version("TactusClient", "1.0")
except ValueError as error:  # a typelib missing: GTK 4's (gir1.2-gtk-4.0) or Tactus's (gir1.2-tactusclient-1.0)
    sys.exit("tactus-viewer: %s" % error)
from gi.repository import Gdk, Gio, GLib, Gtk, TactusClient  # noqa: E402

Kind, Direction = TactusClient.GestureKind, TactusClient.Direction


class Viewer(Gtk.Window):
    def __init__(self, pictures, report):
        super().__init__(title="tactus-viewer", default_width=640, default_height=480)
        self.pictures, self.report = pictures, report
        self.index, self.zoom, self.angle = 0, 1.0, 0.0
        self.zoom_before, self.angle_before = 1.0, 0.0  # when the fingers landed: the gestures' values count from there
        self.area = Gtk.DrawingArea(hexpand=True, vexpand=True)
        self.area.set_draw_func(self.draw)
        self.set_child(self.area)
        self.menu = self.make_menu()
        self.gestures = self.make_gestures()
        if not self.gestures[0].is_available():
            print("tactus-viewer: %s; the viewer runs on without them" % self.gestures[0].get_problem(),
                  file=sys.stderr)
        self.changed()

    def make_gestures(self):
        pinch = TactusClient.Gesture.new(self.area, Kind.PINCH)
        rotate = TactusClient.Gesture.new(self.area, Kind.ROTATE)
        pinch.recognize_simultaneously_with(rotate)
        for gesture in (pinch, rotate):
            gesture.connect("began", self.began)
            gesture.connect("changed", self.moved)
            gesture.connect("ended", self.moved)
            gesture.connect("cancelled", self.cancelled)
        swipe = TactusClient.Gesture.new(self.area, Kind.SWIPE)
        swipe.set_fingers(2)
        swipe.set_directions(Direction.LEFT | Direction.RIGHT)
        swipe.connect("recognized", self.swiped)
        press = TactusClient.Gesture.new(self.area, Kind.LONG_PRESS)
        press.connect("recognized", self.pressed)
        reset = TactusClient.Gesture.new(self.area, Kind.TAP)
        reset.set_tap_count(2)
        reset.connect("recognized", lambda gesture, event: self.set_view(1.0, 0.0))
        for gesture in (pinch, rotate, swipe, press, reset):
            gesture.connect("failed", self.failed)
        return [pinch, rotate, swipe, press, reset]

    def make_menu(self):
        actions = Gio.SimpleActionGroup()
        for name, act in (("reset", lambda *_: self.set_view(1.0, 0.0)), ("next", lambda *_: self.go(1))):
            action = Gio.SimpleAction.new(name, None)
            action.connect("activate", act)
            actions.add_action(action)
        self.insert_action_group("viewer", actions)
        model = Gio.Menu()
        model.append("Reset the view", "viewer.reset")
        model.append("Next picture", "viewer.next")
        menu = Gtk.PopoverMenu.new_from_model(model)
        menu.set_parent(self.area)
        menu.connect("notify::visible", lambda *_: self.changed())
        return menu

    # Gestures: values count from where the fingers landed, so they apply to the view as it was then.
    def began(self, gesture, event):
        if gesture.get_kind() == Kind.PINCH:
            self.zoom_before = self.zoom
        else:
            self.angle_before = self.angle
        self.moved(gesture, event)

    def moved(self, gesture, event):
        if gesture.get_kind() == Kind.PINCH:
            self.set_view(min(max(self.zoom_before * event.scale, 0.1), 20), self.angle)
        else:
            self.set_view(self.zoom, self.angle_before + event.rotation)

    def cancelled(self, gesture, event):
        if gesture.get_kind() == Kind.PINCH:
            self.set_view(self.zoom_before, self.angle)
        else:
            self.set_view(self.zoom, self.angle_before)

    def swiped(self, gesture, event):
        self.go(1 if event.direction == Direction.LEFT else -1)

    def pressed(self, gesture, event):
        self.menu.set_pointing_to(Gdk.Rectangle(int(event.x), int(event.y), 1, 1))
        self.menu.popup()

    def failed(self, gesture, event):
        if self.report:
            print(json.dumps({"failed": gesture.get_kind().value_nick, "reason": event.reason.value_nick}), flush=True)

    def go(self, step):
        self.index = (self.index + step) % len(self.pictures)
        self.set_view(1.0, 0.0)

    def set_view(self, zoom, angle):
        self.zoom, self.angle = zoom, angle
        self.changed()

    def changed(self):
        self.area.queue_draw()
        if self.report:
            print(json.dumps({"picture": self.index, "zoom": round(self.zoom, 4), "angle": round(self.angle, 3),
                              "menu": self.menu.get_visible()}), flush=True)

    def draw(self, area, cairo, width, height):
        cairo.set_source_rgb(0.12, 0.12, 0.12)
        cairo.paint()
        cairo.translate(width / 2, height / 2)
        cairo.rotate(math.radians(self.angle))
        cairo.scale(self.zoom, self.zoom)
        picture = self.pictures[self.index]
        if isinstance(picture, Gdk.Texture):
            scale = min(width / picture.get_width(), height / picture.get_height())
            cairo.scale(scale, scale)
            cairo.translate(-picture.get_width() / 2, -picture.get_height() / 2)
            Gdk.cairo_set_source_pixbuf(cairo, Gdk.pixbuf_get_from_texture(picture), 0, 0)
            cairo.paint()
        else:  # a picture of its own: a coloured card with its number
            cairo.set_source_rgb(*picture)
            cairo.rectangle(-width / 3, -height / 3, width * 2 / 3, height * 2 / 3)
            cairo.fill()
            cairo.set_source_rgb(1, 1, 1)
            cairo.set_font_size(height / 5)
            cairo.move_to(-height / 16, height / 16)
            cairo.show_text(str(self.index + 1))


def main():
    arguments = sys.argv[1:]
    report = "--report" in arguments
    files = [argument for argument in arguments if argument != "--report"]
    try:
        pictures = [Gdk.Texture.new_from_filename(name) for name in files] or [(0.8, 0.3, 0.2), (0.2, 0.5, 0.8),
                                                                              (0.3, 0.7, 0.3)]
    except GLib.Error as error:
        sys.exit("tactus-viewer: %s" % error.message)
    loop = GLib.MainLoop()
    viewer = Viewer(pictures, report)
    viewer.connect("close-request", lambda window: loop.quit())
    viewer.present()
    loop.run()


if __name__ == "__main__":
    sys.exit(main())
