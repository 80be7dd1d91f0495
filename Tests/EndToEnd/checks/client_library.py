# SPDX-License-Identifier: MIT
"""The client library (client/): libtactus-client's C example and test program, and the GTK 4 picture viewer in Python
through libtactus-client-gtk's GObject introspection, on tactus-wlr, headless, with replayed gestures, and on sway,
which has no tactus-gestures-v1; valgrind on a thousand subscriptions. The programs are those scripts/lib/build-client
builds in .build-client (TACTUS_CLIENT_BUILD picks another build)."""
import json
import os
import re
import subprocess
import tempfile

from checks.common import binding, near
from desktop import ROOT, Failure, Lines, wait_for

BUILD = os.environ.get("TACTUS_CLIENT_BUILD", os.path.join(ROOT, ".build-client"))
VIEWER = os.path.join(ROOT, "examples", "gtk", "tactus-viewer.py")
# GTK 4 on the headless compositors: software rendering, the library and its typelib from the build.
GTK_ENVIRONMENT = {"GSK_RENDERER": "cairo", "GI_TYPELIB_PATH": BUILD, "LD_LIBRARY_PATH": BUILD}


def built(name):
    """A program of the client library's build, or a Failure naming the step that makes it."""
    path = os.path.join(BUILD, name)
    if not os.access(path, os.X_OK):
        raise Failure("%s is missing: scripts/lib/build-client makes it" % path)
    return path


class Program:
    """A client program on the desktop's display: the lines it prints, as they come."""

    def __init__(self, desktop, command, parse=lambda line: line):
        self._stderr = tempfile.TemporaryFile("w+")
        environment = dict(desktop.environment, WAYLAND_DISPLAY=desktop.socket, **GTK_ENVIRONMENT)
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self._stderr, text=True,
                                        env=environment)
        self.lines = Lines(self.process.stdout, parse)

    def output(self):
        return self.lines.snapshot()

    def error(self):
        self._stderr.seek(0)
        return self._stderr.read()

    def ready(self, what, first="ready"):
        wait_for(lambda: first in self.output() or self.process.poll() is not None, 20, "%s ready" % what)
        if self.process.poll() is not None:
            raise Failure("%s exited (%d): %s %s" % (what, self.process.returncode, self.output(), self.error()))

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def the_c_example_zooms_turns_and_resets(Desktop):
    """examples/client/tactus-pinch.c, on libtactus-client alone: a pinch from 40 to 80 mm that turns 30° zooms its
    picture to 2 and turns it by 30° (pinch and rotate recognized together, applied at the frame of the input frame
    that carried both), and a double tap there puts both back."""
    with Desktop() as desktop:
        example = Program(desktop, [built("tactus-pinch")])
        try:
            example.ready("tactus-pinch")
            window = desktop.windows()[0]
            at = "%g,%g" % (window["x"] + 200, window["y"] + 150)
            desktop.replay("pinch-rotate", "--start-span", "40", "--end-span", "80", "--degrees", "30", "--at", at)
            wait_for(lambda: {"pinch ended", "rotate ended"} <= {line.split(" at ")[0] for line in example.output()},
                     5, "the pinch's and the rotation's ends")
            turned = [line for line in example.output() if line.startswith("zoom ")][-1]
            desktop.replay("tap", "--count", "2", "--at", at)
            wait_for(lambda: any(line.startswith("tap recognized") for line in example.output()), 5, "the double tap")
            output = example.output()
        finally:
            example.stop()
        tap = [line for line in output if line.startswith("tap recognized")][0]
        values = [float(value) for value in re.findall(r"[-\d.]+", turned)]
        at = [float(value) for value in re.findall(r"[-\d.]+", tap)]
        if not (near(values[0], 2, 0.03) and near(values[1], 30, 1) and output[-1] == "zoom 1.000 angle 0.00"
                and near(at[0], 200, 1) and near(at[1], 150, 1)):
            raise Failure("tactus-pinch printed: %s" % output)
        return ("tactus-pinch (C, libtactus-client): a 40 to 80 mm pinch turning 30° left it at %s (%d lines, both "
                "ended); a double tap at %g,%g reset it: %s" % (turned, output.index(turned), at[0], at[1], output[-1]))


