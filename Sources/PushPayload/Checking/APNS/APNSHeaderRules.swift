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
    // The headers are read in place: copying one out retains its name, value and provenance.
    context.request.headers.withUnsafeBufferPointer { headers in
      check(headers, context: context, collector: &collector)
    }
  }

  /// Checks `headers`, the request's.
  static func check(
    _ headers: UnsafeBufferPointer<APNS.RequestHeader>,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    // Requests have a handful of headers, nearly always named in lower-case ASCII (the lowering
    // writes them so): each name is then its own lower-case form, compared with the ones before
    // it in place, lengths first. Otherwise each name is lower-cased; only a request with many
    // headers indexes the first of each name.
    // By index throughout: a closure or a loop variable would be one more copy of each header.
    var namesAreLowercase = true
    for index in headers.indices where !headers[index].name.isLowercaseASCII {
      namesAreLowercase = false
      break
    }
    func lowercasedName(at index: Int) -> String {
      namesAreLowercase ? headers[index].name : headers[index].name.lowercasedIfNeeded
    }
    var firstByName: [String: Int]? = headers.count > 16 ? [:] : nil
    for index in headers.indices {
      let name = lowercasedName(at: index)
      let length = name.utf8.count
      var first = firstByName.flatMap { $0[name] }
      if firstByName == nil {
        for earlier in 0..<index {
          // Lower-casing can change a non-ASCII name's length: lengths are compared first
          // only when every name is its own lower-case form.
          if namesAreLowercase && headers[earlier].name.utf8.count != length { continue }
          if lowercasedName(at: earlier) == name {
            first = earlier
            break
          }
        }
      }
      if let first {
        reportDuplicate(
          headers[index], first: headers[first], context: context, collector: &collector)
        continue
      }
      firstByName?[name] = index
      checkHeader(
        at: index, of: headers, lowercasedName: name, context: context, collector: &collector)
    }
  }

  /// Reports `header`, whose name (in lower case) is that of the earlier `first`.
  static func reportDuplicate(
    _ header: APNS.RequestHeader,
    first: APNS.RequestHeader,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    let firstLocation = context.location(of: first, name: true)
    collector.emit(
      .apnsDuplicateHeader(header.name),
      at: context.location(of: header, name: true),
      notes: [collector.note("'\(header.name)' is first given here", at: firstLocation)]
    )
  }

  /// Checks the header at `index`, the first named `name` (in lower case): its name and its
  /// value.
  ///
  /// The header is passed on by its index, and read in place where a rule needs its parts:
  /// passing a header read from the buffer copies it (its name, value and provenance).
  static func checkHeader(
    at index: Int,
    of headers: UnsafeBufferPointer<APNS.RequestHeader>,
    lowercasedName name: String,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    guard let known = knownHeader(named: name) else {
      checkName(headers[index], context: context, collector: &collector)
      return
    }
    switch known {
    case .id: checkMessageID(headers[index], context: context, collector: &collector)
    case .expiration:
      checkExpiration(at: index, of: headers, context: context, collector: &collector)
    case .priority: checkPriority(at: index, of: headers, context: context, collector: &collector)
    case .collapseID:
      checkCollapseID(at: index, of: headers, context: context, collector: &collector)
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

  // MARK: - Names

  /// Header names APNs does not know, when they look like APNs headers.
  static func checkName(
    _ header: APNS.RequestHeader,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    let name = header.name.lowercasedIfNeeded
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
    let normalized = EditDistance.normalized(name)
    if let exact = normalizedCandidates.first(where: {
      $0.normalized == normalized || $0.normalized == "apns" + normalized
    }) {
      return exact.name
    }
    if let alias = headerAliases[name] { return alias.rawValue }
    guard name.hasPrefix("apns") else { return nil }
    return EditDistance.closest(to: name, among: normalizedCandidates.map(\.name))
  }

  /// Names other APIs use for an APNs header.
  private static let headerAliases: [String: APNS.HeaderName] = [
    "expiry": .expiration, "apns-expiry": .expiration, "ttl": .expiration,
  ]

  /// The `apns-` header names and their ``EditDistance/normalized(_:)`` forms, made once
  /// (every unknown header of every request is compared with them).
  private static let normalizedCandidates: [(name: String, normalized: String)] =
    APNSLimits.headerNames.filter { $0.hasPrefix("apns-") }.map {
      ($0, EditDistance.normalized($0))
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

  /// The `apns-expiration` header at `index` must be decimal UNIX epoch seconds.
  static func checkExpiration(
    at index: Int,
    of headers: UnsafeBufferPointer<APNS.RequestHeader>,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    let value = headers[index].value
    // The digits are checked and read in one pass, in place where the bytes can be
    // (`utf8.allSatisfy` and then `Int(_:)` cost several times more): `nil` for an empty
    // value, a byte that is not a digit, or a number too large for `Int`, as `Int(_:)` says.
    func decimalValue<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Int? {
      var number = 0
      var isEmpty = true
      for byte in bytes {
        guard byte >= 0x30 && byte <= 0x39 else { return nil }
        let (shifted, overflowsShift) = number.multipliedReportingOverflow(by: 10)
        let (sum, overflowsSum) = shifted.addingReportingOverflow(Int(byte &- 0x30))
        guard !overflowsShift && !overflowsSum else { return nil }
        number = sum
        isEmpty = false
      }
      return isEmpty ? nil : number
    }
    let parsed = value.utf8.withContiguousStorageIfAvailable { decimalValue($0) }
    guard let seconds = parsed ?? decimalValue(value.utf8) else {
      collector.emit(.apnsInvalidExpiration(value), at: context.location(of: headers[index]))
      return
    }
    if seconds > APNSLimits.largestPlausibleEpochSeconds {
      let location = context.location(of: headers[index])
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
        at: context.location(of: headers[index])
      )
    }
  }

  /// The `apns-priority` header at `index` must be 10, 5 or 1.
  static func checkPriority(
    at index: Int,
    of headers: UnsafeBufferPointer<APNS.RequestHeader>,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    let value = headers[index].value
    guard !APNSLimits.priorities.contains(value) else { return }
    let location = context.location(of: headers[index])
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

  /// The `apns-collapse-id` header at `index` must be at most 64 bytes.
  static func checkCollapseID(
    at index: Int,
    of headers: UnsafeBufferPointer<APNS.RequestHeader>,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    let value = headers[index].value
    let count = value.utf8.count
    guard count > APNSLimits.collapseIDByteLimit else { return }
    collector.emit(
      .apnsCollapseIDTooLong(byteCount: count, limit: APNSLimits.collapseIDByteLimit),
      at: context.location(of: headers[index])
    )
  }
}
