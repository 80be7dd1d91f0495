#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""scripts/bench-daemon's report, from what it kept of each daemon's run in FOLDER (NAME.played, .samples, .stat, .out,
.status): the frames played, each daemon's CPU time in total, per event and per frame, their ratio, tactusd's gestures
and both daemons' commands, and their memory. Exits 1, saying why, when the flood did not play whole, when tactusd was
not running at its end, began no gesture, did not end or cancel each gesture it began exactly once, grew more than
BOUND kB after the flood's first 10 s, or did not exit 0 on SIGTERM.

usage: report.py FOLDER EVENTS FRAMES BOUND
"""
import os
import re
import sys

folder, events, frames, bound = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
failures = []


def read(name, default=""):
    path = f"{folder}/{name}"
    return open(path).read() if os.path.exists(path) else default


def cpu_milliseconds(daemon):
    """The daemon's own user and system time, from /proc/PID/stat just before it was stopped."""
    stat = read(f"{daemon}.stat")
    if not stat:
        last = "\n    ".join(read(f"{daemon}.out").splitlines()[-5:]) or "(none)"
        failures.append(f"{daemon} was not running when the flood ended; its last words:\n    {last}")
        return None
    fields = stat[stat.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def samples_of(daemon):
    """The daemon's samples, one a second: (second, VmRSS in kB, CPU time in clock ticks, wchan)."""
    rows = [line.split() for line in read(f"{daemon}.samples").splitlines()]
    return [(int(row[0]), int(row[1]), int(row[2]), row[3]) for row in rows if len(row) == 4]


samples = {daemon: samples_of(daemon) for daemon in ["tactusd", "lisgd"]}
played = {}
for daemon in ["tactusd", "lisgd"]:
    count, late = read(f"{daemon}.played", "0 0").split()
    played[daemon] = f"{count} frames, the latest {late} ms late"
    if int(count) != frames:
        busy = [second for (second, _, cpu, _), (_, _, before, _) in zip(samples[daemon][1:], samples[daemon]) if cpu != before]
        waits = f"; {daemon} last used CPU in second {busy[-1]}, then waited in {samples[daemon][-1][3]}" if busy else ""
        failures.append(f"the flood played {count} of its {frames} frames to {daemon}{waits}")
cpu = {daemon: cpu_milliseconds(daemon) for daemon in ["tactusd", "lisgd"]}
print(f"{'':>14}{'CPU ms':>10}{'µs/event':>10}{'µs/frame':>10}  played")
for daemon in ["tactusd", "lisgd"]:
    if cpu[daemon] is not None:
        print(f"{daemon:>14}{cpu[daemon]:>10.0f}{cpu[daemon] * 1000 / events:>10.2f}{cpu[daemon] * 1000 / frames:>10.2f}  {played[daemon]}")
if cpu["tactusd"] is not None and cpu["lisgd"]:
    print(f"{'tactusd/lisgd':>14}{cpu['tactusd'] / cpu['lisgd']:>10.2f}")

# tactusd --verbose says "binding N: KIND PHASE [(reason)]" for every update of a binding's gesture.
update = re.compile(r"^tactusd: binding (\d+): (\S+) (began|changed|ended|cancelled|recognized|failed)\b")
counts = dict.fromkeys(["began", "changed", "ended", "cancelled", "recognized", "failed"], 0)
running, unpaired = set(), []
output = read("tactusd.out").splitlines()
for number, line in enumerate(output, 1):
    match = update.match(line)
    if not match:
        continue
    gesture, phase = (match[1], match[2]), match[3]
    counts[phase] += 1
    if phase == "began":
        if gesture in running:
            unpaired.append(f"line {number}: binding {match[1]}'s {match[2]} began again before it ended")
        running.add(gesture)
    elif phase in ("changed", "ended", "cancelled"):
        if gesture not in running:
            unpaired.append(f"line {number}: binding {match[1]}'s {match[2]} {phase} without a gesture that began")
        if phase != "changed":
            running.discard(gesture)
unpaired += [f"binding {b}'s {kind} began and never ended" for b, kind in sorted(running)]
commands = sum(" runs: " in line for line in output)
print(f"tactusd gestures: {counts['began']} began, {counts['changed']} changes, {counts['ended']} ended, "
      f"{counts['cancelled']} cancelled; {counts['recognized']} recognized, {counts['failed']} failed; {commands} commands run")
print(f"lisgd: {sum(line.startswith('Execute') for line in read('lisgd.out').splitlines())} commands run")
if counts["began"] == 0:
    failures.append("no gesture began: the flood did not reach tactusd's bindings")
if unpaired:
    failures.append(f"tactusd's gestures did not each end or cancel exactly once ({len(unpaired)} faults): "
                    + "; ".join(unpaired[:10]))

for daemon in ["tactusd", "lisgd"]:
    if not samples[daemon]:
        continue
    kilobytes = [kb for _, kb, _, _ in samples[daemon]]
    # The flood starts 2 s after the daemon does: its first 10 s end at the 12th sample.
    settled = [kb for second, kb, _, _ in samples[daemon] if second >= 12]
    growth = max(settled) - settled[0] if settled else None
    print(f"{daemon} RSS: first {kilobytes[0]} kB, max {max(kilobytes)} kB, last {kilobytes[-1]} kB"
          + (f"; after the flood's first 10 s it grew {growth} kB" if settled else "")
          + (f" (at most {bound} kB allowed)" if settled and daemon == "tactusd" else ""))
    if daemon == "tactusd" and growth is not None and growth > bound:
        failures.append(f"tactusd's memory grew {growth} kB after the flood's first 10 s, more than {bound} kB")
status = read("tactusd.status").strip()
if status != "0":
    failures.append(f"tactusd exited with status {status or 'unknown'} on SIGTERM, not 0")
for failure in failures:
    print(f"bench-daemon: FAILED: {failure}")
sys.exit(1 if failures else 0)