def the_library_refuses_what_the_compositor_would_raise_an_error_for(Desktop):
    """Every parameter at the bounds the protocol gives is sent and taken (the compositor raised no error, which would
    have ended the connection); each value past them, contradicting relations, relations across surfaces and a second
    exclusion are refused by the library with a message, and sent nowhere."""
    with Desktop() as desktop:
        test = Program(desktop, [built("tactus-client-library-test"), "refusals"])
        test.process.wait(timeout=20)
        output = test.output()
        summary = re.fullmatch(r"refused (\d+), accepted (\d+), protocol version 3", output[-1] if output else "")
        if test.process.returncode != 0 or not summary or int(summary[1]) < 30:
            raise Failure("library-test refusals (%d): %s %s" % (test.process.returncode, output, test.error()))
        return ("libtactus-client refused %s calls, each with a message (%s), and the compositor took the %s at the "
                "bounds without an error" % (summary[1], "; ".join(line[len("refused "):] for line in output[:3]),
                                             summary[2]))


def a_surface_destroyed_mid_gesture_ends_its_gesture_once(Desktop):
    """A client destroys its window's surface as its drag begins: the drag is cancelled (reason other) and nothing more
    comes, not for a second drag where the window was either; the client and the compositor go on."""
    with Desktop() as desktop:
        test = Program(desktop, [built("tactus-client-library-test"), "surface-gone"])
        try:
            test.ready("library-test surface-gone")
            window = desktop.windows()[0]
            at = "%g,%g" % (window["x"] + 200, window["y"] + 150)
            desktop.replay("drag", "--distance", "40", "--at", at)
            desktop.replay("drag", "--distance", "40", "--at", at)
            desktop.command("windows")
            heard = [line for line in test.output() if line.startswith("drag ")]
            alive = test.process.poll() is None
        finally:
            test.stop()
        if heard != ["drag began", "drag cancelled (other)"] or not alive or desktop.windows():
            raise Failure("surface gone mid-drag: heard %s, client alive %s, windows %s, %s"
                          % (heard, alive, desktop.windows(), test.error()))
        return ("a client whose surface went as its drag began heard %s, and nothing of a second drag; it kept "
                "running" % " then ".join(line[len("drag "):] for line in heard))


def an_exclusion_keeps_the_compositors_binding_out_of_its_rectangle(Desktop):
    """library-test exclusion: a window whose top 100 pixels are excluded through tactus_client_exclusion_new. A tap
    binding of normal priority does not run for a tap 50 pixels down the window, and runs for one 200 pixels down."""
    with Desktop(binding("tap", "tapped", priority="normal")) as desktop:
        test = Program(desktop, [built("tactus-client-library-test"), "exclusion"])
        try:
            test.ready("library-test exclusion")
            window = desktop.windows()[0]
            desktop.replay("tap", "--at", "%g,%g" % (window["x"] + 200, window["y"] + 50))
            inside = desktop.actions()
            desktop.replay("tap", "--at", "%g,%g" % (window["x"] + 200, window["y"] + 200))
            outside = desktop.actions()
        finally:
            test.stop()
        if inside or outside != ["tapped recognized progress 1.00 fingers 1"]:
            raise Failure("an exclusion of the top 100 pixels: actions %s after a tap in it, %s after one below it (%s)"
                          % (inside, outside, test.output()))
        return ("a window excluding its top 100 pixels through libtactus-client: a normal tap binding ran for no tap "
                "50 pixels down, and for the tap 200 pixels down (%s)" % outside[0])


def a_thousand_subscriptions_leak_nothing(Desktop):
    """valgrind's memcheck on 1 000 rounds of making four gestures with parameters, relations, a region and an
    exclusion, and destroying them (every other round by destroying the whole client): no leak, definite or indirect,
    no memory error, and the compositor answered every round without an error."""
    with Desktop() as desktop:
        log = os.path.join(desktop.runtime, "valgrind.log")
        test = subprocess.run(["valgrind", "--leak-check=full", "--errors-for-leak-kinds=definite,indirect",
                               "--error-exitcode=3", "--log-file=" + log, built("tactus-client-library-test"),
                               "cycles", "1000"], capture_output=True, text=True, timeout=300,
                              env=dict(desktop.environment, WAYLAND_DISPLAY=desktop.socket))
        with open(log) as file:
            report = file.read()
        summary = re.search(r"ERROR SUMMARY: (\d+) errors", report)
        lost = re.findall(r"(definitely|indirectly) lost: ([\d,]+) bytes", report)
        if test.returncode != 0 or test.stdout.strip() != "cycles 1000" or not summary or summary[1] != "0":
            raise Failure("valgrind on 1 000 cycles (%d): %s %s" % (test.returncode, test.stdout, report[-3000:]))
        in_use = re.search(r"in use at exit: ([\d,]+) bytes in ([\d,]+) blocks", report)
        return ("valgrind on 1 000 subscribe and unsubscribe cycles: 0 errors, %s; in use at exit %s bytes in %s "
                "blocks (libwayland's and libc's own)" % (", ".join("%s lost %s bytes" % pair for pair in lost)
                                                          or "no leak", in_use[1] if in_use else "0",
                                                          in_use[2] if in_use else "0"))


