# SPDX-License-Identifier: MIT
"""Real compositors that tactusd runs beside, headless, for scripts/check-tactusd: sway 1.7 on this Debian 12 machine,
and sway 1.10 and labwc 0.8 inside the Debian 13 root (scripts/lib/debian13-root, entered through
scripts/lib/in-debian13). Each runs as an unprivileged user (sway refuses to run as root), tactus-desktop, made here
and in the root when missing, with foot terminals for windows, as a new user would have them. tactusd plays a trace
(`--replay`) with one of examples/tactusd/'s configurations, as that user, beside the compositor; the compositor's own
state says what its commands did: swaymsg's tree and workspaces, labwc's toplevels as wlrctl finds them
(wlr-foreign-toplevel-management)."""
import json
import os
import shutil
import subprocess
import tempfile

from desktop import SCREEN, SIMULATOR, Failure, wait_for

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
IN_DEBIAN13 = os.path.join(ROOT, "scripts", "lib", "in-debian13")
USER, UID = "tactus-desktop", 4242
# tactusd as each side has it: the host's debug build (the tests'), and the release build (tactus-tools, by the name
# tactusd, as the packages link it) inside the root (scripts/lib/build-debian13 makes it).
HOST_TACTUSD = os.path.join(ROOT, ".build", "debug", "tactusd")
ROOT_TACTUSD = os.path.join(ROOT, ".build-static", "release", "programs", "tactusd")


def make_user(prefix):
    """The unprivileged user, with the same uid and gid wherever it runs, so that the runtime directory made here is its
    own inside the root too."""
    found = subprocess.run([*prefix, "getent", "passwd", USER], capture_output=True, text=True)
    if found.returncode == 0:
        if found.stdout.split(":")[2:4] != [str(UID), str(UID)]:
            raise Failure("user %s exists with another uid or gid than %d: %s" % (USER, UID, found.stdout.strip()))
        return
    for command in (["groupadd", "--system", "--gid", str(UID), USER],
                    ["useradd", "--system", "--uid", str(UID), "--gid", str(UID), "--no-create-home",
                     "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", USER]):
        made = subprocess.run([*prefix, *command], capture_output=True, text=True)
        if made.returncode != 0:
            raise Failure("cannot make the user %s: %s" % (USER, made.stderr.strip()))


def x11_socket_directory():
    """/tmp/.X11-unix as a system has it (root's, sticky, writable by all), made when missing: labwc starts Xwayland,
    whose wlroots refuses a directory of another user than root or itself."""
    path = "/tmp/.X11-unix"
    if not os.path.isdir(path):
        os.mkdir(path)
        os.chmod(path, 0o1777)
    owner = os.stat(path).st_uid
    if owner not in (0, UID):
        raise Failure("%s belongs to uid %d: Xwayland would refuse it (make it root's, mode 1777)" % (path, owner))


