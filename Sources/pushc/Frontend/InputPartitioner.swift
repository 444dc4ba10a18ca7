import PushDiagnostics
import PushJSON
import PushYAML

/// Cuts an input, read a chunk at a time, into parts of about ``partSize`` bytes, so that a
/// large input is checked part by part, with bounded memory, and on several threads: an
/// NDJSON input into parts of whole lines, a JSON array into parts of whole elements, a YAML
/// stream into parts of whole documents.
///
/// NDJSON parts are cut only where ``JSONSequenceSplitter`` finds a new document starting on a new
/// line (or at such a place guessed, in a file, and confirmed by reading the part before it:
/// ``guessesPlaces``), and YAML parts where ``YAMLDocumentSplitter`` finds a document marker, so
/// each part reads exactly as it would inside the whole input. Array parts are cut at the commas
/// ``JSONArraySplitter`` finds before an element that starts on a new line; the comma's line ends
/// one part and starts the next (see ``Part/readableFile``), so that every part holds whole lines.
/// With an ``excerptMargin``, an array on one line (after blank lines at most, see
/// ``JSONArraySplitter/maximumLeadingByteCount``) is cut at its commas too: a part then ends and
/// the next starts inside that line, each holding the margin's bytes beyond its comma, which an
/// excerpt of a problem near the comma shows, and, when lines come before the array's, the line
/// above it (its lead-in, see ``LineTable``), which such an excerpt shows above. Each part knows
/// where it starts in the input, so its diagnostics carry the input's lines and offsets, and it
/// begins with the line before its first one (not read, see ``Part/readingStart``), which an
/// annotated excerpt of a problem on that first line shows above it. A part is cut only once the
/// document or element after it has begun, so every part but the last is followed by another one
/// with content.
struct InputPartitioner {
  /// How an input is cut.
  enum Cutting: Sendable {
    /// At the start of a line on which a new document begins.
    case lines
    /// At a comma of the top-level array before an element on a later line.
    case arrayElements
    /// At the start of a line that is a document marker (`---`) of a YAML stream.
    case yamlDocuments
  }

  /// One part of the input: its bytes, named as the input, with the input's lines and offsets.
  struct Part: Sendable {
    /// The bytes, and where the first one is in the input: always at the start of a line (for
    /// a part of an array after the first, the line of the comma before its first element).
    var file: SourceFile
    /// The 0-based position of the part in the input.
    var index: Int
    /// Whether another part with content follows.
    var isFollowed: Bool
    /// How the input was cut.
    var cutting: Cutting
    /// For a part of an array, the index in the whole array of its first element.
    var firstElementIndex = 0
    /// For a part of an array after the first, where the comma before its first element is:
    /// the part starts with the line of that comma, whose bytes before it end the part before.
    var openingComma: Int?
    /// For a part of an array before the last, where the comma after its last element is:
    /// only blanks follow it.
    var closingComma: Int?
    /// Where the part's own bytes start: for a part after the first, the bytes before are the
    /// lines before it in the input (``InputPartitioner/contextLineCount``), there for the
    /// excerpts of the annotated format, which show the line above a problem, and not read:
    /// an NDJSON part is read from here on (`JSONReader.read(_:from:)`), the others from
    /// ``readableFile``, where those lines are blanks.
    var readingStart = 0
    /// Whether the part ends at a place to cut that was guessed (see
    /// ``InputPartitioner/guessesPlaces``), which reading the part without an error confirms.
    var endsAtGuessedPlace = false

    /// Where the part's own bytes (from ``readingStart``) start in the input.
    var ownStartOffset: Int { file.origin.offset + readingStart }

