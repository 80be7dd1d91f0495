# SPDX-License-Identifier: MIT
"""Replays: traces that cannot be played, times far before and after, --replay of a trace and of what is none, a
trace written with spaces, and a replay stopped while it waits."""
import json
import os
import random
import re
import subprocess
import time

from checks.common import binding, cpu_seconds, kinds_of_touch, phases
from desktop import COMPOSITOR, Failure, wait_for


# A short evemu recording (evemu-record's format): tactus-sim replays these with --evemu; they are no traces.
EVEMU = """# EVEMU 1.3
N: Test Panel
I: 0018 0000 0000 0000
P: 02 00 00 00 00 00 00 00
B: 00 0b 00 00 00 00 00 00 00
A: 35 0 1000 0 0 0
A: 36 0 500 0 0 0
A: 39 0 65535 0 0 0
E: 0.000001 0003 0039 0007
E: 0.000001 0003 0035 0500
E: 0.000001 0003 0036 0250
E: 0.000001 0000 0000 0000
E: 0.050000 0003 0039 -001
E: 0.050000 0000 0000 0000
"""


def replays_of_what_cannot_be_played_are_refused_at_once(Desktop):
    """replay of /dev/zero (it spun forever), of a FIFO nobody writes (the compositor blocked opening it) and of a
    trace with a time of 1e300 (an undefined cast, a replay that never ended): each is refused at once with why, and
    the compositor serves the next command."""
    with Desktop() as desktop:
        fifo = os.path.join(desktop.runtime, "fifo")
        os.mkfifo(fifo)
        far = os.path.join(desktop.runtime, "far.jsonl")
        with open(far, "w") as file:
            file.write('{"tactus_trace":1,"devices":[]}\n{"t":1e300,"type":"frame","device":1}\n')
        connection = desktop.connect(timeout=5)
        answers = []
        for path in ("/dev/zero", fifo, far):
            connection.sendall(("replay %s\n" % path).encode())
            answers.append(connection.readline().rstrip("\n"))
        expected = ["error: /dev/zero: not a regular file", "error: %s: not a regular file" % fifo,
                    'error: %s:2: "t" must be a whole number within -9007199254740992…9007199254740992' % far]
        if answers != expected or desktop.windows() != []:
            raise Failure("replays of /dev/zero, a FIFO, t 1e300: answered %s" % answers)
        return "replay of /dev/zero, of a FIFO and of a trace with t 1e300 were refused at once: %s" % "; ".join(
            answer.replace(desktop.runtime + "/", "") for answer in answers)


def times_before_the_start_and_past_24_days_play(Desktop):
    """Times are whole microseconds within ±2⁵³, as tactus-sim reads them: a tap whose every event comes before the
    trace's start plays at once and is recognized, and a frame 30 days on keeps the replay waiting while the
    compositor serves commands (the event loop's timer counts milliseconds in an int: it waits its longest, then
    again), and quits when asked."""
    with Desktop() as desktop:
        window = desktop.open_client("--gesture", "tap=tap")
        trace = desktop.trace("tap", "--at", "%g,%g" % window.centre())
        with open(trace) as file:
            header, *lines = file.read().splitlines()
        events = [json.loads(line) for line in lines]
        before = events[-1]["t"] + 1000
        events = [dict(event, t=event["t"] - before) for event in events]
        events.append({"t": 30 * 24 * 3600 * 1000000, "type": "frame", "device": events[0]["device"]})
        with open(trace, "w") as file:
            file.write("\n".join([header] + [json.dumps(e, separators=(",", ":")) for e in events]) + "\n")
        desktop.send("replay " + trace)  # answered "done" in 30 days
        window.finished("tap", timeout=5)
        desktop.command("windows")
        return ("a tap at %d…%d µs and a frame 30 days on: the tap was recognized at once, and the compositor "
                "answered windows while the frame waited" % (events[0]["t"], events[-2]["t"]))


