# SPDX-License-Identifier: MIT
"""What tactusd shows on screen beside a real compositor (Tests/EndToEnd/beside.py): the feedback ([feedback]) on a
layer-shell overlay, seen in grim's screenshots (wlr-screencopy) pixel by pixel, and the edge strips that keep an edge
swipe's touches from the application below."""
import json
import os
import subprocess
import time

from beside import UID
from desktop import CLIENT, COMPOSITOR, Failure, Lines, wait_for

# Opaque magenta, which nothing else on the desktop has, so that the pixels say what the feedback drew.
MAGENTA = (255, 0, 255)
WIDTH, HEIGHT = 1280, 720
# The touchscreen of the traces: 254 x 143 mm over the output's 1280 x 720 pixels (desktop.SCREEN).
MM = WIDTH / 254.0
# Where FeedbackPainter puts the bar (Sources/TactusDaemon/Feedback/FeedbackPainter.swift): a panel 480 pixels wide,
# centred, 72 high, its bottom 48 above the output's; the bar 20 in from its sides, 44 below its top, 12 high.
PANEL_LEFT = (WIDTH - 480) // 2
BAR_LEFT, BAR_WIDTH = PANEL_LEFT + 20, 480 - 40
BAR_ROW = HEIGHT - 48 - 72 + 44 + 6



def pulling(binding):
    """A configuration with the feedback in magenta, fading in 300 ms, and a left edge swipe named pull with the rest
    of its keys and its action in binding."""
    return '[feedback]\ncolor = "#ff00ff"\nfade-ms = 300\n\n[[binding]]\nname = "pull"\ngesture = "edge-swipe"\n' \
        'edge = "left"\n' + binding


# Two fingers, half of whose 40 mm pull shows on the bar, and no strip, which the feedback's check does not need.
FEEDBACK = pulling('fingers = 2\ndistance = 40\nstrip = false\naction = { exec = "true" }\n')


def trace(path, steps):
    """Writes a trace of one touchscreen (254 x 143 mm over 1280 x 720 pixels): steps are (time in ms, {finger: (x mm,
    y mm) or None for a lift}), each a frame."""
    lines = [{"tactus_trace": 1, "devices": [{"id": 1, "kind": "touchscreen", "name": "tactus-check touchscreen",
                                              "size_mm": [254, 143], "output": [0, 0, WIDTH, HEIGHT], "rotation": 0,
                                              "flipped": False, "slots": 10}]}]
    down = set()
    for time_ms, fingers in steps:
        for finger, place in sorted(fingers.items()):
            event = {"t": time_ms * 1000, "device": 1, "id": finger}
            if place is None:
                event["type"] = "up"
                down.discard(finger)
            else:
                event.update({"type": "motion" if finger in down else "down", "x": place[0] / 254.0,
                              "y": place[1] / 143.0})
                down.add(finger)
            lines.append(event)
        lines.append({"t": time_ms * 1000, "type": "frame", "device": 1})
    with open(path, "w") as file:
        file.write("".join(json.dumps(line) + "\n" for line in lines))
    os.chown(path, UID, UID)


def pull_from_the_left_edge(path, hold_ms):
    """Two fingers 30 mm apart land 1 mm from the left edge, move 20 mm inwards in 400 ms, rest there hold_ms (the
    pull at half its 40 mm), then lift."""
    rows = (55.0, 85.0)
    steps = [(0, {0: (1.0, rows[0]), 1: (1.0, rows[1])})]
    for step in range(1, 41):
        x = 1.0 + 20.0 * step / 40
        steps.append((step * 10, {0: (x, rows[0]), 1: (x, rows[1])}))
    steps.append((400 + hold_ms, {0: None, 1: None}))
    trace(path, steps)
    return [(21.0, row) for row in rows]


