# SPDX-License-Identifier: MIT
"""One binding runtime in every host: the same bindings, fed the same trace, run the same commands with the same
environment, and feed their streams the same lines, in tactusd (`--replay`) and in libtactus loaded by tactus-wlr or
Wayfire."""
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time

from desktop import COMPOSITOR, SCREEN, SIMULATOR, Failure, wait_for

# tactusd built beside the compositor (the sanitized build has its own).
TACTUSD = os.path.join(os.path.dirname(COMPOSITOR), "tactusd")
# A variable of the hosts' own environment that no command may see: TACTUS_* are the gesture's alone.
LEAK = "TACTUS_FROM_THE_HOST"

# Each command appends one line: the TACTUS_* variables it got, sorted. A command that hangs also writes its process
# id to `pids` first, so that the check can end it. A stream's process appends the lines it reads.
RECORD = """printf '%s\\n' "$(env | grep ^TACTUS_ | sort | tr '\\n' ' ')" >> '{folder}/{name}'"""
STREAM = """cat >> '{folder}/{name}'"""
HANG = """echo $$ >> '{folder}/pids'; {record}; sleep 30"""


def device_cancel(lines):
    """The first half of a trace, then libinput cancelling its touches (a palm, a lost device)."""
    half = lines[:len(lines) // 2]
    last = json.loads(half[-1])
    return half + [json.dumps({"t": last["t"] + 8000, "type": "cancel", "device": last["device"]}, separators=(",", ":"))]


# The table: a binding (its TOML lines but the action), the trace that drives it (tactus-sim generate's arguments,
# and what becomes of its lines), and the steps its commands must come at, in order. The paced gestures take 2 s, their
# paces some 400 ms apart: a command of the record takes five processes, which in a sanitized Wayfire (whose preloaded
# sanitizer runtime its commands inherit) may outlast a pace of 133 ms, and a change due while the binding's command
# still runs is left out (docs/configuration.md).
TABLE = [
    dict(name="paced-drag", binding='gesture = "drag"\nfingers = 3\non = ["began", "changed", "ended"]\nevery-mm = 10',
         trace=["drag", "--fingers", "3", "--distance", "45", "--duration", "2000"],
         steps=["began", "changed", "changed", "changed", "changed", "ended"]),
    dict(name="cancelled-drag", binding='gesture = "drag"\nfingers = 2\non = ["began", "cancelled", "ended"]',
         trace=["drag", "--fingers", "2", "--distance", "60", "--duration", "600"], transform=device_cancel,
         steps=["began", "cancelled"]),
    dict(name="live-pinch", binding='gesture = "pinch"\nfingers = 2\nlive = true\nevery-scale = 0.25',
         # It begins at ×1.1, when the fingers have spread enough to tell: ×1.37, ×1.63 and ×1.9 are a pace apart.
         trace=["pinch", "--start-span", "30", "--end-span", "60", "--duration", "2000"],
         steps=["began", "changed", "changed", "changed", "ended"]),
    dict(name="four-finger-tap", binding='gesture = "tap"\nfingers = 4',
         trace=["tap", "--fingers", "4"], steps=["ended"]),
    # The began command hangs: the end waits a second for it at most, then runs.
    dict(name="hanging-began", binding='gesture = "drag"\nfingers = 3\non = ["began", "ended"]', hangs=True,
         trace=["drag", "--fingers", "3", "--distance", "30", "--duration", "300"], steps=["began", "ended"]),
    # Streams: every step, paced as commands are, one line each to one process.
    dict(name="streamed-drag", binding='gesture = "drag"\nfingers = 3\nevery-mm = 10', stream=True,
         trace=["drag", "--fingers", "3", "--distance", "45", "--duration", "600"],
         steps=["began", "changed", "changed", "changed", "changed", "ended"]),
    dict(name="streamed-pinch", binding='gesture = "pinch"\nfingers = 2\nevery-scale = 0.25', stream=True,
         trace=["pinch", "--start-span", "30", "--end-span", "60", "--duration", "500"],
         steps=["began", "changed", "changed", "changed", "ended"]),
]


def configuration(folder, rows, host=False):
    """The rows' bindings, each running its recording command; with host, a host action with the first row's gesture
    and pace too (tactusd leaves it out, the compositor runs it)."""
    text = ""
    for row in rows:
        if row.get("stream"):
            text += "[[binding]]\n%s\naction = { stream = '''%s''' }\n\n" % (
                row["binding"], STREAM.format(folder=folder, name=row["name"]))
            continue
        record = RECORD.format(folder=folder, name=row["name"])
        command = HANG.format(folder=folder, record=record) if row.get("hangs") else record
        text += "[[binding]]\n%s\naction = { exec = '''%s''' }\n\n" % (row["binding"], command)
    if host:
        # Beside the command's binding, not against it.
        text += "[[binding]]\n%s\nlive = true\npriority = \"simultaneous\"\naction = { host = \"paced\" }\n" % rows[0]["binding"]
    return text


def recorded(folder, row):
    """The commands a row's binding ran, one dict of TACTUS_* variables each, or the lines its stream read, one dict
    each without its time (each host's clock), in order."""
    path = os.path.join(folder, row["name"])
    if not os.path.exists(path):
        return []
    with open(path) as file:
        lines = file.read().splitlines()
    if row.get("stream"):
        return [{key: value for key, value in json.loads(line).items() if key != "time_ms"} for line in lines]
    return [dict(word.split("=", 1) for word in line.split()) for line in lines]


def phase(step):
    """The phase a command ran at, or a stream's line is of."""
    return step.get("TACTUS_PHASE", step.get("phase"))


def end_hanging_commands(folder):
    """Ends the commands that hang, which a compositor's plugin leaves running."""
    path = os.path.join(folder, "pids")
    if os.path.exists(path):
        with open(path) as file:
            for pid in file.read().split():
                try:
                    os.killpg(int(pid), signal.SIGKILL)
                except ProcessLookupError:
                    pass


def a_binding_runs_alike_in_tactusd_and_the_plugin(Desktop):
    """The table's bindings, each replayed on its own trace through tactusd --replay and through libtactus in the
    compositor (tactus-wlr, or Wayfire): every binding runs its commands at the steps the table expects, with the same
    TACTUS_* variables in both hosts (values, pacing, steps), and without the hosts' own TACTUS_* variable; every
    stream reads the same lines (but their times) in both; the command that hangs holds its binding's end back for at
    most a second; a host action with the paced drag's pace runs in the compositor at the same steps as its command,
    and tactusd leaves it out."""
    if not os.access(TACTUSD, os.X_OK):
        raise Failure("%s is missing: build it (swift build --product tactusd) beside %s" % (TACTUSD, COMPOSITOR))
    work = tempfile.mkdtemp(prefix="tactus-runtime.")
    os.chmod(work, 0o755)  # for Wayfire's user, who reads the traces
    os.environ[LEAK] = "leaked"
    try:
        seen = []
        for index, row in enumerate(TABLE):
            trace = os.path.join(work, row["name"] + ".jsonl")
            generated = subprocess.run([SIMULATOR, "generate", *row["trace"], *SCREEN, "--at", "640,360"],
                                       capture_output=True, text=True, check=True).stdout.splitlines()
            with open(trace, "w") as file:
                file.write("\n".join(row.get("transform", lambda lines: lines)(generated)) + "\n")
            runs = {}
            for host in ("tactusd", "plugin"):
                folder = os.path.join(work, host, row["name"])
                os.makedirs(folder)
                os.chmod(os.path.dirname(folder), 0o755)
                os.chmod(folder, 0o777)  # Wayfire, run by root, runs as nobody
                config = configuration(folder, [row], host=index == 0)
                started = time.monotonic()
                if host == "tactusd":
                    path = os.path.join(folder, "config.toml")
                    with open(path, "w") as file:
                        file.write(config)
                    daemon = subprocess.run([TACTUSD, "--config", path, "--replay", trace], capture_output=True,
                                            text=True, timeout=60)
                    left_out = "host actions are a compositor's" in daemon.stdout
                    if daemon.returncode != 0 or left_out != (index == 0):
                        raise Failure("%s: tactusd exited %d (the host action left out: %s):\n%s%s"
                                      % (row["name"], daemon.returncode, left_out, daemon.stdout, daemon.stderr))
                else:
                    with Desktop(config) as desktop:
                        desktop.play(trace)
                        wait_for(lambda: len(recorded(folder, row)) >= len(row["steps"]), 10,
                                 "%s's commands in %s" % (row["name"], desktop.name))
                        time.sleep(0.3)  # a command too many would have run by now
                        if index == 0:
                            actions = [line.split()[1] for line in desktop.actions() if line.startswith("paced ")]
                            if actions != row["steps"]:
                                raise Failure("the paced host action ran at %s, its command at %s"
                                              % (actions, row["steps"]))
                took = time.monotonic() - started
                end_hanging_commands(folder)
                runs[host] = recorded(folder, row)
                if [phase(step) for step in runs[host]] != row["steps"]:
                    raise Failure("%s in %s ran at %s, not %s: %s" % (row["name"], host, [
                        phase(step) for step in runs[host]], row["steps"], runs[host]))
                if any(LEAK in command for command in runs[host]):
                    raise Failure("%s in %s: a command saw the host's %s" % (row["name"], host, LEAK))
                if row.get("hangs") and took > 8:
                    raise Failure("%s in %s: the hanging command held the run for %.1f s" % (row["name"], host, took))
            if runs["tactusd"] != runs["plugin"]:
                raise Failure("%s: tactusd ran %s\nthe plugin ran %s" % (row["name"], runs["tactusd"], runs["plugin"]))
            seen.append("%s %s (%d %s)" % (row["name"], "/".join(row["steps"]),
                                           sum(len(step) for step in runs["tactusd"]),
                                           "values streamed" if row.get("stream") else "variables"))
        return ("the same commands with the same TACTUS_* variables, and the same stream lines, in tactusd --replay and "
                "in the plugin: " + "; ".join(seen) + "; the paced host action ran at the paced command's steps")
    finally:
        del os.environ[LEAK]
        shutil.rmtree(work, ignore_errors=True)
