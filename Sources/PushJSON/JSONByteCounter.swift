/// Where ``CanonicalJSONWriter`` counts the bytes of a document instead of writing them: every
/// append adds to ``count`` and stores nothing, so the writer's own walk (strings read in place,
/// short strings tested in their words) measures exactly what it would write.
///
/// ```swift
/// var counter = JSONByteCounter()
/// counter.append(UInt8(ascii: "{"))
/// counter.count  // 1
/// ```
struct JSONByteCounter: JSONByteOutput {
  /// The number of bytes appended.
  private(set) var count = 0

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    count &+= 1
  }

  @inline(__always)
  mutating func append(contentsOf buffer: UnsafeBufferPointer<UInt8>) {
    count &+= buffer.count
  }

  @inline(__always)
  mutating func appendStringLiteralIfPlain(_ contents: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !CanonicalJSONWriter.containsBytesNeedingEscape(contents) else { return false }
    count &+= contents.count &+ 2
    return true
  }

  @inline(__always)
  mutating func appendStringLiteral(
    smallASCII words: (leading: UInt64, trailing: UInt64), count: Int
  ) {
    self.count &+= count &+ 2
  }

  /// Counts `count` bytes; `initialize` is not called, as there is nowhere to write them.
  @inline(__always)
  mutating func appendUninitialized(
    count: Int, _ initialize: (UnsafeMutablePointer<UInt8>) -> Void
  ) {
    self.count &+= count
  }
}
