/// The strings of at most 15 bytes the JSON reader made last, by their bytes, so that the keys
/// and short values JSON repeats over and over are made once instead of every time.
///
/// Strings this short are stored inline, without an allocation, so the cache holds no memory
/// beyond its slots. A slot is chosen by hashing the bytes and is overwritten on a miss.
final class JSONShortStringCache {
  /// One remembered string: its first eight bytes, the next up to seven, its length, itself.
  private struct Slot {
    var head: UInt64 = 0
    var tail: UInt64 = 0
    var count = 0
    var string = ""
  }

  /// The longest string the cache keeps: the longest that Swift stores inline.
  static let maximumCount = 15

  private static let slotCount = 512
  private let slots: UnsafeMutablePointer<Slot>

  /// Creates an empty cache.
  init() {
    slots = .allocate(capacity: Self.slotCount)
    slots.initialize(repeating: Slot(), count: Self.slotCount)
  }

  deinit {
    slots.deinitialize(count: Self.slotCount)
    slots.deallocate()
  }

  /// The string of the `count` bytes at `start` (1 to ``maximumCount`` of them, valid UTF-8,
  /// with at least 16 bytes readable from `start`), made by `make` unless it is cached.
  @inline(__always)
  func string(
    at start: UnsafePointer<UInt8>, count: Int, make: () -> String
  ) -> String {
    let raw = UnsafeRawPointer(start)
    var head = raw.loadUnaligned(as: UInt64.self)
    var tail: UInt64 = 0
    if count >= 8 {
      tail = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
      tail &= (1 << (UInt64(count - 8) << 3)) &- 1
    } else {
      head &= (1 << (UInt64(count) << 3)) &- 1
    }
    let hash = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F)
    let slot = slots + Int(truncatingIfNeeded: (hash ^ UInt64(count)) >> 55)
    if slot.pointee.head == head && slot.pointee.tail == tail && slot.pointee.count == count {
      return slot.pointee.string
    }
    let string = make()
    slot.pointee = Slot(head: head, tail: tail, count: count, string: string)
    return string
  }
}
