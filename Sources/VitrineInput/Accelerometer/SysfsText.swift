import Glibc
import SystemPackage

/// Reading the small text attributes of sysfs (and of test trees that imitate it) without
/// Foundation: whole files, one number each, re-read in place.
package enum SysfsText {
    /// `text` without leading and trailing spaces, tabs and newlines (sysfs ends values with one).
    static func trimmed<S: StringProtocol>(_ text: S) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
              let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }

    /// Whether `path` exists.
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The contents of `path` (at most 4 KiB, a sysfs page), trimmed.
    static func read(_ path: String) -> Result<String, Errno> {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
        } catch let error as Errno {
            return .failure(error)
        } catch {
            return .failure(.ioError)
        }
        defer { try? descriptor.close() }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count: Int
        do {
            count = try bytes.withUnsafeMutableBytes { try descriptor.read(fromAbsoluteOffset: 0, into: $0) }
        } catch let error as Errno {
            return .failure(error)
        } catch {
            return .failure(.ioError)
        }
        return .success(trimmed(String(decoding: bytes[..<count], as: UTF8.self)))
    }

    /// The number in `path`, or the error saying why there is none.
    static func readNumber(_ path: String) -> Result<Double, AccelerometerError> {
        switch read(path) {
        case .failure(let errno): return .failure(.iioAttributeUnreadable(path: path, errno: errno))
        case .success(let text):
            guard let value = Double(text), value.isFinite else { return .failure(.iioAttributeMalformed(path: path, text: text)) }
            return .success(value)
        }
    }

    /// The names in `directory`, or the error from opening it.
    static func entries(of directory: String) -> Result<[String], Errno> {
        guard let dir = opendir(directory) else { return .failure(Errno(rawValue: errno)) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// The paths of `directory`'s `event*` nodes in numeric order (`event2` before `event10`),
    /// or the error from opening it: where the input devices that libinput does not read for us
    /// (an accelerometer, a dial, a headphone jack) are looked for.
    package static func eventNodePaths(in directory: String) -> Result<[String], Errno> {
        entries(of: directory).map { names in numbered(names, prefix: "event").map { "\(directory)/\($0)" } }
    }

    /// The names in `names` that are `prefix` followed by a number, in numeric order
    /// (`event2` before `event10`).
    static func numbered(_ names: [String], prefix: String) -> [String] {
        names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix(prefix), let n = Int(name.dropFirst(prefix.count)) else { return nil }
            return (n, name)
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

/// A sysfs attribute kept open while the accelerometer is started and re-read from offset 0
/// on each sample (sysfs regenerates the value on every read at offset 0), into a buffer
/// reused for the attribute's life, so that a sample opens nothing and allocates nothing.
final class SysfsAttribute {
    /// The attribute's path, for errors.
    let path: String
    private let descriptor: FileDescriptor
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 1)
    private var isClosed = false

    /// Opens `path` read-only.
    init(path: String) throws(AccelerometerError) {
        self.path = path
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
        } catch let error as Errno {
            buffer.deallocate()
            throw .iioAttributeUnreadable(path: path, errno: error)
        } catch {
            buffer.deallocate()
            throw .iioAttributeUnreadable(path: path, errno: .ioError)
        }
    }

    deinit {
        close()
        buffer.deallocate()
    }

    /// Closes the descriptor; idempotent.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        try? descriptor.close()
    }

    /// The integer the attribute holds now (an IIO `_raw` value: optional sign, digits).
    func readInteger() -> Result<Int, AccelerometerError> {
        let count: Int
        do {
            count = try descriptor.read(fromAbsoluteOffset: 0, into: buffer)
        } catch let error as Errno {
            return .failure(.iioAttributeUnreadable(path: path, errno: error))
        } catch {
            return .failure(.iioAttributeUnreadable(path: path, errno: .ioError))
        }
        var index = 0
        var negative = false
        var value = 0
        var digits = 0
        while index < count, buffer[index] == UInt8(ascii: " ") { index += 1 }
        if index < count, buffer[index] == UInt8(ascii: "-") || buffer[index] == UInt8(ascii: "+") {
            negative = buffer[index] == UInt8(ascii: "-")
            index += 1
        }
        while index < count, buffer[index] >= UInt8(ascii: "0"), buffer[index] <= UInt8(ascii: "9"), digits < 18 {
            value = value * 10 + Int(buffer[index] - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        let rest = index < count ? buffer[index] : UInt8(ascii: "\n")
        guard digits > 0, rest == UInt8(ascii: "\n") || rest == 0 || rest == UInt8(ascii: " ") else {
            let text = SysfsText.trimmed(String(decoding: UnsafeRawBufferPointer(rebasing: buffer[..<count]), as: UTF8.self))
            return .failure(.iioAttributeMalformed(path: path, text: text))
        }
        return .success(negative ? -value : value)
    }
}
