# SPDX-License-Identifier: MIT
"""A headless Wayfire desktop with the Tactus plugin, for scripts/check-wayfire: Debian's Wayfire runs headless
(WLR_BACKENDS=headless) with the plugin built for it (libtactus-wayfire.so, loading the libtactus.so built beside it) and
the test plugin that drives it (Tests/WayfireControl) named in a generated wayfire.ini. It is driven as tactus-wlr is
(desktop.Desktop): the same control commands, clients and traces.

Which Wayfire: this machine's, Debian 12's 0.7, with the host's build (.build/debug); or, with TACTUS_WAYFIRE=debian13,
Debian 13's 0.9 inside the Debian 13 root (scripts/lib/in-debian13), with the build scripts/lib/build-wayfire-debian13
makes there (.build-wayfire-debian13/plain). Clients, traces and the checks stay on this machine: the root shares /tmp,
where the sockets are, and the repository, at the same paths.

Two things are not as on a desktop. Wayfire needs a GPU this machine may lack: Tests/WayfireWithoutGPU is preloaded
(it says what it replaces). And Wayfire refuses to run as root: run by root, it runs as nobody.
"""
import os
import shutil
import subprocess
import tempfile

from desktop import ROOT, Desktop, Failure, Lines, wait_for

# TACTUS_WAYFIRE picks the Wayfire: unset, this machine's; "debian13", the Debian 13 root's.
IN_DEBIAN13 = os.environ.get("TACTUS_WAYFIRE", "") == "debian13"
if os.environ.get("TACTUS_WAYFIRE", "") not in ("", "debian13"):
    raise Failure("TACTUS_WAYFIRE is unset (this machine's Wayfire) or debian13 (the Debian 13 root's), not %r"
                  % os.environ["TACTUS_WAYFIRE"])
# What runs a program where Wayfire is: nothing here, in-debian13 for the root.
PREFIX = [os.path.join(ROOT, "scripts/lib/in-debian13")] if IN_DEBIAN13 else []


def debian13_root():
    """The Debian 13 root's path, as scripts/lib/debian13-root makes or finds it with this process's HOME (Wayfire's
    HOME is another), for in-debian13 to be given (TACTUS_DEBIAN13)."""
    found = subprocess.run([os.path.join(ROOT, "scripts/lib/debian13-root")], capture_output=True, text=True)
    if found.returncode != 0:
        raise Failure("no Debian 13 root: %s" % found.stderr.strip())
    return found.stdout.splitlines()[-1]
# TACTUS_WAYFIRE_BUILD picks another build, such as the sanitized one (.build-asan/debug, .build-wayfire-debian13/asan):
# its plugin, libtactus, test plugin and preload library are used together.
DEFAULT_BUILD = ".build-wayfire-debian13/plain" if IN_DEBIAN13 else ".build/debug"
BUILD = os.path.abspath(os.environ.get("TACTUS_WAYFIRE_BUILD", os.path.join(ROOT, DEFAULT_BUILD)))
PLUGIN = os.path.join(BUILD, "libtactus-wayfire.so")
LIBRARY = os.path.join(BUILD, "libtactus.so")
CONTROL = os.path.join(BUILD, "libTactusWayfireControl.so")
WITHOUT_GPU = os.path.join(BUILD, "libTactusWayfireWithoutGPU.so")
METADATA = os.path.join(ROOT, "compositor/wayfire")


# Wayfire 0.9 offers lock screens ext-session-lock-v1 through its session-lock plugin, as a desktop has it; 0.7's input
# inhibitor is its core's.
DESKTOP_PLUGINS = ["session-lock"] if IN_DEBIAN13 else []


def plugins_line(tactus=True, others=()):
    """wayfire.ini's [core] plugins: the test control always, the Tactus plugin unless told, and others by name."""
    return " ".join(([PLUGIN] if tactus else []) + [CONTROL] + DESKTOP_PLUGINS + list(others))


def sanitizer_runtime():
    """The AddressSanitizer runtime a sanitized build needs preloaded into Wayfire, which is not built with it: the
    shared one of the compiler that built it (the Swift toolchain's clang here, gcc's libasan in the root, found there
    by its name); None for a build that is not sanitized."""
    undefined = subprocess.run(["nm", "-D", "--undefined-only", PLUGIN], capture_output=True, text=True).stdout
    if "__asan_init" not in undefined:
        return None
    if IN_DEBIAN13:
        needed = subprocess.run(["readelf", "-d", PLUGIN], capture_output=True, text=True).stdout
        return next(word.strip("[]") for word in needed.split() if word.startswith("[libasan.so"))
    toolchain = os.path.dirname(os.path.dirname(os.path.realpath(shutil.which("swift"))))
    runtime = os.path.join(toolchain, "lib/swift/clang/lib/linux/libclang_rt.asan-x86_64.so")
    if not os.path.exists(runtime):
        raise Failure("the build is sanitized, and the toolchain has no %s to preload" % runtime)
    return runtime


