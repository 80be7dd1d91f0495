// SPDX-License-Identifier: MIT
import CTactusPlugin

/// The structs that cross tactus.h begin with their size, so that minor versions can add fields at their end
/// ("Growth" in tactus.h). This is the one place that reads a struct the host passes, and the one that stamps the
/// size on those the plugin passes.
enum SizedStruct {
    /// The host's struct as far as its size covers, the fields beyond it zero (NULL, 0, false: each field's
    /// default); nil when the size does not reach `requiredEnd`, the end of the fields that have no default, or is
    /// no size a C compiler gives the struct: those are multiples of its alignment, so that a size that is one ends
    /// between fields, never inside a pointer. The bytes beyond the size are never read: they may not be the host's.
    static func read<T>(_ pointer: UnsafePointer<T>, requiredEnd: Int) -> T? {
        let raw = UnsafeRawPointer(pointer)
        let size = Int(declaredSize(pointer))
        guard size >= requiredEnd, size % MemoryLayout<T>.alignment == 0 else { return nil }
        let copy = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
        defer { copy.deallocate() }
        copy.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
        copy.copyMemory(from: raw, byteCount: min(size, MemoryLayout<T>.size))
        return copy.load(as: T.self)
    }

    /// The size the struct's first member declares.
    static func declaredSize<T>(_ pointer: UnsafePointer<T>) -> UInt32 {
        UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self)
    }

    /// Why a struct was refused, for the log: `a struct tactus_device of 4 bytes ends before its kind; ...`.
    static func refusal<T>(_ pointer: UnsafePointer<T>, _ name: String, requiredField: String) -> String {
        let size = declaredSize(pointer)
        let why = size % UInt32(MemoryLayout<T>.alignment) == 0 ? "ends before its \(requiredField)"
                                                               : "is no size a compiler gives it"
        return "tactus: a struct \(name) of \(size) bytes \(why): set .size = sizeof(struct \(name))"
    }

    /// The end of the field at `key` in `T`: where a struct that has that field at least reaches.
    static func end<T, Field>(of key: KeyPath<T, Field>) -> Int {
        MemoryLayout<T>.offset(of: key)! + MemoryLayout<Field>.size
    }

    /// The size the plugin stamps on the structs it passes: its own.
    static func size<T>(of _: T.Type) -> UInt32 { UInt32(MemoryLayout<T>.size) }
}

extension tactus_host {
    /// A table needs its data pointer; every callback may be missing.
    static let requiredEnd = SizedStruct.end(of: \tactus_host.data)
}

extension tactus_device {
    /// A device needs its id and kind; its name, size, output and transform have defaults.
    static let requiredEnd = SizedStruct.end(of: \tactus_device.kind)
}

extension tactus_binding {
    /// A binding needs its action and kind; every other field's zero is the gesture's default.
    static let requiredEnd = SizedStruct.end(of: \tactus_binding.kind)
}
