import Vitrine
import VitrineDRM
import VitrineGraphics
import VitrineInput

/// What differs between the devices a kiosk runs on, read from `boards/<name>.toml`: which
/// display and how it is set up, which input belongs to the screen and how touches map onto it,
/// the accelerometer, what switches do, and how the app is supervised.
///
/// A plain value: `load(named:)` / `load(path:)` / `parse(_:file:)` read and validate one, and
/// every field already holds an allowed value (ranges, enums, matrix sizes). The defaults (the
/// values of `BoardProfile()`) are those of a generic DRM device: first connected display,
/// preferred mode, every input device of seat0, a locked-down kiosk. The TOML names of fields
/// are given in brackets: `[display] rotation`.
public struct BoardProfile: Sendable, Hashable {
    /// The profile's name: its file name without `.toml` (`rpi4-dsi7`), or a built-in name.
    public var name: String
    /// Where it was read from, or nil for a built-in profile.
    public var path: String?
    /// `description`: one line saying which hardware the profile is for.
    public var description: String
    /// `match`: patterns looked for in the device-tree model (`/proc/device-tree/model`, for
    /// example "Raspberry Pi 4 Model B Rev 1.4"); the profile is chosen automatically when one
    /// is a part of it. Empty: never chosen automatically.
    public var match: [String]
    /// `[display]`: the screen.
    public var display: Display
    /// `[input]`: where touches, keys and switches come from.
    public var input: Input
    /// `[touch]`: how many fingers, and how the panel's touch maps onto its picture.
    public var touch: Touch
    /// `[accelerometer]`: orientation and shakes.
    public var accelerometer: Accelerometer
    /// `[switches]`: what the runtime does by itself when a switch changes.
    public var switches: Switches
    /// `[system]`: the console and supervision by systemd.
    public var system: System
    /// `[power]`: the idle screen's dimming and power, and the backlight.
    public var power: Power = Power()
    /// `[remote]`: the VNC remote view (`vnc`, `listen`, `password_file`); off by default.
    public var remote: VNCConfiguration = VNCConfiguration()
    /// `[keyboard]`: the on-screen keyboard (see `BoardProfile+Keyboard.swift`).
    public var keyboard: Keyboard = Keyboard()
    /// `[accessibility]`: the screen reader's speech (see `BoardProfile+Speech.swift`); off by default.
    public var speech: SpeechConfiguration = SpeechConfiguration()
    /// `[audio]`: where the app's sound goes.
    public var audio: Audio = Audio()
    /// `[language]`: the language the kiosk starts in and where its translations are.
    public var language: Language = Language()
    /// The 1-based line of each top-level section in the profile's file, by its TOML name
    /// ("remote" → 12, "accessibility" → 30): the line of its `[remote]` header, or, for a
    /// section written without one (`[input.keymap]` alone, `remote.vnc = "on"`,
    /// `remote = { vnc = "on" }`), the line where it is first written. Empty for a profile made
    /// in code. Lets a caller name the place of a section: this profile's `[remote]`, at
    /// file:line, asks for a part the app was built without.
    public internal(set) var sectionLines: [String: Int] = [:]

    /// Creates a profile named `name`; every part not given has its defaults.
    public init(name: String = "generic-drm", path: String? = nil,
                description: String = "any Linux device with a DRM/KMS display",
                match: [String] = [], display: Display = Display(), input: Input = Input(), touch: Touch = Touch(),
                accelerometer: Accelerometer = Accelerometer(), switches: Switches = Switches(),
                system: System = System()) {
        self.name = name
        self.path = path
        self.description = description
        self.match = match
        self.display = display
        self.input = input
        self.touch = touch
        self.accelerometer = accelerometer
        self.switches = switches
        self.system = system
    }

    /// The built-in generic DRM profile: used when no profile is named, none matches the device
    /// tree and a DRM device exists.
    public static let genericDRM = BoardProfile()

    /// The built-in headless profile: the virtual display of 800×480 pixels at 60 Hz. Used
    /// (when `boards/virtual.toml` cannot be found) on a machine without a DRM device.
    public static let virtual = BoardProfile(
        name: "virtual", description: "the headless virtual display (no hardware)",
        display: Display(backend: .virtual, mode: ModeRequest(width: 800, height: 480, refreshRate: 60)),
        system: System(console: .none))

