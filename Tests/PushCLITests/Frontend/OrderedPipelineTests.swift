import Dispatch
import Synchronization
import Testing

@testable import pushc

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct OrderedPipelineTests {
  /// How many pieces run at once, and the most that ever did.
  final class Concurrency: Sendable {
    private let counts = Mutex((running: 0, most: 0))

    var most: Int { counts.withLock { $0.most } }

    func run<T>(_ body: () -> T) -> T {
      counts.withLock {
        $0.running += 1
        $0.most = max($0.most, $0.running)
      }
      defer { counts.withLock { $0.running -= 1 } }
      return body()
    }
  }

  /// Some work whose length differs from piece to piece, so that later pieces often end first.
  static func busyWork(_ index: Int) -> Int {
    var value = index
    for step in 0..<((index * 7_919) % 13 * 2_000) { value = value &* 31 &+ step }
    return value
  }

  @Test(arguments: [1, 2, 3, 4, 8])
  func resultsComeBackInSubmissionOrderWithAtMostWidthRunning(width: Int) {
    let pipeline = OrderedPipeline<Int>(width: width)
    let concurrency = Concurrency()
    var delivered: [Int] = []
    for index in 0..<500 {
      pipeline.submit(
        {
          concurrency.run {
            _ = Self.busyWork(index)
            return index
          }
        },
        deliver: { delivered.append($0) })
    }
    pipeline.finish { delivered.append($0) }
    #expect(delivered == Array(0..<500))
    #expect(concurrency.most <= width)
  }

  @Test func piecesRunOnMoreThanOneThreadWhenWide() {
    let pipeline = OrderedPipeline<Int>(width: 2)
    let threads = Mutex(Set<UInt>())
    let started = DispatchSemaphore(value: 0)
    var delivered: [Int] = []
    // The first piece waits for the second to start, which only another thread can do while
    // the caller runs the first.
    pipeline.submit(
      {
        threads.withLock { _ = $0.insert(Self.currentThread) }
        started.wait()
        return 0
      },
      deliver: { delivered.append($0) })
    pipeline.submit(
      {
        threads.withLock { _ = $0.insert(Self.currentThread) }
        started.signal()
        return 1
      },
      deliver: { delivered.append($0) })
    pipeline.finish { delivered.append($0) }
    #expect(delivered == [0, 1])
    #expect(threads.withLock { $0.count } == 2)
  }

  /// Pieces on one lane never run at once, every lane is below the width, the caller's pieces
  /// are on lane 0, and while the helpers run each lane is one thread: what lets state kept per
  /// lane (``LaneLocal``) be used without a lock.
  @Test(arguments: [1, 2, 3, 4, 8])
  func piecesOfOneLaneRunOneAtATimeOnOneThread(width: Int) {
    let pipeline = OrderedPipeline<Int>(width: width)
    let caller = Self.currentThread
    // For each lane: whether a piece runs on it, and the threads that ran its pieces.
    let lanes = Mutex(
      (
        running: [Bool](repeating: false, count: width),
        threads: [Set<UInt>](repeating: [], count: width)
      ))
    let problems = Mutex([String]())
    var delivered: [Int] = []
    for index in 0..<400 {
      pipeline.submit(
        { lane in
          guard lane >= 0 && lane < width else {
            problems.withLock { $0.append("lane \(lane) of width \(width)") }
            return index
          }
          let thread = Self.currentThread
          let wasRunning = lanes.withLock { lanes in
            defer { lanes.running[lane] = true }
            lanes.threads[lane].insert(thread)
            return lanes.running[lane]
          }
          if wasRunning { problems.withLock { $0.append("two pieces at once on lane \(lane)") } }
          if (lane == 0) != (thread == caller) {
            problems.withLock { $0.append("lane \(lane) on the wrong thread") }
          }
          _ = Self.busyWork(index)
          lanes.withLock { $0.running[lane] = false }
          return index
        },
        deliver: { delivered.append($0) })
    }
    pipeline.finish { delivered.append($0) }
    #expect(delivered == Array(0..<400))
    #expect(problems.withLock { $0 } == [])
    #expect(lanes.withLock { $0.threads.allSatisfy { $0.count <= 1 } })
  }

  /// Each lane has its own value, made once.
  @Test func laneLocalValuesAreOnePerLane() {
    final class Box {}
    let values = LaneLocal(width: 3) { Box() }
    #expect(values[0] !== values[1] && values[1] !== values[2] && values[0] !== values[2])
    #expect(values[1] === values[1])
    let narrow = LaneLocal(width: 0) { Box() }
    #expect(narrow[0] === narrow[0])
  }

  @Test func submittingAgainAfterFinishingStartsTheHelpersAgain() {
    let pipeline = OrderedPipeline<Int>(width: 3)
    var delivered: [Int] = []
    for round in 0..<4 {
      for index in 0..<50 {
        let value = round * 50 + index
        pipeline.submit({ Self.busyWork(value) &* 0 &+ value }, deliver: { delivered.append($0) })
      }
      pipeline.finish { delivered.append($0) }
      #expect(delivered == Array(0..<((round + 1) * 50)))
    }
  }

  @Test func aPipelineLeftUnfinishedStopsItsHelpers() {
    var delivered: [Int] = []
    do {
      let pipeline = OrderedPipeline<Int>(width: 4)
      for index in 0..<20 {
        pipeline.submit({ index }, deliver: { delivered.append($0) })
      }
    }
    // Reaching here means the pipeline's deinit returned: its helpers ran what was left and
    // stopped.
    #expect(delivered == Array(0..<delivered.count))
  }

  /// Counts the instances of ``Tracked`` alive.
  final class LiveCount: Sendable {
    private let count = Mutex(0)

    var current: Int { count.withLock { $0 } }

    func change(by delta: Int) { count.withLock { $0 += delta } }
  }

  /// An object counted by a ``LiveCount`` while it is alive, like a part of an input.
  final class Tracked: Sendable {
    let live: LiveCount

    init(_ live: LiveCount) {
      self.live = live
      live.change(by: 1)
    }

    deinit { live.change(by: -1) }
  }

  @Test(arguments: [1, 2, 4])
  func piecesAndResultsHandedBackAreReleasedAtOnce(width: Int) {
    let pipeline = OrderedPipeline<Tracked>(width: width)
    let live = LiveCount()
    var mostAlive = 0
    for index in 0..<300 {
      let part = Tracked(live)
      pipeline.submit(
        {
          _ = Self.busyWork(index)
          return part
        },
        deliver: { _ in })
      mostAlive = max(mostAlive, live.current)
    }
    pipeline.finish { _ in }
    // At most twice the width submitted and not handed back, and the one being submitted:
    // nothing handed back stays alive inside the pipeline.
    #expect(mostAlive <= 2 * width + 1)
    #expect(live.current == 0)
  }

  /// An identifier of the thread that runs the caller.
  static var currentThread: UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
  }
}
