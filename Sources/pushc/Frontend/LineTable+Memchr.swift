import PushDiagnostics

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension LineTable {
  /// The line table of `bytes`, found with the C library's `memchr`: the same table as
  /// `LineTable(bytes, origin:originColumns:lastLineContinues:leadIn:)` with the same
  /// arguments.
  ///
  /// The library's search is portable Swift, a few instructions for every eight bytes; glibc's
  /// `memchr` compares thirty-two bytes at a time with AVX2. A line ends at `\n`, `\r\n` or
  /// a lone `\r`: one `memchr` over the whole fragment tells whether it has a `\r`, and only a
  /// fragment without one, where every line ends at `\n`, is searched that way; one with a `\r`
  /// is left to the library. A line of NDJSON is about a kilobyte, long enough that a call for
  /// each costs little beside the bytes it searches: the searches cost about a third of the
  /// library's (0.25 instructions a byte against 0.65; `pushc lint` of 1,000 notices as NDJSON,
  /// 474 instructions fewer a message under callgrind).
  static func searchingWithMemchr(
    _ bytes: ArraySlice<UInt8>,
    origin: SourcePosition = SourcePosition(line: 1, column: 1, offset: 0),
    originColumns: (unicodeScalars: Int, utf16CodeUnits: Int)? = nil,
    lastLineContinues: Bool = false,
    leadIn: (count: Int, origin: SourcePosition, headCount: Int)? = nil
  ) -> LineTable {
    guard let starts = lineStartsAfterNewlines(in: bytes) else {
      return LineTable(
        bytes, origin: origin, originColumns: originColumns,
        lastLineContinues: lastLineContinues, leadIn: leadIn)
    }
    return LineTable(
      lineStarts: starts, byteCount: bytes.count, origin: origin, originColumns: originColumns,
      lastLineContinues: lastLineContinues, leadIn: leadIn)
  }

  /// 0 and the offset after each `\n` in `bytes`, or `nil` when they hold a `\r`.
  private static func lineStartsAfterNewlines(in bytes: ArraySlice<UInt8>) -> [Int]? {
    bytes.withUnsafeBufferPointer { buffer -> [Int]? in
      guard let base = buffer.baseAddress else { return [0] }
      let count = buffer.count
      guard memchr(base, Int32(UInt8(ascii: "\r")), count) == nil else { return nil }
      var starts = [0]
      var offset = 0
      while offset < count,
        let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), count - offset)
      {
        offset = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
        starts.append(offset)
      }
      return starts
    }
  }
}

extension SourceFile {
  /// A whole input the tool read, `bytes` named `name`, its line table found with `memchr`
  /// (``LineTable/searchingWithMemchr(_:origin:originColumns:lastLineContinues:leadIn:)``):
  /// the same file as `SourceFile(name: name, bytes: bytes)`.
  static func wholeInput(name: String, bytes: [UInt8]) -> SourceFile {
    SourceFile(name: name, bytes: bytes, lineTable: LineTable.searchingWithMemchr(bytes[...]))
  }
}