class Viewer(Program):
    """examples/gtk/tactus-viewer.py with --report: its states, and the gestures that failed, as they come."""

    START = {"picture": 0, "zoom": 1.0, "angle": 0.0, "menu": False}

    def __init__(self, desktop):
        super().__init__(desktop, ["/usr/bin/python3", VIEWER, "--report"], json.loads)
        self.desktop = desktop
        self.ready("tactus-viewer", self.START)
        wait_for(lambda: desktop.windows(), 10, "the viewer's window mapped")
        window = desktop.windows()[0]
        self.centre = "%g,%g" % (window["x"] + window["width"] / 2, window["y"] + window["height"] / 2)

    def states(self):
        return [line for line in self.output() if "picture" in line]

    def play(self, kind, *options, until):
        """Replays a gesture at the window's centre; returns the first state from then on for which until holds."""
        seen = len(self.output())
        self.desktop.replay(kind, *options, "--at", self.centre)
        return wait_for(lambda: next((state for state in self.output()[seen:] if "picture" in state and until(state)),
                                     None), 5, "the viewer's state after a %s" % kind)


def the_python_viewer_zooms_turns_swipes_resets_and_opens_its_menu(Desktop):
    """examples/gtk/tactus-viewer.py, PyGObject on libtactus-client-gtk's typelib: a pinch from 40 to 80 mm turning 30°
    zooms it to 2 and turns it 30°; a two-finger swipe left shows the next picture; a pinch then a double tap puts the
    view back; a long press opens its menu, and the double tap that was possible with it fails, lost to the long
    press."""
    with Desktop() as desktop:
        viewer = Viewer(desktop)
        try:
            turned = viewer.play("pinch-rotate", "--start-span", "40", "--end-span", "80", "--degrees", "30",
                                 until=lambda state: near(state["angle"], 30, 0.3) and near(state["zoom"], 2, 0.01))
            swiped = viewer.play("swipe", "--fingers", "2", "--direction", "left",
                                 until=lambda state: state["picture"] == 1)
            viewer.play("pinch", "--start-span", "40", "--end-span", "60", until=lambda state: state["zoom"] > 1.4)
            reset = viewer.play("tap", "--count", "2", until=lambda state: state["zoom"] == 1)
            seen = len(viewer.output())
            menu = viewer.play("long-press", until=lambda state: state["menu"])
            failures = [line for line in viewer.output()[seen:] if "failed" in line]
        finally:
            viewer.stop()
        if not (swiped["zoom"] == 1 and reset == dict(Viewer.START, picture=1)
                and {"failed": "tap", "reason": "lost-to-another-gesture"} in failures):
            raise Failure("the viewer: %s %s" % (viewer.output(), viewer.error()))
        return ("tactus-viewer (Python, PyGObject): a pinch turning 30° gave zoom %.4f, angle %.3f; a two-finger swipe "
                "left showed picture %d; a double tap put back %s; a long press opened the menu (%s), and the double "
                "tap failed: %s" % (turned["zoom"], turned["angle"], swiped["picture"] + 1, reset, menu,
                                   "; ".join("%(failed)s %(reason)s" % line for line in failures)))