class Screenshot:
    """A grim screenshot (wlr-screencopy) of the output, as pixels."""

    def __init__(self, beside, name):
        path = os.path.join(beside.runtime, name + ".ppm")
        taken = subprocess.run(beside.as_user(["grim", "-t", "ppm", path]), capture_output=True, text=True, timeout=20)
        if taken.returncode != 0:
            raise Failure("grim failed: %s" % taken.stderr.strip())
        with open(path, "rb") as file:
            data = file.read()
        self.path = path
        header = data.split(b"\n", 3)
        if header[0] != b"P6" or header[2] != b"255":
            raise Failure("grim's %s is no 8-bit PPM: %r" % (path, header[:3]))
        self.width, self.height = (int(n) for n in header[1].split())
        self.pixels = header[3]
        if len(self.pixels) != self.width * self.height * 3:
            raise Failure("grim's %s holds %d bytes of pixels for %dx%d" % (path, len(self.pixels), self.width,
                                                                          self.height))

    def at(self, x, y):
        offset = (int(y) * self.width + int(x)) * 3
        return tuple(self.pixels[offset:offset + 3])

    def run_of(self, colour, y, start, end):
        """How many pixels of the row y from start to end are colour."""
        return sum(1 for x in range(start, end) if self.at(x, y) == colour)


