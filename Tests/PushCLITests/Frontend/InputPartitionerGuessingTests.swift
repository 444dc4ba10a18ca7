import PushDiagnostics
import PushJSON
import Testing
import _PushPayloadTestSupport

@testable import pushc

/// Places to cut NDJSON guessed at line breaks (``InputPartitioner/guessesPlaces``): the
/// splitter's places on valid JSON, flagged on the parts that end at them, given up for the
/// splitter when none is found, and a partitioner that starts over at a part.
@Suite struct InputPartitionerGuessingTests {
  /// What identifies a part: its file's bytes and origin, where its own bytes start, its index
  /// and whether another follows.
  struct PartShape: Equatable {
    var bytes: [UInt8]
    var origin: SourcePosition
    var readingStart: Int
    var index: Int
    var isFollowed: Bool

    init(_ part: InputPartitioner.Part) {
      bytes = part.file.bytes
      origin = part.file.origin
      readingStart = part.readingStart
      index = part.index
      isFollowed = part.isFollowed
    }
  }

  /// The parts of `bytes` given in chunks of random sizes up to `maximumChunk`.
  static func parts(
    of bytes: [UInt8], partitioner: inout InputPartitioner, maximumChunk: Int,
    using generator: inout SplitMix64
  ) throws -> [InputPartitioner.Part] {
    var parts: [InputPartitioner.Part] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + Int.random(in: 1...maximumChunk, using: &generator))
      parts += try partitioner.append(Array(bytes[start..<end]))
      start = end
    }
    if let last = partitioner.finish() { parts.append(last) }
    return parts
  }

  /// An element of `elements`, which must not be empty, drawn with `generator`.
  static func pick<Element>(_ elements: [Element], using generator: inout SplitMix64) -> Element {
    elements[Int.random(in: elements.indices, using: &generator)]
  }

  /// A random valid JSON value, compact or spread over lines, with strings holding brackets,
  /// quotes, backslashes and escaped line breaks.
  static func value(depth: Int = 0, using generator: inout SplitMix64) -> String {
    let strings = [
      #""a""#, #""}\n{""#, #""\"{\"""#, #""\\""#, #""공지 [1]""#, #""x\\\"}""#, #""""#,
    ]
    let scalars = ["1", "-2.5e3", "0", "true", "false", "null"] + strings
    guard depth < 3, Int.random(in: 0..<3, using: &generator) > 0 else {
      return Self.pick(scalars, using: &generator)
    }
    let breaks = Bool.random(using: &generator)
    let separator = breaks ? ",\n  " : ", "
    let count = Int.random(in: 0...3, using: &generator)
    if Bool.random(using: &generator) {
      let elements = (0..<count).map { _ in value(depth: depth + 1, using: &generator) }
      return "[" + elements.joined(separator: separator) + (breaks ? "\n]" : "]")
    }
    let members = (0..<count).map { index in
      strings[index % strings.count] + (breaks ? ":\n " : ": ")
        + value(depth: depth + 1, using: &generator)
    }
    return "{" + members.joined(separator: separator) + (breaks ? "\n}" : "}")
  }

  /// A random sequence of valid documents: one or two to a line, with blank lines, blanks at
  /// either end of a line and CRLF line breaks among them.
  static func validSequence(using generator: inout SplitMix64) -> [UInt8] {
    var text = ""
    for _ in 0..<Int.random(in: 1...30, using: &generator) {
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: text += "\n"
      case 1: text += "  " + value(using: &generator) + " \t\r\n"
      case 2: text += value(using: &generator) + " " + value(using: &generator) + "\n"
      default: text += value(using: &generator) + "\n"
      }
    }
    if Bool.random(using: &generator) { text.removeLast() }
    return Array(text.utf8)
  }

  @Test func guessedPlacesAreTheSplittersOnValidInput() throws {
    var generator = SplitMix64(seed: 9)
    for _ in 0..<400 {
      let bytes = Self.validSequence(using: &generator)
      let partSize = Self.pick([1, 7, 60, 400], using: &generator)
      let maximumChunk = Self.pick([1, 5, 64, 100_000], using: &generator)
      var exact = InputPartitioner(
        name: "m.ndjson", partSize: partSize, maximumDocumentSize: 1 << 20)
      var guessing = InputPartitioner(
        name: "m.ndjson", partSize: partSize, maximumDocumentSize: 1 << 20, guessesPlaces: true)
      #expect(guessing.guessesPlaces)
      // The same chunks for both: where a place is cut depends on which bytes come together.
      var chunking = SplitMix64(seed: generator.next())
      var sameChunking = chunking
      let expected = try Self.parts(
        of: bytes, partitioner: &exact, maximumChunk: maximumChunk, using: &chunking)
      let guessed = try Self.parts(
        of: bytes, partitioner: &guessing, maximumChunk: maximumChunk, using: &sameChunking)
      #expect(
        guessed.map(PartShape.init) == expected.map(PartShape.init),
        "\(String(decoding: bytes, as: UTF8.self))")
      #expect(guessed.allSatisfy { $0.endsAtGuessedPlace == $0.isFollowed })
      #expect(expected.allSatisfy { !$0.endsAtGuessedPlace })
    }
  }

  @Test func aPlaceGuessedInsideABrokenDocumentIsFlaggedAndReadsWithAnError() throws {
    let text = "{\"a\": 1}\n{\"b\": [1\n{\"c\": 2}]}\n{\"d\": 3}\n"
    var partitioner = InputPartitioner(
      name: "m.ndjson", partSize: 1, maximumDocumentSize: 1000, guessesPlaces: true)
    var generator = SplitMix64(seed: 1)
    let parts = try Self.parts(
      of: Array(text.utf8), partitioner: &partitioner, maximumChunk: 1, using: &generator)
    // Cut before `{"c": 2}`, inside the second document, where the splitter does not cut.
    #expect(parts.map(\.ownStartOffset) == [0, 9, 18, 29])
    #expect(parts.map(\.endsAtGuessedPlace) == [true, true, true, false])
    let read = parts.map { SourceLoader().parseSequence($0.file, from: $0.readingStart) }
    #expect(read.map(\.hasErrors) == [false, true, true, false])
  }

  /// A partitioner that starts over at a part gives the parts the splitter's gives from there,
  /// valid input or not. One byte a chunk: a place is then cut as soon as it is found, wherever
  /// the partitioner started.
  @Test func aPartitionerResumingAtAPartGivesTheSplittersPartsFromThere() throws {
    var generator = SplitMix64(seed: 21)
    let broken = ["}\n", "{\"a\": [1\n", "\"x\n", "{\"a\": \"\\\n\"}\n", "]\n{\n"]
    for _ in 0..<200 {
      var bytes = Self.validSequence(using: &generator)
      if Bool.random(using: &generator) {
        let at = Int.random(in: 0...bytes.count, using: &generator)
        bytes.insert(contentsOf: Self.pick(broken, using: &generator).utf8, at: at)
      }
      let partSize = Self.pick([1, 30, 200], using: &generator)
      var exact = InputPartitioner(
        name: "m.ndjson", partSize: partSize, maximumDocumentSize: 1 << 20)
      let expected = try Self.parts(
        of: bytes, partitioner: &exact, maximumChunk: 1, using: &generator)
      let index = Int.random(in: 0..<expected.count, using: &generator)
      var resumed = InputPartitioner(
        resumingAt: expected[index], partSize: partSize, maximumDocumentSize: 1 << 20)
      let rest = try Self.parts(
        of: Array(bytes[expected[index].ownStartOffset...]), partitioner: &resumed,
        maximumChunk: 1, using: &generator)
      #expect(
        rest.map(PartShape.init) == expected[index...].map(PartShape.init),
        "\(String(decoding: bytes, as: UTF8.self)) from part \(index)")
    }
  }

  /// With more bytes than a document may have and no guessed place, the splitter reads them:
  /// it finds the places no guess does (lines starting with `}`, which reading then reports),
  /// or there are none and the document is too large, as without guessing.
  @Test func withoutAGuessedPlaceTheSplitterDecides() throws {
    let cut = Array("{\"a\": 1}\n}\n}\n}\n".utf8)
    var guessing = InputPartitioner(
      name: "m.ndjson", partSize: 1 << 20, maximumDocumentSize: 12, guessesPlaces: true)
    var exact = InputPartitioner(name: "m.ndjson", partSize: 1 << 20, maximumDocumentSize: 12)
    let parts = try guessing.append(cut)
    #expect(!guessing.guessesPlaces)
    #expect(parts.count == 1)
    #expect(parts.map(PartShape.init) == (try exact.append(cut)).map(PartShape.init))
    #expect(parts.first?.endsAtGuessedPlace == false)
    #expect(guessing.finish().map(PartShape.init) == exact.finish().map(PartShape.init))

    let uncut = Array("{\"a\": [1,\n2,\n3,\n4]}\n".utf8)
    var tooLarge = InputPartitioner(
      name: "m.ndjson", partSize: 1 << 20, maximumDocumentSize: 12, guessesPlaces: true)
    #expect(throws: FileError.documentTooLarge(12)) { try tooLarge.append(uncut) }
  }

  /// An NDJSON file cut into parts of a step or more is read in place (the reads become the
  /// parts): the parts hold the file's bytes at their origins, their own bytes one after
  /// another are the file, each starts at a place the splitter finds, and each holds the line
  /// before its own bytes; from standard input, the same parts.
  @Test(arguments: [InputPartitioner.scanStep, 100_000])
  func partsReadInPlaceAreTheFilesBytesCutAtPlaces(partSize: Int) throws {
    var generator = SplitMix64(seed: UInt64(partSize))
    var bytes: [UInt8] = []
    while bytes.count < 400_000 { bytes += Self.validSequence(using: &generator) + [0x0A] }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(String(decoding: bytes, as: UTF8.self), to: "m.ndjson")
    let recorder = ConsoleRecorder(input: bytes)
    var shapes: [[PartShape]] = []
    for argument in [path, "-"] {
      var partitioner = InputPartitioner(
        name: "m.ndjson", partSize: partSize, maximumDocumentSize: 1 << 20,
        guessesPlaces: argument == path)
      var parts: [InputPartitioner.Part] = []
      try partitioner.cut(
        ChunkedInput(argument, console: recorder.console),
        chunkSize: CompilationRunner.chunkSize, while: { true }, { parts.append($0) })
      #expect(parts.count >= 3)
      #expect(parts.flatMap { $0.file.bytes[$0.readingStart...] } == bytes)
      var splitter = JSONSequenceSplitter()
      let places = Set(
        bytes.indices.compactMap { index in
          [bytes[index]].withUnsafeBufferPointer { splitter.scan($0) }
        })
      let whole = SourceFile(name: "m.ndjson", bytes: bytes)
      for part in parts {
        let origin = part.file.origin
        #expect(
          Array(bytes[origin.offset..<origin.offset + part.file.bytes.count]) == part.file.bytes)
        #expect(origin == whole.position(at: origin.offset))
        if part.index > 0 {
          #expect(places.contains(part.ownStartOffset))
          #expect(
            origin.offset
              == InputPartitioner.lineStart(
                of: part.ownStartOffset, linesBefore: InputPartitioner.contextLineCount, in: whole))
        }
      }
      // Places are guessed in the file only, and are the splitter's on valid JSON.
      #expect(parts.allSatisfy { $0.endsAtGuessedPlace == ($0.isFollowed && argument == path) })
      shapes.append(parts.map(PartShape.init))
    }
    #expect(shapes[0] == shapes[1])
  }

  /// The flags of line feeds in a word are exact in every byte, the highest too (a byte-wise
  /// borrow would flag the byte above a line feed when it is 0x0B).
  @Test func lineBreakBytesAreExact() {
    var generator = SplitMix64(seed: 3)
    let interesting: [UInt8] = [0x0A, 0x0B, 0x09, 0x8A, 0x00, 0xFF, 0x0A ^ 0x80, 0x7F]
    for _ in 0..<20_000 {
      let bytes = (0..<8).map { _ in
        Bool.random(using: &generator)
          ? Self.pick(interesting, using: &generator)
          : UInt8.random(in: 0...255, using: &generator)
      }
      let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * $1.offset) }
      let expected = bytes.enumerated().reduce(UInt64(0)) {
        $1.element == 0x0A ? $0 | UInt64(0x80) << (8 * $1.offset) : $0
      }
      #expect(InputPartitioner.lineBreakBytes(in: word) == expected, "\(bytes)")
    }
  }
}