def a_one_shot_replay_refuses_what_is_no_trace(Desktop):
    """tactus-wlr --replay of random bytes, of text, of an evemu recording and of an empty file: each is refused with
    its file and line (the file alone for what is wrong with it as a whole: bytes that are no UTF-8, no lines), the
    compositor exits non-zero, and nothing plays ("replay finished" is not printed)."""
    with Desktop() as desktop:
        inputs = {"random.bin": bytes(random.Random(15).getrandbits(8) for _ in range(4096)),
                  "text.txt": b"Tactus replays traces.\nThis is none.\n", "recording.evemu": EVEMU.encode(),
                  "empty.jsonl": b""}
        refused = []
        for name, content in inputs.items():
            path = os.path.join(desktop.runtime, name)
            with open(path, "wb") as file:
                file.write(content)
            run = subprocess.run([COMPOSITOR, "--socket", "wayland-once", "--replay", path], env=desktop.environment,
                                 capture_output=True, text=True, timeout=30)
            place = re.search(re.escape(path) + r"(?::(\d+))?[: ]", run.stderr)
            if run.returncode == 0 or not place or "replay finished" in run.stdout or "Sanitizer" in run.stderr:
                raise Failure("--replay %s: exit %d, printed %s\n%s" % (name, run.returncode, run.stdout.splitlines(),
                                                                        run.stderr[-3000:]))
            refused.append("%s %s (exit %d)" % (name, "at line " + place.group(1) if place.group(1) else "as a whole",
                                                run.returncode))
        return "--replay refused " + ", ".join(refused)


def a_trace_written_with_spaces_replays(Desktop):
    """A trace as any JSON writer may write it, with spaces after its colons and commas: --replay plays it and its
    binding runs, as tactus-sim reads the same file."""
    config = binding("swipe", "workspace-next", fingers=3, direction="left", policy="withhold")
    with Desktop(config) as desktop:
        trace = desktop.trace("swipe", "--fingers", "3", "--direction", "left")
        with open(trace) as file:
            lines = [json.dumps(json.loads(line)) for line in file]
        with open(trace, "w") as file:
            file.write("\n".join(lines) + "\n")
        run = subprocess.run([COMPOSITOR, "--socket", "wayland-once", "--replay", trace], env=desktop.environment,
                             capture_output=True, text=True, timeout=30)
        if (run.returncode != 0 or '"t": ' not in lines[1]
                or "action workspace-next recognized progress 1.00 fingers 3" not in run.stdout.splitlines()):
            raise Failure("--replay of a trace with spaces: exit %d, printed %s\n%s"
                          % (run.returncode, run.stdout.splitlines(), run.stderr[-3000:]))
        return "--replay of a 3-finger swipe written with spaces after its colons ran workspace-next and exited 0"


def a_one_shot_replay_plays_and_quits(Desktop):
    """tactus-wlr --replay TRACE: the trace plays on the headless touchscreen at start, its binding runs, and the
    compositor quits by itself."""
    config = binding("swipe", "workspace-next", fingers=3, direction="left", policy="withhold")
    with Desktop(config) as desktop:
        trace = desktop.trace("swipe", "--fingers", "3", "--direction", "left")
        run = subprocess.run([COMPOSITOR, "--socket", "wayland-once", "--replay", trace], env=desktop.environment,
                             capture_output=True, text=True, timeout=30)
        lines = run.stdout.splitlines()
        if run.returncode != 0 or "action workspace-next recognized progress 1.00 fingers 3" not in lines \
                or lines[-1] != "tactus-wlr: replay finished" or "Sanitizer" in run.stderr:
            raise Failure("--replay: exit %d, printed %s\n%s" % (run.returncode, lines, run.stderr[-3000:]))
        return "--replay with a 3-finger swipe: workspace-next ran, the compositor printed 'replay finished' and exited 0"


