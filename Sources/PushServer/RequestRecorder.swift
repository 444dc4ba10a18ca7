import Synchronization

/// Keeps what the server received: the last ``capacity`` requests in memory (a ring, so memory
/// stays bounded however many requests arrive) and, with a record file, every request as one
/// JSON line, written and flushed before the response leaves the server (``flush()``, which the
/// event loop calls after each turn's reads and before it writes).
///
/// The event loop appends; any thread reads (the control API, in-process tests).
final class RequestRecorder: Sendable {
  private struct State {
    var ring: [RecordedRequest] = []
    var start = 0
    var nextSequence = 1
    var total = 0
  }

  /// How many requests the ring keeps.
  let capacity: Int
  private let state = Mutex(State())
  private let file: RecordFile?

  /// Creates a recorder appending to the file at `path`, if any.
  ///
  /// - Throws: When the file cannot be opened.
  init(capacity: Int, path: String?) throws(PushServerError) {
    self.capacity = max(1, capacity)
    file = try path.map { path throws(PushServerError) in try RecordFile(path: path) }
  }

  /// Records `request`, giving it the next sequence number, and returns it as recorded.
  @discardableResult
  func record(_ request: consuming RecordedRequest) -> RecordedRequest {
    var request = request
    state.withLock { state in
      request.sequence = state.nextSequence
      state.nextSequence += 1
      state.total += 1
      if state.ring.count < capacity {
        state.ring.append(request)
      } else {
        state.ring[state.start] = request
        state.start = (state.start + 1) % capacity
      }
    }
    file?.append(request)
    return request
  }

  /// The requests in the ring, oldest first.
  var requests: [RecordedRequest] {
    state.withLock { state in
      Array(state.ring[state.start...] + state.ring[..<state.start])
    }
  }

  /// How many requests were recorded since the start or the last reset.
  var totalCount: Int {
    state.withLock { $0.total }
  }

  /// Empties the ring (the record file keeps its lines) and returns how many it held.
  @discardableResult
  func reset() -> Int {
    state.withLock { state in
      let count = state.ring.count
      state.ring = []
      state.start = 0
      state.total = 0
      return count
    }
  }

  /// Writes the lines of the requests recorded since the last flush to the record file and
  /// flushes it.
  func flush() {
    file?.flush()
  }
}
