/// Converts the byte columns of positions in one source file into another ``ColumnUnit``.
///
/// Building it is one pass over the file's bytes, and only for a file that is not all ASCII;
/// each conversion then costs at most 64 bytes of counting, whatever the line's length, so
/// converting the diagnostics of a file stays linear in their number even when thousands of them
/// fall on one long line of minified JSON.
///
/// ```swift
/// let file = SourceFile(name: "n.json", text: #"{"title": "공지", "x": 1}"#)
/// let columns = SourceColumns(file)
/// columns.column(of: file.position(at: 19), in: .unicodeScalars)  // 15, where bytes count 19
/// ```
public struct SourceColumns: Sendable {
  /// The file.
  public let file: SourceFile
  /// Unicode scalars before every 64th byte of the file; empty when the file is ASCII.
  private let scalarCheckpoints: [Int]
  /// UTF-16 code units before every 64th byte of the file; empty when the file is ASCII.
  private let utf16Checkpoints: [Int]

  /// How many bytes each checkpoint covers.
  private static let stride = 64

  /// Prepares the conversion of positions in `file`.
  public init(_ file: SourceFile) {
    self.file = file
    (scalarCheckpoints, utf16Checkpoints) = file.bytes.withUnsafeBufferPointer(
      Self.checkpoints(of:))
  }

  /// The Unicode scalars and UTF-16 code units of `bytes` before every ``stride``-th byte and
  /// after the last, or none when `bytes` are ASCII.
  private static func checkpoints(of bytes: UnsafeBufferPointer<UInt8>) -> (
    scalars: [Int], units: [Int]
  ) {
    guard let base = bytes.baseAddress, !isASCII(base, count: bytes.count) else { return ([], []) }
    var scalars: [Int] = []
    var units: [Int] = []
    scalars.reserveCapacity(bytes.count / Self.stride + 1)
    units.reserveCapacity(bytes.count / Self.stride + 1)
    var scalarCount = 0
    var unitCount = 0
    var offset = 0
    while offset < bytes.count {
      scalars.append(scalarCount)
      units.append(unitCount)
      let counted = counts(base + offset, count: min(Self.stride, bytes.count - offset))
      scalarCount += counted.scalars
      unitCount += counted.units
      offset += Self.stride
    }
    scalars.append(scalarCount)
    units.append(unitCount)
    return (scalars, units)
  }

  /// Whether every byte of the file is ASCII, so that every unit counts the same columns.
  public var isASCII: Bool { scalarCheckpoints.isEmpty }

  /// The 1-based column of `position` (a position in ``file``) counted in `unit`.
  ///
  /// A position outside the file's lines keeps its byte column.
  public func column(of position: SourcePosition, in unit: ColumnUnit) -> Int {
    guard unit != .utf8Bytes, let lineStart = file.lineTable.ownStartOffset(ofLine: position.line)
    else { return position.column }
    // A fragment that starts inside a line counts that line from its own first column.
    let table = file.lineTable
    let isFirstLine = position.line == table.continuedLine
    let first = isFirstLine ? table.originColumn(in: unit) : 1
    guard !isASCII else {
      return isFirstLine
        ? position.column - table.continuedLineOrigin.column + first : position.column
    }
    let offset = min(max(file.lineTable.localOffset(position.offset), lineStart), file.bytes.count)
    return count(upTo: offset, in: unit) - count(upTo: lineStart, in: unit) + first
  }

  /// Whether every column of the file is the same in every unit: its bytes are ASCII, and so
  /// is the line it starts inside of, if any, before it.
  fileprivate var columnsAreBytes: Bool {
    isASCII && file.lineTable.originColumnIsTheSameInEveryUnit
  }

  /// `diagnostic` with the columns of its range, of its notes in this file and of its fix-its'
  /// edits counted in `unit`; lines and byte offsets are kept.
  public func converting(_ diagnostic: Diagnostic, to unit: ColumnUnit) -> Diagnostic {
    guard unit != .utf8Bytes, !columnsAreBytes, diagnostic.file == file.name else {
      return diagnostic
    }
    var converted = diagnostic
    converted.range = diagnostic.range.map { converting($0, to: unit) }
    for index in converted.notes.indices
    where (converted.notes[index].file ?? file.name) == file.name {
      converted.notes[index].range = converted.notes[index].range.map { converting($0, to: unit) }
    }
    for fixIt in converted.fixIts.indices {
      for edit in converted.fixIts[fixIt].edits.indices {
        converted.fixIts[fixIt].edits[edit].range = converting(
          converted.fixIts[fixIt].edits[edit].range, to: unit)
      }
    }
    return converted
  }

