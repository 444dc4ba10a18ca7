import PushDiagnostics
import PushJSON

/// The rules that tie the request to its push type: the `apns-push-type` value, the priority
/// each push type allows, and the `apns-topic` suffix each push type needs.
///
/// Emits: see ``descriptor``.
enum APNSPushTypeRules: APNSRule {
  static let descriptor = RuleDescriptor(
    RuleID("apns-push-type"),
    domain: .apns,
    defaultSeverity: .error,
    summary: "apns-push-type is a known push type, and the priority and apns-topic suit it",
    source: RuleDescriptor.Source.apnsSending,
    emits: [
      .apnsMissingPushType,
      .apnsInvalidPushType,
      .apnsPriorityForPushType,
      .apnsMissingTopic,
      .apnsInvalidTopic,
      .apnsTopicSuffixMismatch,
      .apnsTopicSuffixForOtherPushType,
      .apnsTopicBundleMismatch,
    ]
  )

  static func check(_ context: APNSCheckContext, collector: inout DiagnosticCollector) {
    checkPushType(context, collector: &collector)
    checkPriority(context, collector: &collector)
    checkTopic(context, collector: &collector)
  }

  // MARK: - Push type

  static func checkPushType(_ context: APNSCheckContext, collector: inout DiagnosticCollector) {
    guard let header = context.pushTypeHeader else {
      guard context.options.destination == .device else { return }
      collector.emit(
        .apnsMissingPushType(suggested: suggestedPushType(context)),
        at: APNSLocation(span: nil, pointer: nil)
      )
      return
    }
    guard context.knownPushType == nil else { return }
    let suggestion = suggestedPushTypeName(for: header.value)
    let location = context.location(of: header)
    collector.emit(
      .apnsInvalidPushType(header.value, suggestion: suggestion),
      at: location,
      fixIts: suggestion.map {
        [
          collector.fixIt(
            "replace with '\($0)'", replacingString: header.value, at: location.span, with: $0)
        ]
      } ?? []
    )
  }

  /// The known push type an unknown value probably means.
  static func suggestedPushTypeName(for value: String) -> String? {
    let names = APNSLimits.pushTypes.map(\.name)
    let normalized = EditDistance.normalized(value)
    if let exact = names.first(where: { $0 == normalized }) { return exact }
    let aliases: [String: APNS.PushType] = [
      "notification": .alert, "silent": .background, "contentavailable": .background,
      "data": .background, "ptt": .pushtotalk, "widget": .widgets, "control": .controls,
      "liveactivities": .liveactivity, "complications": .complication,
    ]
    if let alias = aliases[normalized] { return alias.rawValue }
    return EditDistance.closest(to: value.lowercased(), among: names)
  }

  /// The push type the payload suggests, for the missing-header warning.
  static func suggestedPushType(_ context: APNSCheckContext) -> String? {
    let aps = context.aps
    if aps == nil, context.topLevel?["mdm"] != nil { return APNS.PushType.mdm.rawValue }
    guard let aps else { return nil }
    let pushType: APNS.PushType? =
      if aps[aps: .event] != nil || aps[aps: .contentState] != nil {
        .liveactivity
      } else if APNSLimits.userInteractionKeys.contains(where: { aps[$0] != nil }) {
        .alert
      } else if aps[aps: .contentChanged] != nil {
        .widgets
      } else if aps[aps: .contentAvailable] != nil {
        .background
      } else {
        nil
      }
    return pushType?.rawValue
  }

  // MARK: - Priority

  static func checkPriority(_ context: APNSCheckContext, collector: inout DiagnosticCollector) {
    // Most push types have no advice: they are ruled out before the description is copied.
    guard context.pushType?.priorityAdvice != nil, let pushType = context.pushType,
      let advice = pushType.priorityAdvice
    else { return }
    guard let header = context.request.header(.priority) else {
      guard pushType.needsExplicitPriority, context.options.destination == .device else {
        return
      }
      collector.emit(
        .apnsPriorityForPushType(
          APNSLimits.defaultPriority, pushType: pushType.name, advice: advice, isDefault: true),
        at: APNSLocation(span: nil, pointer: nil),
        severity: .warning
      )
      return
    }
    guard let severity = pushType.discouragement(ofPriority: header.value) else { return }
    let location = context.location(of: header)
    let preferred = APNSLimits.priorities.first { pushType.discouragement(ofPriority: $0) == nil }
    collector.emit(
      .apnsPriorityForPushType(
        header.value, pushType: pushType.name, advice: advice, isDefault: false),
      at: location,
      severity: severity,
      notes: pushTypeNote(context, collector: collector),
      fixIts: preferred.map {
        [
          collector.fixIt(
            "use priority \($0)", replacingString: header.value, at: location.span, with: $0)
        ]
      } ?? []
    )
  }

