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
  /// The bytes of one part and where they start in the input.
  struct Part: Sendable {
    /// The bytes.
    var bytes: [UInt8]
    /// Where the first byte is in the input (always at the start of a line).
    var origin: SourcePosition
    /// The 0-based position of the part in the input.
    var index: Int
    /// Whether another part with content follows.
    var isFollowed: Bool
  }

  /// The size from which a part is cut at the next place to cut.
  let partSize: Int
  /// The most bytes held without a place to cut: a larger document is an error.
  let maximumDocumentSize: Int
  /// How much of a chunk is scanned before a cut is considered, so that parts stay close to
  /// ``partSize`` whatever the size of the chunks read.
  static let scanStep = 1 << 16

  private var splitter = JSONSequenceSplitter()
  /// The bytes read and not yet cut into a part.
  private var pending: [UInt8] = []
  /// Where ``pending`` starts in the input.
  private var pendingOrigin = SourcePosition(line: 1, column: 1, offset: 0)
  /// The last place to cut found in ``pending``, as an offset in the input.
  private var place: Int?
  /// How many parts were cut.
  private(set) var partCount = 0

  /// Creates a partitioner at the start of an input.
  init(partSize: Int, maximumDocumentSize: Int) {
    self.partSize = max(1, partSize)
    self.maximumDocumentSize = max(1, maximumDocumentSize)
  }

  /// Adds the next bytes of the input and returns the parts they complete.
  ///
  /// - Throws: ``FileError/documentTooLarge(_:)`` when more than ``maximumDocumentSize``
  ///   bytes have no place to cut.
  mutating func append(_ chunk: [UInt8]) throws(FileError) -> [Part] {
    var parts: [Part] = []
    var start = 0
    while start < chunk.count {
      let end = min(chunk.count, start + Self.scanStep)
      pending.append(contentsOf: chunk[start..<end])
      let found = chunk.withUnsafeBufferPointer { buffer in
        splitter.scan(UnsafeBufferPointer(rebasing: buffer[start..<end]))
      }
      if let found { place = found }
      if let place, place - pendingOrigin.offset >= partSize || pending.count > maximumDocumentSize
      {
        parts.append(cut(at: place))
      }
      guard pending.count <= maximumDocumentSize else {
        throw .documentTooLarge(maximumDocumentSize)
      }
      start = end
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
    return Part(bytes: pending, origin: pendingOrigin, index: partCount, isFollowed: false)
  }

  /// Cuts the pending bytes before `offset` into a part.
  private mutating func cut(at offset: Int) -> Part {
    let count = offset - pendingOrigin.offset
    let bytes = Array(pending[..<count])
    pending.removeSubrange(..<count)
    let part = Part(bytes: bytes, origin: pendingOrigin, index: partCount, isFollowed: true)
    pendingOrigin = SourcePosition(
      line: pendingOrigin.line + LineTable.lineBreakCount(in: bytes),
      column: 1,
      offset: offset
    )
    partCount += 1
    place = nil
    return part
  }
}
