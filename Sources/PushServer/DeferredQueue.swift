/// Items a connection holds back until their time (responses delayed by the rules' latency),
/// released in the order they were added: an item waits for those before it, so HTTP/1.1
/// responses keep their order.
struct DeferredQueue<Item> {
  private var items: [(due: Double, item: Item)] = []
  private var head = 0

  /// Whether nothing is held back.
  var isEmpty: Bool { head == items.count }

  /// When the first item is due, on the monotonic clock; `nil` when none is held back.
  var nextDeadline: Double? {
    isEmpty ? nil : items[head].due
  }

  /// Holds `item` back until `due` (and until every item added before it is released).
  mutating func append(_ item: Item, due: Double) {
    items.append((due, item))
  }

  /// Takes the items due at `now`, in order.
  mutating func takeDue(now: Double) -> [Item] {
    var due: [Item] = []
    while head < items.count, items[head].due <= now {
      due.append(items[head].item)
      head += 1
    }
    if head == items.count {
      items.removeAll(keepingCapacity: true)
      head = 0
    }
    return due
  }
}
