# SPDX-License-Identifier: MIT
"""Bindings that name applications (app-id, not-app-id) beside a real compositor (Tests/EndToEnd/beside.py): tactusd
learns the focused window's app id from the compositor's zwlr_foreign_toplevel_manager_v1, and a binding runs only
while its application has the focus."""
import os
import subprocess

from beside import UID
from desktop import Failure, wait_for

# One three-finger tap bound twice: for the window whose app id is tactus.one, and for every other. Each command
# writes which binding ran and the app id tactusd gave it.
CONFIGURATION = """
[[binding]]
gesture = "tap"
fingers = 3
app-id = ["tactus.one"]
action = { exec = "echo one $TACTUS_APP_ID >> %(marks)s" }

[[binding]]
gesture = "tap"
fingers = 3
not-app-id = ["tactus.one"]
action = { exec = "echo other ${TACTUS_APP_ID:-none} >> %(marks)s" }
"""


def a_binding_runs_only_while_its_application_has_the_focus(Sway):
    """Two foot windows with the app ids tactus.one and tactus.two; a three-finger tap runs the tactus.one binding
    while that window has the focus, the other binding while tactus.two has it, and switching the focus (swaymsg
    focus) switches which one runs."""
    with Sway() as sway:
        marks = os.path.join(sway.runtime, "marks")
        configuration = CONFIGURATION % {"marks": marks}
        sway.open_window("one", app_id="tactus.one")
        sway.open_window("two", app_id="tactus.two")

        def tap_and_read(expected):
            said = sway.play("tap", "--fingers", "3", config=configuration)
            wait_for(lambda: os.path.exists(marks) and len(open(marks).read().splitlines()) == expected, 10,
                     "%s: %d commands ran" % (sway.name, expected))
            return said, open(marks).read().splitlines()[-1]

        focused = [w["app_id"] for w in sway.windows_in_tree() if w["focused"]]
        said, over_two = tap_and_read(1)
        sway.swaymsg('[app_id="tactus.one"]', "focus")
        _, over_one = tap_and_read(2)
        sway.swaymsg('[app_id="tactus.two"]', "focus")
        _, over_two_again = tap_and_read(3)
        lines = open(marks).read().splitlines()
        if (focused, over_two, over_one, over_two_again) != (["tactus.two"], "other tactus.two", "one tactus.one",
                                                              "other tactus.two") or len(lines) != 3:
            raise Failure("%s: focused %s; the taps ran %s\ntactusd said: %s" % (sway.name, focused, lines, said))
        if "zwlr_foreign_toplevel_manager_v1" not in said:
            raise Failure("%s: tactusd did not say that it follows the focus: %s" % (sway.name, said))
        return ("%s: with tactus.two focused the tap ran the not-app-id binding (\"%s\"); focused on tactus.one "
                "(swaymsg focus), the app-id binding (\"%s\"); back on tactus.two, the other again (\"%s\"); one "
                "command a tap" % (sway.name, over_two, over_one, over_two_again))


def tactusd_follows_the_focus_again_when_the_compositor_restarts(Sway):
    """tactusd running live beside sway, with a binding that names an application: it says whose window has the focus;
    when sway goes, it says that no compositor can tell it; when sway is back (the same socket), it follows the focus
    again, by itself."""
    configuration = '[[binding]]\ngesture = "tap"\nfingers = 3\napp-id = ["tactus.one"]\naction = { exec = "true" }\n'
    with Sway() as sway:
        sway.open_window("one", app_id="tactus.one")
        path = os.path.join(sway.runtime, "restart.toml")
        with open(path, "w") as file:
            file.write(configuration)
        os.chown(path, UID, UID)
        said_path = os.path.join(sway.runtime, "tactusd.out")
        with open(said_path, "w") as said:
            daemon = subprocess.Popen(sway.as_user([sway.tactusd, "--config", path, "--seat", "seat0", "--verbose"],
                                                   **sway.command_environment()),
                                      stdout=said, stderr=subprocess.STDOUT)
        try:
            def told(text, count=1):
                with open(said_path) as file:
                    return file.read().count(text) >= count
            wait_for(lambda: told("the focused application is tactus.one"), 10, "%s: tactusd knows the focus" % sway.name)
            sway.restart()
            wait_for(lambda: told("no Wayland compositor at"), 10, "%s: tactusd saw sway go" % sway.name)
            sway.open_window("two", app_id="tactus.one")
            wait_for(lambda: told("the focused application is tactus.one", 2), 15,
                     "%s: tactusd follows the restarted sway" % sway.name)
            following = open(said_path).read().count("following the focused application on")
        finally:
            daemon.terminate()
            daemon.wait(timeout=10)
        if following != 2 or daemon.returncode != 0:
            raise Failure("%s: tactusd said it followed the focus %d times, exited %s:\n%s"
                          % (sway.name, following, daemon.returncode, open(said_path).read()))
        return ("%s: tactusd followed the focus (tactus.one), said once that sway went, and followed the restarted "
                "sway's focus by itself (2 times \"following\", exit 0)" % sway.name)
