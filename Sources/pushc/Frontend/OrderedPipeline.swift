import Dispatch
import Synchronization

/// Runs pieces of work on up to ``width`` threads at once and hands their results back on the
/// calling thread in the order the work was submitted, so output stays in input order byte for
/// byte however the threads are scheduled.
///
/// The calling thread is one of the ``width``: `width - 1` helper threads, started by the
/// first piece and kept until ``finish(deliver:)``, take pieces from a queue, and the caller
/// runs the oldest waiting piece itself whenever it would otherwise wait. The same few threads,
/// no more than ``width``, do all the work: handing each piece to any thread of the system's
/// pool, with the caller waiting beside them, cost about 8 % more processor time for the same
/// work (`pushc lint` on 20,000 and 100,000 NDJSON lines, two processors).
///
/// At most twice ``width`` pieces are submitted and not yet handed back: submitting more runs
/// or waits for the oldest, which bounds memory whatever the size of the input. With a width
/// of 1 the work runs on the calling thread, one piece after another, and no thread starts.
///
/// Each thread is a lane, numbered from 0 (the caller's) to `width - 1`, and a piece of work
/// is told the lane it runs on: pieces on one lane run one after another, on the same thread
/// while the helpers run, so state kept per lane (``LaneLocal``) is used by one thread at a time
/// and stays in that thread's caches. Per lane rather than shared by every piece: reference
/// counts and tables written from both processors in turn moved between their caches at every
/// message (with two threads, about a fifth more processor time than with one for the same
/// work).
final class OrderedPipeline<Result: Sendable> {
  /// One submitted piece: its result once ``isDone``.
  private final class Slot: @unchecked Sendable {
    // `result` is written once by the thread that ran the work before `isDone` is set and
    // `done` signalled, and read on the caller after seeing `isDone` set or waiting for
    // `done`: either orders the two.
    var result: Result?
    /// Whether ``result`` is written: read without a system call, unlike a semaphore.
    let isDone = Atomic(false)
    let done = DispatchSemaphore(value: 0)

    /// Runs `work`, sets ``isDone`` and signals ``done``.
    func run(_ work: @Sendable (_ lane: Int) -> Result, lane: Int) {
      result = work(lane)
      isDone.store(true, ordering: .releasing)
      done.signal()
    }

    /// Waits for the result to be written.
    func wait() {
      if !isDone.load(ordering: .acquiring) { done.wait() }
    }
  }

  /// Elements in the order they were added, taken oldest first: an array and the position of
  /// the oldest, the array compacted once it is used up or 64 elements in, so that taking one
  /// does not move the others.
  ///
  /// A taken element is cleared from the array at once: left there until the array is
  /// compacted, the pieces and results taken last (each holding its part of the input) stayed
  /// alive up to 64 at a time, and with two threads the heap grew by about 10 MiB of pages,
  /// each a page fault, for nothing.
  private struct OldestFirst<Element> {
    private var elements: [Element?] = []
    private var first = 0

    /// How many elements there are.
    var count: Int { elements.count - first }

    /// The oldest element, if any.
    var oldest: Element? { first < elements.count ? elements[first] : nil }

    /// Adds `element` after the others.
    mutating func append(_ element: Element) {
      elements.append(element)
    }

    /// Takes the oldest element, or returns `nil` when there is none.
    mutating func takeOldest() -> Element? {
      guard first < elements.count else { return nil }
      let taken = elements[first].take()
      first += 1
      if first == elements.count || first > 64 {
        elements.removeFirst(first)
        first = 0
      }
      return taken
    }
  }

  /// The pieces no thread has taken yet, and whether the helpers should stop.
  private struct Queue: ~Copyable {
    var waiting = OldestFirst<(slot: Slot, work: @Sendable (_ lane: Int) -> Result)>()
    var isClosed = false
  }

  /// The state shared with the helper threads.
  private final class Shared: Sendable {
    let queue = Mutex(Queue())
    /// Signalled once for each piece queued and once for each helper when the queue closes.
    let available = DispatchSemaphore(value: 0)
    /// Signalled by each helper as it stops.
    let stopped = DispatchSemaphore(value: 0)

    /// Takes and runs waiting pieces on `lane` until the queue closes. A wake-up that finds
    /// no piece is one whose piece the caller ran.
    func serve(lane: Int) {
      while true {
        available.wait()
        let (taken, isClosed) = queue.withLock { ($0.waiting.takeOldest(), $0.isClosed) }
        if let taken {
          taken.slot.run(taken.work, lane: lane)
        } else if isClosed {
          stopped.signal()
          return
        }
      }
    }
  }

  /// The most pieces that run at once, counting the calling thread.
  let width: Int
  private let shared = Shared()
  private var helperCount = 0
  /// Every piece submitted and not yet handed back.
  private var slots = OldestFirst<Slot>()

  /// Creates a pipeline running up to `width` pieces at once.
  init(width: Int) {
    self.width = max(1, width)
  }

  deinit {
    stopHelpers()
  }

  /// Starts `work` and hands every result that is ready, in order, to `deliver`.
  func submit(_ work: @escaping @Sendable () -> Result, deliver: (Result) -> Void) {
    submit({ _ in work() }, deliver: deliver)
  }

  /// Starts `work`, which is told the lane it runs on, and hands every result that is ready,
  /// in order, to `deliver`.
  func submit(_ work: @escaping @Sendable (_ lane: Int) -> Result, deliver: (Result) -> Void) {
    guard width > 1 else {
      deliver(work(0))
      return
    }
    startHelpers()
    while slots.count >= 2 * width {
      deliver(runOrWaitForOldest())
    }
    let slot = Slot()
    slots.append(slot)
    shared.queue.withLock { $0.waiting.append((slot, work)) }
    shared.available.signal()
    while let oldest = slots.oldest, oldest.isDone.load(ordering: .acquiring) {
      deliver(handBackOldest())
    }
  }

  /// Waits for every piece submitted, running those no helper has taken, and hands their
  /// results, in order, to `deliver`; the helper threads stop.
  func finish(deliver: (Result) -> Void) {
    while slots.count > 0 {
      deliver(runOrWaitForOldest())
    }
    stopHelpers()
  }

  /// Starts the helper threads, unless they run.
  private func startHelpers() {
    guard helperCount == 0 else { return }
    helperCount = width - 1
    shared.queue.withLock { $0.isClosed = false }
    for lane in 1...helperCount {
      DispatchQueue.global().async { [shared] in shared.serve(lane: lane) }
    }
  }

  /// Closes the queue and waits for the helper threads to stop.
  private func stopHelpers() {
    guard helperCount > 0 else { return }
    shared.queue.withLock { $0.isClosed = true }
    for _ in 0..<helperCount { shared.available.signal() }
    for _ in 0..<helperCount { shared.stopped.wait() }
    helperCount = 0
  }

  /// Returns the result of the oldest piece not handed back once it is ready: runs the oldest
  /// piece no helper has taken on this thread first (that one, or a later one when a helper
  /// runs it), or waits.
  private func runOrWaitForOldest() -> Result {
    if let taken = shared.queue.withLock({ $0.waiting.takeOldest() }) {
      taken.slot.run(taken.work, lane: 0)
    }
    slots.oldest?.wait()
    return handBackOldest()
  }

  /// Removes the oldest piece not handed back, whose result is written, and returns it.
  private func handBackOldest() -> Result {
    guard let result = slots.takeOldest()?.result else {
      preconditionFailure("a finished piece of work has a result")
    }
    return result
  }
}
