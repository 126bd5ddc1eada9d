// swift-tools-version: 6.2
// Swift 6.2 is the floor: the code uses isolated deinit (SE-0371) and global-actor-isolated
// conformances (`@MainActor CustomStringConvertible`, SE-0470), which earlier compilers reject.
// Vitrine: a UIKit-style UI runtime for Linux kiosk and appliance hardware.
// Module direction (see ARCHITECTURE.md): system libraries <- VitrineGraphics <- Vitrine <-
// VitrineHeadless / VitrineLinux / VitrineDRM <- apps.
import PackageDescription

/// swift-log's in-memory handler: what the tests read log lines from.
let inMemoryLogging = Target.Dependency.product(name: "InMemoryLogging", package: "swift-log")

/// A system library found through pkg-config, with the Debian package that provides it.
func systemLibrary(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

/// A C library loaded with dlopen when the app first uses it, not linked: a C target whose
/// source includes the library's header (from `apt`, its -dev package, which
/// `scripts/packages --check` reads here) and finds each function by name, once. An app that
/// never uses it never loads it, nor the libraries it brings (libseat brings libsystemd and six
/// more); one that does gets a typed error naming the package to install if it is missing.
func loadedLibrary(_ name: String, apt: String) -> Target {
    .target(name: name)
}

/// Release builds of the modules a frame runs through drop Swift's dynamic exclusivity checks.
/// A check costs a call into the runtime (and a thread-local lookup when it tracks a modify)
/// on each access to a public or observed class property that the optimizer cannot prove
/// safe: about 390 a button frame in the view walks, the compositor and the run loop, a tenth
/// of its instructions and about 8 % of its time (issue 15). Debug builds, which the tests
/// run, keep every check, so an overlapping access is still caught where it is written.
/// SwiftPM 6.2 and later, the only ones that read this manifest, accept unsafe flags in a
/// dependency.
let frameSpeed: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

/// The optional parts an app chooses with package traits. An app built without one links none of
/// its libraries; a board profile that asks for it then fails with its file and line and the
/// trait to add. Traits of the package the app depends on are named on its `.package` line:
///
///     .package(url: "…/vitrine.git", from: "0.1.0", traits: ["Window", "RemoteView"])
///
/// None is on by default, so a kiosk links only what it uses (ARCHITECTURE.md, "Optional parts").
/// `scripts/test`, `scripts/demo` and `scripts/bench` build this package with every trait.
let optionalParts: Set<Trait> = [
    .trait(name: "Window", description: "The desktop window (SDL2 on X11): BoardPlatform.main runs the app in a window on a desktop."),
    .trait(name: "RemoteView", description: "The remote view (libvncserver, GPL-2.0+): [remote] in a board profile."),
    .trait(name: "Speech", description: "Speech for the screen reader (espeak-ng, GPL-3.0+; ALSA): [accessibility] speech in a board profile."),
    .trait(name: "SVG", description: "SVG images (librsvg, with cairo and pango)."),
]

let package = Package(
    name: "Vitrine",
    products: [
        .library(name: "VitrineGraphics", targets: ["VitrineGraphics"]),
        .library(name: "VitrineCore", targets: ["VitrineCore"]),
        .library(name: "Vitrine", targets: ["Vitrine"]),
        .library(name: "VitrineHeadless", targets: ["VitrineHeadless"]),
        .library(name: "VitrineLinux", targets: ["VitrineLinux"]),
        .library(name: "VitrineDRM", targets: ["VitrineDRM"]),
        .library(name: "VitrineInput", targets: ["VitrineInput"]),
        .library(name: "VitrineBoard", targets: ["VitrineBoard"]),
        .library(name: "VitrineRime", targets: ["VitrineRime"]),
        .library(name: "VitrineVNC", targets: ["VitrineVNC"]),
        .library(name: "VitrineSDL", targets: ["VitrineSDL"]),
        .library(name: "VitrineSpeech", targets: ["VitrineSpeech"]),
        .library(name: "VitrineVideo", targets: ["VitrineVideo"]),
        .library(name: "VitrineLocalization", targets: ["VitrineLocalization"]),
        // The demo's screens, a library so that the benchmarks can measure them; not an API.
        .library(name: "KioskDemo", targets: ["KioskDemo"]),
        .executable(name: "vitrine", targets: ["VitrineTool"]),
        .executable(name: "vitrine-demo", targets: ["VitrineDemo"]),
    ],
    traits: optionalParts.union([.default(enabledTraits: [])]),
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The API reference (scripts/docs): `swift package generate-documentation`. A plugin only,
        // no code in any product.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // System libraries (pkg-config; scripts/lib/common.sh installs their -dev packages).
        systemLibrary("CPixman", pkgConfig: "pixman-1", apt: "libpixman-1-dev"),
        systemLibrary("CPNG", pkgConfig: "libpng", apt: "libpng-dev"),
        systemLibrary("CVNCServer", pkgConfig: "libvncserver", apt: "libvncserver-dev"),
        // libwebp linked: only the tests' fixture encoder (VitrineTestSupport) uses it this way.
        systemLibrary("CWebP", pkgConfig: "libwebp", apt: "libwebp-dev"),
        systemLibrary("CRSVG", pkgConfig: "cairo", apt: "librsvg2-dev"),   // librsvg; see its shim.h
        systemLibrary("CFreeType", pkgConfig: "freetype2", apt: "libfreetype-dev"),
        systemLibrary("CHarfBuzz", pkgConfig: "harfbuzz", apt: "libharfbuzz-dev"),
        systemLibrary("CFontconfig", pkgConfig: "fontconfig", apt: "libfontconfig-dev"),
        systemLibrary("CFriBidi", pkgConfig: "fribidi", apt: "libfribidi-dev"),
        systemLibrary("CUnibreak", pkgConfig: "libunibreak", apt: "libunibreak-dev"),
        systemLibrary("CDRM", pkgConfig: "libdrm", apt: "libdrm-dev"),
        systemLibrary("CUdev", pkgConfig: "libudev", apt: "libudev-dev"),
        systemLibrary("CLibInput", pkgConfig: "libinput", apt: "libinput-dev"),
        systemLibrary("CEvdev", pkgConfig: "libevdev", apt: "libevdev-dev"),
        systemLibrary("CXKBCommon", pkgConfig: "xkbcommon", apt: "libxkbcommon-dev"),
        systemLibrary("CRime", pkgConfig: "rime", apt: "librime-dev"),
        systemLibrary("CEspeakNG", pkgConfig: "espeak-ng", apt: "libespeak-ng-dev"),
        systemLibrary("CALSA", pkgConfig: "alsa", apt: "libasound2-dev"),
        // GStreamer and its appsink, found through gobject's pkg-config (see its shim.h for why).
        systemLibrary("CGStreamer", pkgConfig: "gobject-2.0", apt: "libgstreamer-plugins-base1.0-dev"),
        // Libraries loaded when first used, not linked (see loadedLibrary).
        loadedLibrary("CTurboJPEG", apt: "libturbojpeg0-dev"),
        loadedLibrary("CWebPDecoder", apt: "libwebp-dev"),
        loadedLibrary("CLibSeat", apt: "libseat-dev"),
        // SDL2 without pkg-config: its cflags carry -D_REENTRANT, which SwiftPM refuses with a warning.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        // C for what Swift cannot import (variadic ioctl, libdispatch's main-queue hooks).
        .target(name: "CVitrineShims"),
        // C for the large copies into a display buffer (fast strings or streaming stores).
        .target(name: "CVitrinePixels"),

        // Geometry, colour, regions, pixel surfaces, drawing, images, fonts and text.
        // No UI, no devices.
        .target(
            name: "VitrineGraphics",
            dependencies: ["CPixman", "CPNG", "CTurboJPEG", "CWebPDecoder", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi", "CUnibreak",
                           "CVitrinePixels", .target(name: "CRSVG", condition: .when(traits: ["SVG"]))],
            swiftSettings: frameSpeed
        ),
        // The seams every backend implements (display, input, main loop, time, backlight,
        // platform, keyboard layouts) and the values they carry: what a backend compiles against.
        .target(
            name: "VitrineSeams",
            dependencies: ["VitrineGraphics", .product(name: "Logging", package: "swift-log")],
            swiftSettings: frameSpeed
        ),
        // Translated strings without Foundation: String Catalogs, .strings and .stringsdict files,
        // CLDR plural rules, printf formats (docs/app/languages.md). Under the core, which keeps
        // the app's language and re-exports it.
        .target(name: "VitrineLocalization", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        // The UIKit model: the application, responders, events, touches, gestures, views,
        // windows, view controllers, target-action, layout, animation, scrolling and the
        // compositor. Knows no Linux device and no concrete control.
        .target(
            name: "VitrineCore",
            dependencies: [
                "VitrineGraphics", "VitrineSeams", "VitrineLocalization",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: frameSpeed
        ),
        // The toolkit on the core: controls, labels and images, lists, pickers, text editing,
        // the on-screen keyboard and input methods, navigation, alerts, focus and
        // accessibility services. What an app imports (it re-exports the core and the seams).
        .target(
            name: "Vitrine",
            dependencies: [
                "VitrineCore", "VitrineGraphics", "VitrineSeams",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: frameSpeed
        ),
        // Deterministic stand-ins: manual clock and run loop, virtual display, scripted input.
        .target(name: "VitrineHeadless", dependencies: ["VitrineSeams"], swiftSettings: frameSpeed),
        // The epoll run loop, timers, signals, the VT and the session, systemd notify.
        .target(
            name: "VitrineLinux",
            dependencies: [
                "VitrineSeams", "CVitrineShims", "CLibSeat",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: frameSpeed
        ),
        // The DRM/KMS display backend.
        .target(
            name: "VitrineDRM",
            dependencies: [
                "VitrineSeams", "VitrineLinux", "CDRM", "CUdev", "CVitrineShims",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: frameSpeed
        ),
        // The libinput backend (touch, pointer, keys, switches), the accelerometer, calibration
        // and rotation of input.
        .target(
            name: "VitrineInput",
            dependencies: [
                "VitrineSeams", "VitrineLinux", "CLibInput", "CEvdev", "CXKBCommon", "CUdev", "CVitrineShims",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: frameSpeed
        ),
        // The remote view: a VNC server (libvncserver) mirroring presented frames, on the run loop.
        .target(
            name: "VitrineVNC",
            dependencies: ["VitrineCore", "CVNCServer", .product(name: "Logging", package: "swift-log")]
        ),
        // The desktop window (SDL2 on X11): develop on a laptop, test under Xvfb.
        .target(
            name: "VitrineSDL",
            dependencies: [
                "VitrineCore", "VitrineLinux", "VitrineInput", "CSDL2",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Speech for the screen reader: espeak-ng in memory, ALSA out on the run loop, the
        // headphone jack read with libevdev.
        .target(
            name: "VitrineSpeech",
            dependencies: ["Vitrine", "VitrineInput", "CEspeakNG", "CALSA", "CEvdev", .product(name: "Logging", package: "swift-log")]
        ),
        // Video: a player on GStreamer (playbin into an appsink) and the view that shows its
        // frames through the compositor. Only an app that plays video depends on it.
        .target(
            name: "VitrineVideo",
            dependencies: ["Vitrine", "VitrineCore", "VitrineGraphics", "VitrineSeams", "CGStreamer", "CVitrineShims"]
        ),
        // Board profiles (boards/*.toml): reads and validates one, picks and starts the backends.
        .target(
            name: "VitrineBoard",
            dependencies: [
                "Vitrine", "VitrineHeadless", "VitrineLinux", "VitrineDRM", "VitrineInput",
                .target(name: "VitrineVNC", condition: .when(traits: ["RemoteView"])),
                .target(name: "VitrineSpeech", condition: .when(traits: ["Speech"])),
                .target(name: "VitrineSDL", condition: .when(traits: ["Window"])),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Chinese Pinyin through librime: an InputMethod an app or board sets (Vitrine does not import it).
        .target(name: "VitrineRime", dependencies: ["Vitrine", "CRime", .product(name: "Logging", package: "swift-log")]),
        // `vitrine`: devices, the flip test and the kiosk installer.
        .executableTarget(
            name: "VitrineTool",
            dependencies: [
                "VitrineDRM", "VitrineLinux", "VitrineInput", "VitrineBoard",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The run loop's checks that need a synchronous main (the Dispatch main queue drained by
        // the loop, signals to the process); `scripts/test` runs it.
        .executableTarget(name: "VitrineLoopCheck", dependencies: ["Vitrine", "VitrineLinux", "CVitrineShims"]),
        // The demo kiosk app: its screens and its scripted tour (a library, so tests can take
        // golden pictures of its screens), and `vitrine-demo`, which `scripts/demo` runs.
        .target(name: "KioskDemo", dependencies: ["Vitrine", "VitrineHeadless", "VitrineInput", "VitrineRime", "VitrineVideo"], exclude: ["Assets"]),
        .executableTarget(name: "VitrineDemo", dependencies: ["KioskDemo", "Vitrine", "VitrineGraphics", "VitrineHeadless", "VitrineLinux", "VitrineBoard", "VitrineVNC"]),

        // What this package's tests share (not a product: apps never link it): golden images,
        // seeded randomness, temporary folders, log capture, WebP fixtures.
        .target(name: "VitrineTestSupport", dependencies: ["VitrineGraphics", "CWebP", inMemoryLogging, .product(name: "Logging", package: "swift-log")]),

        // Reference images and fixtures are read from the source tree (by #filePath), so that
        // VITRINE_RECORD_GOLDENS=1 can rewrite them; they are not bundled resources.
        .testTarget(name: "VitrineGraphicsTests", dependencies: ["VitrineGraphics", "VitrineTestSupport"],
                    exclude: ["Goldens", "Images/Fixtures"]),
        .testTarget(name: "VitrineTests", dependencies: ["Vitrine", "VitrineCore", "VitrineHeadless", "VitrineInput", "VitrineTestSupport", inMemoryLogging], exclude: ["Goldens"]),
        .testTarget(name: "VitrineHeadlessTests", dependencies: ["Vitrine", "VitrineHeadless"]),
        .testTarget(name: "VitrineLinuxTests", dependencies: ["Vitrine", "VitrineLinux", "VitrineHeadless"]),
        .testTarget(name: "VitrineDRMTests", dependencies: ["Vitrine", "VitrineDRM", "VitrineTestSupport"]),
        .testTarget(name: "VitrineInputTests", dependencies: ["Vitrine", "VitrineInput", "VitrineHeadless", "VitrineTestSupport", inMemoryLogging]),
        .testTarget(name: "VitrineBoardTests", dependencies: ["VitrineBoard", "VitrineTestSupport", inMemoryLogging]),
        .testTarget(name: "VitrineLocalizationTests", dependencies: ["VitrineLocalization", "VitrineTestSupport"]),
        .testTarget(name: "VitrineRimeTests", dependencies: ["VitrineRime", "VitrineHeadless"]),
        .testTarget(name: "VitrineSpeechTests", dependencies: ["VitrineSpeech", "Vitrine", "VitrineCore", "VitrineHeadless", "VitrineTestSupport", "CEvdev", .product(name: "SystemPackage", package: "swift-system"), inMemoryLogging]),
        // Real GStreamer, headless: clips the tests make with videotestsrc.
        .testTarget(name: "VitrineVideoTests", dependencies: ["VitrineVideo", "Vitrine", "VitrineHeadless", "VitrineTestSupport", "CGStreamer"], exclude: ["Goldens"]),
        .testTarget(name: "VitrineVNCTests", dependencies: ["Vitrine", "VitrineVNC", "VitrineHeadless"]),
        // The desktop window under a private Xvfb (ring 2b of scripts/test); skipped without it.
        .testTarget(name: "VitrineSDLTests", dependencies: ["Vitrine", "VitrineSDL", "VitrineLinux", "VitrineInput", "VitrineTestSupport", "CSDL2"]),
        .testTarget(name: "KioskDemoTests", dependencies: ["KioskDemo", "VitrineHeadless", "VitrineRime", "VitrineTestSupport"], exclude: ["Goldens"]),
        // Ring 3: the real DRM and input backends on a real kernel (vkms, uinput). Runs inside
        // the VM of scripts/vm-test; on a machine without those devices every test says why it
        // is skipped.
        .testTarget(name: "VitrineKernelTests",
                    dependencies: ["VitrineDRM", "VitrineInput", "VitrineBoard", "VitrineHeadless", "KioskDemo", "VitrineVideo", "CGStreamer",
                                   "VitrineTestSupport", "CEvdev", "CVitrineShims",
                                   "CDRM", .product(name: "Logging", package: "swift-log"), inMemoryLogging]),
    ],
    swiftLanguageModes: [.v6]
)