class WayfireDesktop(Desktop):
    name = "wayfire"

    def __init__(self, config="", outputs=1, plugins=(), ini=""):
        """config: the Tactus configuration file's text; outputs: how many headless outputs; plugins: Wayfire's own
        plugins to load besides; ini: more of wayfire.ini."""
        missing = [path for path in (PLUGIN, LIBRARY, CONTROL, WITHOUT_GPU) if not os.path.exists(path)]
        if missing:
            raise Failure("not built: %s (swift build --product tactus-wayfire, tactus, TactusWayfireControl and "
                          "TactusWayfireWithoutGPU)" % ", ".join(missing))
        if not IN_DEBIAN13 and not shutil.which("wayfire"):
            raise Failure("wayfire is not installed (apt-get install wayfire)")
        self.runtime = tempfile.mkdtemp(prefix="tactus-wayfire.")
        os.chmod(self.runtime, 0o755)  # the directories above a socket must let the compositor's user through
        os.makedirs(os.path.join(self.runtime, "tactus"))
        self.config_path = os.path.join(self.runtime, "tactus", "config.toml")
        with open(self.config_path, "w") as file:
            file.write(config)
        self.other_plugins = list(plugins)
        self.ini_path = os.path.join(self.runtime, "wayfire.ini")
        self.extra_ini = ini
        self.write_ini(tactus=True)
        self.control_path = os.path.join(self.runtime, "control")
        self.log_path = os.path.join(self.runtime, "log")
        self._log = open(self.log_path, "w")
        # HOME too is the runtime directory: Wayfire 0.9 looks for plugins under it, and stops at one it may not read.
        environment = dict(os.environ, HOME=self.runtime, XDG_RUNTIME_DIR=self.runtime, XDG_CONFIG_HOME=self.runtime,
                           WLR_BACKENDS="headless", WLR_HEADLESS_OUTPUTS=str(outputs), WLR_LIBINPUT_NO_DEVICES="1",
                           TACTUS_WAYFIRE_CONTROL=self.control_path, WAYFIRE_PLUGIN_XML_PATH=METADATA)
        if IN_DEBIAN13:
            environment["TACTUS_DEBIAN13"] = os.environ.get("TACTUS_DEBIAN13") or debian13_root()
        # Preloaded into Wayfire alone, by env, last: not into what enters the root and changes user.
        preload = ["env", "LD_PRELOAD=" + ":".join(filter(None, [sanitizer_runtime(), WITHOUT_GPU]))]
        if sanitizer_runtime():
            # Two frames of each allocation: scripts/lib/wayfire-lsan.supp says why.
            environment["ASAN_OPTIONS"] = "malloc_context_size=2"
            # LeakSanitizer takes one suppressions file: Wayfire's and tactus-wlr's (libtactus's libraries) together.
            suppressions = os.path.join(self.runtime, "lsan.supp")
            with open(suppressions, "w") as file:
                for name in ("wayfire-lsan.supp", "lsan.supp"):
                    with open(os.path.join(ROOT, "scripts/lib", name)) as part:
                        file.write(part.read())
            environment["LSAN_OPTIONS"] = "suppressions=" + suppressions
        user = []
        if os.geteuid() == 0:
            shutil.chown(self.runtime, "nobody", "nogroup")
            for directory, _, files in os.walk(self.runtime):
                for name in [directory] + [os.path.join(directory, f) for f in files]:
                    shutil.chown(name, "nobody", "nogroup")
            user = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--"]
        self.process = subprocess.Popen(PREFIX + user + preload + ["wayfire", "-c", self.ini_path], stdout=self._log,
                                        stderr=subprocess.STDOUT, text=True, env=environment)
        self.output = Lines(iter(()))
        self.clients = []
        self.environment = dict(os.environ, XDG_RUNTIME_DIR=self.runtime)
        wait_for(lambda: os.path.exists(self.control_path) or not self.alive(), 20, "wayfire's control socket")
        if not self.alive():
            raise Failure("wayfire did not start:\n" + self.log())
        socket_name = wait_for(lambda: self._socket_name(), 10, "wayfire's Wayland socket")
        self.socket = os.path.join(self.runtime, socket_name)
        self._connect_control()

    def _socket_name(self):
        for line in self.log().splitlines():
            if "Using socket name " in line:
                return line.rsplit(" ", 1)[1]
        return None

    def write_ini(self, tactus, config=None, library=LIBRARY):
        """Writes wayfire.ini, with the Tactus plugin enabled or not, its configuration file at config (the
        desktop's unless told) and its libtactus at library; a running Wayfire reloads it when it changes."""
        with open(self.ini_path + ".new", "w") as file:
            file.write("[core]\nplugins = %s\nxwayland = false\n\n[tactus]\nlibrary = %s\nconfig = %s\n\n%s"
                       % (plugins_line(tactus, self.other_plugins), library, config or self.config_path,
                          self.extra_ini))
        if os.geteuid() == 0:
            shutil.chown(self.ini_path + ".new", "nobody", "nogroup")
        os.replace(self.ini_path + ".new", self.ini_path)

    def actions(self):
        """The binding actions the plugin ran, as it logged them: "NAME PHASE progress P fingers F"."""
        marker = "tactus: action "
        return [line.split(marker, 1)[1] for line in self.log().splitlines() if marker in line]


class PlacedDesktop(WayfireDesktop):
    """Wayfire with its windows side by side, as tactus-wlr lays them, for the checks with more than one window: each
    window opens at the right of the last, GAP pixels apart, moved there by the test plugin. (Wayfire's simple-tile
    would scale the demo client's window, which keeps its size, into its tile; and 0.9's, once the window had a tile of
    its own, leaves it scaled to that one when a second comes, over its neighbour.)"""
    GAP = 45

    def __init__(self, config="", arguments=()):
        super().__init__(config)

    def open_client(self, *arguments, title="tactus-demo-client"):
        x = max((w["x"] + w["width"] + self.GAP for w in self.windows()), default=0)
        client = super().open_client(*arguments, title=title)
        self.command("move %d 0 %s" % (x, title))
        client.window = wait_for(lambda: next((w for w in self.windows() if w["title"] == title and w["x"] == x), None),
                                 5, "%s moved to x %d" % (title, x))
        return client
