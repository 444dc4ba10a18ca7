/// A growable stack of values in storage it manages itself, from which the newest values are
/// moved out into an array of exactly their count.
///
/// The JSON reader keeps the children of every open array (or object) on one such stack, the
/// innermost container's last, so that closing a container makes one allocation of the right
/// size instead of growing an array per container, and moves its children instead of copying
/// and releasing them.
final class JSONScratchStack<Element> {
  /// The first value; valid up to ``count``.
  private(set) var base: UnsafeMutablePointer<Element>
  /// The number of values the storage holds without growing.
  private var capacity: Int
  /// The number of values on the stack.
  private(set) var count = 0

  /// Creates an empty stack with room for `capacity` values.
  init(capacity: Int = 64) {
    self.capacity = Swift.max(1, capacity)
    base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  /// Pushes `element`.
  @inline(__always)
  func append(_ element: consuming Element) {
    if count == capacity { grow() }
    (base + count).initialize(to: consume element)
    count += 1
  }

  /// Whether the stack is empty.
  var isEmpty: Bool { count == 0 }

  /// The value at `position`, read and changed in place.
  subscript(position: Int) -> Element {
    unsafeAddress { UnsafePointer(base + position) }
    unsafeMutableAddress { base + position }
  }

  /// Removes the top value without deinitializing it, for a value that owns nothing (no
  /// reference, or only immortal ones such as small strings), whose deinitialization would
  /// only call release functions that do nothing.
  @inline(__always)
  func discardLast() {
    count -= 1
  }

  /// Moves the values from `start` to the top into a new array, leaving `start` values.
  func popArray(from start: Int) -> [Element] {
    let moved = count - start
    guard moved > 0 else { return [] }
    // Not `init(unsafeUninitializedCapacity:initializingWith:)`: that one allocates through
    // unspecialised library code that looks up the storage's generic metadata on every call.
    var result: [Element] = []
    result.reserveCapacity(moved)
    for position in start..<count { result.append((base + position).move()) }
    count = start
    return result
  }

  /// Removes the values from `start` to the top.
  func removeAll(from start: Int) {
    guard start < count else { return }
    (base + start).deinitialize(count: count - start)
    count = start
  }

  private func grow() {
    let newCapacity = capacity * 2
    let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    newBase.moveInitialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}
