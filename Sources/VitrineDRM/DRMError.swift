import SystemPackage

/// Why the DRM display could not start or keep going, each with what the user can do about it.
/// `description` is the full message: the device, the problem, and the remedy after a dash.
public enum DRMError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `directory` (normally /dev/dri) is missing or holds no `card*` node: no KMS driver is loaded.
    case noDevice(directory: String, directoryExists: Bool)
    /// The path given as the directory of DRM nodes exists but is not a directory (`/dev/null`).
    case notADirectory(path: String)
    /// The node asked for does not exist.
    case deviceNotFound(path: String)
    /// Every card was tried and none has a connected connector.
    case noConnectedDevice(tried: [String])
    /// The node may not be opened by this user.
    case permissionDenied(path: String)
    /// Another client is DRM master (or this process may not take master).
    case masterHeld(path: String, errno: Errno)
    /// The node does no modesetting (a render node, or a GPU without display).
    case notKMS(path: String)
    /// The driver makes no dumb buffers.
    case noDumbBuffers(path: String)
    /// No connector has a sink plugged in.
    case noConnectedConnector(path: String, connectors: [String])
    /// The profile names a connector the device does not have.
    case connectorNotFound(path: String, name: String, available: [String])
    /// The named connector has nothing plugged in.
    case connectorDisconnected(path: String, name: String)
    /// The connector offers no mode.
    case noModes(path: String, connector: String)
    /// No CRTC can feed the connector.
    case noCRTC(path: String, connector: String)
    /// The CRTC has no primary plane that scans out the pixel format.
    case noPrimaryPlane(path: String, crtcID: UInt32, format: String)
    /// The pixel format is not one a scanout buffer can have.
    case unsupportedPixelFormat(String)
    /// A DRM call failed unexpectedly.
    case systemCall(path: String, operation: String, errno: Errno)

    /// The error for `errno` from opening `path`.
    public static func opening(_ path: String, errno: Errno) -> DRMError {
        switch errno {
        case .noSuchFileOrDirectory, .noSuchAddressOrDevice, .operationNotSupportedByDevice: .deviceNotFound(path: path)
        case .permissionDenied, .notPermitted: .permissionDenied(path: path)
        default: .systemCall(path: path, operation: "open", errno: errno)
        }
    }

    /// The error for `errno` from becoming DRM master on `path`.
    public static func takingMaster(_ path: String, errno: Errno) -> DRMError {
        switch errno {
        case .resourceBusy, .permissionDenied, .notPermitted, .invalidArgument: .masterHeld(path: path, errno: errno)
        default: .systemCall(path: path, operation: "drmSetMaster", errno: errno)
        }
    }

    /// The whole message: what went wrong where, then what to do.
    public var description: String {
        switch self {
        case .noDevice(let directory, let exists):
            let what = exists ? "\(directory) holds no card* node" : "\(directory) does not exist"
            return "no DRM device: \(what) — is the GPU driver loaded? On a board, load its KMS driver "
                + "(vc4 on a Raspberry Pi, or the panel's driver) or enable it in the device tree; "
                + "in a VM, modprobe vkms (or give qemu a virtio-gpu or vmware-svga device)"
        case .notADirectory(let path):
            return "\(path) is not a directory — give the directory holding the card* nodes, normally /dev/dri"
        case .deviceNotFound(let path):
            return "\(path) does not exist — run `vitrine devices` to list the DRM devices"
        case .noConnectedDevice(let tried):
            return "no DRM device has a connected display (tried \(tried.joined(separator: ", "))) — "
                + "plug in the panel or monitor, or check its cable and the device tree"
        case .permissionDenied(let path):
            return "\(path): permission denied — add the user to group video, or run under seatd (or as root)"
        case .masterHeld(let path, let errno):
            return "\(path): cannot become DRM master (\(errno)) — another compositor (Xorg, Weston…) holds DRM master: "
                + "stop it; or, not being root, run under seatd or logind"
        case .notKMS(let path):
            return "\(path) is not a KMS (modesetting) device — pick a card* node that drives a display"
        case .noDumbBuffers(let path):
            return "\(path): the driver makes no dumb buffers — this GPU cannot show CPU-drawn frames"
        case .noConnectedConnector(let path, let connectors):
            return "\(path): no connected connector (\(connectors.joined(separator: ", "))) — plug in the display"
        case .connectorNotFound(let path, let name, let available):
            return "\(path) has no connector \(name) — it has \(available.joined(separator: ", ")); fix [display] connector in the board profile"
        case .connectorDisconnected(let path, let name):
            return "\(path): connector \(name) has nothing connected — plug in the display or fix [display] connector in the board profile"
        case .noModes(let path, let connector):
            return "\(path): connector \(connector) offers no mode — check the panel's EDID or device-tree timings"
        case .noCRTC(let path, let connector):
            return "\(path): no CRTC can drive connector \(connector) — another output may be using it"
        case .noPrimaryPlane(let path, let crtcID, let format):
            return "\(path): CRTC \(crtcID) has no primary plane for \(format) — choose another [display] pixel_format in the board profile"
        case .unsupportedPixelFormat(let format):
            return "\(format) cannot be a scanout format — use XRGB8888 or RGB565"
        case .systemCall(let path, let operation, let errno):
            return "\(path): \(operation) failed: \(errno)"
        }
    }
}