    /// The file a reader reads: ``file`` with the bytes before ``readingStart`` blanked (its
    /// line breaks kept), and for a part of an array with another part before or after it,
    /// the bytes before its opening comma blanked and the comma read as `[`, and its closing
    /// comma read as `]`, which makes the part an array of its elements, each at its offset,
    /// line and column in ``file``.
    var readableFile: SourceFile {
      guard readingStart > 0 || openingComma != nil || closingComma != nil else { return file }
      var bytes = file.bytes
      // The bytes of `range` made blanks; line breaks stay, as a YAML document marker must
      // start a line.
      func blank(_ range: Range<Int>) {
        for index in range
        where bytes[index] != UInt8(ascii: "\n") && bytes[index] != UInt8(ascii: "\r") {
          bytes[index] = UInt8(ascii: " ")
        }
      }
      blank(0..<readingStart)
      if let openingComma {
        for index in 0..<openingComma { bytes[index] = UInt8(ascii: " ") }
        bytes[openingComma] = UInt8(ascii: "[")
      }
      if let closingComma {
        bytes[closingComma] = UInt8(ascii: "]")
        // Past a comma inside a line, the next element's first bytes, kept for excerpts.
        blank((closingComma + 1)..<bytes.count)
      }
      return file.replacingBytes(bytes)
    }
  }

  /// The name the parts' files have: the input's.
  let name: String
  /// The size from which a part is cut at the next place to cut.
  let partSize: Int
  /// The most bytes held without a place to cut: a larger document is an error.
  let maximumDocumentSize: Int
  /// For an array, how many bytes a part cut inside a line holds beyond the comma it is cut
  /// at, on either side: at least what an annotated excerpt shows around a problem (its
  /// ``AnnotatedSourceRenderer/maximumLineWidth``), so that excerpts are those of the input
  /// whole; `nil` when parts are not cut inside a line.
  let excerptMargin: Int?
  /// How much of a chunk is scanned before a cut is considered, so that parts stay close to
  /// ``partSize`` whatever the size of the chunks read.
  static let scanStep = 1 << 16

  /// How many lines before its first one a part holds (``Part/readingStart``): those an
  /// annotated excerpt shows above a problem, so that it shows them as for the input whole.
  static let contextLineCount = AnnotatedSourceRenderer.defaultContextLines

  /// How the input is cut.
  let cutting: Cutting
  /// Whether places to cut NDJSON are guessed from the bytes around line breaks
  /// (``guessedPlace(in:taken:from:to:)``) rather than found by following every string and
  /// bracket with ``JSONSequenceSplitter``: a part ending at a guessed place must be read
  /// without an error before its place is known to be one (``Part/endsAtGuessedPlace``); when
  /// it is not, the caller starts over from that part's start with places found exactly
  /// (``init(resumingAt:partSize:maximumDocumentSize:)``). Guessing looks at a few bytes of
  /// each part where the splitter reads them all, about 6 % of the work of `pushc lint`.
  ///
  /// Guessed places are the splitter's whenever the bytes before them are valid JSON: a line
  /// break outside every document, with a value's last byte before it and a value's first byte
  /// after it (blanks aside), is a place; inside a valid document, a value is followed by `,`,
  /// `:`, `}` or `]`, never by another value, and no string holds a line break.
  private(set) var guessesPlaces = false
  private var lineSplitter = JSONSequenceSplitter()
  private var arraySplitter: JSONArraySplitter
  private var yamlSplitter = YAMLDocumentSplitter()
  /// The bytes of earlier chunks read and not yet cut into a part.
  private var pending: [UInt8] = []
  /// Where ``pending`` starts in the input.
  private var pendingOrigin = SourcePosition(line: 1, column: 1, offset: 0)
  /// The column of ``pendingOrigin`` in Unicode scalars and in UTF-16 code units: its column
  /// in bytes but inside a line that is not ASCII before it.
  private var pendingOriginColumns = (unicodeScalars: 1, utf16CodeUnits: 1)
  /// A place to cut, at `offset` in the input; for an array, the comma there, the index of the
  /// element after it and the line break after it (`nil` inside a line).
  private typealias Place = (offset: Int, elementIndex: Int, lineBreak: Int?)
  /// The last place to cut found.
  private var place: Place?
  /// The index of the first element of the next part of an array.
  private var nextElementIndex = 0
  /// Where the comma that opens the next part of an array is in it.
  private var nextOpeningComma: Int?
  /// Where the bytes of the next part start in it, after the lines before it (at the start of
  /// ``pending``), which only its excerpts use.
  private var nextReadingStart = 0
  /// How many parts were cut.
  private(set) var partCount = 0
  /// For the next part, when it starts inside a line with lines above it (a one-line array
  /// after blank lines), those of them an excerpt shows above that line, which its file holds
  /// before its own bytes; empty otherwise.
  private var leadIn: [UInt8] = []
  /// Where ``leadIn`` starts in the input.
  private var leadInOrigin = SourcePosition(line: 1, column: 1, offset: 0)
  /// The first bytes (at most ``maximumHeadCount``) of the line parts are cut inside of, kept
  /// from the part that holds its start for the part that holds its end: an excerpt of a problem
  /// on the next line shows the line above from the same columns, near its start.
  private var head: [UInt8] = []
  /// The line ``head`` is the start of.
  private var headLine = 0
  /// The most bytes of ``head``: an excerpt of the next line shows the line above at that
  /// line's columns, so a head this long holds what it shows for a next line of about as many.
  static let maximumHeadCount = 64 * 1024