def without_the_protocol_the_applications_say_so_and_run_on(Desktop):
    """On sway 1.7, which has no tactus-gestures-v1, the viewer and the C example each say once why there are no
    gestures, show their windows and keep running."""
    from beside import Sway  # here: sway's checks need its user and its tactusd only when this check runs

    with Sway() as sway:
        programs = {"tactus-viewer": ["/usr/bin/python3", VIEWER], "tactus-pinch": [built("tactus-pinch")]}
        running, said = {}, {}
        try:
            for title, command in programs.items():
                log = os.path.join(sway.runtime, title + ".log")
                with open(log, "w") as file:
                    os.chown(log, 4242, 4242)
                    running[title] = subprocess.Popen(sway.as_user(command, **GTK_ENVIRONMENT), stdout=file,
                                                      stderr=subprocess.STDOUT)
                wait_for(lambda: sway.shows(title) or running[title].poll() is not None, 20, "%s shown" % title)
            wait_for(lambda: all(open(os.path.join(sway.runtime, title + ".log")).read() for title in programs), 5,
                     "what the programs said")
            for title in programs:
                with open(os.path.join(sway.runtime, title + ".log")) as file:
                    said[title] = [line for line in file.read().splitlines() if line.startswith(title)]
            alive = {title: process.poll() is None for title, process in running.items()}
        finally:
            for process in running.values():
                if process.poll() is None:
                    process.terminate()
                    process.wait(timeout=10)
        if not all(alive.values()) or any(len(lines) != 1 or "tactus_gesture_manager_v1" not in lines[0]
                                          for lines in said.values()):
            raise Failure("without the protocol: running %s, said %s" % (alive, said))
        return ("on sway 1.7, without tactus-gestures-v1, both windows showed and kept running; they said: %s"
                % "; ".join(lines[0] for lines in said.values()))


def a_gtk_gesture_stays_on_its_widget_and_follows_its_window_shown_again(Desktop):
    """Tests/ClientLibrary/hide-and-show.py: a tap gesture on a pad below a label 100 pixels high, in a window that
    hides and shows itself again after each tap (a new wl_surface each time, in GTK 4): a tap 200 pixels down the
    window is recognized at 100 pixels down the pad, again once the window is shown anew, and a tap on the label is
    not recognized (the gesture's region is the pad's)."""
    with Desktop() as desktop:
        test = Program(desktop, ["/usr/bin/python3", os.path.join(ROOT, "Tests", "ClientLibrary", "hide-and-show.py")],
                       json.loads)
        try:
            test.ready("hide-and-show", {"shown": 1})
            window = desktop.windows()[0]
            pad, label = (window["x"] + 100, window["y"] + 200), (window["x"] + 100, window["y"] + 50)
            desktop.replay("tap", "--at", "%g,%g" % pad)
            wait_for(lambda: {"shown": 2} in test.output(), 5, "the window shown again")
            desktop.replay("tap", "--at", "%g,%g" % pad)
            wait_for(lambda: {"shown": 3} in test.output(), 5, "the window shown a third time")
            desktop.replay("tap", "--at", "%g,%g" % label)
            desktop.replay("tap", "--at", "%g,%g" % pad)
            wait_for(lambda: {"shown": 4} in test.output(), 5, "the window shown a fourth time")
        finally:
            test.stop()
        taps = [line["tap"] for line in test.output() if "tap" in line]
        if taps != [[100, 100]] * 3:
            raise Failure("hide-and-show heard %s" % test.output())
        return ("a tap gesture on a GTK pad below a 100-pixel label: taps 200 pixels down the window were recognized "
                "at %s in the pad, on each of three wl_surfaces the window was shown with; the tap on the label was "
                "not" % taps[0])


def gjs_and_vala_use_the_library_directly(Desktop):
    """Tests/ClientLibrary/swipe.js (GJS, through the typelib) and swipe.vala (Vala, through the VAPI made from the
    GIR), each a window with a three-finger swipe up: each reports a refused setting as an exception with the
    library's reason, and recognizes the swipe replayed on its window."""
    programs = {"GJS": ["gjs", os.path.join(ROOT, "Tests", "ClientLibrary", "swipe.js")],
                "Vala": [built("tactus-client-swipe-vala")]}
    heard = {}
    for language, command in programs.items():
        with Desktop() as desktop:
            program = Program(desktop, command)
            try:
                program.ready(language)
                window = desktop.windows()[0]
                desktop.replay("swipe", "--fingers", "3", "--direction", "up", "--at",
                               "%g,%g" % (window["x"] + window["width"] / 2, window["y"] + window["height"] / 2))
                wait_for(lambda: "swipe 3 up" in program.output(), 5, "%s's swipe" % language)
            finally:
                program.stop()
            heard[language] = program.output()
            if heard[language] != ["refused: fingers 11 is not within 1 to 10", "ready", "swipe 3 up"]:
                raise Failure("%s printed %s: %s" % (language, heard[language], program.error()))
    return "; ".join("%s printed %s" % (language, " / ".join(lines)) for language, lines in heard.items())
