/// Items a connection holds back until their time (responses delayed by the rules' latency).
///
/// In order (HTTP/1.1, whose responses keep the order of the requests), an item is released
/// only after every item added before it; out of order (HTTP/2 streams), each at its own time.
struct DeferredQueue<Item> {
  /// Whether items are released in the order they were added.
  let isOrdered: Bool
  private var items: [(due: Double, item: Item)] = []

  /// Creates an empty queue.
  init(isOrdered: Bool) {
    self.isOrdered = isOrdered
  }

  /// Whether nothing is held back.
  var isEmpty: Bool { items.isEmpty }

  /// When the next item is due, on the monotonic clock; `nil` when none is held back.
  var nextDeadline: Double? {
    isOrdered ? items.first?.due : items.map(\.due).min()
  }

  /// Holds `item` back until `due`.
  mutating func append(_ item: Item, due: Double) {
    items.append((due, item))
  }

  /// Takes the items due at `now`, in the order they were added.
  mutating func takeDue(now: Double) -> [Item] {
    if isOrdered {
      let count = items.prefix { $0.due <= now }.count
      defer { items.removeFirst(count) }
      return items.prefix(count).map(\.item)
    }
    let due = items.filter { $0.due <= now }.map(\.item)
    items.removeAll { $0.due <= now }
    return due
  }
}