  /// Creates a partitioner at the start of the input `name`, cut as `cutting` says; an array
  /// on one line is cut inside it when `excerptMargin` is given.
  init(
    name: String, cutting: Cutting = .lines, partSize: Int, maximumDocumentSize: Int,
    excerptMargin: Int? = nil, guessesPlaces: Bool = false
  ) {
    self.name = name
    self.cutting = cutting
    self.partSize = max(1, partSize)
    self.maximumDocumentSize = max(1, maximumDocumentSize)
    self.excerptMargin = excerptMargin.map { max(0, $0) }
    self.arraySplitter = JSONArraySplitter(cutsInsideTheArrayLine: excerptMargin != nil)
    self.guessesPlaces = guessesPlaces && cutting == .lines
  }

  /// Creates a partitioner of an NDJSON input that starts over at `part`, whose bytes, read
  /// again from the start of its own ones (``Part/ownStartOffset``), it is then given: the
  /// part's place is one, and places after it are found exactly, not guessed (see
  /// ``guessesPlaces``). Its parts are numbered from `part`'s index on.
  init(resumingAt part: Part, partSize: Int, maximumDocumentSize: Int) {
    self.init(name: part.file.name, partSize: partSize, maximumDocumentSize: maximumDocumentSize)
    // The lines before the part's own bytes, shown in excerpts, are those it held.
    pending = Array(part.file.bytes[..<part.readingStart])
    pendingOrigin = part.file.origin
    nextReadingStart = part.readingStart
    partCount = part.index
    lineSplitter = Self.lineSplitter(resumingAt: part.ownStartOffset)
  }

  /// Adds the next bytes of the input and returns the parts they complete.
  ///
  /// The bytes not yet cut are ``pending`` followed by `chunk` from `taken` up to what has
  /// been scanned; a part is copied once, from both, and only what remains of `chunk` at the
  /// end is copied into ``pending``.
  ///
  /// - Throws: ``FileError/documentTooLarge(_:)`` when more than ``maximumDocumentSize``
  ///   bytes have no place to cut (for an array or a YAML stream, ``FileError/tooLarge(_:)``
  ///   before the first place, as for an input read whole, and for an array
  ///   ``FileError/elementsTooLarge(_:)`` after it).
  mutating func append(_ chunk: [UInt8]) throws(FileError) -> [Part] {
    var chunk = chunk
    return try append(owning: &chunk, scannedCount: 0, step: Self.scanStep)
  }

