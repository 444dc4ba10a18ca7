/// A value held out of line and copied on write: a copy of the struct that holds it copies one
/// reference, not the value.
///
/// The FCM model keeps its large, optional parts this way (the platform configurations of a
/// message, an Android notification): every field is ``Located``, so they are several kilobytes
/// inline, and messages are handed from stage to stage. Reading borrows the value in place
/// (`_read`); writing copies shared storage first (`_modify`).
///
/// The box is a class of the holder's own (``OutOfLineBox``), not a generic one: the metadata
/// of a generic class is built at run time, with that of every type in the value's layout,
/// which for an Android notification cost about 500,000 instructions; a non-generic class's is
/// static.
struct OutOfLine<Box: OutOfLineBox>: Hashable, Sendable {
  private var box: Box

  /// Holds `value`.
  init(_ value: Box.Value) {
    box = Box(value)
  }

  /// Holds the value of `box`, shared with the other holders of `box`.
  init(sharing box: Box) {
    self.box = box
  }

  /// The value.
  var value: Box.Value {
    _read { yield box.value }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
      yield &box.value
    }
  }

  /// Calls `body` with the address of the value in its box, for reading a part of it in
  /// place where ``value`` would copy it: an optional chain through `_read` copies the wrapped
  /// value (a retain of each of its references) before reading it. `body` only reads through
  /// the address, and does not keep it.
  func withValueAddress<Result>(_ body: (UnsafePointer<Box.Value>) -> Result) -> Result {
    // The access is formally a modification, but nothing is written: a box shared between
    // threads (see `OutOfLineBox`) is only read here too.
    withUnsafeMutablePointer(to: &box.value) { body(UnsafePointer($0)) }
  }

  static func == (lhs: OutOfLine, rhs: OutOfLine) -> Bool {
    lhs.box === rhs.box || lhs.box.value == rhs.box.value
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(box.value)
  }
}

/// The box of an ``OutOfLine``: a final class with one stored property, `value`.
///
/// A box is changed only through ``OutOfLine/value``'s `_modify`, after making sure no other
/// `OutOfLine` shares it, so a box another thread can see (a shared one held by a `static let`
/// included) is never written: that is what makes a conformer's unchecked `Sendable` sound.
/// Only those accessors and ``OutOfLine/withValueAddress(_:)``, which reads, reach the value,
/// each access is complete before the next one starts, and writes go to a box no other value
/// shares, so conformers declare it `@exclusivity(unchecked)`: the runtime exclusivity check
/// (about 80 instructions on every read of a message's platform configurations) cannot fail.
protocol OutOfLineBox: AnyObject, Sendable {
  /// The type of the value held.
  associatedtype Value: Hashable & Sendable

  /// The value held.
  var value: Value { get set }

  /// A box holding `value`.
  init(_ value: Value)
}
