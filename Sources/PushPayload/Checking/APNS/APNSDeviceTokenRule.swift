import PushDiagnostics

/// The device token must be hexadecimal with an even number of digits; Apple says not to
/// assume its length, so an unusual length is only a warning.
///
/// Emits: see ``descriptor``.
enum APNSDeviceTokenRule: APNSRule {
  static let descriptor = RuleDescriptor(
    RuleID("apns-device-token"),
    domain: .apns,
    defaultSeverity: .error,
    summary: "the device token is hexadecimal with an even number of digits, of a usual length",
    source: RuleDescriptor.Source.apnsSending,
    emits: [.apnsMissingDeviceToken, .apnsInvalidDeviceToken, .apnsUnusualDeviceTokenLength]
  )

  static func check(_ context: APNSCheckContext, collector: inout DiagnosticCollector) {
    guard let token = context.request.deviceToken?.value else { return }
    let location = context.deviceTokenLocation
    guard !token.isEmpty else {
      collector.emit(.apnsMissingDeviceToken(), at: location)
      return
    }
    let isHex = isHexDigit
    // Nearly every token is all hexadecimal digits: its bytes are tested in place, and only a
    // token with another byte is copied out to say what is wrong with it.
    let isAllHex =
      token.utf8.withContiguousStorageIfAvailable(isAllHexDigits) ?? token.utf8.allSatisfy(isHex)
    let count = token.utf8.count
    if !isAllHex {
      let bytes = Array(token.utf8)
      let decorations: Set<UInt8> = [
        UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "-"),
      ]
      let digits = bytes.filter(isHex)
      let problem: String
      var fixIts: [Diagnostic.FixIt] = []
      if token.contains(":") && token.utf8.count > 100 {
        problem = "it looks like an FCM registration token, not an APNs device token"
      } else if bytes.allSatisfy({ isHex($0) || decorations.contains($0) }), !digits.isEmpty {
        let sanitized = String(decoding: digits, as: UTF8.self)
        problem = "it contains '<', '>', spaces or dashes, as a printed NSData does"
        fixIts.append(
          collector.fixIt(
            "keep only the hexadecimal digits",
            replacingString: token,
            at: location.span,
            with: sanitized
          ))
      } else {
        // There is such a byte: the token is not all hexadecimal digits.
        let bad = bytes.first { !isHex($0) } ?? 0
        let character = String(decoding: [bad], as: UTF8.self)
        let shown = bad < 0x80 ? "'\(character)'" : "a non-ASCII character"
        problem = "it contains \(shown), which is not a hexadecimal digit"
      }
      collector.emit(.apnsInvalidDeviceToken(problem), at: location, fixIts: fixIts)
      return
    }
    if count % 2 != 0 {
      collector.emit(
        .apnsInvalidDeviceToken(
          "it has an odd number of hexadecimal digits (\(count)), so it is not whole bytes"
        ),
        at: location
      )
      return
    }
    let isTypical =
      context.pushType?.isTypicalTokenHexLength(count)
      ?? (count == APNSLimits.typicalDeviceTokenHexLength)
    if !isTypical {
      collector.emit(
        .apnsUnusualDeviceTokenLength(count, typical: APNSLimits.typicalDeviceTokenHexLength),
        at: location
      )
    }
  }

  /// Whether `byte` is an ASCII hexadecimal digit, in either case.
  @inline(__always)
  static func isHexDigit(_ byte: UInt8) -> Bool {
    // Setting bit 5 maps `A`–`F` to `a`–`f` and no other byte into that range.
    byte &- UInt8(ascii: "0") < 10 || (byte | 0x20) &- UInt8(ascii: "a") < 6
  }

  /// Whether every byte of `bytes` is an ASCII hexadecimal digit.
  static func isAllHexDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where !isHexDigit(byte) { return false }
    return true
  }
}
