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

  /// An empty buffer with room for `capacity` bytes (at least one).
  init(capacity: Int) {
    self.capacity = Swift.max(capacity, 1)
    base = .allocate(capacity: self.capacity)
  }

  /// Appends `byte`.
  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(toHold: count + 1) }
    base[count] = byte
    count += 1
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

  /// Frees the memory; the buffer must not be used afterwards.
  func deallocate() {
    base.deallocate()
  }

  /// Moves the bytes to memory with room for at least `needed` bytes, doubling the capacity so
  /// that appending stays linear.
  @inline(never)
  private mutating func grow(toHold needed: Int) {
    let newCapacity = Swift.max(needed, capacity * 2)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.initialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}
