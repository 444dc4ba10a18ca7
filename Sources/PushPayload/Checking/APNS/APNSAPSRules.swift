import PushDiagnostics
import PushJSON

/// The payload envelope and the keys of `aps`: the payload and `aps` must be dictionaries,
/// `aps` keys must be known and of the right type and value, `aps` keys written beside `aps`
/// belong inside it, and keys meant for other push types are pointed out.
///
/// `alert` and `sound` are checked by ``APNSAlertRules`` and ``APNSSoundRules``; the Live
/// Activity requirements by ``APNSLiveActivityRules``.
///
/// Emits: see ``descriptor``.
enum APNSAPSRules: APNSRule {
  static let descriptor = RuleDescriptor(
    RuleID("apns-aps"),
    domain: .apns,
    defaultSeverity: .error,
    summary:
      "the payload and aps are dictionaries; aps keys are known, inside aps, and of the right type and value",
    source: RuleDescriptor.Source.apnsPayload,
    emits: [
      .apnsPayloadNotObject,
      .apnsAPSNotObject,
      .apnsMissingAPS,
      .apnsAPSKeyAtTopLevel,
      .apnsUnknownAPSKey,
      .apnsValueType,
      .apnsValueOutOfRange,
      .apnsFlagValue,
      .apnsInvalidInterruptionLevel,
      .apnsRelevanceScoreOutOfRange,
      .apnsKeyNotForPushType,
    ]
  )

  /// Whether the payload of `pushType` is defined by `aps` keys; for the others (VoIP, PushKit
  /// and MDM pushes) the payload is the app's own.
  static func isAPSDriven(_ pushType: APNS.PushType) -> Bool {
    switch pushType {
    case .alert, .background, .liveactivity, .widgets, .controls: true
    default: false
    }
  }

  /// Whether keys meant for other push types are reported here for `pushType` (background
  /// pushes have their own rule).
  static func checksKeyApplicability(for pushType: APNS.PushType) -> Bool {
    switch pushType {
    case .alert, .liveactivity, .widgets, .controls: true
    default: false
    }
  }

  /// The `aps` keys, shorter first, with what checking a member needs of each, in one global:
  /// four globals cost four lazy-initialization checks a member.
  struct KeyTable {
    /// The names of the keys, shorter first: those of length `n` in bytes are at
    /// ``starts``[n]..<``starts``[n + 1]. Three flat tables with a key's name, the key and its
    /// push types at the same index: a table of tables retained the inner table at each
    /// lookup, and a table of tuples copied the entry it read.
    let names: [String]
    /// The keys of ``names``: every key, by length in bytes, stably.
    let keys: [APNS.APS.Key]
    /// The push types each key of ``names`` is meaningful for, a bit each by position in
    /// ``APNS/PushType/known`` (``pushTypeBit(_:)``); 0 for a key meaningful for any.
    let pushTypeMasks: [UInt32]
    /// Where the keys of each length start in ``names``, and one past the longest.
    let starts: [Int]

    init() {
      keys = APNS.APS.Key.allCases.enumerated()
        .sorted {
          ($0.element.rawValue.utf8.count, $0.offset) < ($1.element.rawValue.utf8.count, $1.offset)
        }
        .map(\.element)
      names = keys.map(\.rawValue)
      pushTypeMasks = keys.map { key in
        key.pushTypes.reduce(0) { $0 | (pushTypeBit($1) ?? 0) }
      }
      let lengths = names.map(\.utf8.count)
      let longest = lengths.max() ?? 0
      starts = (0...longest + 1).map { length in
        lengths.firstIndex { $0 >= length } ?? lengths.count
      }
    }

    /// The index of the `aps` key `name` in ``names``, if it is one (exact: what
    /// `APNS.APS.Key(rawValue:)` finds).
    func position(of name: String) -> Int? {
      let length = name.utf8.count
      guard length + 1 < starts.count else { return nil }
      for index in starts[length]..<starts[length + 1] where names[index] == name { return index }
      return nil
    }
  }

  /// The `aps` keys and what is known of each.
  static let keyTable = KeyTable()

  /// The bit of `pushType` in ``KeyTable/pushTypeMasks``: its position in
  /// ``APNS/PushType/known``; `nil` for a push type Apple does not document.
  static func pushTypeBit(_ pushType: APNS.PushType) -> UInt32? {
    APNS.PushType.known.firstIndex(of: pushType).map { 1 << UInt32($0) }
  }