  /// ``append(_:)`` for `chunk`, which the caller gives up, whose first `scannedCount` bytes
  /// are those of ``pending`` (then empty), scanned already, scanning `step` bytes at a time.
  ///
  /// A part cut in the last step is `chunk` itself, its end dropped (after the bytes the next
  /// part keeps are copied out), without a copy of its bytes (see ``cut(_:chunkSize:while:_:)``).
  private mutating func append(owning chunk: inout [UInt8], scannedCount: Int, step: Int)
    throws(FileError) -> [Part]
  {
    precondition(scannedCount == 0 || pending.isEmpty, "the scanned bytes are those pending")
    var parts: [Part] = []
    var start = scannedCount
    var taken = 0
    while start < chunk.count {
      let end = min(chunk.count, start + step)
      // A place inside a line is used once the margin after its comma is scanned: the places
      // found in the last margin's bytes of the step wait, unless a line break follows them.
      let settledEnd =
        cutting == .arrayElements ? excerptMargin.map { max(start, end - $0 - 1) } ?? end : end
      for (from, to) in [(start, settledEnd), (settledEnd, end)] where from < to {
        let found =
          guessesPlaces
          ? guessedPlace(in: chunk, taken: taken, from: from, to: to).map { ($0, 0, $0) }
          : chunk.withUnsafeBufferPointer { buffer in
            scan(UnsafeBufferPointer(rebasing: buffer[from..<to]))
          }
        if let found, to == settledEnd || found.lineBreak != nil {
          place = found
        }
      }
      if guessesPlaces && place == nil
        && pending.count - nextReadingStart + end - taken > maximumDocumentSize
      {
        // Too many bytes without a guessed place: whether there is a place among them, and
        // which error there is otherwise, is the splitter's to say.
        findPlacesExactly(in: chunk, taken: taken, end: end)
      }
      if let place,
        place.offset - (pendingOrigin.offset + nextReadingStart) >= partSize
          || pending.count - nextReadingStart + end - taken > maximumDocumentSize
      {
        if end == chunk.count, taken == 0, let part = cutOwning(&chunk, at: place) {
          // The chunk is the part, and what follows its place is pending: the bytes not cut,
          // as below.
          guard pending.count - nextReadingStart <= maximumDocumentSize else {
            throw .documentTooLarge(maximumDocumentSize)
          }
          parts.append(part)
          return parts
        }
        parts.append(cut(at: place, chunk: chunk, taken: &taken))
      }
      guard pending.count - nextReadingStart + end - taken <= maximumDocumentSize else {
        switch cutting {
        case .lines: throw .documentTooLarge(maximumDocumentSize)
        case .arrayElements:
          throw partCount == 0
            ? .tooLarge(maximumDocumentSize) : .elementsTooLarge(maximumDocumentSize)
        case .yamlDocuments:
          throw partCount == 0
            ? .tooLarge(maximumDocumentSize) : .documentTooLarge(maximumDocumentSize)
        }
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

  /// Reads `input` a chunk of at most `chunkSize` bytes at a time, up to its end, and hands
  /// each part it completes to `submit`, the last one too, while `goesOn` says so.
  ///
  /// - Throws: A ``FileError`` when reading fails, or as ``append(_:)`` does.
  mutating func cut(
    _ input: ChunkedInput, chunkSize: Int, while goesOn: () -> Bool, _ submit: (Part) -> Void
  ) throws(FileError) {
    // An NDJSON input cut into parts of a step to a chunk is read a part and a step at a time
    // into arrays that start with the bytes pending: each is scanned as one step and, cut at
    // its last place, becomes the part (``cutOwning(_:at:)``), where a part copied out of a
    // chunk cost a copy of every byte of the input. Bytes pending from a document longer than
    // that are appended to as they were, not copied again for every read.
    let readSize = partSize + Self.scanStep
    let ownsChunks = cutting == .lines && partSize >= Self.scanStep && partSize <= chunkSize
    while goesOn() {
      if ownsChunks && pending.count <= readSize {
        let scannedCount = pending.count
        var chunk = try input.next(maximumCount: readSize, after: pending)
        if chunk.count == scannedCount {
          if let last = finish() { submit(last) }
          return
        }
        pending = []
        let parts = try append(owning: &chunk, scannedCount: scannedCount, step: chunk.count)
        for part in parts where goesOn() {
          submit(part)
        }
        continue
      }
      let chunk = try input.next(maximumCount: chunkSize)
      if chunk.isEmpty {
        if let last = finish() { submit(last) }
        return
      }
      for part in try append(chunk) where goesOn() {
        submit(part)
      }
    }
  }

  /// Stops guessing places (``guessesPlaces``): the splitter reads the bytes not yet cut, from
  /// where the part they start begins, which is a place to cut (or the part that ends there
  /// is read again from its start, with this partitioner discarded), up to `end` in `chunk`,
  /// and finds the last place among them.
  private mutating func findPlacesExactly(in chunk: [UInt8], taken: Int, end: Int) {
    guessesPlaces = false
    let ownStart = pendingOrigin.offset + nextReadingStart
    lineSplitter = Self.lineSplitter(resumingAt: ownStart)
    if nextReadingStart < pending.count,
      let found = pending.withUnsafeBufferPointer({ buffer in
        lineSplitter.scan(UnsafeBufferPointer(rebasing: buffer[nextReadingStart...]))
      })
    {
      place = (found, 0, found)
    }
    let chunkStart = taken + max(0, nextReadingStart - pending.count)
    if chunkStart < end,
      let found = chunk.withUnsafeBufferPointer({ buffer in
        lineSplitter.scan(UnsafeBufferPointer(rebasing: buffer[chunkStart..<end]))
      })
    {
      place = (found, 0, found)
    }
  }

  /// A splitter that goes on at `offset`, the start of a part: the start of the input, or a
  /// place to cut after a document.
  private static func lineSplitter(resumingAt offset: Int) -> JSONSequenceSplitter {
    offset > 0 ? JSONSequenceSplitter(resumingAtPlace: offset) : JSONSequenceSplitter()
  }

  /// The last place to cut whose document's first byte is in `chunk[from..<to]`, guessed from
  /// the bytes around line breaks (see ``guessesPlaces``): the start of a line that begins, after
  /// blanks, with a value's first byte, and whose line break has before it, after blanks and
  /// line breaks, a value's last byte of the same part. The bytes not yet cut are ``pending``
  /// and then `chunk` from `taken`. A search back from `to`, line by line, which mostly stops
  /// at the last line.
  private func guessedPlace(in chunk: [UInt8], taken: Int, from: Int, to: Int) -> Int? {
    pending.withUnsafeBufferPointer { pendingBytes in
      chunk.withUnsafeBufferPointer { chunkBytes in
        // Positions count the bytes not yet cut: those of `pending`, then those of `chunk`.
        let pendingCount = pendingBytes.count
        @inline(__always) func byte(_ position: Int) -> UInt8 {
          position < pendingCount
            ? pendingBytes[position] : chunkBytes[position &- pendingCount &+ taken]
        }
        @inline(__always) func isBlank(_ byte: UInt8) -> Bool {
          byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
        }
        let ownStart = nextReadingStart
        let firstRevealed = pendingCount + from - taken
        let end = pendingCount + to - taken
        var lineBreak = end - 1
        while true {
          // Eight bytes at a time through `chunk`, where nearly every search ends.
          if let base = chunkBytes.baseAddress {
            let floor = max(ownStart, pendingCount)
            while lineBreak &- 7 >= floor {
              let word = UnsafeRawPointer(base + (lineBreak &- 7 &- pendingCount &+ taken))
                .loadUnaligned(as: UInt64.self).littleEndian
              let lineBreaks = Self.lineBreakBytes(in: word)
              if lineBreaks != 0 {
                lineBreak = lineBreak &- 7 &+ (63 &- lineBreaks.leadingZeroBitCount) &>> 3
                break
              }
              lineBreak &-= 8
            }
          }
          while lineBreak >= ownStart && byte(lineBreak) != UInt8(ascii: "\n") { lineBreak -= 1 }
          guard lineBreak >= ownStart else { return nil }
          var first = lineBreak + 1
          while first < end && isBlank(byte(first)) { first += 1 }
          // A document starting before these bytes was revealed by earlier ones, as are those
          // of the lines above.
          if first < firstRevealed { return nil }
          if first < end && Self.startsValue(byte(first)) {
            var last = lineBreak - 1
            while last >= ownStart && (isBlank(byte(last)) || byte(last) == UInt8(ascii: "\n")) {
              last -= 1
            }
            if last >= ownStart && Self.endsValue(byte(last)) {
              return pendingOrigin.offset + lineBreak + 1
            }
          }
          lineBreak -= 1
        }
      }
    }
  }

  /// The bytes of `word` (the first in its lowest byte) that are line feeds, flagged in their
  /// high bit, every flag exact: the highest is the last line feed.
  @inline(__always)
  static func lineBreakBytes(in word: UInt64) -> UInt64 {
    let differences = word ^ 0x0A0A_0A0A_0A0A_0A0A
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    // A byte's high bit is set below when any of its bits is: never from a carry out of
    // another byte, since no byte's low seven bits plus 0x7F reach past its own high bit.
    return ~(((differences & low) &+ low) | differences | low)
  }

  /// Whether `byte` can be the first byte of a JSON value: `{`, `[`, `"`, `-`, a digit, or the
  /// first letter of `true`, `false` or `null`.
  static func startsValue(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"),
      UInt8(ascii: "n"):
      true
    default: false
    }
  }

  /// Whether `byte` can be the last byte of a JSON value: `}`, `]`, `"`, a digit, or the last
  /// letter of `true`, `false` or `null`.
  static func endsValue(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "\""),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "e"), UInt8(ascii: "l"):
      true
    default: false
    }
  }

  /// The last place to cut that `bytes`, the next bytes of the input, reveal.
  private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Place? {
    switch cutting {
    case .lines:
      return lineSplitter.scan(bytes).map { ($0, 0, $0) }
    case .arrayElements:
      return arraySplitter.scan(bytes).map { ($0.offset, $0.elementIndex, $0.lineBreak) }
    case .yamlDocuments:
      return yamlSplitter.scan(bytes).map { ($0, 0, $0) }
    }
  }

  /// Extends ``head``, the first bytes of `line`, with those `file` holds of it before `end`
  /// (where the next part starts, inside that line): the parts cut inside a line overlap, so
  /// the head grows part by part from the one that holds the line's start, up to
  /// ``maximumHeadCount`` and never past the next part's first byte.
  private mutating func extendHead(ofLine line: Int, from file: SourceFile, upTo end: Int) {
    if headLine != line {
      head = []
      headLine = line
    }
    let table = file.lineTable
    guard head.count < Self.maximumHeadCount, let lineStart = table.startOffset(ofLine: line)
    else { return }
    // Where the file's own bytes of the line start, and at which column (from 0).
    let isContinued = line == table.continuedLine
    let firstIndex = isContinued ? table.ownStart : lineStart
    let firstColumn = isContinued ? table.continuedLineOrigin.column - 1 : 0
    guard firstColumn <= head.count else { return }
    let from = firstIndex + head.count - firstColumn
    let to = min(end, firstIndex + Self.maximumHeadCount - firstColumn)
    if from < to { head += file.bytes[from..<to] }
  }

  /// The last part, at the end of the input: what remains, unless it is only blank lines after
  /// an earlier part.
  mutating func finish() -> Part? {
    let isBlank = pending[nextReadingStart...].allSatisfy {
      $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n")
        || $0 == UInt8(ascii: "\r")
    }
    guard partCount == 0 || !isBlank else { return nil }
    defer { partCount += 1 }
    let (file, prefixCount) = makeFile(pending, lastLineContinues: false)
    return Part(
      file: file, index: partCount,
      isFollowed: false, cutting: cutting, firstElementIndex: nextElementIndex,
      openingComma: nextOpeningComma.map { $0 + prefixCount },
      readingStart: nextReadingStart + prefixCount)
  }

  /// The name of a part's file: the input's, a copy of its own for each part. The messages of a
  /// part retain and release their file's name, on the thread that compiles the part, and a
  /// name longer than a small string shared by every part bounced its reference count between
  /// the processors.
  private var partFileName: String { String(decoding: Array(name.utf8), as: UTF8.self) }

  /// The file of a part made of `bytes`, which start at ``pendingOrigin``, after the
  /// ``leadIn`` and, when the part holds the end of the line it starts inside of, that line's
  /// ``head``; its last line goes on past it when `lastLineContinues` (a part cut inside a
  /// line). Returns the file and how many bytes come before `bytes` in it.
  private func makeFile(_ bytes: [UInt8], lastLineContinues: Bool)
    -> (file: SourceFile, prefixCount: Int)
  {
    let name = partFileName
    let headCount =
      pendingOrigin.column > 1 && headLine == pendingOrigin.line && !lastLineContinues
      ? min(head.count, pendingOrigin.column - 1) : 0
    guard
      lastLineContinues || pendingOriginColumns != (pendingOrigin.column, pendingOrigin.column)
        || !leadIn.isEmpty || headCount > 0
    else {
      let table = LineTable.searchingWithMemchr(bytes[...], origin: pendingOrigin)
      return (SourceFile(name: name, bytes: bytes, lineTable: table), 0)
    }
    let prefix = headCount > 0 ? leadIn + head[..<headCount] : leadIn
    let prefixOrigin =
      leadIn.isEmpty
      ? SourcePosition(
        line: pendingOrigin.line, column: 1,
        offset: pendingOrigin.offset - (pendingOrigin.column - 1))
      : leadInOrigin
    let fileBytes = prefix.isEmpty ? bytes : prefix + bytes
    let table = LineTable.searchingWithMemchr(
      fileBytes[...], origin: pendingOrigin, originColumns: pendingOriginColumns,
      lastLineContinues: lastLineContinues,
      leadIn: prefix.isEmpty ? nil : (prefix.count, prefixOrigin, headCount))
    let file = SourceFile(name: name, bytes: fileBytes, lineTable: table)
    return (file, prefix.count)
  }

  /// Cuts `chunk`, which holds every byte not yet cut from its start (``pending`` is empty, and
  /// no part was cut from `chunk` before), at `place` into a part whose bytes are `chunk`'s own
  /// storage, its end dropped, and keeps what the next part holds (from the lines before
  /// `place`) as ``pending``; `chunk` is left empty. Only for NDJSON parts, which start and end
  /// at line starts; `nil`, having changed nothing, for any other, which
  /// ``cut(at:chunk:taken:)`` copies.
  private mutating func cutOwning(_ chunk: inout [UInt8], at place: Place) -> Part? {
    guard cutting == .lines, pending.isEmpty, leadIn.isEmpty,
      pendingOrigin.column == 1, pendingOriginColumns == (1, 1)
    else { return nil }
    let count = place.offset - pendingOrigin.offset
    // The line table of the part, made from its bytes in place, tells where the bytes kept for
    // the next part start, as for a copied part.
    let table = LineTable.searchingWithMemchr(chunk[..<count], origin: pendingOrigin)
    let keptCount = Self.lineStart(of: count, linesBefore: Self.contextLineCount, in: table)
    let kept = Array(chunk[keptCount...])
    chunk.removeSubrange(count...)
    let file = SourceFile(name: partFileName, bytes: chunk, lineTable: table)
    chunk = []
    let part = Part(
      file: file, index: partCount, isFollowed: true, cutting: cutting,
      readingStart: nextReadingStart, endsAtGuessedPlace: guessesPlaces)
    pending = kept
    pendingOrigin = table.position(at: keptCount)
    nextReadingStart = count - keptCount
    partCount += 1
    self.place = nil
    return part
  }

  /// Cuts the bytes not yet cut before `place` into a part: from ``pending`` and then from
  /// `chunk` at `taken`, which moves past the bytes taken. For an array the part ends at the
  /// line break after the comma, and the comma's line stays not cut: it starts the next part.
  /// The line before the bytes not cut stays too, before the next part's ``Part/readingStart``.
  private mutating func cut(at place: Place, chunk: [UInt8], taken: inout Int) -> Part {
    let origin = pendingOrigin.offset
    // A place inside a line (a comma of an array on one line) ends the part the margin past
    // the comma, and starts the next the margin before it.
    let margin = place.lineBreak == nil ? excerptMargin ?? 0 : 0
    let end =
      cutting == .arrayElements ? place.lineBreak ?? place.offset + 1 + margin : place.offset
    let count = end - origin
    var bytes: [UInt8]
    if count <= pending.count {
      bytes = Array(pending[..<count])
    } else {
      let fromChunk = count - pending.count
      if pending.isEmpty {
        bytes =
          taken == 0 && fromChunk == chunk.count ? chunk : Array(chunk[taken..<taken + fromChunk])
      } else {
        bytes = []
        bytes.reserveCapacity(count)
        bytes.append(contentsOf: pending)
        bytes.append(contentsOf: chunk[taken..<taken + fromChunk])
      }
    }
    // The part's line table counts its lines once, for what is cut and kept as well.
    let (file, prefixCount) = makeFile(bytes, lastLineContinues: place.lineBreak == nil)
    // Offsets in `file` are those in `bytes` after the lead-in (and head); what is cut and kept
    // is counted in `bytes`, and never reaches into the lead-in, which is the input's before
    // them.
    func lineStart(of offset: Int, linesBefore: Int = 0) -> Int {
      max(
        0,
        Self.lineStart(of: offset + prefixCount, linesBefore: linesBefore, in: file) - prefixCount)
    }
    // How many of the bytes are cut: all of them, or for an array those before the comma's
    // line (before the margin ahead of the comma, inside a line).
    var cutCount = count
    // For an array, where the comma is in `bytes`.
    var comma: Int?
    if cutting == .arrayElements {
      let offset = place.offset - origin
      cutCount = place.lineBreak == nil ? max(0, offset - margin) : lineStart(of: offset)
      comma = offset
    }
    // The next part starts with the lines before the bytes not cut, which it shows in excerpts
    // (none inside a line the part starts inside of: its lead-in holds those).
    let keptCount =
      place.lineBreak == nil && cutting == .arrayElements
      ? cutCount : lineStart(of: cutCount, linesBefore: Self.contextLineCount)
    if keptCount <= pending.count {
      pending.removeSubrange(..<keptCount)
    } else {
      taken += keptCount - pending.count
      pending.removeAll(keepingCapacity: true)
    }
    let part = Part(
      file: file, index: partCount, isFollowed: true, cutting: cutting,
      firstElementIndex: nextElementIndex, openingComma: nextOpeningComma.map { $0 + prefixCount },
      closingComma: comma.map { $0 + prefixCount }, readingStart: nextReadingStart + prefixCount,
      endsAtGuessedPlace: guessesPlaces)
    // The bytes kept start a line, or for a cut inside a line, go on with the part's own: their
    // columns in every unit are those of the part's file at that place.
    let keptOrigin = file.lineTable.position(at: keptCount + prefixCount)
    if keptOrigin.column > 1 {
      let columns = SourceColumns(file)
      pendingOriginColumns = (
        columns.column(of: keptOrigin, in: .unicodeScalars),
        columns.column(of: keptOrigin, in: .utf16CodeUnits)
      )
      // The lines above the one the next part starts inside of (blank lines before a one-line
      // array), which the part's file holds: in its own bytes, or in its lead-in.
      let table = file.lineTable
      if let keptLineStart = table.startOffset(ofLine: keptOrigin.line), keptOrigin.line > 1 {
        let leadInStart = Self.lineStart(
          of: keptLineStart, linesBefore: Self.contextLineCount, in: file)
        leadIn = Array(file.bytes[leadInStart..<keptLineStart])
        leadInOrigin = table.position(at: leadInStart)
      } else {
        leadIn = []
      }
      extendHead(ofLine: keptOrigin.line, from: file, upTo: keptCount + prefixCount)
    } else {
      pendingOriginColumns = (unicodeScalars: 1, utf16CodeUnits: 1)
      leadIn = []
    }
    pendingOrigin = keptOrigin
    nextElementIndex = place.elementIndex
    nextOpeningComma = comma.map { $0 - keptCount }
    nextReadingStart = cutCount - keptCount
    partCount += 1
    self.place = nil
    return part
  }

  /// Where, in `file`'s bytes, the line `linesBefore` lines above the one that holds `offset`
  /// starts, or the file's first line when there are fewer lines above it: the lines its line
  /// table counts.
  static func lineStart(of offset: Int, linesBefore: Int = 0, in file: SourceFile) -> Int {
    lineStart(of: offset, linesBefore: linesBefore, in: file.lineTable)
  }

  /// ``lineStart(of:linesBefore:in:)-(_,_,SourceFile)`` in the bytes `table` counts the lines
  /// of.
  static func lineStart(of offset: Int, linesBefore: Int = 0, in table: LineTable) -> Int {
    let line = max(table.origin.line, table.position(at: offset).line - linesBefore)
    return table.startOffset(ofLine: line) ?? 0
  }
}