    // MARK: Display

    /// `[display]`: which display and how the picture is set up on it. The picture's setup is
    /// the DRM display's own configuration (`drm`), which the virtual display follows too; the
    /// accessors below name each TOML field.
    public struct Display: Sendable, Hashable {
        /// `backend`: `"drm"` (a DRM/KMS device) or `"virtual"` (the headless display).
        public var backend: Backend
        /// `device`: the DRM node (`/dev/dri/card1`), or nil (`"auto"`): the card that has the
        /// configured connector, else the first card with a display connected.
        public var device: String?
        /// `scale`: pixels per point (1, 1.5, 2…; 0.5 to 4).
        public var scale: Double
        /// `connector`, `mode`, `rotation`, `pixel_format`, `buffers`, `plane_rotation` and
        /// `modesetting`: what `DRMDisplay` is opened with.
        public var drm: DRMDisplay.Configuration
        /// `safe_area = [top, left, bottom, right]`: the border of the panel a bezel or the
        /// enclosure hides, in points along the unturned panel's edges (each 0…2000; default
        /// none). Becomes `Screen.panelSafeAreaInsets` at launch; views' safe areas follow.
        public var safeArea = EdgeInsets.zero
        /// The largest inset `safe_area` accepts, in points.
        public static let safeAreaLimit = 2000.0

        /// `connector`: the connector as KMS names it (`HDMI-A-1`, `DSI-1`), or nil (`"auto"`):
        /// the first connected one.
        public var connector: String? {
            get { drm.connectorName }
            set { drm.connectorName = newValue }
        }
        /// `mode`: the panel's mode in unrotated pixels, or nil (`"preferred"`): the mode the
        /// display prefers (its EDID's or the panel's), else the largest. On the virtual
        /// display `"preferred"` is 800×480 at 60 Hz and a mode without a rate runs at 60 Hz.
        public var mode: ModeRequest? {
            get { drm.mode }
            set { drm.mode = newValue }
        }
        /// `rotation`: how the picture is turned on the panel, clockwise (0, 90, 180, 270).
        /// Touches are turned by the same value.
        public var rotation: ScreenRotation {
            get { drm.rotation }
            set { drm.rotation = newValue }
        }
        /// `pixel_format`: the scanout format, `"xrgb8888"` or `"rgb565"`.
        public var pixelFormat: PixelFormat {
            get { drm.pixelFormat }
            set { drm.pixelFormat = newValue }
        }
        /// `buffers`: scanout buffers cycled through, 2 or 3.
        public var buffers: Int {
            get { drm.bufferCount }
            set { drm.bufferCount = newValue }
        }
        /// `plane_rotation`: whether the display plane may turn the picture in hardware when
        /// it can (else the copy to scanout turns it).
        public var allowsPlaneRotation: Bool {
            get { drm.allowsPlaneRotation }
            set { drm.allowsPlaneRotation = newValue }
        }
        /// `modesetting`: `"auto"` (atomic when the driver offers it) or `"legacy"`.
        public var modesetting: DRMDisplay.Modesetting {
            get { drm.modesetting }
            set { drm.modesetting = newValue }
        }

        /// Creates a display section; the defaults are those of a DRM device chosen automatically.
        public init(backend: Backend = .drm, device: String? = nil, connector: String? = nil,
                    mode: ModeRequest? = nil, rotation: ScreenRotation = .none,
                    pixelFormat: PixelFormat = .xrgb8888, scale: Double = 1, buffers: Int = 2,
                    allowsPlaneRotation: Bool = true, modesetting: DRMDisplay.Modesetting = .automatic) {
            self.backend = backend
            self.device = device
            self.scale = scale
            self.drm = DRMDisplay.Configuration(connectorName: connector, mode: mode, rotation: rotation,
                                                pixelFormat: pixelFormat, bufferCount: buffers,
                                                modesetting: modesetting, allowsPlaneRotation: allowsPlaneRotation)
        }

        /// The panel mode the virtual display runs: the configured one (60 Hz when no rate is
        /// given), or 800×480 at 60 Hz for `"preferred"`.
        public var virtualMode: DisplayMode {
            guard let mode else { return DisplayMode(width: 800, height: 480, refreshRate: 60) }
            return DisplayMode(width: mode.width, height: mode.height, refreshRate: mode.refreshRate ?? 60)
        }
    }