  /// `aps` keys that are distinctive enough to report when written beside `aps`; generic names
  /// such as `category` or `event` are common custom keys.
  static let distinctiveAPSKeys = APNS.APS.Key.allCases.filter(\.isDistinctive).map(\.rawValue)

  /// ``distinctiveAPSKeys`` by their normalized spelling (`mutablecontent`).
  static let distinctiveAPSKeysByNormalized = Dictionary(
    distinctiveAPSKeys.map { (EditDistance.normalized($0), $0) },
    uniquingKeysWith: { first, _ in first })

  /// The normalized spellings of the distinctive `aps` keys (ASCII, as UTF-8 bytes) with their
  /// keys, by length in bytes: an ASCII key is compared with the few spellings of its
  /// normalized length, without building the normalized string or hashing it.
  static let distinctiveAPSKeysByLength: [[(normalized: [UInt8], canonical: String)]] = {
    let entries = distinctiveAPSKeysByNormalized.map { (Array($0.key.utf8), $0.value) }
    // A closure, not the key path `\.0.count`, which the optimizer left to be made and
    // applied at run time (75k instructions of every process's start).
    var table = [[(normalized: [UInt8], canonical: String)]](
      repeating: [], count: (entries.map { $0.0.count }.max() ?? 0) + 1)
    for (normalized, canonical) in entries where normalized.allSatisfy({ $0 < 0x80 }) {
      table[normalized.count].append((normalized, canonical))
    }
    return table
  }()

  /// Which pairs of first and last bytes the spellings of ``distinctiveAPSKeysByLength``
  /// have, one bit each (``endsBit(first:last:)``): nearly every key is ruled out by its own
  /// first and last bytes, without reading the others.
  static let distinctiveAPSKeyEnds: [UInt64] = {
    var bits = [UInt64](repeating: 0, count: 1 << 4)
    for candidates in distinctiveAPSKeysByLength {
      for candidate in candidates {
        let bit = endsBit(first: candidate.normalized[0], last: candidate.normalized.last ?? 0)
        bits[bit >> 6] |= 1 << UInt64(bit & 63)
      }
    }
    return bits
  }()

  /// The bit of the first and last bytes of a spelling: the low five bits of each, which
  /// lower-casing an ASCII letter keeps (bytes that are not letters share bits with letters,
  /// which costs only a comparison).
  @inline(__always)
  private static func endsBit(first: UInt8, last: UInt8) -> Int {
    Int(first & 0x1F) << 5 | Int(last & 0x1F)
  }

  /// The length in bytes of the shortest spelling in ``distinctiveAPSKeysByNormalized``.
  static let minimumDistinctiveAPSKeyLength =
    distinctiveAPSKeysByNormalized.keys.map(\.utf8.count).min() ?? 0

  /// The distinctive `aps` key that `key` spells after ``EditDistance/normalized(_:)``, if any.
  ///
  /// Most top-level keys are app data that cannot be one: an ASCII key is lower-cased without
  /// `_` and `-` byte by byte and compared with the candidates of its length in place.
  static func distinctiveAPSKey(normalizedLike key: String) -> String? {
    distinctiveAPSKey(
      normalizedLike: key, table: distinctiveAPSKeysByLength, ends: distinctiveAPSKeyEnds)
  }

  /// ``distinctiveAPSKey(normalizedLike:)`` with ``distinctiveAPSKeysByLength`` and
  /// ``distinctiveAPSKeyEnds`` read once by a caller that looks many keys up (each read
  /// of a static checks its initialisation).
  static func distinctiveAPSKey(
    normalizedLike key: String,
    table: [[(normalized: [UInt8], canonical: String)]],
    ends: [UInt64]
  ) -> String? {
    // The bytes are read in place (iterating `utf8` costs several times more per byte).
    let found = key.utf8.withContiguousStorageIfAvailable {
      distinctiveASCIIAPSKey(normalizedLikeUTF8: $0, table: table, ends: ends)
    }
    if let found, found.isASCII { return found.key }
    // Not ASCII (or not contiguous): the normalized spelling, looked up.
    return distinctiveAPSKeysByNormalized[EditDistance.normalized(key)]
  }

