/// The strings of 1 to 15 bytes that one JSON read made last, by their bytes, so that the keys
/// and short values JSON repeats over and over (`"message"`, `"notification"`, `"high"`) are
/// made once per read instead of every time they occur.
///
/// Swift stores strings this short inline, without an allocation, so a slot holds no memory of
/// its own. The cache is two-way set-associative: the bytes' hash picks a pair of slots, a hit
/// compares all the bytes and the length (so the string returned is always the one the bytes
/// make), and a miss puts the new string first in the pair, moving the older one second.
final class JSONShortStringCache {
  /// One remembered string: its first eight bytes, the rest with the length in the top byte,
  /// and the string.
  private struct Slot {
    var head: UInt64 = 0
    var tail: UInt64 = 0
    var string = ""
  }

  /// The longest string the cache keeps: the longest that Swift stores inline.
  static let maximumCount = 15

  /// The most pairs of slots, enough for the keys and short values a corpus of push messages
  /// repeats; a power of two.
  private static let maximumPairCount = 128
  /// How many bytes of input each pair of slots is for, so that a small input does not pay
  /// for setting up a large cache.
  private static let bytesPerPair = 512

  private let slots: UnsafeMutablePointer<Slot>
  private let slotCount: Int
  /// How far the hash is shifted right to leave the index of a pair.
  private let hashShift: UInt64

  /// Creates an empty cache for reading `inputCount` bytes.
  init(inputCount: Int) {
    var pairCount = 4
    while pairCount < Self.maximumPairCount && pairCount * Self.bytesPerPair < inputCount {
      pairCount *= 2
    }
    slotCount = 2 * pairCount
    hashShift = UInt64(64 - pairCount.trailingZeroBitCount)
    slots = .allocate(capacity: slotCount)
    slots.initialize(repeating: Slot(), count: slotCount)
  }

  deinit {
    slots.deinitialize(count: slotCount)
    slots.deallocate()
  }

  /// The string of the `count` bytes at `start`, which are valid UTF-8 and number 1 to
  /// ``maximumCount``, with at least sixteen bytes readable from `start`: made by `make` unless
  /// it is in the cache.
  @inline(__always)
  func string(at start: UnsafePointer<UInt8>, count: Int, make: () -> String) -> String {
    let raw = UnsafeRawPointer(start)
    var head = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
    var tail = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    // Only the string's own bytes count: those after it are masked off.
    if count >= 8 {
      tail &= (1 << (UInt64(truncatingIfNeeded: count - 8) << 3)) &- 1
    } else {
      head &= (1 << (UInt64(truncatingIfNeeded: count) << 3)) &- 1
      tail = 0
    }
    // At most seven bytes are in the tail, so its top byte is free for the length, which also
    // tells every key from the empty slots' zeros.
    tail |= UInt64(truncatingIfNeeded: count) << 56
    let hash = (head ^ (tail &* 0xC2B2_AE3D_27D4_EB4F)) &* 0x9E37_79B9_7F4A_7C15
    let first = slots + 2 * Int(truncatingIfNeeded: hash >> hashShift)
    let second = first + 1
    if first.pointee.head == head && first.pointee.tail == tail {
      return first.pointee.string
    }
    if second.pointee.head == head && second.pointee.tail == tail {
      // The string used last comes first.
      swap(&first.pointee, &second.pointee)
      return first.pointee.string
    }
    let string = make()
    second.pointee = first.move()
    first.initialize(to: Slot(head: head, tail: tail, string: string))
    return string
  }
}
