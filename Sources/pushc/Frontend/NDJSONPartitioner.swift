import PushDiagnostics
import PushJSON

/// Cuts an NDJSON input, read a chunk at a time, into parts of whole lines of about
/// ``partSize`` bytes, so that a large input is checked part by part, with bounded memory, and
/// on several threads.
///
/// Parts are cut only where ``JSONSequenceSplitter`` finds a new document starting on a new
/// line, so each part reads exactly as it would inside the whole input; each part knows where
/// it starts in the input, so its diagnostics carry the input's lines and offsets. A part is
/// cut only once the document after it has begun, so every part but the last is followed by
/// another one with content.
struct NDJSONPartitioner {
  /// One part of the input: its bytes, named as the input, with the input's lines and offsets.
  struct Part: Sendable {
    /// The bytes, and where the first one is in the input (always at the start of a line).
    var file: SourceFile
    /// The 0-based position of the part in the input.
    var index: Int
    /// Whether another part with content follows.
    var isFollowed: Bool
  }

  /// The name the parts' files have: the input's.
  let name: String
  /// The size from which a part is cut at the next place to cut.
  let partSize: Int
  /// The most bytes held without a place to cut: a larger document is an error.
  let maximumDocumentSize: Int
  /// How much of a chunk is scanned before a cut is considered, so that parts stay close to
  /// ``partSize`` whatever the size of the chunks read.
  static let scanStep = 1 << 16

  private var splitter = JSONSequenceSplitter()
  /// The bytes of earlier chunks read and not yet cut into a part.
  private var pending: [UInt8] = []
  /// Where ``pending`` starts in the input.
  private var pendingOrigin = SourcePosition(line: 1, column: 1, offset: 0)
  /// The last place to cut found, as an offset in the input.
  private var place: Int?
  /// How many parts were cut.
  private(set) var partCount = 0

  /// Creates a partitioner at the start of the input `name`.
  init(name: String, partSize: Int, maximumDocumentSize: Int) {
    self.name = name
    self.partSize = max(1, partSize)
    self.maximumDocumentSize = max(1, maximumDocumentSize)
  }

  /// Adds the next bytes of the input and returns the parts they complete.
  ///
  /// The bytes not yet cut are ``pending`` followed by `chunk` from `taken` up to what has
  /// been scanned; a part is copied once, from both, and only what remains of `chunk` at the
  /// end is copied into ``pending``.
  ///
  /// - Throws: ``FileError/documentTooLarge(_:)`` when more than ``maximumDocumentSize``
  ///   bytes have no place to cut.
  mutating func append(_ chunk: [UInt8]) throws(FileError) -> [Part] {
    var parts: [Part] = []
    var start = 0
    var taken = 0
    while start < chunk.count {
      let end = min(chunk.count, start + Self.scanStep)
      let found = chunk.withUnsafeBufferPointer { buffer in
        splitter.scan(UnsafeBufferPointer(rebasing: buffer[start..<end]))
      }
      if let found { place = found }
      if let place,
        place - pendingOrigin.offset >= partSize
          || pending.count + end - taken > maximumDocumentSize
      {
        parts.append(cut(at: place, chunk: chunk, taken: &taken))
      }
      guard pending.count + end - taken <= maximumDocumentSize else {
        throw .documentTooLarge(maximumDocumentSize)
      }
      start = end
    }
    if taken == 0 && pending.isEmpty {
      pending = chunk
    } else {
      pending.append(contentsOf: chunk[taken...])
    }
    return parts
  }

  /// The last part, at the end of the input: what remains, unless it is only blank lines after
  /// an earlier part.
  mutating func finish() -> Part? {
    let isBlank = pending.allSatisfy {
      $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n")
        || $0 == UInt8(ascii: "\r")
    }
    guard partCount == 0 || !isBlank else { return nil }
    defer { partCount += 1 }
    return Part(
      file: SourceFile(name: name, bytes: pending, origin: pendingOrigin), index: partCount,
      isFollowed: false)
  }

  /// Cuts the bytes not yet cut before `offset` into a part: from ``pending`` and then from
  /// `chunk` at `taken`, which moves past the bytes taken.
  private mutating func cut(at offset: Int, chunk: [UInt8], taken: inout Int) -> Part {
    let count = offset - pendingOrigin.offset
    let bytes: [UInt8]
    if count <= pending.count {
      bytes = Array(pending[..<count])
      pending.removeSubrange(..<count)
    } else {
      let fromChunk = count - pending.count
      if pending.isEmpty {
        bytes =
          taken == 0 && fromChunk == chunk.count ? chunk : Array(chunk[taken..<taken + fromChunk])
      } else {
        var joined: [UInt8] = []
        joined.reserveCapacity(count)
        joined.append(contentsOf: pending)
        joined.append(contentsOf: chunk[taken..<taken + fromChunk])
        bytes = joined
        pending.removeAll(keepingCapacity: true)
      }
      taken += fromChunk
    }
    let file = SourceFile(name: name, bytes: bytes, origin: pendingOrigin)
    let part = Part(file: file, index: partCount, isFollowed: true)
    // The part's line table has counted its lines already.
    pendingOrigin = SourcePosition(
      line: pendingOrigin.line + file.lineTable.lineCount - 1,
      column: 1,
      offset: offset
    )
    partCount += 1
    place = nil
    return part
  }
}