  /// ``distinctiveAPSKey(normalizedLike:table:ends:)`` for the key whose UTF-8 bytes are
  /// `bytes`, read in place.
  static func distinctiveAPSKey(
    normalizedLikeUTF8 bytes: UnsafeBufferPointer<UInt8>,
    table: [[(normalized: [UInt8], canonical: String)]],
    ends: [UInt64]
  ) -> String? {
    let found = distinctiveASCIIAPSKey(normalizedLikeUTF8: bytes, table: table, ends: ends)
    if found.isASCII { return found.key }
    return distinctiveAPSKeysByNormalized[
      EditDistance.normalized(String(decoding: bytes, as: UTF8.self))]
  }

  /// ``distinctiveAPSKey(normalizedLikeUTF8:table:ends:)`` when `bytes` are ASCII (or are
  /// ruled out from their first and last bytes), with `isASCII` true; otherwise `isASCII`
  /// false, for the caller to look the normalized spelling up.
  private static func distinctiveASCIIAPSKey(
    normalizedLikeUTF8 bytes: UnsafeBufferPointer<UInt8>,
    table: [[(normalized: [UInt8], canonical: String)]],
    ends: [UInt64]
  ) -> (isASCII: Bool, key: String?) {
    if isRuledOutByEnds(bytes, ends: ends) { return (true, nil) }
    var union: UInt8 = 0
    var separators = 0
    for byte in bytes {
      union |= byte
      if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") { separators += 1 }
    }
    guard union < 0x80 else { return (false, nil) }
    let normalizedCount = bytes.count - separators
    guard normalizedCount < table.count else { return (true, nil) }
    // Only the spelling found is copied.
    let candidates = table[normalizedCount]
    for index in candidates.indices
    where spellsNormalized(bytes, candidates[index].normalized) {
      return (true, candidates[index].canonical)
    }
    return (true, nil)
  }

  /// Whether the key whose UTF-8 bytes are `bytes` spells no distinctive `aps` key, told from
  /// its first and last bytes alone: a key whose first and last bytes are ASCII and not
  /// separators starts and ends with them, lower-cased, once normalized (ASCII or not:
  /// lower-casing keeps ASCII as ASCII, and no other character becomes one beside it), and
  /// most keys are ruled out by those two (``distinctiveAPSKeyEnds``). `false` when the two
  /// do not tell.
  @inline(__always)
  static func isRuledOutByEnds(_ bytes: UnsafeBufferPointer<UInt8>, ends: [UInt64]) -> Bool {
    guard let first = bytes.first, let last = bytes.last, first < 0x80, last < 0x80,
      first != UInt8(ascii: "_"), first != UInt8(ascii: "-"), last != UInt8(ascii: "_"),
      last != UInt8(ascii: "-")
    else { return false }
    let bit = endsBit(first: first, last: last)
    return ends[bit >> 6] & (1 << UInt64(bit & 63)) == 0
  }

  /// Whether the ASCII bytes `key`, lower-cased without `_` and `-`, are `normalized`, whose
  /// length is the number of such bytes in `key`.
  private static func spellsNormalized(
    _ key: UnsafeBufferPointer<UInt8>, _ normalized: [UInt8]
  ) -> Bool {
    var index = 0
    for byte in key where byte != UInt8(ascii: "_") && byte != UInt8(ascii: "-") {
      let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
      guard (isUpper ? byte + 0x20 : byte) == normalized[index] else { return false }
      index += 1
    }
    return true
  }

  /// The keys of `alert` that users write directly in `aps`, by their normalized spelling.
  static let alertKeysByNormalized = Dictionary(
    APNS.AlertDictionary.Key.allCases.filter { !$0.isLegacy && $0 != .sound }
      .map { (EditDistance.normalized($0.rawValue), $0.rawValue) },
    uniquingKeysWith: { first, _ in first })

  /// The rules that read `aps` cannot run when the payload or `aps` is not a dictionary, and
  /// have nothing to add when `aps` is missing where it is needed (``lacksNeededAPS(_:)``).
  static func allowsLaterRules(_ context: APNSCheckContext) -> Bool {
    guard context.topLevel != nil else { return false }
    return context.apsMember.map { $0.value.objectValue != nil } ?? !lacksNeededAPS(context)
  }