  /// `range` with both columns counted in `unit`.
  public func converting(_ range: SourceRange, to unit: ColumnUnit) -> SourceRange {
    var converted = range
    converted.start.column = column(of: range.start, in: unit)
    converted.end.column = column(of: range.end, in: unit)
    return converted
  }

  // MARK: - Implementation

  /// The units of `unit` before the byte at `offset` of ``file``.
  private func count(upTo offset: Int, in unit: ColumnUnit) -> Int {
    let checkpoint = offset / Self.stride
    let start = checkpoint * Self.stride
    let counted = file.bytes.withUnsafeBufferPointer { bytes -> (scalars: Int, units: Int) in
      guard let base = bytes.baseAddress else { return (0, 0) }
      return Self.counts(base + start, count: offset - start)
    }
    return unit == .utf16CodeUnits
      ? utf16Checkpoints[checkpoint] + counted.units
      : scalarCheckpoints[checkpoint] + counted.scalars
  }

  /// Whether the `count` bytes at `start` are all ASCII, read eight at a time.
  private static func isASCII(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
    var high: UInt64 = 0
    var index = 0
    while index &+ 8 <= count {
      high |= word(at: start + index)
      index &+= 8
    }
    while index < count {
      high |= UInt64(start[index])
      index &+= 1
    }
    return high & highBits == 0
  }

  /// The Unicode scalars and UTF-16 code units of the `count` bytes at `start`: each byte that
  /// is not a continuation byte (`10xxxxxx`) starts a scalar, one code unit, and a lead byte of
  /// a four-byte sequence (`0xF0` or more; a scalar outside the BMP) one more code unit. Eight
  /// bytes at a time: the high bit of each byte, masked by the bits below it, flags both kinds,
  /// counted with `nonzeroBitCount`, where a loop over the bytes took about fifteen
  /// instructions a byte (a part with a diagnostic pays it for every byte it holds).
  @inline(__always)
  private static func counts(_ start: UnsafePointer<UInt8>, count: Int) -> (
    scalars: Int, units: Int
  ) {
    var continuations = 0
    var fourByteLeads = 0
    var index = 0
    while index &+ 8 <= count {
      let word = word(at: start + index)
      // Bit 7 of a byte set and bit 6 clear; bits 7, 6, 5 and 4 all set.
      continuations &+= (word & ~(word << 1) & highBits).nonzeroBitCount
      fourByteLeads &+= (word & (word << 1) & (word << 2) & (word << 3) & highBits).nonzeroBitCount
      index &+= 8
    }
    while index < count {
      let byte = start[index]
      if byte & 0xC0 == 0x80 {
        continuations &+= 1
      } else if byte >= 0xF0 {
        fourByteLeads &+= 1
      }
      index &+= 1
    }
    let scalars = count &- continuations
    return (scalars, scalars &+ fourByteLeads)
  }

  /// The high bit of every byte of a word.
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The eight bytes at `start`, in any order: only counted.
  @inline(__always)
  private static func word(at start: UnsafePointer<UInt8>) -> UInt64 {
    UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
  }
}

extension Array where Element == Diagnostic {
  /// The diagnostics of `file` with their columns counted in `unit` (see
  /// ``SourceColumns/converting(_:to:)-(Diagnostic,_)``); diagnostics of other files are kept as
  /// they are.
  public func convertingColumns(to unit: ColumnUnit, in file: SourceFile) -> [Diagnostic] {
    guard unit != .utf8Bytes, contains(where: { $0.range != nil || !$0.fixIts.isEmpty }) else {
      return self
    }
    let columns = SourceColumns(file)
    guard !columns.columnsAreBytes else { return self }
    return map { columns.converting($0, to: unit) }
  }
}
