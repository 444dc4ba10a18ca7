import PushDiagnostics

/// The header rules that do not depend on the push type: repeated and unknown headers, and the
/// formats of `apns-id`, `apns-expiration`, `apns-priority` and `apns-collapse-id`.
///
/// Emits: see ``descriptor``.
enum APNSHeaderRules: APNSRule {
  static let descriptor = RuleDescriptor(
    RuleID("apns-headers"),
    domain: .apns,
    defaultSeverity: .error,
    summary:
      "headers are known and given once; apns-id, apns-expiration, apns-priority and apns-collapse-id are well formed",
    source: RuleDescriptor.Source.apnsSending,
    emits: [
      .apnsDuplicateHeader,
      .apnsUnknownHeader,
      .apnsInvalidMessageID,
      .apnsMessageIDNotLowercase,
      .apnsInvalidExpiration,
      .apnsExpirationInMilliseconds,
      .apnsExpirationInPast,
      .apnsInvalidPriority,
      .apnsCollapseIDTooLong,
    ]
  )

  static func check(_ context: APNSCheckContext, collector: inout DiagnosticCollector) {
    let headers = context.request.headers
    guard headers.count <= 16 else {
      checkMany(headers, context: context, collector: &collector)
      return
    }
    // Requests have a handful of headers: each is compared with the ones before it, in place.
    for index in headers.indices {
      let name = Self.lowercased(headers[index].name)
      if let first = headers[..<index].firstIndex(where: { hasName($0.name, lowercased: name) }) {
        let header = headers[index]
        let firstLocation = context.location(of: headers[first], name: true)
        collector.emit(
          .apnsDuplicateHeader(header.name),
          at: context.location(of: header, name: true),
          notes: [collector.note("'\(header.name)' is first given here", at: firstLocation)]
        )
        continue
      }
      checkHeader(headers[index], lowercasedName: name, context: context, collector: &collector)
    }
  }

  /// Whether `name` in lower case is `lowercased`, comparing ASCII names byte by byte.
  static func hasName(_ name: String, lowercased: String) -> Bool {
    let asciiResult = name.utf8.withContiguousStorageIfAvailable { name in
      lowercased.utf8.withContiguousStorageIfAvailable { lowered -> Bool? in
        guard isASCII(name), isASCII(lowered) else { return nil }
        guard name.count == lowered.count else { return false }
        for index in name.indices {
          let byte = name[index]
          let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
          guard (isUpper ? byte + 0x20 : byte) == lowered[index] else { return false }
        }
        return true
      }
    }
    if case .some(.some(.some(let result))) = asciiResult { return result }
    return Self.lowercased(name) == lowercased
  }