  /// Whether the payload is a dictionary without `aps` that needs one: raw input (in the FCM
  /// profile `fcm-apns-payload` reports it) whose push type is driven by `aps` keys, or not
  /// given at all. VoIP, MDM and the other push types whose payload is the app's own do without
  /// `aps`; an unknown push type is reported as such.
  static func lacksNeededAPS(_ context: APNSCheckContext) -> Bool {
    guard context.topLevel != nil, context.apsMember == nil,
      !context.options.profile.isFCMLowered
    else { return false }
    guard context.pushTypeHeader != nil else { return true }
    return context.knownPushType.map(isAPSDriven) ?? false
  }

  /// Checks the envelope and `aps`.
  ///
  /// In the FCM profile a non-dictionary `aps` is not reported: it comes from
  /// `apns.payload.aps`, which the FCM rule `fcm-apns-payload` reports, or from a `data` key
  /// named `aps`, which `fcm-data` reports.
  static func check(_ context: APNSCheckContext, collector: inout DiagnosticCollector) {
    // The payload is read in place, where a diagnostic needs it: a copy retains its tree.
    guard let topLevel = context.topLevel else {
      let payload = context.request.payload
      let looksLikeJSONText = payload.stringValue?.first == "{"
      collector.emit(
        .apnsPayloadNotObject(APNSCheckContext.describe(payload), isJSONText: looksLikeJSONText),
        at: context.location(ofPayloadValueAt: .root, span: payload.span)
      )
      return
    }
    checkTopLevelKeys(topLevel, context: context, collector: &collector)
    // `aps` is read through the context: a member bound here was a copy, and its optional was
    // destroyed through `Optional`'s generic value witness.
    if case .none = context.apsMember {
      if lacksNeededAPS(context) {
        collector.emit(
          .apnsMissingAPS(pushType: context.pushTypeName),
          at: context.location(ofPayloadValueAt: .root, span: context.request.payload.span)
        )
      }
      return
    }
    guard let aps = context.apsMember?.value.objectValue else {
      guard !context.options.profile.isFCMLowered, let apsMember = context.apsMember else {
        return
      }
      collector.emit(
        .apnsAPSNotObject(APNSCheckContext.describe(apsMember.value)),
        at: context.location(
          ofPayloadValueAt: APNSCheckContext.apsPointer, span: apsMember.value.span)
      )
      return
    }
    // The push type whose keys are checked for applicability, told once for every key, and its
    // bit in ``KeyTable/pushTypeMasks``.
    let applicabilityPushType = context.knownPushType.flatMap {
      checksKeyApplicability(for: $0) ? $0 : nil
    }
    let applicabilityBit = applicabilityPushType.flatMap(pushTypeBit) ?? 0
    // The members are read in place: copying one out retains its key and value.
    APNSCheckContext.effectiveMembers(of: aps).withUnsafeBufferPointer { members in
      for index in members.indices {
        checkAPSMember(
          at: index, of: members, applicabilityPushType: applicabilityPushType,
          applicabilityBit: applicabilityBit, context: context, collector: &collector)
      }
    }
  }

  // MARK: - Top level

  /// Reports `aps` keys written beside `aps`, where APNs passes them to the app as custom data.
  static func checkTopLevelKeys(
    _ topLevel: JSONObject,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    if let pushType = context.knownPushType, !isAPSDriven(pushType) { return }
    // Only the last member of each key counts (as in `effectiveMembers`); nearly every key is
    // ruled out from its bytes, so repeats are looked for only among the rest.
    let members = topLevel.members
    let table = distinctiveAPSKeysByLength
    let ends = distinctiveAPSKeyEnds
    // Normalizing never lengthens a key into ASCII (a non-ASCII character that lower-cases to
    // ASCII has more bytes than its result): keys shorter than the shortest distinctive key
    // (`id`, `type`, `body`, `aps`) are ruled out from their length alone.
    let minimumLength = minimumDistinctiveAPSKeyLength
    for index in members.indices where members[index].key.utf8.count >= minimumLength {
      guard
        let canonical = distinctiveAPSKey(
          normalizedLike: members[index].key, table: table, ends: ends)
      else { continue }
      let member = members[index]
      guard member.key != APNS.Payload.apsKey,
        !members[(index + 1)...].contains(where: { $0.key == member.key })
      else { continue }
      let pointer = JSONPointer(tokens: [member.key])
      let location = context.location(ofKeyOf: member, at: pointer)
      // An FCM `data` key holds whatever the app wants under any name (`data.badge` may be
      // meant for Android); it can only be a custom key, so there is nothing to move.
      if context.options.profile.isFCMLowered, let tokens = location.pointer?.tokens,
        tokens.count >= 2, tokens[tokens.count - 2] == "data"
      {
        collector.emit(.apnsAPSKeyInFCMData(member.key, canonical: canonical), at: location)
        continue
      }
      collector.emit(.apnsAPSKeyAtTopLevel(member.key, canonical: canonical), at: location)
    }
  }

