import PushPayload

/// An APNs request with the bytes `APNSRequestRenderer.appendCompactRequestDocument` wrote for
/// it, so the record line of an FCM message copies them for a delivery whose request renders
/// to the same bytes instead of rendering it again.
struct RenderedAPNSRequest {
  /// The request rendered.
  let request: APNS.Request
  /// Its compact request document.
  let document: [UInt8]

  /// Whether `other` renders to ``document``: the renderer writes the device token's value,
  /// the headers' names and values, and the payload bytes (unless the request is raw input or
  /// has none, when it writes the payload tree, which this does not compare). Texts are
  /// compared by their bytes, as the renderer writes them (equal `String`s may differ there).
  /// A delivery's request is a copy of the message's with the device token set again, so the
  /// headers and payload bytes are usually the same storage, found so at once.
  func rendersAlike(_ other: APNS.Request) -> Bool {
    guard !request.isRawInput, !other.isRawInput, !request.payloadBytes.isEmpty,
      Self.sameBytes(request.payloadBytes, other.payloadBytes)
    else { return false }
    switch (request.deviceToken, other.deviceToken) {
    case (nil, nil): break
    case (let token?, let otherToken?):
      guard Self.sameBytes(token.value, otherToken.value) else { return false }
    default: return false
    }
    return request.headers.withUnsafeBufferPointer { headers in
      other.headers.withUnsafeBufferPointer { otherHeaders in
        guard headers.count == otherHeaders.count else { return false }
        if headers.baseAddress == otherHeaders.baseAddress { return true }
        for index in headers.indices {
          guard Self.sameBytes(headers[index].name, otherHeaders[index].name),
            Self.sameBytes(headers[index].value, otherHeaders[index].value)
          else { return false }
        }
        return true
      }
    }
  }

  /// Whether the texts have the same UTF-8 bytes.
  private static func sameBytes(_ text: String, _ other: String) -> Bool {
    guard text.utf8.count == other.utf8.count else { return false }
    var text = text
    var other = other
    return text.withUTF8 { bytes in other.withUTF8 { bytes.hasSameBytes(as: $0) } }
  }

  /// Whether the arrays hold the same bytes (at once when they share their storage).
  private static func sameBytes(_ bytes: [UInt8], _ other: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { bytes in
      other.withUnsafeBufferPointer { bytes.hasSameBytes(as: $0) }
    }
  }
}
