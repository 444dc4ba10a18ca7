/// Reads a run of at most eight bytes as one little-endian word, touching only those bytes: for
/// the short keys and tokens the hot paths hash and compare a word at a time (pointer tokens,
/// small strings), where a loop over the bytes cost about four instructions a byte.
///
/// An SPI rather than `package`: `package` declarations are not inlined into other modules,
/// and this is called for every key read (see Documentation/PublicAPI.md).
@_spi(PushInternals) public enum ShortByteRun {
  /// The `count` bytes at `base` (at most eight) as a little-endian word, the first byte in the
  /// lowest bits and zeros above the last; reads no byte outside them.
  ///
  /// Two loads of the largest power-of-two size that fits, at the start and ending at the
  /// end, overlap on bytes they read alike, so or-ing them gives every byte once.
  @inlinable @inline(__always)
  public static func word(_ base: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    let raw = UnsafeRawPointer(base)
    if count >= 4 {
      if count == 8 { return UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) }
      let first = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
      let last = UInt64(
        UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
      return first | last << (UInt64(truncatingIfNeeded: count &- 4) << 3)
    }
    if count >= 2 {
      let first = UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
      let last = UInt64(
        UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)))
      return first | last << (UInt64(truncatingIfNeeded: count &- 2) << 3)
    }
    return count == 1 ? UInt64(base[0]) : 0
  }
}
