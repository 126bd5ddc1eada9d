# Shared by scripts/test and scripts/demo: find the toolchain and install what is missing.
# Sourced, not run. Every dependency the project needs is installed from here, so a fresh
# Debian 12 machine needs nothing done by hand.

# The Debian packages of each part of Vitrine, to build an app with it (`_build`, the -dev
# packages Package.swift's system libraries name) and to run that app on a board (`_run`). This
# is the one list: `scripts/packages PART…` prints what an app of those parts needs,
# `scripts/packages --check` (run by scripts/test) fails when it disagrees with Package.swift,
# and the docs point here. The parts besides `core` are the package traits of the same names
# (ARCHITECTURE.md, "Optional parts"), Pinyin (the VitrineRime product) and Video (the
# VitrineVideo product).
VITRINE_PARTS=(core Window RemoteView Speech SVG Pinyin Video)
# Pictures (regions and compositing, PNG, JPEG, WebP), text (glyphs, shaping, fonts, bidi,
# line breaking), the display (DRM/KMS, hotplug), input (libinput, libevdev, xkbcommon and its
# keymaps, libX11's Compose tables read by xkbcommon), systemd's notify protocol, the seat.
VITRINE_PART_core_build=(pkg-config libpixman-1-dev libpng-dev libturbojpeg0-dev libwebp-dev
    libfreetype-dev libharfbuzz-dev libfontconfig-dev libfribidi-dev libunibreak-dev
    libdrm-dev libudev-dev libinput-dev libevdev-dev libxkbcommon-dev libseat-dev)
VITRINE_PART_core_run=(libpixman-1-0 libpng16-16 libturbojpeg0 libwebp7
    libfreetype6 libharfbuzz0b libfontconfig1 libfribidi0 libunibreak1 fonts-dejavu-core
    libdrm2 libudev1 libinput10 libevdev2 libxkbcommon0 xkb-data libx11-data libseat1)
# The desktop window: SDL2 (on X11).
VITRINE_PART_Window_build=(libsdl2-dev)
VITRINE_PART_Window_run=(libsdl2-2.0-0)
# The remote view: libvncserver.
VITRINE_PART_RemoteView_build=(libvncserver-dev)
VITRINE_PART_RemoteView_run=(libvncserver1)
# Speech: espeak-ng and its voices, ALSA for the sound out.
VITRINE_PART_Speech_build=(libespeak-ng-dev libasound2-dev)
VITRINE_PART_Speech_run=(libespeak-ng1 espeak-ng-data libasound2)
# SVG images: librsvg (drawing through cairo).
VITRINE_PART_SVG_build=(librsvg2-dev)
VITRINE_PART_SVG_run=(librsvg2-2)
# Pinyin: librime and its schemas (prebuilt dictionaries).
VITRINE_PART_Pinyin_build=(librime-dev)
VITRINE_PART_Pinyin_run=(librime1 librime-data rime-data-pinyin-simp rime-data-luna-pinyin)
# Video: GStreamer (the VitrineVideo product); its plugins are loaded at run time: base
# (playbin, videoconvert, theora, vorbis), good (VP8/VP9, Matroska/WebM, MP4, HTTP, RTSP) and
# libav (H.264, H.265, AAC in software, through FFmpeg, which Debian builds under the GPL);
# alsa: alsasink, for audio to the ALSA device a profile's [audio] device names.
# The -dev package of plugins-base (appsink's library) brings GStreamer's own, libgstreamer1.0-dev.
VITRINE_PART_Video_build=(libgstreamer-plugins-base1.0-dev)
VITRINE_PART_Video_run=(libgstreamer1.0-0 libgstreamer-plugins-base1.0-0 gstreamer1.0-plugins-base
    gstreamer1.0-plugins-good gstreamer1.0-libav gstreamer1.0-alsa)

# What this repository's scripts install: every part, to build and to run, and the tools of the
# test rings: Chinese fonts for fallback; ring 2c's VNC client (vncdotool) goes in a Python venv;
# systemd-analyze and udevadm check the kiosk's unit and rules; ring 2b's private X server,
# clicks and captures.
VITRINE_APT_PACKAGES=()
for part in "${VITRINE_PARTS[@]}"; do
    eval "VITRINE_APT_PACKAGES+=(\"\${VITRINE_PART_${part}_build[@]}\" \"\${VITRINE_PART_${part}_run[@]}\")"
done
VITRINE_APT_PACKAGES+=(fonts-wqy-microhei python3 python3-venv systemd udev xvfb xdotool x11-apps)

say() { printf '%s\n' "vitrine: $*" >&2; }
die() { say "error: $*"; exit 1; }

# The Swift toolchain: on PATH, or in /opt/swift where this machine kind ships it.
ensure_swift() {
    if ! command -v swift >/dev/null 2>&1; then
        for dir in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
            if [ -x "$dir/swift" ]; then export PATH="$PATH:$dir"; break; fi
        done
    fi
    command -v swift >/dev/null 2>&1 \
        || die "no Swift toolchain found — install Swift 6.2 or newer (swift.org) and put its usr/bin on PATH"
    # 6.2 is the floor (Package.swift says why): an older compiler would fail deep in the build.
    local major minor
    read -r major minor < <(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p' | head -1)
    if [ "${major:-0}" -lt 6 ] || { [ "${major:-0}" -eq 6 ] && [ "${minor:-0}" -lt 2 ]; }; then
        die "Swift 6.2 or newer is needed, found: $(swift --version 2>&1 | head -1) — install a newer toolchain from swift.org"
    fi
}

# Installs the Debian packages named as arguments that are not installed yet.
ensure_apt_packages() {
    local missing=() pkg
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 \
            || die "missing packages: ${missing[*]} — run as root, or install them with apt-get"
        SUDO=sudo
    else
        SUDO=
    fi
    say "installing: ${missing[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
