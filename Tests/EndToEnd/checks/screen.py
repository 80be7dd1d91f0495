# SPDX-License-Identifier: MIT
"""What tactusd shows on screen beside a real compositor (Tests/EndToEnd/beside.py): the feedback ([feedback]) on a
layer-shell overlay, seen in grim's screenshots (wlr-screencopy) pixel by pixel, and the edge strips that keep an edge
swipe's touches from the application below."""
import json
import os
import subprocess
import time

from beside import UID
from desktop import Failure, wait_for

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

FEEDBACK = """
[feedback]
color = "#ff00ff"
fade-ms = 300

[[binding]]
name = "pull"
gesture = "edge-swipe"
edge = "left"
fingers = 2
distance = 40
strip = false
action = { exec = "true" }
"""


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