  /// A note pointing at the push type header, when it was written in the input.
  static func pushTypeNote(_ context: APNSCheckContext, collector: DiagnosticCollector)
    -> [Diagnostic.Note]
  {
    guard let header = context.pushTypeHeader else { return [] }
    let location = context.location(of: header)
    guard location.span != nil || location.pointer != nil else { return [] }
    return [collector.note("the push type is '\(header.value)' here", at: location)]
  }

  // MARK: - Topic

  static func checkTopic(_ context: APNSCheckContext, collector: inout DiagnosticCollector) {
    // The header is read in place: copying it out retains its name, value and provenance.
    let headers = context.request.headers
    guard let topicIndex = headers.firstIndex(where: { $0.name == APNS.HeaderName.topic.rawValue })
    else {
      // FCM sets `apns-topic` itself. Any other request goes to APNs as it is, so a missing
      // topic is the same warning whatever the input was written in: whether the payload bytes
      // are the user's own (JSON) or pushc's (YAML, Simulator files, requests built in code)
      // says nothing about who sends the request.
      guard context.options.destination == .device, !context.options.profile.isFCMLowered
      else { return }
      collector.emit(.apnsMissingTopic(), at: APNSLocation(span: nil, pointer: nil))
      return
    }
    let topic = headers[topicIndex].value
    // Only diagnostics need the place, whose origin note for an inferred topic is built text.
    var location: APNSLocation { context.location(of: headers[topicIndex]) }
    if let problem = topicProblem(topic) {
      let trimmed = topic.trimmingWhitespace
      let fixIts =
        trimmed != topic && !trimmed.isEmpty && topicProblem(trimmed) == nil
        ? [
          collector.fixIt(
            "remove the whitespace", replacingString: topic, at: location.span, with: trimmed)
        ] : []
      collector.emit(.apnsInvalidTopic(topic, problem: problem), at: location, fixIts: fixIts)
      return
    }
    guard let pushType = context.pushType, let suffix = pushType.topicSuffix else { return }
    // From here `topic` is ASCII without whitespace (it has no problem), so comparing its bytes
    // is comparing its characters.
    let otherSuffix = knownSuffix(of: topic)
    // Only the diagnostics below use the bundle ID within the topic.
    var bundle: String {
      otherSuffix.map { String(topic.utf8.dropLast($0.suffix.utf8.count)) ?? topic }
        ?? bundleID(of: topic, nearMissesOf: suffix)
    }
    if !suffix.isEmpty {
      guard hasLongerSuffix(topic, suffix) else {
        let expected = bundle + suffix
        collector.emit(
          .apnsTopicSuffixMismatch(topic, pushType: pushType.name, suffix: suffix),
          at: location,
          notes: pushTypeNote(context, collector: collector),
          fixIts: [
            collector.fixIt(
              "use '\(expected)'", replacingString: topic, at: location.span, with: expected)
          ]
        )
        return
      }
    } else if let otherSuffix {
      collector.emit(
        .apnsTopicSuffixForOtherPushType(
          topic, suffix: otherSuffix.suffix, otherPushType: otherSuffix.pushType,
          pushType: pushType.name),
        at: location,
        notes: pushTypeNote(context, collector: collector),
        fixIts: [
          collector.fixIt(
            "use the bundle ID '\(bundle)'", replacingString: topic, at: location.span, with: bundle
          )
        ]
      )
      return
    }
    if let bundleID = context.options.bundleID, !isBundleTopic(topic, bundleID, suffix) {
      let expected = bundleID + suffix
      collector.emit(
        .apnsTopicBundleMismatch(topic, expected: expected, bundleID: bundleID),
        at: location,
        fixIts: [
          collector.fixIt(
            "use '\(expected)'", replacingString: topic, at: location.span, with: expected)
        ]
      )
    }
  }

