@_spi(PushInternals) public import PushDiagnostics

/// Builds strings of at most 15 ASCII bytes straight from two words of their bytes, the way the
/// standard library stores them inline, without its byte-by-byte copy.
///
/// On 64-bit platforms a small string is two words: the first eight code units in the first,
/// the next seven in the second, whose top byte holds the flags (immortal, small, ASCII: `0xE0`)
/// and the count. ``isAvailable`` checks once that the running standard library lays strings out
/// so; where it does not, callers make strings the ordinary way.
@_spi(PushInternals) public enum SmallASCIIString {
  /// The most bytes a small string holds.
  @inlinable
  public static var capacity: Int { 15 }

  /// Whether ``make(leading:trailing:count:)`` builds correct strings here: checked once
  /// against strings the standard library made itself, both ways.
  public static let isAvailable: Bool = {
    guard MemoryLayout<String>.size == 16, MemoryLayout<UInt>.size == 8 else { return false }
    let sample: [UInt8] = Array("abcdefghijklmno".utf8)
    for count in [0, 1, 7, 8, 9, 15] {
      let expected = String(decoding: sample[0..<count], as: UTF8.self)
      var leading: UInt64 = 0
      var trailing: UInt64 = 0
      for (offset, byte) in sample[0..<count].enumerated() {
        if offset < 8 {
          leading |= UInt64(byte) << (8 * UInt64(offset))
        } else {
          trailing |= UInt64(byte) << (8 * UInt64(offset - 8))
        }
      }
      let words = unsafeBitCast(expected, to: (UInt64, UInt64).self)
      guard words == (leading, trailing | flags(count: count)) else { return false }
      let built = unsafeBitCast((leading, trailing | flags(count: count)), to: String.self)
      guard built == expected, Array(built.utf8) == Array(sample[0..<count]) else { return false }
    }
    return true
  }()

  /// The top byte of a small ASCII string of `count` bytes.
  @inlinable @inline(__always)
  public static func flags(count: Int) -> UInt64 {
    (0xE0 | UInt64(truncatingIfNeeded: count)) << 56
  }

  /// The string of `count` ASCII bytes, at most ``capacity``, given as `leading` (bytes 0 to 7,
  /// the first in the lowest byte) and `trailing` (bytes 8 to 14), all other bytes zero.
  ///
  /// Only when ``isAvailable``.
  @inlinable @inline(__always)
  public static func make(leading: UInt64, trailing: UInt64, count: Int) -> String {
    // Moved out of the words rather than bit-cast from them: a bit-cast result is borrowed, and
    // returning it costs a retain call, which does nothing for a small string. Sound because
    // the words are a whole small string (immortal, owning nothing) and are not used again.
    var words = (leading, trailing | flags(count: count))
    return withUnsafeMutablePointer(to: &words) {
      $0.withMemoryRebound(to: String.self, capacity: 1) { $0.move() }
    }
  }

  /// The two words of `string` when it is a small ASCII string (the first eight bytes, then the
  /// next seven and the flags with the count), or `nil` for any other string: one that is not
  /// ASCII, longer than ``capacity`` or stored out of line. Two small ASCII strings are equal
  /// exactly when their words are, so a caller can match keys on the words.
  ///
  /// Only when ``isAvailable``.
  @inlinable @inline(__always)
  public static func words(of string: String) -> (leading: UInt64, trailing: UInt64)? {
    // Reading the bits of a borrowed string copies two words and owns nothing; the top nibble
    // 0xE (immortal, ASCII, small) is set only for small ASCII strings, whose words are their
    // bytes as ``isAvailable`` checked.
    let words = unsafeBitCast(string, to: (UInt64, UInt64).self)
    guard words.1 >> 60 == 0xE else { return nil }
    return (words.0, words.1)
  }

  /// The words ``words(of:)`` returns for the small ASCII string of `bytes`, or `nil` when
  /// `bytes` are not all ASCII or more than ``capacity``.
  public static func words(ofBytes bytes: [UInt8]) -> (leading: UInt64, trailing: UInt64)? {
    guard bytes.count <= capacity else { return nil }
    var leading: UInt64 = 0
    var trailing: UInt64 = 0
    for offset in bytes.indices {
      guard bytes[offset] < 0x80 else { return nil }
      if offset < 8 {
        leading |= UInt64(bytes[offset]) << (8 * UInt64(offset))
      } else {
        trailing |= UInt64(bytes[offset]) << (8 * UInt64(offset - 8))
      }
    }
    return (leading, trailing | flags(count: bytes.count))
  }

  /// The first eight of the `count` bytes at `base` and the next seven, little-endian, with
  /// every byte past `count` zero, as ``make(leading:trailing:count:)`` takes them (without the
  /// flags); at most `count` bytes are read, `count` at most ``capacity``.
  @inlinable @inline(__always)
  public static func words(_ base: UnsafePointer<UInt8>, count: Int) -> (UInt64, UInt64) {
    if count >= 8 {
      let leading = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
      guard count > 8 else { return (leading, 0) }
      // The eight bytes ending at `count`, shifted down to the bytes from 8.
      let last = UInt64(
        littleEndian: UnsafeRawPointer(base + (count - 8)).loadUnaligned(as: UInt64.self))
      return (leading, last >> (UInt64(truncatingIfNeeded: 16 - count) << 3))
    }
    return (ShortByteRun.word(base, count: count), 0)
  }
}
