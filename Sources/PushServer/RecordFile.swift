import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The record file (`--record FILE`): one JSON line per request, in the order recorded.
///
/// The lines of the requests the event loop reads in one turn are collected and written with
/// one write and flush before the loop sends any response (``flush()``), so a request's line is
/// in the file before its response leaves the server, at one system call per turn rather than
/// one per request.
final class RecordFile: Sendable {
  private nonisolated(unsafe) let file: UnsafeMutablePointer<FILE>
  /// The lines recorded since the last ``flush()``.
  private let pending = Mutex<[UInt8]>([])

  /// Opens the file at `path` for appending.
  ///
  /// - Throws: When the file cannot be opened.
  init(path: String) throws(PushServerError) {
    guard let file = fopen(path, "a") else {
      throw PushServerError("cannot open the record file '\(path)': \(ServerSocket.errorText())")
    }
    self.file = file
  }

  deinit {
    flush()
    fclose(file)
  }

  /// Adds the line of `request` after those added before it.
  func append(_ request: RecordedRequest) {
    pending.withLock { lines in
      request.appendRecordLine(to: &lines)
      lines.append(UInt8(ascii: "\n"))
    }
  }

  /// Writes the lines added since the last flush and flushes the file.
  func flush() {
    pending.withLock { lines in
      guard !lines.isEmpty else { return }
      _ = lines.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
      fflush(file)
      lines.removeAll(keepingCapacity: lines.capacity <= 1 << 20)
    }
  }
}
