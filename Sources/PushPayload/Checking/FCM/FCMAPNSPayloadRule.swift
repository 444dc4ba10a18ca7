import PushDiagnostics
import PushJSON

/// `apns.payload`: an object with an `aps` dictionary whose standard keys have the types the
/// Admin SDKs give them, plus the mistakes that make APNs silently ignore a key, and a Live
/// Activity `aps` sent without the Live Activity token.
///
/// Emits: see ``descriptor``.
enum FCMAPNSPayloadRule: FCMRule {
  static let descriptor = RuleDescriptor(
    RuleID("fcm-apns-payload"),
    domain: .fcm,
    defaultSeverity: .error,
    summary:
      "apns.payload has an aps dictionary whose standard keys have the types the Admin SDKs give them",
    source: RuleDescriptor.Source.adminSDK,
    emits: [
      .fcmAPNSMissingAPS,
      .fcmEmptyAPS,
      .fcmTypeMismatch,
      .fcmAPSAlertConflict,
      .fcmAPSSoundConflict,
      .fcmAPSKeyMisspelled,
      .fcmAPNSHeaderInPayload,
      .fcmEmptyValue,
      .fcmCriticalSoundVolume,
      .fcmLocArgsWithoutLocKey,
      .fcmAPSFlagFalse,
      .fcmLiveActivityPayloadWithoutToken,
    ]
  )

  /// The keys of `aps` Apple documents, plus `url-args` (Safari).
  static let apsKeys = APNS.APS.Key.allCases.map(\.rawValue)

  /// The keys of an `alert` dictionary Apple documents or the SDKs still emit.
  static let alertKeys = APNS.AlertDictionary.Key.allCases.map(\.rawValue)

  /// APNs request headers users put into the payload by mistake.
  static let headerNames =
    [APNS.HeaderName.priority, .pushType, .expiration, .collapseID, .topic, .id].map(\.rawValue)
    + [FCMField.headers.rawValue]

  /// The alert keys that must be strings. `title`, `subtitle` and `body` may also be
  /// dictionaries, as in Live Activity alerts.
  static let alertStringKeys = APNS.AlertDictionary.Key.allCases.filter(\.isFCMStringOnly).map(
    \.rawValue)

  static func check(_ message: FCM.Message, in context: inout FCMCheckContext) {
    guard let object = message.apns?.value.payload?.value.objectValue else { return }
    // Pointers are built only for what is reported, from these two (the closures that build
    // them capture nothing larger).
    let payloadPointer = message.apns?.value.payload?.source?.pointer
    let messagePointer = context.messagePointer
    func pointer() -> JSONPointer {
      payloadPointer ?? messagePointer.appending("apns").appending("payload")
    }
    func apsPointer() -> JSONPointer { pointer().appending("aps") }
    let members = object.members
    // Only a member that is reported is copied out of the array.
    for index in members.indices where isHeaderName(members[index].key) {
      let member = members[index]
      context.emit(
        .fcmAPNSHeaderInPayload(member.key), node: member.value,
        pointer: pointer().appending(member.key), span: member.keySpan)
    }
    guard let aps = object.lastIndex(ofMemberNamed: APNS.Payload.apsKey),
      !members[aps].value.isNull
    else {
      context.emit(
        .fcmAPNSMissingAPS(), message.apns?.value.payload?.source, path: ["apns", "payload"],
        onKey: true)
      return
    }
    guard let apsObject = members[aps].value.objectValue else {
      context.emit(
        .fcmTypeMismatch(
          "apns.payload.aps", expected: "an object",
          found: FCMWebpushRule.describe(members[aps].value)),
        node: members[aps].value, pointer: apsPointer())
      return
    }
    if apsObject.members.isEmpty, message.notification?.value.title == nil,
      message.notification?.value.body == nil
    {
      // FCM fills `aps` only with the notification's title and body; with neither, Apple
      // would get an empty `aps`, which FCM refuses.
      context.emit(.fcmEmptyAPS(), node: members[aps].value, pointer: apsPointer())
    }
    // A pattern without a binding tests for the token without copying it.
    var hasLiveActivityToken = false
    if case .some = message.apns?.value.liveActivityToken { hasLiveActivityToken = true }
    checkAPS(
      apsObject, hasLiveActivityToken: hasLiveActivityToken, pointer: apsPointer, in: &context)
  }

