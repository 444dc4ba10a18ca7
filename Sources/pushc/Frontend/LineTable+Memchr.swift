import PushDiagnostics

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension LineTable {
  /// The line table of `bytes`, whole lines from `origin` (column 1), found with the C
  /// library's `memchr`: the same table as `LineTable(bytes, origin: origin)`.
  ///
  /// The library's search is portable Swift, a few instructions for every eight bytes; glibc's
  /// `memchr` compares thirty-two bytes an instruction with AVX2. A line ends at `\n`, `\r\n` or
  /// a lone `\r`: one `memchr` over the whole fragment tells whether it has a `\r`, and only a
  /// fragment without one, where every line ends at `\n`, is searched that way; one with a `\r`
  /// is left to the library. An NDJSON part is a few thousand lines of about a kilobyte each,
  /// so the searches cost about a third of the library's (0.2 instructions a byte against 0.65,
  /// `pushc lint` of 1,000 notices under callgrind).
  static func searchingWithMemchr(_ bytes: ArraySlice<UInt8>, origin: SourcePosition) -> LineTable {
    let starts = bytes.withUnsafeBufferPointer { buffer -> [Int]? in
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
    guard let starts else { return LineTable(bytes, origin: origin) }
    return LineTable(lineStarts: starts, byteCount: bytes.count, origin: origin)
  }
}
