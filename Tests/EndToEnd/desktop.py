# SPDX-License-Identifier: MIT
"""A headless tactus-wlr desktop for the end-to-end checks (scripts/check-compositor) and the demo (scripts/demo).

Desktop starts the compositor (WLR_BACKENDS=headless, WLR_RENDERER=pixman), which loads the libtactus.so built beside
it, with a configuration file, drives it through its control socket, and collects what it prints: its bindings' actions.
Client starts a tactus-demo-client window on it and collects the JSON lines the client prints. Traces come from
tactus-sim generate, for a 254 x 143 mm touchscreen over the headless output's 1280 x 720 pixels.
"""
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# TACTUS_WLR picks another build of the compositor, such as the sanitized one; it loads the plugin built with it.
COMPOSITOR = os.environ.get("TACTUS_WLR", os.path.join(ROOT, ".build/debug/tactus-wlr"))
# TACTUS_DEMO_CLIENT picks another build of the demo client, such as one run inside a Debian 13 root.
CLIENT = os.environ.get("TACTUS_DEMO_CLIENT", os.path.join(ROOT, ".build/debug/tactus-demo-client"))
SIMULATOR = os.path.join(ROOT, ".build/debug/tactus-sim")
SCREEN = ["--size", "254x143", "--pixels", "1280x720"]
# Keys of the headless keyboard by name, as evdev numbers them (linux/input-event-codes.h).
KEYS = {"escape": 1, "tab": 15, "ctrl": 29, "shift": 42, "alt": 56, "super": 125}


class Failure(Exception):
    """What an end-to-end check expected and what it got instead."""


