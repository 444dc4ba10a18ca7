import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Keeps what the server received: the last ``capacity`` requests in memory (a ring, so memory
/// stays bounded however many requests arrive) and, with a record file, every request as one
/// JSON line, flushed after each.
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
  private nonisolated(unsafe) let file: UnsafeMutablePointer<FILE>?

  /// Creates a recorder appending to the file at `path`, if any.
  ///
  /// - Throws: When the file cannot be opened.
  init(capacity: Int, path: String?) throws(PushServerError) {
    self.capacity = max(1, capacity)
    if let path {
      guard let file = fopen(path, "a") else {
        throw PushServerError("cannot open the record file '\(path)': \(ServerSocket.errorText())")
      }
      self.file = file
    } else {
      self.file = nil
    }
  }

  deinit {
    if let file { fclose(file) }
  }

  /// Records `request`, giving it the next sequence number, and returns it as recorded.
  @discardableResult
  func record(_ request: RecordedRequest) -> RecordedRequest {
    let recorded = state.withLock { state -> RecordedRequest in
      var request = request
      request.sequence = state.nextSequence
      state.nextSequence += 1
      state.total += 1
      if state.ring.count < capacity {
        state.ring.append(request)
      } else {
        state.ring[state.start] = request
        state.start = (state.start + 1) % capacity
      }
      return request
    }
    if let file {
      var line = recorded.jsonValue.compactJSON
      line.append(UInt8(ascii: "\n"))
      _ = line.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
      fflush(file)
    }
    return recorded
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

  /// Flushes the record file.
  func flush() {
    if let file { fflush(file) }
  }
}