  /// Whether `key.lowercased()` is one of ``headerNames``.
  static func isHeaderName(_ key: String) -> Bool {
    // Lower-casing never turns a string into a longer ASCII one (a non-ASCII character that
    // lower-cases to ASCII has more bytes than its result), and the shortest name has 7 bytes.
    guard key.utf8.count >= 7 else { return false }
    // Every header name starts with `a` or `h`.
    switch key.utf8.first {
    case UInt8(ascii: "a"), UInt8(ascii: "A"), UInt8(ascii: "h"), UInt8(ascii: "H"): break
    case let byte? where byte >= 0x80: break
    default: return false
    }
    return contains(headerNames, key.lowercasedIfNeeded)
  }

  /// Whether `known` contains `key`, comparing lengths before text.
  static func contains(_ known: [String], _ key: String) -> Bool {
    let length = key.utf8.count
    return known.contains { $0.utf8.count == length && $0 == key }
  }

  // MARK: - aps

  /// The `aps` keys by length, for classifying each member of `aps` once.
  static let apsKeyNames = KeyNameTable<APNS.APS.Key>()

  /// Checks `aps`, at `pointer`, of a message that has `apns.live_activity_token` or not.
  static func checkAPS(
    _ aps: JSONObject, hasLiveActivityToken: Bool, pointer: () -> JSONPointer,
    in context: inout FCMCheckContext
  ) {
    // One pass over the members finds the last member of each key checked below (the one
    // `member(named:)` finds), the first string and the first dictionary of `alert` and
    // `sound`, and whether any key is unknown; the diagnostics follow in the rules' order.
    let members = aps.members
    var alert: Int?
    var badge: Int?
    var sound: Int?
    var category: Int?
    var threadID: Int?
    var contentAvailable: Int?
    var mutableContent: Int?
    // The first of `event` and `content-state` (the keys that make lowering infer a
    // `liveactivity` push) in the order the rules look for them.
    var event: Int?
    var contentState: Int?
    var alertForms = StringAndDictionary()
    var soundForms = StringAndDictionary()
    var hasUnknownKey = false
    for index in members.indices {
      guard let key = apsKeyNames.key(named: members[index].key) else {
        hasUnknownKey = true
        continue
      }
      switch key {
      case .alert:
        alert = index
        alertForms.note(members[index].value, at: index)
      case .sound:
        sound = index
        soundForms.note(members[index].value, at: index)
      case .badge: badge = index
      case .category: category = index
      case .threadID: threadID = index
      case .contentAvailable: contentAvailable = index
      case .mutableContent: mutableContent = index
      case .event: event = index
      case .contentState: contentState = index
      default: break
      }
    }
    reportConflict(
      alertForms, in: members, key: APNS.APS.Key.alert.rawValue,
      message: .fcmAPSAlertConflict(), pointer: pointer, in: &context)
    reportConflict(
      soundForms, in: members, key: APNS.APS.Key.sound.rawValue,
      message: .fcmAPSSoundConflict(), pointer: pointer, in: &context)
    if hasUnknownKey {
      for member in members where apsKeyNames.key(named: member.key) == nil {
        if isHeaderName(member.key) {
          context.emit(
            .fcmAPNSHeaderInPayload(member.key), node: member.value,
            pointer: pointer().appending(member.key), span: member.keySpan)
        } else {
          reportMisspelling(member, known: apsKeys, pointer: pointer, in: &context)
        }
      }
    }
    let path = "apns.payload.aps"
    if let alert, !members[alert].value.isNull {
      let key = members[alert].key
      switch members[alert].value.kind {
      case .string: break
      case .object(let object):
        checkAlert(object, pointer: { pointer().appending(key) }, in: &context)
      default:
        typeMismatch(
          "\(path).\(key)", "a string or an object", members[alert].value,
          pointer().appending(key), &context)
      }
    }
    if let badge, !members[badge].value.isNull, members[badge].value.numberValue == nil {
      let key = members[badge].key
      typeMismatch(
        "\(path).\(key)", "a number", members[badge].value, pointer().appending(key), &context)
    }
    // The usual sound, a name, is told in place: passing the member on copied its value, and
    // made a closure of its pointer (about 250 instructions a message).
    if let sound, !members[sound].value.isNull, !members[sound].value.isNonEmptyString {
      let key = members[sound].key
      checkSound(members[sound].value, pointer: { pointer().appending(key) }, in: &context)
    }
    checkString(members, category, key: .category, pointer: pointer, in: &context)
    checkString(members, threadID, key: .threadID, pointer: pointer, in: &context)
    checkFlag(members, contentAvailable, key: .contentAvailable, pointer: pointer, in: &context)
    checkFlag(members, mutableContent, key: .mutableContent, pointer: pointer, in: &context)
    if !hasLiveActivityToken, let index = event ?? contentState {
      // FCM sends the message to the device token behind the registration token, and a Live
      // Activity receives updates only at its own push token (or push-to-start token).
      context.emit(
        .fcmLiveActivityPayloadWithoutToken(members[index].key), node: members[index].value,
        pointer: pointer().appending(members[index].key), span: members[index].keySpan)
    }
  }