  // MARK: - aps members

  /// Checks the `aps` member at `index` of `members`.
  ///
  /// The member is passed on by its index, and read in place where a check needs its parts:
  /// passing a member read from the buffer copies it (its key and value).
  static func checkAPSMember(
    at index: Int,
    of members: UnsafeBufferPointer<JSONObject.Member>,
    applicabilityPushType: APNS.PushType?,
    applicabilityBit: UInt32,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    // The pointer is built only for a diagnostic (from the key alone: capturing the member
    // would copy it).
    let name = members[index].key
    var pointer: JSONPointer { APNSCheckContext.apsPointer.appending(name) }
    let table = keyTable
    guard let position = table.position(of: name) else {
      reportUnknownKey(members[index], context: context, collector: &collector)
      return
    }
    let apsKey = table.keys[position]
    // The push types a key is for are made only for a key that is not for the message's.
    let pushTypeMask = table.pushTypeMasks[position]
    if let applicabilityPushType, pushTypeMask != 0, pushTypeMask & applicabilityBit == 0 {
      checkApplicability(
        apsKey, meaningfulFor: apsKey.pushTypes, at: index, of: members,
        pushType: applicabilityPushType, context: context, collector: &collector)
    }
    switch apsKey {
    case .alert, .sound:
      return  // APNSAlertRules and APNSSoundRules.
    case .contentAvailable, .mutableContent, .inputPushToken:
      // The usual `1` is told in place; anything else is looked at by `checkFlag`.
      if case .number(let number) = members[index].value.kind, number.lexeme == "1" { return }
      checkFlag(
        members[index], pointer: pointer, expected: "1", context: context, collector: &collector)
      return
    case .contentChanged:
      checkFlag(
        members[index], pointer: pointer, expected: "true", context: context,
        collector: &collector)
      return
    default:
      break
    }
    let value = members[index].value
    guard
      checkType(
        value, pointer: pointer, types: apsKey.types, context: context, collector: &collector)
    else { return }
    switch apsKey {
    case .badge:
      if let number = value.numberValue, number.intValue.map({ $0 < 0 }) ?? true {
        collector.emit(
          .apnsValueOutOfRange(
            APNSCheckContext.path(pointer), value: number.lexeme, expected: "0 or more"),
          at: context.location(ofPayloadValueAt: pointer, span: value.span)
        )
      }
    case .interruptionLevel:
      checkInterruptionLevel(value, pointer: pointer, context: context, collector: &collector)
    case .relevanceScore:
      guard !context.isLiveActivity, let number = value.numberValue,
        let score = number.doubleValue, score < 0 || score > 1
      else { return }
      collector.emit(
        .apnsRelevanceScoreOutOfRange(number.lexeme),
        at: context.location(ofPayloadValueAt: pointer, span: value.span)
      )
    default:
      break
    }
  }

  /// Reports a key APNs does not define, suggesting the key it probably means.
  static func reportUnknownKey(
    _ member: borrowing JSONObject.Member,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    let pointer = APNSCheckContext.apsPointer.appending(member.key)
    let location = context.location(ofKeyOf: member, at: pointer)
    if let suggestion = APNSNameSuggestion.apsKeys.closest(to: member.key) {
      collector.emit(
        .apnsUnknownAPSKey(member.key, hint: "did you mean '\(suggestion)'?"),
        at: location,
        fixIts: [
          collector.fixIt(
            "rename to '\(suggestion)'",
            replacingString: member.key,
            at: location.span,
            with: suggestion
          )
        ]
      )
      return
    }
    let hint: String?
    if let alertKey = alertKeysByNormalized[EditDistance.normalized(member.key)] {
      hint = "'\(alertKey)' belongs inside 'aps.alert'"
    } else {
      hint = "custom keys belong beside 'aps', at the top level of the payload"
    }
    collector.emit(.apnsUnknownAPSKey(member.key, hint: hint), at: location)
  }