class Beside:
    """A compositor running headless as the unprivileged user, in its own runtime directory (also its HOME and its
    XDG_CONFIG_HOME), with the programs tactusd's commands call on its PATH."""
    name = "?"       # as the checks name it
    prefix = []      # what runs a program where the compositor is: nothing here, in-debian13 for the root
    tactusd = HOST_TACTUSD
    example = None   # examples/tactusd/'s file for it

    def __init__(self):
        if not os.path.exists(self.tactusd):
            raise Failure("%s is missing: build it first (scripts/check-tactusd does)" % self.tactusd)
        make_user(self.prefix)
        x11_socket_directory()
        self.runtime = tempfile.mkdtemp(prefix="tactus-beside.")
        os.chmod(self.runtime, 0o700)
        self.config_home = os.path.join(self.runtime, "config")
        self.write_config()
        for directory, _, files in os.walk(self.runtime):
            os.chown(directory, UID, UID)
            for name in files:
                os.chown(os.path.join(directory, name), UID, UID)
        self.environment = {
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": self.runtime, "XDG_RUNTIME_DIR": self.runtime,
            "XDG_CONFIG_HOME": self.config_home, "LANG": "C.UTF-8",
            "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
        }
        self.environment.update(self.devices())
        self.log_path = os.path.join(self.runtime, "compositor.log")
        self._log = open(self.log_path, "w")
        self.process = subprocess.Popen(self.as_user(self.command()), stdout=self._log, stderr=subprocess.STDOUT)
        self.windows = []
        try:
            wait_for(lambda: self.ready() or self.process.poll() is not None, 20, "%s ready" % self.name)
            if self.process.poll() is not None:
                raise Failure("%s exited at start with %s: %s" % (self.name, self.process.returncode, self.log()[-2000:]))
            self.environment["WAYLAND_DISPLAY"] = self.wayland_display()
        except BaseException:
            self.close()
            raise

    def devices(self):
        """What the compositor's environment needs for its input devices: none, headless."""
        return {}

    def as_user(self, command, **more):
        """command as the unprivileged user, where the compositor is, with its environment (and more)."""
        environment = dict(self.environment, **more)
        return [*self.prefix, "setpriv", "--reuid=%d" % UID, "--regid=%d" % UID, "--clear-groups", "--", "env", "-i",
                *("%s=%s" % item for item in environment.items()), *command]

    def log(self):
        with open(self.log_path, errors="replace") as file:
            return file.read()

    def wayland_display(self):
        return next(name for name in os.listdir(self.runtime) if name.startswith("wayland-") and
                    not name.endswith(".lock"))

    def open_window(self, title, app_id="foot"):
        """A foot terminal titled title, with app_id (foot's own by default), running a shell that waits; returns once
        the compositor shows it."""
        process = subprocess.Popen(self.as_user(["foot", "--title", title, "--app-id", app_id, "sleep", "3600"]),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.windows.append(process)
        wait_for(lambda: self.shows(title) or process.poll() is not None, 20, "foot window %s shown" % title)
        if process.poll() is not None:
            raise Failure("foot %s exited with %s" % (title, process.returncode))
        return process

    def play(self, generator, *options, config=None):
        """Generates the gesture with tactus-sim (a 254 x 143 mm touchscreen over 1280 x 720 pixels) and plays it
        through tactusd with config (a configuration's text; by default the compositor's example), as the user;
        returns what tactusd printed."""
        trace = os.path.join(self.runtime, "trace.jsonl")
        with open(trace, "w") as file:
            subprocess.run([SIMULATOR, "generate", generator, *SCREEN, *options], stdout=file, check=True)
        os.chown(trace, UID, UID)
        example = os.path.join(ROOT, "examples", "tactusd", self.example)
        if config is not None:
            example = os.path.join(self.runtime, "config.toml")
            with open(example, "w") as file:
                file.write(config)
            os.chown(example, UID, UID)
        ran = subprocess.run(self.as_user([self.tactusd, "--config", example, "--replay", trace, "--verbose"],
                                          **self.command_environment()),
                             capture_output=True, text=True, timeout=60)
        if ran.returncode != 0:
            raise Failure("tactusd --replay %s exited %d: %s" % (generator, ran.returncode, ran.stderr[-2000:]))
        return ran.stdout + ran.stderr

    def command_environment(self):
        """What tactusd's commands need to reach the compositor, beside WAYLAND_DISPLAY."""
        return {}

    def processes(self, name):
        """The user's processes named name (a launcher the compositor started): their pids."""
        found = subprocess.run(["pgrep", "-u", str(UID), "-x", name], capture_output=True, text=True)
        return [int(pid) for pid in found.stdout.split()]

    def end_processes(self, name):
        subprocess.run(["pkill", "-u", str(UID), "-x", name])
        wait_for(lambda: not self.processes(name), 5, "%s ended" % name)

    def restart(self):
        """Ends the compositor and starts it again in the same runtime directory, so on the same socket; its windows
        went with it."""
        self.process.terminate()
        self.process.wait(timeout=10)
        for window in self.windows:
            window.wait(timeout=10)
        self.windows = []
        for name in os.listdir(self.runtime):
            if name.startswith("wayland-") or name.startswith("sway-ipc."):
                os.remove(os.path.join(self.runtime, name))
        self.process = subprocess.Popen(self.as_user(self.command()), stdout=self._log, stderr=subprocess.STDOUT)
        wait_for(lambda: self.ready() or self.process.poll() is not None, 20, "%s ready again" % self.name)
        if self.process.poll() is not None:
            raise Failure("%s exited at its restart with %s" % (self.name, self.process.returncode))

    def close(self):
        for window in self.windows:
            if window.poll() is None:
                window.terminate()
                window.wait(timeout=10)
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()
        shutil.rmtree(self.runtime, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()


class Sway(Beside):
    """sway, as Debian 12 has it (1.7)."""
    name = "sway 1.7"
    example = "sway.toml"

    def write_config(self):
        os.makedirs(self.config_home)
        self.config = os.path.join(self.config_home, "sway.conf")
        with open(self.config, "w") as file:
            file.write("output HEADLESS-1 resolution 1280x720\nxwayland disable\n")

    def command(self):
        return ["sway", "--config", self.config]

    def ready(self):
        return any(name.startswith("sway-ipc.") for name in os.listdir(self.runtime)) and \
            any(name.startswith("wayland-") for name in os.listdir(self.runtime))

    def command_environment(self):
        return {"SWAYSOCK": self.swaysock(), "WAYLAND_DISPLAY": self.environment["WAYLAND_DISPLAY"]}

    def swaysock(self):
        return os.path.join(self.runtime, next(name for name in os.listdir(self.runtime) if name.startswith("sway-ipc.")))

    def swaymsg(self, *arguments):
        """swaymsg's answer, parsed (-t get_tree, get_workspaces...), or its result for a command."""
        ran = subprocess.run(self.as_user(["swaymsg", "--raw", *arguments], SWAYSOCK=self.swaysock()),
                             capture_output=True, text=True, timeout=10)
        if ran.returncode != 0:
            raise Failure("swaymsg %s: %s%s" % (" ".join(arguments), ran.stdout, ran.stderr))
        return json.loads(ran.stdout)

    def windows_in_tree(self):
        """Every window, with the workspace it is on: dicts of name, app_id, workspace, focused, fullscreen, width,
        floating, visible."""
        found = []

        def walk(node, workspace, floating):
            if node.get("type") == "workspace":
                workspace = node["name"]
            if node.get("pid") and node.get("type") in ("con", "floating_con"):
                found.append({"name": node.get("name"), "app_id": node.get("app_id"), "workspace": workspace,
                              "focused": node.get("focused"),
                              "fullscreen": node.get("fullscreen_mode", 0) != 0, "width": node["rect"]["width"],
                              "floating": floating, "visible": node.get("visible")})
            for child in node.get("nodes", []):
                walk(child, workspace, floating)
            for child in node.get("floating_nodes", []):
                walk(child, workspace, True)
        walk(self.swaymsg("-t", "get_tree"), None, False)
        return found

    def shows(self, title):
        return title in [window["name"] for window in self.windows_in_tree()]

    def focused_workspace(self):
        return next(w["name"] for w in self.swaymsg("-t", "get_workspaces") if w["focused"])


class SwayInDebian13(Sway):
    """sway 1.10, in the Debian 13 root."""
    name = "sway 1.10"
    prefix = [IN_DEBIAN13]
    tactusd = ROOT_TACTUSD


class LabwcInDebian13(Beside):
    """labwc 0.8, in the Debian 13 root, with the keybinds examples/tactusd/labwc.toml asks for in rc.xml: two
    desktops, Ctrl+Alt+Left/Right between them, Alt+F2 running the launcher (here, one that leaves a mark), Super+H
    minimizing and Super+F toggling fullscreen."""
    name = "labwc 0.8"
    prefix = [IN_DEBIAN13]
    tactusd = ROOT_TACTUSD
    example = "labwc.toml"

    def write_config(self):
        labwc = os.path.join(self.config_home, "labwc")
        os.makedirs(labwc)
        self.launched = os.path.join(self.runtime, "launcher-ran")
        with open(os.path.join(labwc, "rc.xml"), "w") as file:
            file.write("""<?xml version="1.0"?>
<labwc_config>
  <desktops number="2" />
  <keyboard>
    <default />
    <keybind key="C-A-Right"><action name="GoToDesktop" to="right" /></keybind>
    <keybind key="C-A-Left"><action name="GoToDesktop" to="left" /></keybind>
    <keybind key="A-F2"><action name="Execute" command="touch %s" /></keybind>
    <keybind key="W-h"><action name="Iconify" /></keybind>
    <keybind key="W-f"><action name="ToggleFullscreen" /></keybind>
  </keyboard>
</labwc_config>
""" % self.launched)

    def command(self):
        return ["labwc", "--config-dir", os.path.join(self.config_home, "labwc")]

    def ready(self):
        return any(name.startswith("wayland-") and not name.endswith(".lock") for name in os.listdir(self.runtime))

    def wlrctl(self, *arguments):
        """wlrctl's exit status: 0 when a toplevel matches (`toplevel find title:T state:maximized`)."""
        return subprocess.run(self.as_user(["wlrctl", *arguments]), capture_output=True, timeout=10).returncode

    def has(self, title, *states):
        return self.wlrctl("toplevel", "find", "title:%s" % title, *("state:%s" % s for s in states)) == 0

    def shows(self, title):
        return self.has(title)
