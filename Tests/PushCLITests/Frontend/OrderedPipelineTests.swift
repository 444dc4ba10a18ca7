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

  /// An identifier of the thread that runs the caller.
  static var currentThread: UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
  }
}
