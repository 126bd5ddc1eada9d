"""Measures what scripts/footprint prints (see there). Each app runs headless at 1920x1080 on a
profile of its own, five times (the medians are reported), under a notify socket: the time to READY=1 is its start to first frame, and
VmHWM then (the peak resident set, what `/usr/bin/time -v` reports as its maximum) less the
frame buffers is its memory beyond them."""
import argparse, os, re, signal, socket, subprocess, sys, tempfile, time

WIDTH, HEIGHT = 1920, 1080
# The scene and the display's two buffers, 4 bytes a pixel (what any renderer of that screen holds).
FRAME_BUFFERS = 3 * WIDTH * HEIGHT * 4
# Families of libraries a lean kiosk does not load unless it chose a part that needs them.
FLAGGED = {"X11/xcb": r"libX|libxcb", "audio": r"libasound|libpulse|libsndfile|libFLAC|libopus|libvorbis",
           "TLS": r"libgnutls|libssl|libcrypto", "ICU": r"libicu|FoundationICU",
           "cairo/pango": r"libcairo|libpango"}
# Libraries under the GPL (not the LGPL) that a part may link (docs/licenses.md).
GPL = r"libvncserver|libvncclient|libespeak-ng|librime"
GOALS = {"binary_mb": 12.0, "libraries": 30, "memory_mb": 10.0, "first_frame_ms": 30.0}

PROFILE = f"""description = "footprint: the headless display at {WIDTH}x{HEIGHT}"
[display]
backend = "virtual"
mode = "{WIDTH}x{HEIGHT}@60"
[accelerometer]
device = "none"
[system]
watchdog = false
console = "none"
"""


def libraries(binary):
    out = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    names = []
    for line in out.splitlines():
        name = line.strip().split(" ")[0]
        if name and "linux-vdso" not in name:
            names.append(os.path.basename(name))
    return names


def run(binary, folder):
    profile = os.path.join(folder, "footprint.toml")
    with open(profile, "w") as f:
        f.write(PROFILE)
    path = os.path.join(folder, "notify")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(path)
    server.settimeout(20)
    env = dict(os.environ, NOTIFY_SOCKET=path)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    # The app's log goes to a file, not a pipe nobody reads while it runs (a full pipe would
    # stall the app).
    log = open(os.path.join(folder, "log"), "w+")
    start = time.monotonic()
    child = subprocess.Popen([binary, "--board", profile, "--headless"], env=env,
                             stdout=subprocess.DEVNULL, stderr=log)

    def tail():
        log.seek(0)
        return log.read()[-2000:]
    first_frame = None
    try:
        while first_frame is None:
            message = server.recv(4096).decode(errors="replace")
            if "READY=1" in message:
                first_frame = (time.monotonic() - start) * 1000
        with open(f"/proc/{child.pid}/status") as f:
            peak = int(re.search(r"VmHWM:\s+(\d+) kB", f.read()).group(1)) * 1024
    except (socket.timeout, OSError) as error:
        child.kill()
        sys.exit(f"footprint: {binary} sent no READY=1 ({error}): {tail()}")
    child.send_signal(signal.SIGTERM)
    status = child.wait(timeout=20)
    if status != 0:
        sys.exit(f"footprint: {binary} exited {status} on SIGTERM: {tail()}")
    return first_frame, peak


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--format", default="text")
    parser.add_argument("--gpl-fails", default="")
    parser.add_argument("apps", nargs="+")
    arguments = parser.parse_args()
    rows, failed = [], False
    for item in arguments.apps:
        name, binary = item.split("=", 1)
        size = os.path.getsize(binary) / 1e6
        libs = libraries(binary)
        flagged = [family for family, pattern in FLAGGED.items() if any(re.search(pattern, lib) for lib in libs)]
        gpl = [lib for lib in libs if re.search(GPL, lib)]
        if gpl and name == arguments.gpl_fails:
            print(f"footprint: {name} links libraries under the GPL: {', '.join(gpl)} — a part that brings them "
                  "must stay optional (docs/licenses.md)", file=sys.stderr)
            failed = True
        # Start times vary by tens of milliseconds from run to run: the median of five starts.
        starts = []
        for _ in range(5):
            with tempfile.TemporaryDirectory() as folder:
                starts.append(run(binary, folder))
        first_frame = sorted(s[0] for s in starts)[2]
        peak = sorted(s[1] for s in starts)[2]
        beyond = (peak - FRAME_BUFFERS) / 1e6
        rows.append((name, size, libs, flagged, gpl, beyond, peak / 1e6, first_frame))
    table = []
    for name, size, libs, flagged, gpl, beyond, peak, first_frame in rows:
        goal = name == "HelloKiosk"
        def status(met):
            return ("met" if met else "MISSED") if goal else ""
        def limit(text):
            return text if goal else ""
        families = f" ({', '.join(flagged)})" if flagged else ""
        table.append((f"{name}: binary (static Swift runtime)", f"{size:.1f} MB",
                      limit(f"≤ {GOALS['binary_mb']:.0f} MB"), status(size <= GOALS["binary_mb"])))
        table.append((f"{name}: shared libraries loaded{families}", f"{len(libs)}",
                      limit(f"≤ {GOALS['libraries']}, none of X11, audio, TLS, ICU, cairo"),
                      status(len(libs) <= GOALS["libraries"] and not flagged)))
        table.append((f"{name}: memory beyond the frame buffers at 1920×1080 (peak resident {peak:.1f} MB)",
                      f"{beyond:.1f} MB", limit(f"≤ {GOALS['memory_mb']:.0f} MB"), status(beyond <= GOALS["memory_mb"])))
        table.append((f"{name}: process start to first frame, no screen", f"{first_frame:.0f} ms",
                      limit(f"≤ {GOALS['first_frame_ms']:.0f} ms"), status(first_frame <= GOALS["first_frame_ms"])))
    if arguments.format == "rows":
        for index, (measure, result, goal, state) in enumerate(table):
            print(f"{'13 Footprint' if index == 0 else ''}|{measure}|{result}|{goal}|{state}")
    else:
        for measure, result, goal, state in table:
            print(f"{measure:<90} {result:>9}  {goal:<48} {state}")
        for name, size, libs, *_ in rows:
            print(f"{name} loads: {' '.join(sorted(libs))}")
    sys.exit(1 if failed else 0)


main()