    /// Which display backend a profile starts.
    public enum Backend: String, Sendable, Hashable, CaseIterable {
        /// A DRM/KMS device (`VitrineDRM`).
        case drm
        /// The headless virtual display (`VitrineHeadless`): tests, demos without hardware.
        case virtual
    }

    // MARK: Input

    /// `[input]`: which input devices belong to the screen, the keymap, and what the kiosk lets
    /// the keyboard do.
    public struct Input: Sendable, Hashable {
        /// `seat`: the udev seat whose devices are used when `devices` is empty (`"seat0"`).
        /// Devices come and go while the app runs.
        public var seat: String
        /// `devices`: explicit event nodes (`/dev/input/event2`, or the stable
        /// `/dev/input/by-path/…` links) instead of the seat. Empty: the seat.
        public var devices: [String]
        /// `vt_switching`: whether Ctrl+Alt+F1…F12 switch virtual terminals. Default false:
        /// a kiosk is locked down.
        public var allowsVTSwitching: Bool
        /// `pointer_drives_touch`: whether a mouse's left button drives a single touch (so a
        /// kiosk can be tried at a desk).
        public var pointerDrivesTouch: Bool
        /// `[input.keymap]`: the xkb keymap that gives keys their characters — `rules`
        /// (`"evdev"`), `model` (`"pc105"`), `layout` (`"us"`, `"de"`, `"us,ru"`), `variant`
        /// (`""`, `"nodeadkeys"`), `options` (`"grp:alt_shift_toggle"`), as `setxkbmap` and
        /// `/etc/default/keyboard` take them; libinput's own `KeymapNames`.
        public var keymap: KeymapNames
        /// `encoder`: the rotary encoder that moves focus (turns) and activates (its press): its
        /// device name as `vitrine devices` lists it (read by libinput, or by libevdev for a
        /// dial) or its `/dev/input/…` node. Nil (the default, or `"none"`): none. See README's
        /// "Accessibility: focus, keys and encoders".
        public var encoder: String?
        /// The barcode scanners and how their codes are read: `scanners` (device names as
        /// `vitrine devices` lists them, or `/dev/input/…` nodes), `[input.scanner_keymap]`
        /// (the keymap they type with, `us` unless set, whatever `[input.keymap]` says),
        /// `scan_gap` (seconds without a key that end a code sent without Return) and
        /// `scan_max_length` (characters). Each scanner is taken for the app alone: its codes
        /// arrive as `Responder.scannerDidRead(_:with:)`, never as typing.
        public var scanner: ScannerConfiguration = ScannerConfiguration()

        /// Creates an input section; the defaults: every device of seat0, a US keymap, VT
        /// switching locked, the mouse driving a touch, no scanner.
        public init(seat: String = "seat0", devices: [String] = [], allowsVTSwitching: Bool = false,
                    pointerDrivesTouch: Bool = true, keymap: KeymapNames = KeymapNames()) {
            self.seat = seat
            self.devices = devices
            self.allowsVTSwitching = allowsVTSwitching
            self.pointerDrivesTouch = pointerDrivesTouch
            self.keymap = keymap
        }
    }

    // MARK: Touch

    /// `[touch]`: the touch pool and the mapping of the panel's touch onto its picture.
    public struct Touch: Sendable, Hashable {
        /// `capacity`: fingers down at once (1…64). The pool holds at least as many as the
        /// touchscreens report, whatever this says.
        public var capacity: Int
        /// `calibration`: libinput's calibration matrix, 6 numbers `[a, b, c, d, e, f]` in
        /// normalised panel coordinates (0…1): a touch reported at (x, y) is taken to be at
        /// (a·x + b·y + c, d·x + e·y + f), before the display rotation is applied.
        /// Identity: `[1, 0, 0, 0, 1, 0]`. Each number within ±16 and |a·e − b·d| ≥ 0.001
        /// (`calibrationLimits`). libinput's own `CalibrationMatrix`.
        public var calibration: CalibrationMatrix

        /// Creates a touch section; the defaults: 10 fingers, no calibration.
        public init(capacity: Int = 10, calibration: CalibrationMatrix = .identity) {
            self.capacity = capacity
            self.calibration = calibration
        }
    }

    // MARK: Accelerometer