def a_stopped_replay_ends_its_gestures_once_and_frees_the_slot(Desktop):
    """stop-replay on replays that would hold the one replay slot for good, their ends at 2^53 µs (285 years on): a
    touchscreen drag on a window, halfway, then a three-finger touchpad pinch bound to zoom, halfway. While each waits,
    another replay is refused and the compositor does not spin (under 0.1 s of CPU in half a second); stopped, the
    drag's touch is cancelled as a device's would be (the window's pan ends cancelled, its wl_touch gets cancel and no
    up), zoom is cancelled, each once, the replay's requester hears that it was stopped, and a tap replayed next
    plays to its done."""
    far = 2 ** 53
    with Desktop(binding("pinch", "zoom", fingers=3) + "live = true\n") as desktop:
        window = desktop.open_client("--gesture", "pan=drag", "--touch")
        desktop.point_at(*window.centre())

        def held(kind, options, ends):
            """A generated trace cut halfway, the events that would end it put at 2^53 µs."""
            path = desktop.trace(kind, *options)
            with open(path) as file:
                lines = file.read().splitlines()
            device = json.loads(lines[1])["device"]
            lines = lines[:len(lines) // 2] + [json.dumps(dict(end, t=far, device=device)) for end in ends]
            with open(path, "w") as file:
                file.write("\n".join(lines) + "\n")
            return path

        other = desktop.connect()

        def stop(trace, began, what):
            desktop.send("replay " + trace)
            wait_for(began, 5, what)
            other.sendall(("replay %s\n" % trace).encode())
            refused = other.readline().rstrip("\n")
            before = cpu_seconds(desktop.process.pid)
            time.sleep(0.5)
            busy = cpu_seconds(desktop.process.pid) - before
            other.sendall(b"stop-replay\n")
            stopped = other.readline().rstrip("\n")
            if refused != "error: a replay is playing" or busy >= 0.1 or stopped != "ok":
                raise Failure("while %s waited for 2^53 µs: another replay answered %r, %.2f s of CPU in 0.5 s; "
                              "stop-replay answered %r" % (what, refused, busy, stopped))
            heard = desktop._replies.readline().rstrip("\n")
            if heard != "error: the replay was stopped":
                raise Failure("the stopped replay of %s answered its requester %r" % (what, heard))
            return busy

        drag = held("drag", ["--distance", "60", "--duration", "600", "--at", "%g,%g" % window.centre()],
                    [{"type": "up", "id": 0}, {"type": "frame"}])
        pinch = held("touchpad-pinch", ["--fingers", "3", "--scale", "1.5", "--degrees", "0"],
                     [{"type": "pinch_end", "cancelled": False}])
        busy = [stop(drag, lambda: window.events("pan"), "the drag"),
                stop(pinch, lambda: [a for a in desktop.actions() if a.startswith("zoom began")], "the pinch")]
        desktop.replay("tap", "--at", "%g,%g" % window.centre())
        time.sleep(0.3)  # anything late would come now
        pan = [phase for phase in phases(window, "pan") if phase != "failed"]  # the pinch and the tap are no drags
        touches = kinds_of_touch(window.events(), ("down", "up", "cancel"))
        zoom = [a.split()[1] for a in desktop.actions() if a.startswith("zoom ") and a.split()[1] != "changed"]
        if pan != ["began", "cancelled"] or touches != ["down", "cancel", "down", "up"] or zoom != ["began", "cancelled"]:
            raise Failure("after stop-replay: the pan %s, the window's touches %s, zoom %s" % (pan, touches, zoom))
        return ("stop-replay stopped a drag and a touchpad pinch whose ends were due at 2^53 µs (meanwhile another "
                "replay was refused, and the compositor used %.2f and %.2f s of CPU in half a second): the window's pan "
                "went began → cancelled and its touch down → cancel, zoom began → cancelled, the requester heard 'the "
                "replay was stopped'; the tap replayed next played, down → up" % tuple(busy))