def the_feedback_shows_the_fingers_and_the_progress_and_is_gone_when_idle(Sway):
    """[feedback] with magenta: a screenshot before tactusd runs; two fingers pulled 20 mm in from the left edge and
    held there, where the edge swipe's bar is half full (distance 40 mm); a screenshot while they rest shows magenta
    discs under both fingers and the bar filled to its half; once they lift and the result faded, a screenshot shows
    the desktop as it was before, pixel for pixel."""
    with Sway() as sway:
        before = Screenshot(sway, "before")
        config = os.path.join(sway.runtime, "feedback.toml")
        with open(config, "w") as file:
            file.write(FEEDBACK)
        os.chown(config, UID, UID)
        path = os.path.join(sway.runtime, "pull.jsonl")
        fingers = pull_from_the_left_edge(path, hold_ms=4000)
        said_path = os.path.join(sway.runtime, "tactusd.out")
        with open(said_path, "w") as said:
            daemon = subprocess.Popen(sway.as_user([sway.tactusd, "--config", config, "--replay", path, "--verbose"],
                                                   **sway.command_environment()),
                                      stdout=said, stderr=subprocess.STDOUT)
        try:
            wait_for(lambda: "edge-swipe changed" in open(said_path).read(), 10, "%s: the pull began" % sway.name)
            time.sleep(1.0)  # the fingers rest from 400 ms to 4.4 s into the trace: well inside it
            during = Screenshot(sway, "during")
            daemon.wait(timeout=30)
        finally:
            if daemon.poll() is None:
                daemon.kill()
                daemon.wait()
        said = open(said_path).read()
        if daemon.returncode != 0 or "showing the feedback on" not in said:
            raise Failure("%s: tactusd exited %s:\n%s" % (sway.name, daemon.returncode, said))
        discs = [during.at(x * (WIDTH / 254.0), y * (HEIGHT / 143.0)) for x, y in fingers]
        filled = during.run_of(MAGENTA, BAR_ROW, BAR_LEFT, BAR_LEFT + BAR_WIDTH)
        track = during.at(BAR_LEFT + BAR_WIDTH - 5, BAR_ROW)
        time.sleep(0.5)  # the result fades in 300 ms
        after = Screenshot(sway, "after")
        changed = sum(1 for i in range(0, len(before.pixels), 3) if before.pixels[i:i + 3] != after.pixels[i:i + 3])
        if discs != [MAGENTA, MAGENTA] or abs(filled - BAR_WIDTH // 2) > 3 or track == MAGENTA or changed != 0:
            raise Failure("%s: under the fingers %s; the bar's row had %d magenta pixels of %d (half: %d), its end %s; "
                          "%d pixels differ from before once idle\ntactusd said: %s"
                          % (sway.name, discs, filled, BAR_WIDTH, BAR_WIDTH // 2, track, changed, said[-3000:]))
        return ("%s: mid-pull, magenta %s under both fingers (%s px); the bar's row %d magenta of %d pixels (half "
                "at 20 of 40 mm), its end %s; idle after, 0 of %d pixels differ from the screenshot before"
                % (sway.name, discs[0], ", ".join("%.0f,%.0f" % (x * MM, y * MM) for x, y in fingers), filled,
                   BAR_WIDTH, track, before.width * before.height))



# One finger, with the edge's strip, marking each pull.
STRIPS = pulling('action = { exec = "echo pulled >> %(marks)s" }\n')

# One finger lands 1 mm from the left edge (in the strip: the edge band's 5 mm are 25 pixels), pulls 40 mm inwards in
# 400 ms, rests until 3.4 s and lifts; another taps the middle of the screen at 4.5 s.
PULL_AND_TAP = ([(0, {0: (1.0, 71.5)})] + [(step * 10, {0: (1.0 + step, 71.5)}) for step in range(1, 41)]
                + [(3400, {0: None}), (4500, {1: (127.0, 71.5)}), (4600, {1: None})])


class Probe:
    """A tactus-demo-client window that subscribes to no gesture (sway has no tactus-gestures-v1) and prints the touch
    and pointer events it gets, filling sway's workspace."""

    def __init__(self, beside):
        self.process = subprocess.Popen(beside.as_user([CLIENT, "--no-gestures", "--fill", "--touch", "--pointer", "--title",
                                                        "probe"]),
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines = Lines(self.process.stdout, json.loads)
        wait_for(lambda: any(line.get("event") == "ready" for line in self.lines.snapshot())
                 or self.process.poll() is not None, 10, "the probe window")
        if self.process.poll() is not None:
            raise Failure("the probe window exited %s: %s" % (self.process.returncode, self.process.stderr.read()))
        wait_for(lambda: beside.shows("probe"), 10, "%s shows the probe window" % beside.name)

    def events(self, event, kind):
        return [line for line in self.lines.snapshot() if line.get("event") == event and line.get("type") == kind]

    def presses(self):
        return [line for line in self.events("pointer", "button") if line.get("state") == "pressed"]

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def cpu_ticks(pid):
    """The CPU time a process took so far, user and system, in clock ticks (100 a second)."""
    with open("/proc/%d/stat" % pid) as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def click(sway, x, y):
    sway.swaymsg("seat", "seat0", "cursor", "set", str(x), str(y))
    sway.swaymsg("seat", "seat0", "cursor", "press", "button1")
    sway.swaymsg("seat", "seat0", "cursor", "release", "button1")


def an_edge_swipe_reaches_tactusd_and_not_the_window_below(SwayOnTouchscreen):
    """sway reads a touchscreen through libinput; a window fills the screen; tactusd (reading the same touches) has a
    left edge swipe's binding, so a strip along that edge, and the feedback. A finger pulled in from the left edge runs
    the binding once, and the window receives no wl_touch event of it; while it rests, the feedback shows its disc,
    a click in the middle reaches the window through the feedback, one 22 pixels from the edge, in the strip (5 mm of
    the touchscreen: 25 pixels; 96 dpi would make 19), does not, and one 30 pixels from it does; a tap in the middle
    afterwards reaches the window (one down, one up), and tactusd then takes no CPU time."""
    class Sway(SwayOnTouchscreen):
        steps = PULL_AND_TAP

    with Sway() as sway:
        probe = Probe(sway)
        marks = os.path.join(sway.runtime, "marks")
        config = os.path.join(sway.runtime, "strips.toml")
        with open(config, "w") as file:
            file.write(STRIPS % {"marks": marks})
        os.chown(config, UID, UID)
        said_path = os.path.join(sway.runtime, "tactusd.out")
        with open(said_path, "w") as said:
            daemon = subprocess.Popen(sway.tactusd_command(config, "--verbose"), stdout=said, stderr=subprocess.STDOUT)
        try:
            wait_for(lambda: "showing the feedback and edge strips (left)" in open(said_path).read()
                     or daemon.poll() is not None, 10, "%s: tactusd shows its strip" % sway.name)
            if time.monotonic() > sway.start_of_touches:
                raise Failure("%s: sway, the window and tactusd were not up before the touches began" % sway.name)
            sway.wait_for_touches(1000)
            resting = Screenshot(sway, "resting")
            disc = resting.at(41 * MM, 360)
            clicks = []
            for x in (640, 22, 30):
                click(sway, x, 360)
                time.sleep(0.2)
                clicks.append(len(probe.presses()))
            touched_while_pulling = [line for line in probe.lines.snapshot() if line.get("event") == "touch"]
            sway.wait_for_touches(5500)
            wait_for(lambda: probe.events("touch", "up"), 5, "%s: the tap reached the window" % sway.name)
            # Idle: the tap's result faded 300 ms after it; tactusd should take no CPU time while nothing happens.
            time.sleep(0.5)
            before = cpu_ticks(daemon.pid)
            time.sleep(2)
            idle_ticks = cpu_ticks(daemon.pid) - before
        finally:
            daemon.terminate()
            daemon.wait(timeout=10)
            probe.close()
        said = open(said_path).read()
        ran = open(marks).read().splitlines() if os.path.exists(marks) else []
        downs, ups = probe.events("touch", "down"), probe.events("touch", "up")
        if (ran != ["pulled"] or touched_while_pulling or len(downs) != 1 or len(ups) != 1 or disc != MAGENTA
                or clicks != [1, 1, 2] or idle_ticks > 1 or daemon.returncode != 0):
            raise Failure("%s: the binding ran %s; the window's touches while pulling %s, then %d downs and %d ups; the "
                          "disc's pixel %s; presses after the clicks at x 640, 22 and 30: %s; %d ticks of CPU in 2 s idle; tactusd exited %s\ntactusd said: %s"
                          % (sway.name, ran, touched_while_pulling, len(downs), len(ups), disc, clicks, idle_ticks,
                             daemon.returncode, said[-3000:]))
        return ("%s: the pull from the left edge ran the binding once (%s) and the window got 0 wl_touch events of it; "
                "resting, the feedback's disc %s under the finger, a click at x 640 reached the window through it (1 "
                "press), one at x 22 in the strip (25 pixels: 5 mm of the 254 mm touchscreen over 1280) did not (still 1), one at "
                "x 30 did (2); the tap in the middle reached the window (1 down "
                "at %s, 1 up); idle after, tactusd took %d ticks (10 ms each) of CPU in 2 s"
                % (sway.name, ran, disc, downs[0].get("location"), idle_ticks))


def tactusd_says_when_the_compositor_cannot_show_its_feedback(Desktop):
    """tactusd --check beside a compositor without zwlr_layer_shell_v1 (tactus-wlr, which has no layer shell): a
    configuration with [feedback] and an edge swipe is good, and tactusd says that they cannot show there, and why."""
    with Desktop() as desktop:
        path = os.path.join(desktop.runtime, "screen.toml")
        with open(path, "w") as file:
            file.write('[feedback]\n\n[[binding]]\ngesture = "edge-swipe"\nedge = "bottom"\naction = { exec = "true" }\n')
        ran = subprocess.run([os.path.join(os.path.dirname(COMPOSITOR), "tactusd"), "--check", path], capture_output=True, text=True, timeout=30,
                             env=dict(desktop.environment, WAYLAND_DISPLAY=desktop.socket))
        said = "tactusd: the compositor at %s offers no zwlr_layer_shell_v1: the feedback and edge strips (bottom) " \
               "cannot show" % desktop.socket
        if ran.returncode != 0 or said not in ran.stdout or "1 bindings, good" not in ran.stdout or not desktop.alive():
            raise Failure("tactusd --check exited %d: %s%s" % (ran.returncode, ran.stdout, ran.stderr))
        return "tactusd --check beside tactus-wlr: \"%s\", exit 0, the compositor still up" % said.split(": ", 1)[1]
