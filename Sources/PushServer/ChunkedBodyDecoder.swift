/// Reads an HTTP/1.1 `transfer-encoding: chunked` request body (RFC 9112 §7.1) from the bytes
/// buffered after the request head: chunk sizes in hexadecimal with optional extensions, the
/// chunks, the last chunk `0` and optional trailer fields, which are read and dropped.
///
/// Every line and the decoded body are bounded, so a client cannot make the server buffer
/// more than ``maximumEncodedByteCount`` and a line.
struct ChunkedBodyDecoder {
  /// What the bytes buffered so far hold.
  enum Result: Equatable {
    /// The whole body, and the bytes it took from the start of the buffer.
    case complete(body: [UInt8], consumed: Int)
    /// The body is not complete yet.
    case incomplete
    /// The chunks add up to more than the limit: answered `413` without reading the rest.
    case tooLarge
    /// Not chunked encoding (a bad size line, a chunk not followed by CRLF, a line too long).
    case malformed
  }

  /// The longest chunk-size line or trailer line.
  static let maximumLineByteCount = 4096
  /// The most trailer bytes read after the last chunk.
  static let maximumTrailerByteCount = 16 * 1024
  /// The most bytes of chunks, sizes and extensions read before the body is answered `413`
  /// (many tiny chunks with long extensions).
  static let maximumEncodedByteCount = 4 * ServerLimits.maximumBodyByteCount

  /// The decoded body limit.
  var maximumBodyByteCount = ServerLimits.maximumBodyByteCount

  /// Decodes the chunked body at `start` in `bytes`.
  func decode(_ bytes: [UInt8], from start: Int) -> Result {
    var body: [UInt8] = []
    var position = start
    // Bounded: each round consumes a chunk of at least one byte, or ends.
    while true {
      guard position - start <= Self.maximumEncodedByteCount else { return .tooLarge }
      guard let lineEnd = Self.lineEnd(in: bytes, from: position) else {
        return bytes.count - position > Self.maximumLineByteCount ? .malformed : .incomplete
      }
      guard lineEnd - position <= Self.maximumLineByteCount,
        let size = Self.chunkSize(bytes[position..<lineEnd])
      else { return .malformed }
      position = lineEnd + 2
      if size == 0 { return trailers(bytes, from: position, body: body) }
      guard size <= maximumBodyByteCount - body.count else { return .tooLarge }
      guard bytes.count - position >= size + 2 else { return .incomplete }
      guard bytes[position + size] == 13, bytes[position + size + 1] == 10 else {
        return .malformed
      }
      body.append(contentsOf: bytes[position..<position + size])
      position += size + 2
    }
  }

  /// Skips the trailer fields after the last chunk, up to the empty line that ends them.
  private func trailers(_ bytes: [UInt8], from start: Int, body: [UInt8]) -> Result {
    var position = start
    while true {
      guard let lineEnd = Self.lineEnd(in: bytes, from: position) else {
        return bytes.count - start > Self.maximumTrailerByteCount ? .malformed : .incomplete
      }
      if lineEnd == position { return .complete(body: body, consumed: lineEnd + 2) }
      guard lineEnd - start <= Self.maximumTrailerByteCount,
        bytes[position..<lineEnd].contains(UInt8(ascii: ":"))
      else { return .malformed }
      position = lineEnd + 2
    }
  }

  /// The index of the next CRLF at or after `start`.
  private static func lineEnd(in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index + 1 < bytes.count {
      if bytes[index] == 13 && bytes[index + 1] == 10 { return index }
      index += 1
    }
    return nil
  }

  /// The size on a chunk-size line (hexadecimal digits, then optional `;extensions`).
  private static func chunkSize(_ line: ArraySlice<UInt8>) -> Int? {
    let digits = line.prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: " ") }
    guard !digits.isEmpty, digits.count <= 8 else { return nil }
    var size = 0
    for byte in digits {
      guard let digit = hexDigit(byte) else { return nil }
      size = size * 16 + digit
    }
    return size
  }

  private static func hexDigit(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
    default: nil
    }
  }
}
