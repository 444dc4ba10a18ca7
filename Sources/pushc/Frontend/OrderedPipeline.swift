import Dispatch

/// Runs pieces of work on up to ``width`` threads at once and hands their results back on the
/// calling thread in the order the work was submitted, so output stays in input order byte for
/// byte however the threads are scheduled.
///
/// At most twice ``width`` pieces are submitted and not yet handed back: submitting more waits
/// for the oldest, which bounds memory whatever the size of the input. With a width of 1 the
/// work runs on the calling thread, one piece after another.
final class OrderedPipeline<Result: Sendable> {
  /// One submitted piece: its result, once its semaphore is signalled.
  private final class Slot: @unchecked Sendable {
    // Written once on a worker before `done` is signalled, read on the caller after waiting
    // for it: the semaphore orders the two.
    var result: Result?
    let done = DispatchSemaphore(value: 0)
  }

  /// The most pieces that run at once.
  let width: Int
  private let running: DispatchSemaphore
  private var slots: [Slot] = []
  private var first = 0

  /// Creates a pipeline running up to `width` pieces at once.
  init(width: Int) {
    self.width = max(1, width)
    self.running = DispatchSemaphore(value: self.width)
  }

  /// Starts `work` and hands every result that is ready, in order, to `deliver`.
  func submit(_ work: @escaping @Sendable () -> Result, deliver: (Result) -> Void) {
    guard width > 1 else {
      deliver(work())
      return
    }
    while slots.count - first >= 2 * width {
      deliver(waitForOldest())
    }
    let slot = Slot()
    slots.append(slot)
    let running = running
    DispatchQueue.global().async {
      running.wait()
      slot.result = work()
      running.signal()
      slot.done.signal()
    }
    while first < slots.count, slots[first].done.wait(timeout: .now()) == .success {
      slots[first].done.signal()
      deliver(waitForOldest())
    }
  }

  /// Waits for every piece submitted and hands their results, in order, to `deliver`.
  func finish(deliver: (Result) -> Void) {
    while first < slots.count {
      deliver(waitForOldest())
    }
  }

  /// Waits for the oldest piece not handed back and returns its result.
  private func waitForOldest() -> Result {
    let slot = slots[first]
    slot.done.wait()
    first += 1
    if first == slots.count || first > 64 {
      slots.removeFirst(first)
      first = 0
    }
    guard let result = slot.result else {
      preconditionFailure("a finished piece of work has a result")
    }
    return result
  }
}