  /// Why `topic` cannot be a topic, or `nil`: it must be a non-empty run of letters, digits,
  /// `.`, `-` and `_` (bundle IDs, their suffixes and MDM topics).
  static func topicProblem(_ topic: String) -> String? {
    // Nearly every topic is fine: one pass over its bytes tells so, and only a topic it rejects
    // is looked at again, character by character, to say what is wrong.
    if isPlainTopic(topic) { return nil }
    if topic.isEmpty { return "it is empty" }
    if topic.trimmingWhitespace != topic {
      return "it has whitespace before or after it, which APNs does not remove"
    }
    for scalar in topic.unicodeScalars {
      // ASCII letters are the ASCII scalars that are alphabetic.
      let isAllowed =
        scalar.isASCII
        && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
          || ("0"..."9").contains(scalar) || scalar == "." || scalar == "-" || scalar == "_")
      if !isAllowed {
        let shown = scalar == " " ? "a space" : "'\(scalar)'"
        return "it contains \(shown), which no bundle ID has"
      }
    }
    if topic.hasPrefix(".") || topic.hasSuffix(".") || topic.contains("..") {
      return "it has an empty component"
    }
    return nil
  }

  /// Whether `topic` is a non-empty run of ASCII letters, digits, `.`, `-` and `_` without an
  /// empty component: the topics ``topicProblem(_:)`` accepts, told from the UTF-8 bytes.
  static func isPlainTopic(_ topic: String) -> Bool {
    // The bytes are read in place where they can be (iterating `utf8` costs more per byte).
    topic.utf8.withContiguousStorageIfAvailable(isPlainTopic) ?? isPlainTopic(topic.utf8)
  }

  /// ``isPlainTopic(_:)`` on the UTF-8 bytes of a topic.
  static func isPlainTopic(_ bytes: some Sequence<UInt8>) -> Bool {
    var previous = UInt8(ascii: ".")
    var isPlain = true
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
        break
      case UInt8(ascii: "."):
        // A dot first or after a dot starts an empty component.
        if previous == UInt8(ascii: ".") { isPlain = false }
      default:
        isPlain = false
      }
      previous = byte
    }
    // An empty topic ends on the initial dot, and so does one with an empty last component.
    return isPlain && previous != UInt8(ascii: ".")
  }

  /// Whether the ASCII `topic` ends with `suffix` and has something before it.
  static func hasLongerSuffix(_ topic: String, _ suffix: String) -> Bool {
    topic.utf8.count > suffix.utf8.count && topic.hasSuffix(suffix)
  }

  /// Whether `topic` is `bundleID` followed by `suffix`.
  static func isBundleTopic(_ topic: String, _ bundleID: String, _ suffix: String) -> Bool {
    // The same bytes are the same string, and comparing them in place builds no string; other
    // bytes can still be canonically equivalent characters (`bundleID` is not checked), which
    // only `==` tells.
    let sameBytes = topic.utf8.withContiguousStorageIfAvailable { topicBytes in
      bundleID.utf8.withContiguousStorageIfAvailable { bundleBytes in
        suffix.utf8.withContiguousStorageIfAvailable { suffixBytes in
          topicBytes.count == bundleBytes.count + suffixBytes.count
            && topicBytes.starts(with: bundleBytes)
            && UnsafeBufferPointer(rebasing: topicBytes[bundleBytes.count...])
              .elementsEqual(suffixBytes)
        }
      }
    }
    if sameBytes == true { return true }
    return topic == bundleID + suffix
  }

  /// `topic` without trailing components that misspell components of `suffix`, such as
  /// `.complications` for `.complication` or `.fileprovider` for `.pushkit.fileprovider`; at
  /// least two components are kept.
  static func bundleID(of topic: String, nearMissesOf suffix: String) -> String {
    let suffixComponents = suffix.split(separator: ".").map(String.init)
    guard !suffixComponents.isEmpty else { return topic }
    var components = topic.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    while components.count > 2, let last = components.last,
      suffixComponents.contains(last)
        || EditDistance.closest(to: last, among: suffixComponents) != nil
    {
      components.removeLast()
    }
    return components.joined(separator: ".")
  }

  /// The longest push-type suffix `topic` ends with, if any, and its push type.
  static func knownSuffix(of topic: String) -> (suffix: String, pushType: String)? {
    // The topic is ASCII: its bytes, read in place, end with a suffix when its characters do.
    let table = topicSuffixes
    let found = topic.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      var best: Int?
      for index in table.indices {
        let suffix = table[index].bytes
        guard bytes.count > suffix.count,
          UnsafeBufferPointer(rebasing: bytes[(bytes.count - suffix.count)...])
            .elementsEqual(suffix),
          suffix.count > best.map({ table[$0].bytes.count }) ?? 0
        else { continue }
        best = index
      }
      return best
    }
    if let found { return found.map { (table[$0].suffix, table[$0].pushType) } }
    var best: (suffix: String, pushType: String)?
    for entry in table where hasLongerSuffix(topic, entry.suffix) {
      if entry.bytes.count > best?.suffix.utf8.count ?? 0 { best = (entry.suffix, entry.pushType) }
    }
    return best
  }

  /// The non-empty topic suffixes of ``APNSLimits/pushTypes`` (with their UTF-8 bytes) and
  /// their push types, in order, so that ``knownSuffix(of:)`` copies no push type description.
  private static let topicSuffixes: [(suffix: String, bytes: [UInt8], pushType: String)] =
    APNSLimits.pushTypes.compactMap { pushType in
      guard let suffix = pushType.topicSuffix, !suffix.isEmpty else { return nil }
      return (suffix, Array(suffix.utf8), pushType.name)
    }
}

extension String {
  /// The string without spaces, tabs and line breaks at either end.
  fileprivate var trimmingWhitespace: String {
    let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    // Most topics have none: a first and last byte that start no whitespace character.
    let isWhitespaceByte: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    guard let first = utf8.first, let last = utf8.last,
      isWhitespaceByte(first) || isWhitespaceByte(last)
    else { return self }
    return String(drop(while: isWhitespace).reversed().drop(while: isWhitespace).reversed())
  }
}