def wait_for(condition, timeout, what):
    """Polls condition until it holds; raises Failure naming what did not happen within timeout seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise Failure("%s: not within %g s" % (what, timeout))


class Lines:
    """The lines a child process prints, collected as they come."""

    def __init__(self, stream, parse=lambda line: line):
        self.items = []
        self._lock = threading.Lock()
        threading.Thread(target=self._read, args=(stream, parse), daemon=True).start()

    def _read(self, stream, parse):
        for line in stream:
            item = parse(line.rstrip("\n"))
            with self._lock:
                self.items.append(item)

    def snapshot(self):
        with self._lock:
            return list(self.items)


class Desktop:
    name = "tactus-wlr"  # the compositor, as the checks' messages name it

    def __init__(self, config="", arguments=()):
        """config: the XDG configuration file's text; arguments: more of tactus-wlr's options."""
        self.runtime = tempfile.mkdtemp(prefix="tactus-wlr.")
        os.makedirs(os.path.join(self.runtime, "tactus"))
        self.config_path = os.path.join(self.runtime, "tactus", "config.toml")
        with open(self.config_path, "w") as file:
            file.write(config)
        self.socket = os.path.join(self.runtime, "wayland-tactus")
        self.environment = dict(os.environ, XDG_RUNTIME_DIR=self.runtime, XDG_CONFIG_HOME=self.runtime,
                                WLR_BACKENDS="headless", WLR_RENDERER="pixman")
        self.control_path = control = os.path.join(self.runtime, "control")
        self.log_path = os.path.join(self.runtime, "log")
        self._log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [COMPOSITOR, "--socket", "wayland-tactus", "--control", control, *arguments],
            stdout=subprocess.PIPE, stderr=self._log, text=True, env=self.environment)
        self.output = Lines(self.process.stdout)
        self.clients = []
        wait_for(lambda: any("listening on" in line for line in self.output.snapshot()) or not self.alive(), 10,
                 "tactus-wlr listening")
        if not self.alive():
            raise Failure("tactus-wlr did not start:\n" + self.log())
        self._connect_control()

    def _connect_control(self):
        self._control = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._control.connect(self.control_path)
        self._replies = self._control.makefile("r")

    def alive(self):
        return self.process.poll() is None

    def log(self):
        with open(self.log_path) as file:
            return file.read()

    def command(self, text, timeout=30):
        """Sends a control command; returns the lines before its "ok" or "done"."""
        self.send(text)
        return self.answer(text, timeout)

    def send(self, text):
        """Sends a control command without waiting for its answer (answer() reads it)."""
        self._control.sendall((text + "\n").encode())

    def answer(self, text, timeout=30):
        """The lines before the answer of the command text, sent before."""
        self._control.settimeout(timeout)
        lines = []
        while True:
            line = self._replies.readline().rstrip("\n")
            if not line:
                raise Failure("%s closed its control socket during %r:\n%s" % (self.name, text, self.log()))
            if line in ("ok", "done"):
                return lines
            if line.startswith("error:"):
                raise Failure("%s refused %r: %s" % (self.name, text, line))
            lines.append(line)

    def connect(self, timeout=10):
        """Another connection to the control socket, for checks of the socket itself."""
        return Connection(self.control_path, timeout)

    def windows(self):
        """The mapped windows, focused first: dicts with x, y, width, height and title."""
        windows = []
        for line in self.command("windows"):
            _, x, y, width, height, *title = line.split(" ", 5)  # a window may have no title yet
            windows.append(dict(x=int(x), y=int(y), width=int(width), height=int(height), title="".join(title)))
        return windows

    def actions(self):
        """The binding actions the compositor ran, as it printed them: "NAME PHASE progress P fingers F"."""
        return [line[len("action "):] for line in self.output.snapshot() if line.startswith("action ")]

    def trace(self, kind, *options):
        """Writes a generated trace (tactus-sim generate KIND OPTIONS) and returns its path."""
        path = os.path.join(self.runtime, "trace-%d.jsonl" % time.monotonic_ns())
        with open(path, "w") as file:
            subprocess.run([SIMULATOR, "generate", kind, *SCREEN, *options], stdout=file, check=True)
        return path

    def replay(self, kind, *options, wait=True):
        """Plays a generated trace on the headless touchscreen or touchpad; returns once it has played, or at once
        without wait (then answer("replay") waits)."""
        self.play(self.trace(kind, *options), wait=wait)

    def play(self, path, wait=True):
        """Plays a trace file, as replay does."""
        self.send("replay " + path)
        if wait:
            self.answer("replay")

    def point_at(self, x, y):
        self.command("pointer %g %g" % (x, y))

    def press(self, *keys):
        """Presses the keys on the headless keyboard, in order, and releases them in reverse."""
        for key in keys:
            self.command("key %d pressed" % KEYS[key])
        for key in reversed(keys):
            self.command("key %d released" % KEYS[key])

    def hold(self, key, pressed=True):
        self.command("key %d %s" % (KEYS[key], "pressed" if pressed else "released"))

    def open_client(self, *arguments, title="tactus-demo-client"):
        """Starts a tactus-demo-client window and waits until it is mapped and subscribed."""
        mapped = len(self.windows())
        client = Client(self, list(arguments) + ["--title", title])
        self.clients.append(client)
        wait_for(lambda: client.events() or not client.alive(), 20, "%s ready" % title)
        if not client.alive():
            raise Failure("%s exited: %s" % (title, client.error()))
        wait_for(lambda: len(self.windows()) > mapped, 10, "%s's window mapped" % title)
        client.window = self.windows()[0]
        return client

    def close(self):
        """Closes the clients, asks the compositor to quit and waits for it; a compositor that crashed, hung or
        had a sanitizer report on the way is a Failure."""
        for client in self.clients:
            client.kill()
        problem = None
        try:
            if self.alive():
                self.command("quit", timeout=5)
            self.process.wait(timeout=20)
            log = self.log()
            if self.process.returncode != 0 or "Sanitizer" in log or "runtime error:" in log:
                problem = "%s exited with status %d:\n%s" % (self.name, self.process.returncode, log[-4000:])
        except (Failure, OSError, subprocess.TimeoutExpired) as error:
            self.process.kill()
            problem = "%s did not quit: %s" % (self.name, error)
        finally:
            self._log.close()
            shutil.rmtree(self.runtime, ignore_errors=True)
        if problem:
            raise Failure(problem)

    def __enter__(self):
        return self

    def __exit__(self, kind, *exception):
        try:
            self.close()
        except Failure:
            if kind is None:  # a failure of the check itself says more
                raise


class Connection:
    """A connection to the control socket: bytes sent as they are, answers read a line at a time ("" at its end; a
    Failure when none comes in time)."""

    def __init__(self, path, timeout):
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.settimeout(timeout)
        # With a timeout the socket does not block: connect fails while the listening socket's backlog is full.
        wait_for(lambda: self.socket.connect_ex(path) == 0, timeout, "a connection to the control socket")
        self._reader = self.socket.makefile("r")

    def sendall(self, data):
        """Sends data; to a connection the compositor refused and closed, sends nothing (its answer says why)."""
        try:
            self.socket.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def readline(self):
        try:
            return self._reader.readline()
        except socket.timeout:
            raise Failure("no answer on the control socket within %g s" % self.socket.gettimeout())

    def close(self):
        self._reader.close()
        self.socket.close()


class Client:
    """A tactus-demo-client window: its JSON lines, parsed, as they come."""

    def __init__(self, desktop, arguments):
        self._stderr = tempfile.TemporaryFile("w+")
        self.process = subprocess.Popen([CLIENT, "--socket", desktop.socket, *arguments], stdout=subprocess.PIPE,
                                        stderr=self._stderr, text=True, env=desktop.environment)
        self.lines = Lines(self.process.stdout, json.loads)
        self.window = None

    def alive(self):
        return self.process.poll() is None

    def error(self):
        self._stderr.seek(0)
        return self._stderr.read()

    def events(self, name=None):
        """Everything the client printed (ready, gestures, touches), or one gesture's events."""
        events = self.lines.snapshot()
        return events if name is None else [e for e in events if e.get("name") == name]

    def finished(self, name, since=0, timeout=10):
        """Waits until gesture name has ended or been recognized among the events from index since on; returns
        those ends. A Failure when it does not within timeout seconds."""
        return wait_for(lambda: [e for e in self.events()[since:]
                                 if e.get("name") == name and e.get("phase") in ("ended", "recognized")],
                        timeout, "%s ended or recognized" % name)

    def touches(self, kind):
        return [e for e in self.lines.snapshot() if e.get("event") == "touch" and e.get("type") == kind]

    def centre(self, dx=0, dy=0):
        """A layout point in the window: its centre, moved by dx, dy."""
        return self.window["x"] + self.window["width"] / 2 + dx, self.window["y"] + self.window["height"] / 2 + dy

    def kill(self, how=signal.SIGTERM):
        if self.alive():
            self.process.send_signal(how)
            self.process.wait(timeout=10)
