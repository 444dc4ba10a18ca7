/// Feeds bytes to a splitter in chunks, as the CLI reads an input, for the tests of the
/// splitters that find places to cut an input into parts.
public enum ChunkedScan {
  /// What `scan` returns for each chunk of `bytes` of at most `chunkSize` bytes, in order,
  /// leaving out chunks for which it returns `nil`.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - chunkSize: The most bytes a chunk has; the whole input at once for `.max`.
  ///   - scan: Reads the next chunk; a splitter's `scan(_:)`.
  /// - Returns: The results that are not `nil`, in input order.
  public static func results<Result>(
    of bytes: [UInt8], chunkSize: Int, _ scan: (UnsafeBufferPointer<UInt8>) -> Result?
  ) -> [Result] {
    var results: [Result] = []
    var start = 0
    let step = min(chunkSize, max(1, bytes.count))
    while start < bytes.count {
      let end = min(bytes.count, start + step)
      let found = bytes.withUnsafeBufferPointer { buffer in
        scan(UnsafeBufferPointer(rebasing: buffer[start..<end]))
      }
      if let found { results.append(found) }
      start = end
    }
    return results
  }
}