    /// `[accelerometer]`: the sensor, how it is mounted, and what it drives. It is read only
    /// while something uses it (auto-rotation, shake detection, an app listening for motion).
    public struct Accelerometer: Sendable, Hashable {
        /// `device`: `"auto"` (the evdev device with INPUT_PROP_ACCELEROMETER, else IIO),
        /// `"none"`, or an event node path.
        public var device: DeviceChoice
        /// `mount_matrix`: 3 rows of 3 numbers, row-major, from the sensor's axes to the
        /// panel's (as the kernel's `mount_matrix` and udev's ACCEL_MOUNT_MATRIX give it).
        /// Nil: the matrix the device declares, else identity. Each number within ±16 and the
        /// determinant's size at least 0.001 (`mountMatrixLimits`). The accelerometer's own
        /// `MountMatrix`.
        public var mountMatrix: MountMatrix?
        /// `units_per_g`: raw units per g of an evdev accelerometer (its LSB/g), for a driver
        /// that reports resolution 0; nil (`0`, the default): the driver's resolution, else 256.
        /// At most 1 000 000.
        public var unitsPerG: Double?
        /// `auto_rotate`: whether turning the device turns the picture (and touch) with it.
        public var autoRotate: Bool
        /// `orientation_hysteresis`: degrees (0…45) past the 45° boundary between two
        /// orientations the device must turn before the picture follows, so it does not flip
        /// back and forth when held near the boundary.
        public var orientationHysteresis: Double
        /// `[accelerometer.shake]`: shake detection.
        public var shake: Shake

        /// Creates an accelerometer section; the defaults: found automatically, no
        /// auto-rotation, no shake detection (so it is never read).
        public init(device: DeviceChoice = .automatic, mountMatrix: MountMatrix? = nil, unitsPerG: Double? = nil,
                    autoRotate: Bool = false, orientationHysteresis: Double = 15, shake: Shake = Shake()) {
            self.device = device
            self.mountMatrix = mountMatrix
            self.unitsPerG = unitsPerG
            self.autoRotate = autoRotate
            self.orientationHysteresis = orientationHysteresis
            self.shake = shake
        }
    }

    /// A device given as `"auto"`, `"none"` or a path.
    public enum DeviceChoice: Sendable, Hashable {
        /// Found automatically.
        case automatic
        /// Not used at all.
        case none
        /// This node.
        case path(String)
    }

    /// `[accelerometer.shake]`: whether shakes are detected (apps hear `motionBegan` /
    /// `motionEnded(.motionShake)`) and when a motion counts as one: the
    /// `Application.shakeDetector` configuration.
    public struct Shake: Sendable, Hashable {
        /// `enabled`: whether shakes are detected from the start (`Application.detectsShakes`).
        /// While neither this nor auto-rotation is on, the accelerometer is not read at all.
        public var enabled: Bool
        /// `threshold`: acceleration beyond gravity, in g (0.1…8), that counts as a jolt.
        public var threshold: Double
        /// `duration`: seconds (0.05…5) from the first to the last jolt of a shake, at least.
        public var duration: Double
        /// `quiet_period`: seconds (0…10) after a shake during which no new one starts.
        public var quietPeriod: Double

        /// Creates a shake section; the defaults: off, jolts of 0.8 g over 0.3 s, 1 s quiet.
        public init(enabled: Bool = false, threshold: Double = 0.8, duration: Double = 0.3, quietPeriod: Double = 1) {
            self.enabled = enabled
            self.threshold = threshold
            self.duration = duration
            self.quietPeriod = quietPeriod
        }
    }

    // MARK: Switches

    /// `[switches]`: what the runtime does by itself when a switch changes (the app's delegate
    /// hears every change either way).
    public struct Switches: Sendable, Hashable {
        /// `lid`: `"display-off"` (closing the lid cancels touches and turns the display off;
        /// opening it turns the display on and repaints) or `"ignore"`.
        public var lid: LidPolicy

        /// Creates a switches section; the default turns the display off with the lid.
        public init(lid: LidPolicy = .displayOff) {
            self.lid = lid
        }
    }

    /// What closing the lid does.
    public enum LidPolicy: String, Sendable, Hashable, CaseIterable {
        /// Touches are cancelled and the display turned off; opening turns it on and repaints.
        case displayOff = "display-off"
        /// Nothing (the app's delegate still hears it).
        case ignore
    }

    // MARK: Power

