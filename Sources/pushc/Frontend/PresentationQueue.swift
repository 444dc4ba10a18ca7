import PushDiagnostics

/// The diagnostics of a report that wait to be written (lint's entries, or the diagnostics the
/// printer writes as JSON), handed out in presentation order
/// (``Diagnostic/presentationOrder(_:_:)``) up to a place before which nothing more can come.
///
/// The diagnostics come in batches (a part's, an input's), each sorted once when it comes and
/// kept as a run; handing out merges the runs' heads, after finding by bisection where each
/// run's diagnostics before the place end. Diagnostics that sort the same come out in the order
/// they came, as from a stable sort of all of them. Runs are merged as in a merge sort (a run
/// no longer than the next is merged with it), so that an input whose diagnostics wait for all
/// the others (one that sorts after them) costs a logarithm of merges per diagnostic, not a
/// pass over all of them per batch.
struct PresentationQueue<Entry: PresentedDiagnostic> {
  typealias Place = PresentationPlace

  /// The diagnostics added and not handed out yet, each at its number (how many were added
  /// before it) less ``firstNumber``; `nil` where one was handed out. The runs hold numbers,
  /// which merge without copying (and retaining) the diagnostics.
  private var storage: [Entry?] = []
  /// The place of each diagnostic of ``storage``, at the same index: nearly every comparison
  /// is settled by places, read in place, without copying a diagnostic out.
  private var places: [Place] = []
  /// The number of the diagnostic at the start of ``storage``.
  private var firstNumber = 0
  /// The numbers of the waiting diagnostics: runs sorted by their diagnostics, in the order
  /// their batches came.
  private var runs: [ArraySlice<Int>] = []

  /// How many diagnostics wait.
  private(set) var count = 0

  /// The diagnostic numbered `number`, which waits.
  private func diagnostic(_ number: Int) -> Diagnostic {
    // Sound: a run holds only the numbers of diagnostics not handed out.
    storage[number - firstNumber].unsafelyUnwrapped.diagnostic
  }

  /// Whether the diagnostic numbered `first` sorts before the one numbered `second`.
  private func precedes(_ first: Int, _ second: Int) -> Bool {
    let order = places.withUnsafeBufferPointer { places in
      let (left, right) = (places[first - firstNumber], places[second - firstNumber])
      return left < right ? -1 : right < left ? 1 : 0
    }
    guard order == 0 else { return order < 0 }
    return Diagnostic.presentationOrder(diagnostic(first), diagnostic(second))
  }

  /// Adds a batch of diagnostics.
  mutating func add(_ entries: [Entry]) {
    guard !entries.isEmpty else { return }
    let start = firstNumber + storage.count
    storage += entries.map { Optional($0) }
    places += entries.map { Place(of: $0.diagnostic) }
    // Sorted with ties in the order given, whatever the sorting algorithm.
    let sorted = (start..<start + entries.count).sorted { first, second in
      precedes(first, second) || (first < second && !precedes(second, first))
    }
    runs.append(ArraySlice(sorted))
    count += entries.count
    // A run no longer than the one after it is merged with it, so that the runs halve in
    // length from the first: at most a logarithm of their total of them, each diagnostic
    // merged a logarithm of times.
    while runs.count >= 2, runs[runs.count - 2].count <= runs[runs.count - 1].count {
      let later = runs.removeLast()
      runs[runs.count - 1] = merged(runs[runs.count - 1], later)
    }
  }

  /// The numbers of `earlier` and `later`, two sorted runs, in one sorted run; on a tie,
  /// `earlier`'s first.
  private func merged(_ earlier: ArraySlice<Int>, _ later: ArraySlice<Int>) -> ArraySlice<Int> {
    var result: [Int] = []
    result.reserveCapacity(earlier.count + later.count)
    var first = earlier.startIndex
    var second = later.startIndex
    while first < earlier.endIndex, second < later.endIndex {
      if precedes(later[second], earlier[first]) {
        result.append(later[second])
        second += 1
      } else {
        result.append(earlier[first])
        first += 1
      }
    }
    result += earlier[first...]
    result += later[second...]
    return ArraySlice(result)
  }

  /// Removes and returns, in presentation order, the diagnostics that sort before `bound`
  /// (all of them when it is `nil`).
  mutating func removeAll(before bound: Place?) -> [Entry] {
    // Where each run's diagnostics before the bound end: runs are sorted by place.
    let ends = runs.map { run in
      guard let bound else { return run.endIndex }
      var low = run.startIndex
      var high = run.endIndex
      while low < high {
        let middle = low + (high - low) / 2
        if places[run[middle] - firstNumber] < bound { low = middle + 1 } else { high = middle }
      }
      return low
    }
    var heads = runs.map(\.startIndex)
    var result: [Entry] = []
    result.reserveCapacity(zip(heads, ends).reduce(0) { $0 + $1.1 - $1.0 })
    while true {
      // The least head; on a tie the earliest run's, which came first.
      var least: Int?
      for run in runs.indices where heads[run] < ends[run] {
        if let current = least, !precedes(runs[run][heads[run]], runs[current][heads[current]]) {
          continue
        }
        least = run
      }
      guard let least else { break }
      let index = runs[least][heads[least]] - firstNumber
      result.append(storage[index].unsafelyUnwrapped)
      storage[index] = nil
      heads[least] += 1
    }
    for run in runs.indices { runs[run] = runs[run][ends[run]...] }
    runs.removeAll { $0.isEmpty }
    count -= result.count
    // The slots of diagnostics handed out are dropped from the front, once they are most of
    // the storage (a waiting diagnostic near the front keeps those after it).
    let released = storage.firstIndex { $0 != nil } ?? storage.count
    if released > 0, released * 2 >= storage.count {
      storage.removeFirst(released)
      places.removeFirst(released)
      firstNumber += released
    }
    return result
  }
}

/// A value a report presents for its diagnostic, which places it in the report's order.
protocol PresentedDiagnostic {
  /// The diagnostic.
  var diagnostic: Diagnostic { get }
}

extension Diagnostic: PresentedDiagnostic {
  /// The diagnostic itself.
  var diagnostic: Diagnostic { self }
}

extension LintCommand.ReportEntry: PresentedDiagnostic {}