  /// Whether every byte of `bytes` is ASCII.
  private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where byte >= 0x80 { return false }
    return true
  }

  /// Checks the first header named `name` (in lower case): its name and its value.
  static func checkHeader(
    _ header: APNS.RequestHeader,
    lowercasedName name: String,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    guard let known = knownHeader(named: name) else {
      checkName(header, context: context, collector: &collector)
      return
    }
    switch known {
    case .id: checkMessageID(header, context: context, collector: &collector)
    case .expiration: checkExpiration(header, context: context, collector: &collector)
    case .priority: checkPriority(header, context: context, collector: &collector)
    case .collapseID: checkCollapseID(header, context: context, collector: &collector)
    default: break
    }
  }

  /// The headers of ``APNSLimits/headerNames`` with the UTF-8 lengths of their names.
  static let knownHeaders: [(name: String, length: Int, header: APNS.HeaderName)] =
    APNS.HeaderName.allCases.map { ($0.rawValue, $0.rawValue.utf8.count, $0) }

  /// The header APNs knows by the lower-case `name`, if any.
  static func knownHeader(named name: String) -> APNS.HeaderName? {
    let length = name.utf8.count
    return knownHeaders.first { $0.length == length && $0.name == name }?.header
  }

  /// Checks a request with many headers, indexing the first of each name.
  static func checkMany(
    _ headers: [APNS.RequestHeader],
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    var firsts: [(name: String, header: APNS.RequestHeader)] = []
    firsts.reserveCapacity(headers.count)
    var firstByName: [String: APNS.RequestHeader]?
    if headers.count > 16 { firstByName = [:] }
    for header in headers {
      let name = Self.lowercased(header.name)
      let earlier =
        firstByName.map { $0[name] } ?? firsts.first { $0.name == name }?.header
      if let first = earlier {
        let firstLocation = context.location(of: first, name: true)
        collector.emit(
          .apnsDuplicateHeader(header.name),
          at: context.location(of: header, name: true),
          notes: [collector.note("'\(header.name)' is first given here", at: firstLocation)]
        )
        continue
      }
      firsts.append((name, header))
      firstByName?[name] = header
      checkName(header, context: context, collector: &collector)
      switch name {
      case APNS.HeaderName.id.rawValue:
        checkMessageID(header, context: context, collector: &collector)
      case APNS.HeaderName.expiration.rawValue:
        checkExpiration(header, context: context, collector: &collector)
      case APNS.HeaderName.priority.rawValue:
        checkPriority(header, context: context, collector: &collector)
      case APNS.HeaderName.collapseID.rawValue:
        checkCollapseID(header, context: context, collector: &collector)
      default: break
      }
    }
  }

  // MARK: - Names

  /// `name` in lower case; header names nearly always are already, and are then returned as
  /// they are.
  static func lowercased(_ name: String) -> String {
    let isLowercaseASCII =
      name.utf8.withContiguousStorageIfAvailable { bytes in
        for byte in bytes
        where byte >= 0x80 || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) {
          return false
        }
        return true
      }
      ?? !name.utf8.contains { $0 >= 0x80 || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }
    return isLowercaseASCII ? name : name.lowercased()
  }

  /// Header names APNs does not know, when they look like APNs headers.
  static func checkName(
    _ header: APNS.RequestHeader,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    let name = lowercased(header.name)
    guard !APNSLimits.headerNames.contains(name) else { return }
    let suggestion = suggestedHeaderName(for: name)
    guard name.hasPrefix("apns-") || name.hasPrefix("apns_") || suggestion != nil else { return }
    let location = context.location(of: header, name: true)
    var fixIts: [Diagnostic.FixIt] = []
    if let suggestion {
      fixIts.append(
        collector.fixIt(
          "rename the header to '\(suggestion)'",
          replacingString: name,
          at: location.span,
          with: suggestion
        ))
    }
    collector.emit(.apnsUnknownHeader(name, suggestion: suggestion), at: location, fixIts: fixIts)
  }

  /// The APNs header `name` probably means: the same name with other separators or case, the
  /// name without its `apns-` prefix, or a close spelling.
  static func suggestedHeaderName(for name: String) -> String? {
    let candidates = APNSLimits.headerNames.filter { $0.hasPrefix("apns-") }
    let normalized = EditDistance.normalized(name)
    if let exact = candidates.first(where: {
      EditDistance.normalized($0) == normalized
        || EditDistance.normalized($0) == "apns" + normalized
    }) {
      return exact
    }
    let aliases: [String: APNS.HeaderName] = [
      "expiry": .expiration, "apns-expiry": .expiration, "ttl": .expiration,
    ]
    if let alias = aliases[name] { return alias.rawValue }
    guard name.hasPrefix("apns") else { return nil }
    return EditDistance.closest(to: name, among: candidates)
  }

  // MARK: - Values

  /// `apns-id` must be a canonical UUID in lower case.
  static func checkMessageID(
    _ header: APNS.RequestHeader,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    let value = header.value
    guard let isLowercase = uuidCase(value) else {
      collector.emit(.apnsInvalidMessageID(value), at: context.location(of: header))
      return
    }
    guard !isLowercase else { return }
    let location = context.location(of: header)
    let lowered = value.lowercased()
    collector.emit(
      .apnsMessageIDNotLowercase(value),
      at: location,
      fixIts: [
        collector.fixIt(
          "write it in lower case", replacingString: value, at: location.span, with: lowered)
      ]
    )
  }

  /// Whether `value` is a UUID in 8-4-4-4-12 form: `true` in lower case, `false` with upper-case
  /// digits, `nil` when it is not one.
  static func uuidCase(_ value: String) -> Bool? {
    let bytes = Array(value.utf8)
    guard bytes.count == 36 else { return nil }
    var isLowercase = true
    for (index, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): break
      case UInt8(ascii: "A")...UInt8(ascii: "F"): isLowercase = false
      default: return nil
      }
    }
    return isLowercase
  }

  /// `apns-expiration` must be decimal UNIX epoch seconds.
  static func checkExpiration(
    _ header: APNS.RequestHeader,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    let value = header.value
    let isDecimal = !value.isEmpty && value.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    guard isDecimal, let seconds = Int(value) else {
      collector.emit(.apnsInvalidExpiration(value), at: context.location(of: header))
      return
    }
    if seconds > APNSLimits.largestPlausibleEpochSeconds {
      let location = context.location(of: header)
      collector.emit(
        .apnsExpirationInMilliseconds(value),
        at: location,
        fixIts: [
          collector.fixIt(
            "divide by 1000",
            replacingString: value,
            at: location.span,
            with: String(seconds / 1000)
          )
        ]
      )
    } else if let now = context.options.now, seconds != 0, seconds < now {
      collector.emit(
        .apnsExpirationInPast(value, secondsAgo: now &- seconds),
        at: context.location(of: header)
      )
    }
  }

  /// `apns-priority` must be 10, 5 or 1.
  static func checkPriority(
    _ header: APNS.RequestHeader,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    let value = header.value
    guard !APNSLimits.priorities.contains(value) else { return }
    let location = context.location(of: header)
    let replacement: String? =
      switch value.lowercased() {
      case "high", "immediate", "max": "10"
      case "normal", "conserve-power", "low": "5"
      default: nil
      }
    collector.emit(
      .apnsInvalidPriority(value),
      at: location,
      fixIts: replacement.map {
        [
          collector.fixIt(
            "replace with '\($0)'", replacingString: value, at: location.span, with: $0)
        ]
      } ?? []
    )
  }

  /// `apns-collapse-id` must be at most 64 bytes.
  static func checkCollapseID(
    _ header: APNS.RequestHeader,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    let count = header.value.utf8.count
    guard count > APNSLimits.collapseIDByteLimit else { return }
    collector.emit(
      .apnsCollapseIDTooLong(byteCount: count, limit: APNSLimits.collapseIDByteLimit),
      at: context.location(of: header)
    )
  }
}
