# Shared by scripts/test and scripts/demo: find the toolchain and install what is missing.
# Sourced, not run. Every dependency the project needs is installed from here, so a fresh
# Debian 12 machine needs nothing done by hand.

# Debian packages the build and the tests need. Later rings add theirs here.
VITRINE_APT_PACKAGES=(
    pkg-config
    # Pictures: regions and compositing, PNG, glyphs, shaping, font lookup.
    libpixman-1-dev libpng-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev
    # Text: bidirectional text (UAX #9) and line breaking (UAX #14).
    libfribidi-dev libunibreak-dev
    # Images beyond PNG: JPEG (TurboJPEG), WebP, and SVG icons (librsvg, drawing through cairo).
    libturbojpeg0-dev libwebp-dev librsvg2-dev
    # The fonts the text tests and the demo use (Latin/Cyrillic, and Chinese for fallback).
    fonts-dejavu-core fonts-wqy-microhei
    # The DRM/KMS display backend and hotplug events.
    libdrm-dev libudev-dev
    # The remote view (VNC) of VitrineVNC; ring 2c's client, vncdotool, goes in a Python venv.
    libvncserver-dev python3 python3-venv
    # Input: libinput (touch, pointer, keys, switches), libevdev (the accelerometer, uinput in
    # the VM ring), xkbcommon and its keymaps (characters of keys), libX11's Compose tables
    # (dead keys and compose sequences, read by xkbcommon).
    libinput-dev libevdev-dev libxkbcommon-dev xkb-data libx11-data
    # systemd: sd_notify and the watchdog; systemd-analyze and udevadm check the kiosk's unit
    # and rules.
    libsystemd-dev systemd udev
    # The session: devices opened through libseat (seatd, logind, or its builtin seat as root).
    libseat-dev
    # Input methods: librime (VitrineRime) and its Pinyin schemas (prebuilt dictionaries).
    librime-dev librime-data rime-data-pinyin-simp rime-data-luna-pinyin
    # The desktop window (VitrineSDL), and ring 2b's private X server, clicks and captures.
    libsdl2-dev xvfb xdotool x11-apps
    # Speech (VitrineSpeech): espeak-ng and its voices, ALSA for the sound out.
    libespeak-ng-dev espeak-ng-data libasound2-dev
)

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
