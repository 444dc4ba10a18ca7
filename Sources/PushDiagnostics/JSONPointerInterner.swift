/// Hands out one shared ``JSONPointer`` for every parent and token it has seen before, so that
/// the readers and lowering, which give every value they touch a pointer, allocate a pointer's
/// tokens once per distinct path instead of once per value.
///
/// Messages of one input share almost all their paths (`/message/notification/title`,
/// `/message/data/id`, …): after the first message, building a pointer costs a hash lookup and
/// a retain, and releasing one never frees memory. The pointers are ordinary values: they
/// compare, hash and outlive the interner as any other pointer does.
///
/// An interner is owned by one pass over one input (it is a class so that the value types of
/// that pass can share it without threading it through every call) and must not be used from
/// two threads at once. It keeps at most ``capacity`` pointers; past that, it builds new ones
/// without keeping them, so its memory is bounded whatever the input.
package final class JSONPointerInterner {
  /// The most pointers an interner keeps.
  package let capacity: Int

  // An open-addressing hash table with linear probing, a power of two long and at most half
  // full. A slot holds the identity of the parent's token storage (0 when the slot is empty),
  // the token, the child, and the parent itself, retained so that its storage, whose address is
  // the key, cannot be freed and reused by another pointer. A dictionary would hash each token
  // with SipHash, which costs about as much as building the pointer.
  //
  // The slots live in memory the interner allocates itself rather than in arrays: reading an
  // array stored in a class retains and releases its buffer around each access, which cost as
  // much as the rest of a lookup. An interner is used by one thread at a time and never hands
  // out access to its storage, so the run-time exclusivity checks of class properties, which
  // cost more than the lookup, are left out too.
  //
  // The table holds paths, the tokens of a pointer after its leading index (see
  // ``JSONPointer``): the pointers below the elements of an array share them, each child
  // made with its parent's leading index.
  private struct Slot {
    var identity: UInt = 0
    var token = ""
    /// The first and last eight bytes of ``token`` (see ``words(_:count:)``): for a token of
    /// at most sixteen bytes, nearly all of them, comparing these and the count compares the
    /// bytes.
    var words: (leading: UInt64, trailing: UInt64) = (0, 0)
    var child: [String] = []
    var parent: [String] = []
  }

  /// The table: `slotCount` initialized slots, or `nil` before the first pointer is kept.
  @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Slot>?
  /// The number of slots, a power of two, or 0.
  @exclusivity(unchecked) private var slotCount = 0

  /// The number of pointers kept.
  @exclusivity(unchecked) private(set) package var count = 0

  /// Creates an empty interner that keeps at most `capacity` pointers.
  ///
  /// Interning pays when paths repeat, across the messages of one input; for a single message
  /// it only adds work, and an interner with capacity 0 builds every pointer as
  /// `JSONPointer.appending` does and allocates nothing of its own.
  package init(capacity: Int = 4096) {
    self.capacity = capacity
  }

  /// An interner for `count` messages: one that keeps nothing for a single message.
  package convenience init(messageCount count: Int) {
    self.init(capacity: count > 1 ? 4096 : 0)
  }

  deinit {
    if let slots {
      slots.deinitialize(count: slotCount)
      slots.deallocate()
    }
  }

  /// `parent.appending(token)`: the pointer returned for the same parent storage and token
  /// before, or a new one, kept for the next call while there is room.
  package func appending(_ token: String, to parent: JSONPointer) -> JSONPointer {
    guard capacity > 0 else { return parent.appending(token) }
    if slots == nil { allocate(size: 64) }
    // Sound: `slots` is set just above, and holds `slotCount` initialized slots.
    let table = slots.unsafelyUnwrapped
    let parentPath = parent.pathStorage
    let identity = Self.storageIdentity(of: parentPath)
    let mask = slotCount - 1
    var slot = Self.hash(identity, token) & mask
    while table[slot].identity != 0 {
      if table[slot].identity == identity && table[slot].token == token {
        return parent.withPath(table[slot].child)
      }
      slot = (slot + 1) & mask
    }
    let child = JSONPointer.path(parentPath, appending: token)
    guard count < capacity else { return parent.withPath(child) }
    table[slot] = Slot(
      identity: identity, token: token, words: Self.words(of: token), child: child,
      parent: parentPath)
    count += 1
    if count * 2 > slotCount { grow() }
    return parent.withPath(child)
  }

  /// `parent.appending(token)` for the token whose UTF-8 bytes are `token`, as
  /// ``appending(_:to:)`` gives it: a token seen before under the same parent is found by its
  /// bytes, and a string is made only for a new one.
  package func appending(utf8 token: UnsafeBufferPointer<UInt8>, to parent: JSONPointer)
    -> JSONPointer
  {
    guard capacity > 0, let table = slots else {
      return appending(String(decoding: token, as: UTF8.self), to: parent)
    }
    let identity = Self.storageIdentity(of: parent.pathStorage)
    let mask = slotCount - 1
    var slot = Self.hash(identity, count: token.count) & mask
    let isShort = token.count <= 16
    // Bound with `if let`, not mapped: the closure of `map` was a call a lookup.
    let words: (leading: UInt64, trailing: UInt64)
    if let base = token.baseAddress {
      words = Self.words(base, count: token.count)
    } else {
      words = (0, 0)
    }
    while table[slot].identity != 0 {
      if table[slot].identity == identity
        && (isShort
          ? table[slot].words == words && table[slot].token.utf8.count == token.count
          : Self.bytesEqual(table[slot].token, token))
      {
        return parent.withPath(table[slot].child)
      }
      slot = (slot + 1) & mask
    }
    return appending(String(decoding: token, as: UTF8.self), to: parent)
  }

  /// The first and last eight of the `count` bytes at `base` as little-endian words (the
  /// bytes themselves and zeros for fewer than eight): for at most sixteen bytes, two runs of
  /// bytes of one count have the same words only when they are the same bytes.
  @inline(__always)
  private static func words(_ base: UnsafePointer<UInt8>, count: Int)
    -> (leading: UInt64, trailing: UInt64)
  {
    guard count >= 8 else { return (ShortByteRun.word(base, count: count), 0) }
    let raw = UnsafeRawPointer(base)
    return (
      UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)),
      UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    )
  }

  /// ``words(_:count:)`` of the UTF-8 bytes of `token`.
  private static func words(of token: String) -> (leading: UInt64, trailing: UInt64) {
    var token = token
    return token.withUTF8 { bytes in
      bytes.baseAddress.map { words($0, count: bytes.count) } ?? (0, 0)
    }
  }

  /// Whether the UTF-8 bytes of `token` are `bytes`, compared in place.
  private static func bytesEqual(_ token: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard token.utf8.count == bytes.count else { return false }
    return token.utf8.withContiguousStorageIfAvailable { stored in
      // Tokens are short: a byte loop costs less than a call.
      for index in 0..<bytes.count where stored[index] != bytes[index] { return false }
      return true
    } ?? token.utf8.elementsEqual(bytes)
  }

  /// The pointer to the member `token` of the document root.
  package func rootMember(_ token: String) -> JSONPointer {
    appending(token, to: .root)
  }

  /// Points the table at `size` new empty slots; a table there before is the caller's to free.
  private func allocate(size: Int) {
    let table = UnsafeMutablePointer<Slot>.allocate(capacity: size)
    table.initialize(repeating: Slot(), count: size)
    slots = table
    slotCount = size
  }

  /// Doubles the table and places every entry again.
  private func grow() {
    guard let old = slots else { return }
    let oldCount = slotCount
    allocate(size: oldCount * 2)
    let table = slots.unsafelyUnwrapped
    let mask = slotCount - 1
    for index in 0..<oldCount where old[index].identity != 0 {
      var slot = Self.hash(old[index].identity, old[index].token) & mask
      while table[slot].identity != 0 { slot = (slot + 1) & mask }
      table[slot] = old[index]
    }
    old.deinitialize(count: oldCount)
    old.deallocate()
  }

  /// The address of the storage of `path`, the same for every copy of it and different from
  /// that of every other live path with other tokens; never 0, the mark of an empty slot (the
  /// storage is aligned, so setting the lowest bit keeps addresses apart).
  private static func storageIdentity(of path: [String]) -> UInt {
    path.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) | 1 }
  }

  /// A hash of a parent's identity and a token's length: tokens below one parent mostly
  /// differ in length, and those that do not are told apart by comparing them.
  private static func hash(_ identity: UInt, _ token: String) -> Int {
    hash(identity, count: token.utf8.count)
  }

  /// ``hash(_:_:)`` of a token of `count` bytes.
  private static func hash(_ identity: UInt, count: Int) -> Int {
    var hash = UInt64(truncatingIfNeeded: identity) ^ UInt64(truncatingIfNeeded: count)
    hash = hash &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: hash ^ (hash >> 31))
  }
}
