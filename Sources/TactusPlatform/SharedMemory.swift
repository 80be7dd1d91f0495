// SPDX-License-Identifier: MIT
import Glibc

/// Memory a Wayland client shares with its compositor for a `wl_shm` pool: a file with no name, mapped.
public final class SharedMemory {
    /// The file's descriptor, for `wl_shm_create_pool`; closed when the memory goes.
    public let fileDescriptor: Int32
    /// The mapped bytes, `size` of them.
    public let bytes: UnsafeMutableRawPointer
    public let size: Int

    /// `size` bytes, zeroed; nil when no file can be made or mapped (no space, no memory).
    public init?(size: Int) {
        guard size > 0 else { return nil }
        // The file is unlinked as soon as it is made: only the descriptor, passed to the compositor, names it.
        let folder = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((folder + "/tactus-shm-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        // Commands tactusd starts inherit nothing of it.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        guard ftruncate(descriptor, off_t(size)) == 0,
              let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else {
            close(descriptor)
            return nil
        }
        fileDescriptor = descriptor
        bytes = mapped
        self.size = size
    }

    deinit {
        munmap(bytes, size)
        close(fileDescriptor)
    }
}
