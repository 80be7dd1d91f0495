// SPDX-License-Identifier: MIT
/// The attached gestures, grouped by where they can take part: compositor targets, which may lie under any
/// finger, and each surface's own. An interaction then looks only at the compositor's gestures and those of the
/// surfaces under its first finger, however many other surfaces have gestures attached.
struct AttachmentIndex {
    /// Every attachment, in the order attached.
    private(set) var all: [Attachment] = []
    private var compositorLevel: [Attachment] = []
    private var bySurface: [SurfaceID: [Attachment]] = [:]

    /// Adds an attachment made after every other.
    mutating func append(_ attachment: Attachment) {
        all.append(attachment)
        if case .surface(let surface) = attachment.target {
            bySurface[surface, default: []].append(attachment)
        } else {
            compositorLevel.append(attachment)
        }
    }

    /// Removes the attachment `id`, and returns it.
    mutating func remove(_ id: AttachmentID) -> Attachment? {
        guard let index = all.firstIndex(where: { $0.id == id }) else { return nil }
        let attachment = all.remove(at: index)
        if case .surface(let surface) = attachment.target {
            bySurface[surface]?.removeAll { $0 === attachment }
            if bySurface[surface]?.isEmpty == true { bySurface[surface] = nil }
        } else {
            compositorLevel.removeAll { $0 === attachment }
        }
        return attachment
    }

    /// The attachments that may take part in an interaction starting over `hits` (the compositor's, and those
    /// of the surfaces hit), in the order attached, into `result`.
    func present(under hits: [SurfaceHit], into result: inout [Attachment]) {
        result.removeAll(keepingCapacity: true)
        result.append(contentsOf: compositorLevel)
        for hit in hits {
            if let own = bySurface[hit.surface] { result.append(contentsOf: own) }
        }
        // Each group is in attachment order already; an insertion sort merges the few groups without allocating.
        var i = 1
        while i < result.count {
            var j = i
            while j > 0 && result[j].id < result[j - 1].id {
                result.swapAt(j, j - 1)
                j -= 1
            }
            i += 1
        }
    }
}