  /// Reports the `aps` member at `index` (named `key`) when it is neither a string nor null.
  static func checkString(
    _ members: [JSONObject.Member],
    _ index: Int?,
    key: APNS.APS.Key,
    pointer: () -> JSONPointer,
    in context: inout FCMCheckContext
  ) {
    guard let index, !members[index].value.isNull, members[index].value.stringValue == nil
    else { return }
    typeMismatch(
      "apns.payload.aps.\(key.rawValue)", "a string", members[index].value,
      pointer().appending(key.rawValue), &context)
  }

  /// Reports the `aps` flag at `index` (named `key`) when it is `false`, which the Admin SDKs
  /// do not send.
  static func checkFlag(
    _ members: [JSONObject.Member],
    _ index: Int?,
    key: APNS.APS.Key,
    pointer: () -> JSONPointer,
    in context: inout FCMCheckContext
  ) {
    guard let index, members[index].value.boolValue == false else { return }
    let key = key.rawValue
    context.emit(
      .fcmAPSFlagFalse(key), node: members[index].value, pointer: pointer().appending(key),
      fixIts: [Diagnostic.FixIt("remove '\(key)'")])
  }

  /// The first member of a key given as a string and the first given as a dictionary.
  struct StringAndDictionary {
    var string: Int?
    var dictionary: Int?

    /// Notes the member at `index`, whose value is `value`.
    mutating func note(_ value: ValueNode, at index: Int) {
      switch value.kind {
      case .string: if string == nil { string = index }
      case .object: if dictionary == nil { dictionary = index }
      default: break
      }
    }
  }

  /// Reports `key` given twice, once as a string and once as a dictionary.
  static func reportConflict(
    _ forms: StringAndDictionary,
    in members: [JSONObject.Member],
    key: String,
    message: @autoclosure () -> DiagnosticMessage,
    pointer: () -> JSONPointer,
    in context: inout FCMCheckContext
  ) {
    guard let string = forms.string, let dictionary = forms.dictionary else { return }
    let (first, second) =
      members[string].keySpan.start < members[dictionary].keySpan.start
      ? (members[string], members[dictionary]) : (members[dictionary], members[string])
    context.emit(
      message(), node: second.value, pointer: pointer().appending(key), span: second.keySpan,
      notes: [context.collector.note("the other '\(key)' is here", at: first.keySpan)])
  }

  static func reportMisspelling(
    _ member: JSONObject.Member,
    known: [String],
    pointer: () -> JSONPointer,
    in context: inout FCMCheckContext
  ) {
    let normalized = EditDistance.normalized(member.key)
    guard let canonical = known.first(where: { EditDistance.normalized($0) == normalized }) else {
      return
    }
    var fixIts: [Diagnostic.FixIt] = []
    if let start = context.locator.contentStart(of: member.key, in: member.keySpan) {
      fixIts.append(
        context.collector.fixIt(
          "rename '\(member.key)' to '\(canonical)'",
          replacing: SourceSpan(start: start, end: start + member.key.utf8.count),
          with: canonical))
    }
    context.emit(
      .fcmAPSKeyMisspelled(member.key, canonical: canonical), node: member.value,
      pointer: pointer().appending(member.key), span: member.keySpan, fixIts: fixIts)
  }

