/// A growable run of bytes in memory of its own, for writing a document whose size is not known
/// beforehand: appending is a capacity test and a copy, without the uniqueness and capacity
/// bookkeeping of an array's appends.
///
/// The owner must call ``deallocate()`` once; the buffer is not copied (a copy would share the
/// memory), only passed `inout`.
///
/// ```swift
/// var buffer = JSONByteBuffer(capacity: 256)
/// defer { buffer.deallocate() }
/// buffer.append(UInt8(ascii: "{"))
/// buffer.array  // [0x7B]
/// ```
struct JSONByteBuffer: JSONByteOutput {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The number of bytes written.
  private(set) var count = 0
  /// Whether `base` was allocated by the buffer, and so is its to free; otherwise it is memory
  /// lent by the owner (``init(lending:)``), written only until the buffer outgrows it.
  private(set) var ownsMemory = true

  /// An empty buffer with room for `capacity` bytes (at least one).
  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 1)
    base = .allocate(capacity: self.capacity)
  }

  /// An empty buffer that writes into `storage`, which must stay valid while the buffer is
  /// used, until it needs more room: then its bytes move to memory of the buffer's own
  /// (``ownsMemory``), and `storage` is no longer touched.
  init(lending storage: UnsafeMutableBufferPointer<UInt8>) {
    if let start = storage.baseAddress, !storage.isEmpty {
      base = start
      capacity = storage.count
      ownsMemory = false
    } else {
      capacity = 1
      base = .allocate(capacity: capacity)
    }
  }

  /// Appends `byte`.
  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(toHold: count + 1) }
    base[count] = byte
    count += 1
  }

  /// Appends `contents`, which needs no escaping, as a JSON string literal: `"`, the bytes,
  /// `"`, with one capacity test.
  @inline(__always)
  mutating func appendStringLiteral(unescaped contents: UnsafeBufferPointer<UInt8>) {
    let length = contents.count
    if capacity - count < length + 2 { grow(toHold: count + length + 2) }
    let start = base + count
    start.initialize(to: UInt8(ascii: "\""))
    if let source = contents.baseAddress { (start + 1).initialize(from: source, count: length) }
    start[length + 1] = UInt8(ascii: "\"")
    count += length + 2
  }

  /// Appends the first `count` bytes of `words`, which need no escaping, between two `"`.
  @inline(__always)
  mutating func appendStringLiteral(
    smallASCII words: (leading: UInt64, trailing: UInt64), count: Int
  ) {
    // Both words are stored whole, then the closing quote over what follows the count: room
    // for all seventeen bytes is made first, though only `count + 2` are kept.
    if capacity - self.count < 17 { grow(toHold: self.count + 17) }
    let start = UnsafeMutableRawPointer(base + self.count)
    start.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
    start.storeBytes(of: words.leading.littleEndian, toByteOffset: 1, as: UInt64.self)
    start.storeBytes(of: words.trailing.littleEndian, toByteOffset: 9, as: UInt64.self)
    start.storeBytes(of: UInt8(ascii: "\""), toByteOffset: count + 1, as: UInt8.self)
    self.count += count + 2
  }

  /// Appends `contents` as a JSON string literal if none of its bytes needs escaping, and
  /// returns whether it did; otherwise appends nothing.
  @inline(__always)
  mutating func appendStringLiteralIfPlain(_ contents: UnsafeBufferPointer<UInt8>) -> Bool {
    let length = contents.count
    guard length >= 4, length <= 16, let source = contents.baseAddress else {
      guard !CanonicalJSONWriter.containsBytesNeedingEscape(contents) else { return false }
      appendStringLiteral(unescaped: contents)
      return true
    }
    // A short string (most keys, many values) is tested and copied in two overlapping words
    // (the first and last four or eight bytes), kept in registers between test and store,
    // instead of a scan and a call to `memcpy`.
    if capacity - count < length + 2 { grow(toHold: count + length + 2) }
    let start = UnsafeMutableRawPointer(base + count)
    if length >= 8 {
      let low = ByteWord.load(source, at: 0)
      let high = ByteWord.load(source, at: length - 8)
      guard ByteWord.needingEscape(in: low) | ByteWord.needingEscape(in: high) == 0 else {
        return false
      }
      start.storeBytes(of: low.littleEndian, toByteOffset: 1, as: UInt64.self)
      start.storeBytes(of: high.littleEndian, toByteOffset: length - 7, as: UInt64.self)
    } else {
      let low = UnsafeRawPointer(source).loadUnaligned(as: UInt32.self)
      let high = UnsafeRawPointer(source + (length - 4)).loadUnaligned(as: UInt32.self)
      // Both words as one, in memory order, for the eight-byte test.
      let both = UInt64(UInt32(littleEndian: low)) | UInt64(UInt32(littleEndian: high)) << 32
      guard ByteWord.needingEscape(in: both) == 0 else { return false }
      start.storeBytes(of: low, toByteOffset: 1, as: UInt32.self)
      start.storeBytes(of: high, toByteOffset: length - 3, as: UInt32.self)
    }
    start.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
    start.storeBytes(of: UInt8(ascii: "\""), toByteOffset: length + 1, as: UInt8.self)
    count += length + 2
    return true
  }

  /// Appends the bytes of `buffer`.
  @inline(__always)
  mutating func append(contentsOf buffer: UnsafeBufferPointer<UInt8>) {
    guard let source = buffer.baseAddress else { return }
    if capacity - count < buffer.count { grow(toHold: count + buffer.count) }
    (base + count).initialize(from: source, count: buffer.count)
    count += buffer.count
  }

  /// Appends `count` bytes that `initialize` writes, given where the first of them goes.
  @inline(__always)
  mutating func appendUninitialized(
    count: Int, _ initialize: (UnsafeMutablePointer<UInt8>) -> Void
  ) {
    if capacity - self.count < count { grow(toHold: self.count + count) }
    initialize(base + self.count)
    self.count += count
  }

  /// The bytes written.
  var array: [UInt8] {
    Array(UnsafeBufferPointer(start: base, count: count))
  }

  /// Frees the memory the buffer owns; the buffer must not be used afterwards.
  func deallocate() {
    if ownsMemory { base.deallocate() }
  }

  /// Moves the bytes to memory with room for at least `needed` bytes, doubling the capacity so
  /// that appending stays linear.
  @inline(never)
  private mutating func grow(toHold needed: Int) {
    let newCapacity = Swift.max(needed, capacity * 2)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.initialize(from: base, count: count)
    if ownsMemory { base.deallocate() }
    base = newBase
    capacity = newCapacity
    ownsMemory = true
  }
}