    /// `[power]`: when a screen nobody touches dims and turns off (`Application.idlePolicy`),
    /// and which backlight `Screen.brightness` and dimming drive. The first touch or key on a
    /// dimmed or dark screen only wakes it (it never reaches the app).
    public struct Power: Sendable, Hashable {
        /// `dim_after`: seconds (0…86400) without input before the backlight drops to
        /// `dim_level`; 0: never.
        public var dimAfter: Double
        /// `off_after`: seconds (0…86400) without input before the display is powered down
        /// (DPMS off / CRTC inactive); 0: never. When both are set it must be later than `dim_after`.
        public var offAfter: Double
        /// `dim_level`: the backlight's level while dimmed, 0…1.
        public var dimLevel: Double
        /// `backlight`: `"auto"`, `"none"` or a name in `/sys/class/backlight`.
        public var backlight: BacklightChoice

        /// Creates a power section; the defaults never dim and never turn off (a kiosk that
        /// should stay lit, as most do, needs nothing), dim to 0.3 when asked, and find the
        /// backlight automatically.
        public init(dimAfter: Double = 0, offAfter: Double = 0, dimLevel: Double = 0.3,
                    backlight: BacklightChoice = .automatic) {
            self.dimAfter = dimAfter
            self.offAfter = offAfter
            self.dimLevel = dimLevel
            self.backlight = backlight
        }

        /// The application's idle policy for this section.
        public var idlePolicy: IdlePolicy { IdlePolicy(dimAfter: dimAfter, offAfter: offAfter, dimLevel: dimLevel) }
    }

    /// `[audio]`: where the app's sound (a video's audio) goes; `Application.audioDevice`.
    ///
    /// ```toml
    /// [audio]
    /// device = "plughw:1"    # an ALSA PCM (aplay -L lists them); absent: the system's default
    /// ```
    public struct Audio: Sendable, Hashable {
        /// `device`: the ALSA PCM name; nil leaves the choice to the system.
        public var device: String?

        /// Creates an audio section; by default the system chooses the device.
        public init(device: String? = nil) {
            self.device = device
        }
    }

    /// Which backlight `[power] backlight` names.
    public enum BacklightChoice: Sendable, Hashable {
        /// `"auto"`: the one tied to the display's connector (sysfs `device` links), else the
        /// GPU's, else the only one, else none.
        case automatic
        /// `"none"`: brightness does nothing.
        case none
        /// That backlight of `/sys/class/backlight` (`"intel_backlight"`).
        case named(String)
    }

    // MARK: System

    /// `[system]`: the console and supervision.
    public struct System: Sendable, Hashable {
        /// `watchdog`: whether the run loop feeds systemd's watchdog when the unit asks for one
        /// (`WatchdogSec=`), so that a hung app is restarted. False: never fed (the unit must
        /// then have no `WatchdogSec=`).
        public var watchdog: Bool
        /// `console`: the virtual console taken over on DRM, so no console text is drawn over
        /// the app and keys do not reach a shell: `"auto"` (the one the app was started on,
        /// else the foreground one), `"none"`, or a path (`/dev/tty1`).
        public var console: DeviceChoice
        /// `session`: how DRM and input devices are opened on DRM boards — `"auto"` (through
        /// the seat when seatd or a logind session is reachable, else directly), `"seat"`
        /// (through libseat, or fail saying why) or `"direct"` (open(2): root, or groups `video`
        /// and `input`). Through the seat the seat manager owns the console (`console` is not
        /// taken over) and VT switches pause and resume the app.
        public var session: SessionMode

        /// Creates a system section; the defaults: watchdog fed, console taken automatically,
        /// session chosen automatically.
        public init(watchdog: Bool = true, console: DeviceChoice = .automatic, session: SessionMode = .automatic) {
            self.watchdog = watchdog
            self.console = console
            self.session = session
        }
    }

    /// How devices are opened (`[system] session`).
    public enum SessionMode: String, Sendable, Hashable, CaseIterable {
        /// `"auto"`: through the seat when a seat manager is reachable (`SeatManager.reachable()`),
        /// else directly.
        case automatic = "auto"
        /// `"seat"`: through libseat (seatd, logind, or its builtin seat as root); no seat is an error.
        case seat
        /// `"direct"`: open(2), as root or a member of groups `video` and `input`.
        case direct
    }
}