  // MARK: - alert

  static func checkAlert(
    _ alert: JSONObject,
    pointer: () -> JSONPointer,
    in context: inout FCMCheckContext
  ) {
    let path = "apns.payload.aps.alert"
    for member in alert.members where !contains(alertKeys, member.key) {
      reportMisspelling(member, known: alertKeys, pointer: pointer, in: &context)
    }
    for alertKey in [APNS.AlertDictionary.Key.title, .subtitle, .body] {
      let key = alertKey.rawValue
      guard let member = alert.member(named: key), !member.value.isNull else { continue }
      if member.value.stringValue == nil && member.value.objectValue == nil {
        typeMismatch(
          "\(path).\(key)", "a string (or a localization dictionary)", member.value,
          pointer().appending(key), &context)
      }
    }
    for key in alertStringKeys {
      guard let member = alert.member(named: key), !member.value.isNull,
        member.value.stringValue == nil
      else { continue }
      typeMismatch("\(path).\(key)", "a string", member.value, pointer().appending(key), &context)
    }
    for arguments in [APNS.AlertDictionary.Key.locArgs, .titleLocArgs, .subtitleLocArgs] {
      guard let locKey = arguments.locKeyOfArguments else { continue }
      let argsKey = arguments.rawValue
      let keyKey = locKey.rawValue
      guard let args = alert.member(named: argsKey), !args.value.isNull else { continue }
      guard let elements = args.value.arrayValue else {
        typeMismatch(
          "\(path).\(argsKey)", "an array of strings", args.value, pointer().appending(argsKey),
          &context)
        continue
      }
      for (index, element) in elements.enumerated() where element.stringValue == nil {
        typeMismatch(
          "\(path).\(argsKey)[\(index)]", "a string", element,
          pointer().appending(argsKey).appending(index: index), &context)
      }
      let key = alert.member(named: keyKey)?.value.stringValue
      if !elements.isEmpty && (key?.isEmpty ?? true) {
        context.emit(
          .fcmLocArgsWithoutLocKey("\(path).\(argsKey)", key: "\(path).\(keyKey)"),
          node: args.value, pointer: pointer().appending(argsKey), span: args.keySpan)
      }
    }
  }

  // MARK: - sound

  static func checkSound(
    _ sound: ValueNode, pointer: () -> JSONPointer, in context: inout FCMCheckContext
  ) {
    let path = "apns.payload.aps.sound"
    switch sound.kind {
    case .string(let name):
      if name.isEmpty {
        context.emit(.fcmEmptyValue(path), node: sound, pointer: pointer())
      }
    case .object(let object):
      let name = object.member(named: "name")
      if let name, !name.value.isNull, name.value.stringValue == nil {
        typeMismatch(
          "\(path).name", "a string", name.value, pointer().appending("name"), &context)
      } else if name?.value.stringValue?.isEmpty ?? true {
        context.emit(
          .fcmEmptyValue("\(path).name"), node: name?.value ?? sound,
          pointer: name == nil ? pointer() : pointer().appending("name"))
      }
      if let volume = object.member(named: "volume"), !volume.value.isNull {
        if let number = volume.value.numberValue {
          if !(0...1).contains(number.doubleValue ?? .infinity) {
            context.emit(
              .fcmCriticalSoundVolume(number.lexeme), node: volume.value,
              pointer: pointer().appending("volume"))
          }
        } else {
          typeMismatch(
            "\(path).volume", "a number", volume.value, pointer().appending("volume"), &context)
        }
      }
      if let critical = object.member(named: "critical"), !critical.value.isNull,
        critical.value.numberValue == nil && critical.value.boolValue == nil
      {
        typeMismatch(
          "\(path).critical", "1 or true", critical.value, pointer().appending("critical"),
          &context)
      }
    default:
      typeMismatch(path, "a string or a critical-sound object", sound, pointer(), &context)
    }
  }

  static func typeMismatch(
    _ path: String,
    _ expected: String,
    _ node: ValueNode,
    _ pointer: JSONPointer,
    _ context: inout FCMCheckContext
  ) {
    context.emit(
      .fcmTypeMismatch(path, expected: expected, found: FCMWebpushRule.describe(node)),
      node: node, pointer: pointer)
  }
}