  /// Reports the member at `index` of `members`, whose key is `key`, meaningful for
  /// `pushTypes` (``APNS/APS/Key/pushTypes``), when it has no effect in `pushType`, one whose
  /// keys are checked (``checksKeyApplicability(for:)``).
  static func checkApplicability(
    _ key: APNS.APS.Key,
    meaningfulFor pushTypes: [APNS.PushType],
    at index: Int,
    of members: UnsafeBufferPointer<JSONObject.Member>,
    pushType: APNS.PushType,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    guard !pushTypes.isEmpty, !pushTypes.contains(pushType) else { return }
    // A Live Activity's sound has its own, more specific diagnostic.
    if key == .sound && pushType == .liveactivity { return }
    let pointer = APNSCheckContext.apsPointer.appending(members[index].key)
    collector.emit(
      .apnsKeyNotForPushType(
        APNSCheckContext.path(pointer), pushType: pushType.rawValue,
        meaningfulFor: pushTypes.map(\.rawValue)),
      at: context.location(ofKeyOf: members[index], at: pointer)
    )
  }

  // MARK: - Values

  /// Checks that `node` has one of `types`, reporting it otherwise; returns whether it has.
  @discardableResult
  static func checkType(
    _ node: ValueNode,
    pointer: @autoclosure () -> JSONPointer,
    types: [APNSLimits.ValueType],
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) -> Bool {
    if APNSCheckContext.matches(node, types) { return true }
    let pointer = pointer()
    var found = APNSCheckContext.describe(node)
    var span = node.span
    var elementPointer = pointer
    if types.contains(.stringArray), let elements = node.arrayValue,
      let index = elements.firstIndex(where: { $0.stringValue == nil })
    {
      found = "an array with \(APNSCheckContext.describe(elements[index])) at index \(index)"
      span = elements[index].span
      elementPointer = pointer.appending(index: index)
    }
    let location = context.location(ofPayloadValueAt: elementPointer, span: span)
    var fixIts: [Diagnostic.FixIt] = []
    if types.contains(.integer) || types.contains(.number), let text = node.stringValue,
      let number = Int(text)
    {
      fixIts.append(
        collector.fixIt(
          "write the number without quotes", replacingValueAt: location.span, with: String(number)
        ))
    }
    collector.emit(
      .apnsValueType(
        APNSCheckContext.path(pointer), expected: APNSCheckContext.describe(types), found: found),
      at: location,
      fixIts: fixIts
    )
    return false
  }

  /// Checks a flag whose only meaningful value is `expected` (`1` or `true`).
  static func checkFlag(
    _ member: borrowing JSONObject.Member,
    pointer: @autoclosure () -> JSONPointer,
    expected: String,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    let node = member.value
    let written: String
    switch node.kind {
    case .number(let number):
      // `1` as written is read without parsing the number.
      if expected == "1" && (number.lexeme == "1" || number.intValue == 1) { return }
      written = number.lexeme
    case .bool(let value):
      if expected == "true" && value { return }
      written = value ? "true" : "false"
    default:
      let type: APNSLimits.ValueType = expected == "1" ? .integer : .boolean
      checkType(node, pointer: pointer(), types: [type], context: context, collector: &collector)
      return
    }
    let pointer = pointer()
    let isOff = written == "0" || written == "false"
    let location = context.location(ofPayloadValueAt: pointer, span: node.span)
    collector.emit(
      .apnsFlagValue(APNSCheckContext.path(pointer), value: written, expected: expected),
      at: location,
      fixIts: [
        isOff
          ? Diagnostic.FixIt("remove '\(member.key)'")
          : collector.fixIt(
            "write \(expected)", replacingValueAt: location.span, with: expected)
      ]
    )
  }

  /// `interruption-level` must be one of the four levels.
  static func checkInterruptionLevel(
    _ node: ValueNode,
    pointer: @autoclosure () -> JSONPointer,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    guard let value = node.stringValue, !APNSLimits.interruptionLevels.contains(value) else {
      return
    }
    let pointer = pointer()
    let suggestion = EditDistance.closest(to: value, among: APNSLimits.interruptionLevels)
    let location = context.location(ofPayloadValueAt: pointer, span: node.span)
    collector.emit(
      .apnsInvalidInterruptionLevel(value, suggestion: suggestion),
      at: location,
      fixIts: suggestion.map {
        [
          collector.fixIt(
            "replace with '\($0)'", replacingString: value, at: location.span, with: $0)
        ]
      } ?? []
    )
  }
}
