#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension UnsafeBufferPointer<UInt8> {
  /// Whether these bytes are the bytes of `other`, compared with `memcmp` (at once when both
  /// are the same memory): what routing, header names and the record writer compare on the
  /// hot path instead of `String`s.
  @inline(__always)
  func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count == other.count else { return false }
    guard let base = baseAddress, let otherBase = other.baseAddress, base != otherBase else {
      return true
    }
    return memcmp(base, otherBase, count) == 0
  }

  /// Whether these bytes are the UTF-8 bytes of `literal` (a string literal picks this one).
  @inline(__always)
  func hasSameBytes(as literal: StaticString) -> Bool {
    hasSameBytes(
      as: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// Whether these bytes are the UTF-8 bytes of `text` (equal bytes, not canonically
  /// equivalent characters). Labelled apart from the `StaticString` form, which a literal
  /// would otherwise not choose.
  func hasSameBytes(asUTF8Of text: String) -> Bool {
    // The lengths first: most candidates differ there, before their bytes are lent.
    guard text.utf8.count == count else { return false }
    return text.utf8.withContiguousStorageIfAvailable { hasSameBytes(as: $0) }
      ?? elementsEqual(text.utf8)
  }
}
