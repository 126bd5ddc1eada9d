/// Which buffer of a display's swapchain the next frame is drawn into, and how old its
/// content is: the bookkeeping behind `Display.bufferAge` (EGL_EXT_buffer_age's meaning),
/// shared by every display that cycles buffers.
///
/// Buffers are filled in turn, 0, 1, …, `count − 1`, 0… The age of the back buffer is 1 when
/// it holds the previous frame, 2 the one before, and so on; 0 when its content is unknown
/// (never filled, or forgotten because the screen's content was lost: a modeset, power on, a
/// dropped frame).
public struct BufferAges: Sendable, Equatable {
    /// How many buffers cycle.
    public let count: Int
    /// The buffer the next frame is drawn into.
    public private(set) var back = 0
    /// Frames filled so far (never reset: a display reports it as its present count).
    public private(set) var presentCount = 0
    /// For each buffer, the number of the frame that last filled it (nil: unknown).
    private var lastFilled: [Int?]

    /// Ages for `count` buffers (at least 1), all unknown.
    public init(count: Int) {
        self.count = max(count, 1)
        lastFilled = Array(repeating: nil, count: self.count)
    }

    /// The back buffer's age: 1 when it holds the previous frame, 2 the one before…; 0 unknown.
    public var age: Int {
        guard let filled = lastFilled[back] else { return 0 }
        return presentCount - filled + 1
    }

    /// Records that a new frame was drawn into the back buffer and makes the next buffer the
    /// back buffer. Returns the index of the buffer just filled.
    public mutating func fillBack() -> Int {
        let filled = back
        presentCount += 1
        lastFilled[filled] = presentCount
        back = (filled + 1) % count
        return filled
    }

    /// Makes every buffer's age unknown (what they hold can no longer be trusted).
    public mutating func forget() {
        for i in lastFilled.indices { lastFilled[i] = nil }
    }

    /// New buffers: every age unknown and buffer 0 drawn next.
    public mutating func restart() {
        forget()
        back = 0
    }
}
