import PushDiagnostics
import PushJSON

/// Builds the top level of a lowered APNs payload key by key, remembering where every key came
/// from and reporting keys produced twice.
struct APNSPayloadBuilder {
  /// The top-level members in output order.
  private(set) var members: [JSONObject.Member]
  /// The provenance of each payload value, by pointer inside the payload. When it records
  /// nothing (``PayloadProvenance/isRecording``), the provenance of a value is not even made.
  private(set) var provenance: PayloadProvenance
  // The optional properties are spelled `Optional<…>`, not `…?`: a `var` of the sugared type
  // starts as `nil` before the initializer runs, which made the compiler build the value in
  // memory and copy it out (a retain and a release of each reference in it)
  // for every message.
  /// Index of ``members`` by key, once there are more than ``linearSearchLimit``; smaller
  /// payloads (almost all of them) are searched linearly, which is cheaper than hashing.
  private var memberIndex: Optional<[String: Int]>
  /// Bit `n % 64` is set when a key of ``members`` is `n` bytes long: most keys looked up have
  /// a length no key has yet, which one test tells without comparing any.
  private var keyLengths: UInt64

  /// Shares the pointers of provenance and of source references with the other messages
  /// lowered with it.
  private let pointers: JSONPointerInterner
  /// The members ``addData(of:omittingUncheckedKeys:requiringVerbatimSource:collector:)``
  /// appended, one for each entry of a `data` map the reader measured
  /// (``FCM/StringMap/measuredEntriesByteCount``), and that size, while no other key replaces
  /// one of them: ``encodedByteCount(with:)`` counts them from it.
  private var measuredData: Optional<(members: Range<Int>, byteCount: Int)>
  /// The `data` entries ``addData(of:omittingUncheckedKeys:requiringVerbatimSource:collector:)``
  /// counted without making them members (no check reads them): where their run would start
  /// in ``members``, how many there are and the size the reader measured for them.
  private var omittedData: Optional<(position: Int, entryCount: Int, byteCount: Int)>

  /// Payloads with at most this many top-level keys are searched linearly.
  private static let linearSearchLimit = 16

  /// Creates a builder with room for `count` top-level keys without growing, whose pointers
  /// come from `pointers`, and which keeps the provenance of its values when
  /// `recordsProvenance`. Each property is set once: a default value replaced here would be
  /// made and destroyed for nothing.
  init(expectedKeyCount count: Int, pointers: JSONPointerInterner, recordsProvenance: Bool = true) {
    var members: [JSONObject.Member] = []
    members.reserveCapacity(count)
    self.members = members
    // ``addAPS(for:sentPayload:collector:)`` makes room for the provenance, once it knows
    // how many members `aps` has.
    var provenance = PayloadProvenance()
    provenance.isRecording = recordsProvenance
    self.provenance = provenance
    memberIndex = nil
    keyLengths = 0
    self.pointers = pointers
    measuredData = nil
    omittedData = nil
  }

  /// The placeholder values of `--as-received`, shaped like real ones.
  enum Placeholder {
    static let messageID = "1700000000000001"
    static let senderID = "123456789012"
    static let installationID = "fXXXXXXXXXXXXXXXXXXXXX"
  }

  // MARK: - aps

  /// Adds `aps`: the alert built from `notification`, merged with `apns.payload.aps`.
  ///
  /// - Parameters:
  ///   - message: The FCM message.
  ///   - sentPayload: `apns.payload` as ``sentPayload(of:)`` returns it.
  ///   - collector: Collects the diagnostics of merging.
  mutating func addAPS(
    for message: FCM.Message,
    sentPayload: ValueNode?,
    collector: inout DiagnosticCollector
  ) {
    // The provenance below `aps` goes straight into ``provenance``: only `/aps` itself is
    // decided last, and a pointer's last assignment is the one that counts.
    // The pointers inside the payload serve the provenance alone: not made when it records
    // nothing (two lookups in the interner a message).
    let records = provenance.isRecording
    let apsPointer = records ? pointers.rootMember(APNS.Payload.apsKey) : .root
    // `apns.payload.aps` is found by index and read in place: `member(named:)` copies it.
    let sentMembers = sentPayload?.objectValue?.members ?? []
    let explicitIndex = sentMembers.lastIndex { $0.key == APNS.Payload.apsKey }
    let explicitMembers = explicitIndex.flatMap { sentMembers[$0].value.objectValue?.members }
    var aps: [JSONObject.Member] = []
    aps.reserveCapacity((explicitMembers?.count ?? 0) + 1)
    // One entry for each member of `aps`, for `aps` itself, for the alert and its two fields,
    // for each custom key and for `fcm_options` and its image; `data` keys are one run
    // (``addData(of:omittingUncheckedKeys:requiringVerbatimSource:collector:)``). Exact, the
    // log of a typical message is an allocation of one of malloc's fast sizes.
    provenance.reserveCapacity(
      (explicitMembers?.count ?? 0) + 6 + max((sentPayload?.objectValue?.count ?? 0) - 1, 0))
    var apsSpan = SourceSpan(at: 0)

    // `notification` is read in place, part by part: a copy of it all costs more.
    let notificationSource = message.notification?.source
    let alertKey = APNS.APS.Key.alert.rawValue
    let alertPointer = records ? pointers.appending(alertKey, to: apsPointer) : .root
    var alertMembers: [JSONObject.Member] = []
    if let title = message.notification?.value.title {
      alertMembers.reserveCapacity(2)
      addDerivedAlertField(
        .title, title, rule: "notification.title", at: alertPointer, to: &alertMembers)
    }
    if let body = message.notification?.value.body {
      alertMembers.reserveCapacity(2)
      addDerivedAlertField(
        .body, body, rule: "notification.body", at: alertPointer, to: &alertMembers)
    }
    let hasDerivedAlert = !alertMembers.isEmpty
    if hasDerivedAlert {
      let span = notificationSource?.span ?? SourceSpan(at: 0)
      apsSpan = span
      aps.append(
        .init(
          key: alertKey, keySpan: span,
          value: ValueNode(.object(JSONObject(alertMembers)), span: span)))
      if records {
        provenance.assignDerived(
          rule: "notification", from: notificationSource, toMember: alertKey, of: apsPointer)
      }
    }

    let payloadReference = message.apns?.value.payload?.source
    var apsReference: SourceReference?
    if let explicitIndex, let explicitMembers {
      apsSpan = sentMembers[explicitIndex].value.span
      apsReference = payloadReference.map {
        child(of: $0, key: APNS.Payload.apsKey, member: sentMembers[explicitIndex])
      }
      // By index: a loop variable would be one more copy of each member.
      for index in explicitMembers.indices {
        let key = explicitMembers[index].key
        // Lengths first: comparing two short strings that differ is a call.
        if hasDerivedAlert, key.utf8.count == alertKey.utf8.count, key == alertKey {
          // The derived alert is the first member of `aps`.
          aps[0] = mergeAlert(
            derived: aps[0],
            at: alertPointer,
            explicit: explicitMembers[index],
            explicitReference: apsReference.map {
              child(of: $0, key: key, member: explicitMembers[index])
            },
            notificationSource: notificationSource,
            collector: &collector
          )
          continue
        }
        aps.append(explicitMembers[index])
        if records, let apsReference {
          // The member's input pointer is built only if a diagnostic or an explanation reads it.
          provenance.assignInput(
            member: key, of: apsReference.pointer, span: explicitMembers[index].value.span,
            keySpan: explicitMembers[index].keySpan, toMemberOf: apsPointer)
        }
      }
    }
    let apsNode = ValueNode(.object(JSONObject(aps)), span: apsSpan)
    append(
      key: APNS.Payload.apsKey, value: apsNode,
      provenance: apsReference.map(Provenance.input)
        ?? .derived(
          rule: "aps",
          from: [notificationSource, payloadReference].compactMap { $0 }
        ))
  }

  /// Appends the field `key` of the alert built from `notification` to `alertMembers`, and its
  /// provenance below `alertPointer`.
  private mutating func addDerivedAlertField(
    _ key: APNS.AlertDictionary.Key,
    _ value: Located<String>,
    rule: String,
    at alertPointer: JSONPointer,
    to alertMembers: inout [JSONObject.Member]
  ) {
    let field = key.rawValue
    let span = value.source?.span ?? SourceSpan(at: 0)
    alertMembers.append(
      .init(key: field, keySpan: span, value: ValueNode(.string(value.value), span: span)))
    if provenance.isRecording {
      provenance.assignDerived(rule: rule, from: value.source, toMember: field, of: alertPointer)
    }
  }

  /// Merges an explicit `aps.alert` into the alert built from `notification` (the output's
  /// `/aps/alert`, `alertPointer`): a dictionary's keys override or extend it, a string
  /// replaces it.
  private mutating func mergeAlert(
    derived: JSONObject.Member,
    at alertPointer: JSONPointer,
    explicit: JSONObject.Member,
    explicitReference: SourceReference?,
    notificationSource: SourceReference?,
    collector: inout DiagnosticCollector
  ) -> JSONObject.Member {
    guard let explicitObject = explicit.value.objectValue,
      var merged = derived.value.objectValue
    else {
      // A string alert (or any non-object) replaces the notification's title and body.
      collector.emit(
        .apnsNotificationOverriddenByAlert(),
        at: explicit.value.span,
        pointer: explicitReference?.pointer,
        notes: notificationSource.map {
          [
            collector.note(
              "'notification' is written here", at: $0.keySpan ?? $0.span, pointer: $0.pointer)
          ]
        } ?? []
      )
      // Without provenance, `alertPointer` is not made (see `addAPS`): nothing to remove.
      if provenance.isRecording {
        for key in [APNS.AlertDictionary.Key.title, .body] {
          provenance[pointers.appending(key.rawValue, to: alertPointer)] = nil
        }
        if let explicitReference {
          provenance.assign(.input(explicitReference), to: alertPointer)
        }
      }
      return explicit
    }
    // Only the derived keys (title, body) can be overridden: the explicit alert's keys are
    // distinct (`sentPayload` resolved duplicates), so searching the appended ones too would
    // make a large alert quadratic.
    let derivedCount = merged.members.count
    for member in explicitObject.members {
      if let index = merged.members[..<derivedCount].firstIndex(where: { $0.key == member.key }) {
        merged.members[index] = member
      } else {
        merged.members.append(member)
      }
      if provenance.isRecording, let explicitReference {
        provenance.assign(
          .input(child(of: explicitReference, key: member.key, member: member)),
          to: pointers.appending(member.key, to: alertPointer))
      }
    }
    return JSONObject.Member(
      key: APNS.APS.Key.alert.rawValue,
      keySpan: explicit.keySpan,
      value: ValueNode(.object(merged), span: explicit.value.span)
    )
  }

  // MARK: - Custom keys, data, images

  /// `apns.payload` as the Admin SDKs send it (`aps` flags as `1`, `false` flags and empty
  /// values dropped, duplicate keys resolved), with the input's spans.
  ///
  /// - Parameters:
  ///   - message: The FCM message.
  ///   - normalized: `FCMRequestEncoder.FreeForm.payload` of `apns.payload`, when the caller
  ///     has it already (the encoder wrote it); computed here otherwise.
  /// - Returns: The payload, or `nil` when the message has no `apns.payload`.
  static func sentPayload(of message: FCM.Message, normalized: ValueNode? = nil) -> ValueNode? {
    // `apns` is read through `flatMap`, which lends it: optional chaining copies it whole.
    guard let payload = message.apns.flatMap({ $0.value.payload?.value }) else { return nil }
    // The caller hands on `apns.payload` itself when normalising it would change nothing but
    // positions (`FreeForm.isSentAsWritten`, which also rules out repeated keys): the same
    // storage is the same tree, which comparing would walk for nothing.
    if Self.sharesStorage(normalized, payload) { return payload }
    let sent = normalized ?? FCMRequestEncoder.FreeForm.payload(payload)
    // Most payloads are sent as written: then the input itself has the spans already.
    if sent.isUnchangedCopy(of: payload) { return payload }
    return sent.withSpans(copiedFrom: payload)
  }

  /// Whether `node` and `other` are objects with the same member storage, and so the same tree.
  /// `node` is tested in place: binding the optional copies it through the run time's
  /// generic witnesses.
  private static func sharesStorage(_ node: ValueNode?, _ other: ValueNode) -> Bool {
    guard case .object(let object)? = node?.kind, case .object(let otherObject) = other.kind,
      !object.isEmpty
    else { return false }
    let start = object.members.withUnsafeBufferPointer { $0.baseAddress }
    return start == otherObject.members.withUnsafeBufferPointer { $0.baseAddress }
      && object.count == otherObject.count
  }

  /// Adds the custom keys of `apns.payload` (everything but `aps`) in their order.
  mutating func addCustomKeys(
    of message: FCM.Message,
    sentPayload: ValueNode?,
    collector: inout DiagnosticCollector
  ) {
    guard let object = sentPayload?.objectValue else { return }
    let members = object.members
    // By index: a loop variable would be one more copy of each member.
    for index in members.indices where members[index].key != APNS.Payload.apsKey {
      // Read here, for the few payloads with custom keys: binding `apns.payload` up front
      // copied it, and destroying the copy goes through the run time's generic witnesses.
      let reference = message.apns?.value.payload?.source.map {
        child(of: $0, key: members[index].key, member: members[index])
      }
      add(
        key: members[index].key,
        value: members[index].value,
        provenance: reference.map(Provenance.input) ?? .derived(rule: "apns.payload", from: []),
        collector: &collector
      )
    }
  }

  /// Adds every `data` entry as a top-level string key, in order.
  ///
  /// With `omittingUncheckedKeys`, a run of entries that no check of the payload reads is
  /// counted instead (see ``APNSLowering/Options/omitsUncheckedDataKeys``): the reader measured
  /// the entries from their source, and every key is new to the payload, none is `aps`, `mdm`
  /// or `fcm_options`, and none spells an `aps` key (what the checks of top-level keys look
  /// for). Only the keys are read (a map may make its values when they are read, see
  /// ``FCM/StringMap/count``); ``addOmittedData(of:)`` adds the entries, and their
  /// provenance, after all. With `requiringVerbatimSource`, only a map whose entries are still
  /// in their source (``FCM/StringMap/verbatimSource``) is counted, for
  /// ``bytesCopyingOmittedData(of:with:)`` to copy them from there.
  mutating func addData(
    of message: FCM.Message, omittingUncheckedKeys: Bool, requiringVerbatimSource: Bool,
    collector: inout DiagnosticCollector
  ) {
    guard let data = message.data?.value else { return }
    let firstMember = members.count
    if omittingUncheckedKeys, data.count > 0, let byteCount = data.measuredEntriesByteCount,
      !requiringVerbatimSource || data.verbatimSource != nil, keysAreUnchecked(of: data)
    {
      omittedData = (firstMember, data.count, byteCount)
      return
    }
    let entries = data.entries
    // The provenance of a run of keys new to the payload (nearly always all of them) is
    // assigned at once, from the entries themselves; a key produced before is added on its
    // own, after the run before it.
    var runStart = 0
    // By index: a loop variable would be one more copy of each entry.
    for index in entries.indices {
      let span = entries[index].value.source?.span ?? SourceSpan(at: 0)
      guard self.index(ofMember: entries[index].key) != nil else {
        appendMember(
          key: entries[index].key,
          value: ValueNode(.string(entries[index].value.value), span: span))
        continue
      }
      provenance.assignData(entries, runStart..<index)
      runStart = index + 1
      add(
        key: entries[index].key,
        value: ValueNode(.string(entries[index].value.value), span: span),
        provenance: entries[index].value.source.map(Provenance.input)
          ?? .derived(rule: "data", from: []),
        collector: &collector
      )
    }
    provenance.assignData(entries, runStart..<entries.count)
    // Every entry became a member of its own, as it is written in the map.
    if runStart == 0, !entries.isEmpty,
      let byteCount = message.data?.value.measuredEntriesByteCount
    {
      measuredData = (firstMember..<members.count, byteCount)
    }
  }

  /// Whether no check of the payload reads any key of `data` as a top-level key, and none
  /// replaces a key or is replaced (see
  /// ``addData(of:omittingUncheckedKeys:requiringVerbatimSource:collector:)``).
  private func keysAreUnchecked(of data: FCM.StringMap) -> Bool {
    // Judged from the traits the reader noted, or else from the keys' bytes, read in place; a
    // key as long as a member's is looked up among the members after, made into a string
    // (few are).
    let traits = data.keyTraits ?? FCM.StringMap.KeyTraits(keysOf: data)
    guard !traits.hasKeyCheckedAtTopLevel else { return false }
    guard keyLengths & traits.lengthBits != 0 else { return true }
    return (0..<data.count).allSatisfy { index(ofMember: data.key(at: $0)) == nil }
  }

  /// Adds the `data` entries
  /// ``addData(of:omittingUncheckedKeys:requiringVerbatimSource:collector:)`` counted without
  /// adding them, where they would have been: for the per-key size report of a payload over
  /// its limit.
  mutating func addOmittedData(of message: FCM.Message) {
    guard let omitted = omittedData, let entries = message.data?.value.entries else { return }
    var run: [JSONObject.Member] = []
    run.reserveCapacity(entries.count)
    for index in entries.indices {
      let span = entries[index].value.source?.span ?? SourceSpan(at: 0)
      keyLengths |= Self.lengthBit(of: entries[index].key)
      run.append(
        JSONObject.Member(
          key: entries[index].key, keySpan: span,
          value: ValueNode(.string(entries[index].value.value), span: span)))
    }
    members.insert(contentsOf: run, at: omitted.position)
    provenance.assignData(entries, 0..<entries.count)
    omittedData = nil
    measuredData = (omitted.position..<omitted.position + run.count, omitted.byteCount)
    // The members after the run moved: an index made before is made again.
    if members.count > Self.linearSearchLimit { indexMembers() }
  }

  /// Sets ``memberIndex`` to the position of every member by key.
  private mutating func indexMembers() {
    var positions: [String: Int] = [:]
    positions.reserveCapacity(members.count * 2)
    for (position, member) in members.enumerated() { positions[member.key] = position }
    memberIndex = positions
  }

  /// Adds `fcm_options.image` from `apns.fcm_options.image`, or else `notification.image`, and
  /// warns when no Notification Service Extension will run to show it.
  mutating func addImageOptions(of message: FCM.Message, collector: inout DiagnosticCollector) {
    // Most messages have no image: `if case .some` tests a field without copying it, where
    // binding the two images copies both optionals.
    if message.withAPNS({ $0.pointee.fcmOptions?.value.image.isSome ?? false }) != true,
      case .none = message.notification?.value.image
    {
      return
    }
    let apnsImage = message.apns?.value.fcmOptions?.value.image
    let notificationImage = message.notification?.value.image
    guard let image = apnsImage ?? notificationImage else { return }
    let rule = apnsImage != nil ? "apns.fcm_options.image" : "notification.image"
    let span = image.source?.span ?? SourceSpan(at: 0)
    let imageMember = JSONObject.Member(
      key: "image",
      keySpan: image.source?.keySpan ?? span,
      value: ValueNode(.string(image.value), span: span)
    )
    let derived = Provenance.derived(rule: rule, from: image.source.map { [$0] } ?? [])
    add(
      key: "fcm_options",
      value: ValueNode(.object(JSONObject([imageMember])), span: span),
      provenance: derived,
      collector: &collector
    )
    provenance.assign(
      derived, to: pointers.appending("image", to: pointers.rootMember("fcm_options")))
    let mutableContent = members.first { $0.key == APNS.Payload.apsKey }?.value.objectValue?[
      aps: .mutableContent]
    if mutableContent?.numberValue?.intValue != 1 {
      collector.emit(
        .apnsImageWithoutMutableContent(),
        at: image.source?.span,
        pointer: image.source?.pointer,
        fixIts: [
          Diagnostic.FixIt("add '\"mutable-content\": 1' to 'apns.payload.aps'")
        ]
      )
    }
  }

  /// Adds the keys FCM puts into every delivered payload, with placeholder values.
  mutating func addFCMInjectedKeys(for message: FCM.Message) {
    var injected: [(String, String, String)] = [
      ("gcm.message_id", Placeholder.messageID, "FCM's message ID"),
      ("google.c.a.e", "1", "analytics enabled flag"),
      ("google.c.sender.id", Placeholder.senderID, "the sender's project number"),
    ]
    if message.token != nil || message.fid != nil {
      injected.append(("google.c.fid", Placeholder.installationID, "the target's installation ID"))
    }
    let label =
      message.apns?.value.fcmOptions?.value.analyticsLabel
      ?? message.fcmOptions?.value.analyticsLabel
    if let label {
      injected.append(("google.c.a.m_l", label.value, "the analytics label"))
    }
    for (key, value, reason) in injected where index(ofMember: key) == nil {
      append(key: key, value: ValueNode(.string(value)), provenance: .injectedByFCM(reason: reason))
    }
  }

  // MARK: - Assembly

  /// The number of bytes the payload takes in compact canonical JSON (`writer`'s), with the
  /// members of a measured `data` map (or its omitted entries) counted from its size and the
  /// others one by one; `nil` when there are no such members, for the caller to count the
  /// payload whole.
  func encodedByteCount(with writer: CanonicalJSONWriter) -> Int? {
    // The measured entries: members of their own (counted from their size, not one by one),
    // or omitted (counted from their size, and their keys among the commas).
    let dataMembers: Range<Int>
    let dataByteCount: Int
    let omittedCount: Int
    if let omitted = omittedData {
      (dataMembers, dataByteCount, omittedCount) = (0..<0, omitted.byteCount, omitted.entryCount)
    } else if let measured = measuredData {
      (dataMembers, dataByteCount, omittedCount) = (measured.members, measured.byteCount, 0)
    } else {
      return nil
    }
    // The braces, the commas between the keys, and the measured entries' own bytes.
    var count = 2 + members.count + omittedCount - 1 + dataByteCount
    members.withUnsafeBufferPointer { members in
      for index in members.indices where !dataMembers.contains(index) {
        count +=
          CanonicalJSONWriter.encodedByteCount(ofString: members[index].key) + 1
          + writer.encodedByteCount(of: members[index].value)
      }
    }
    return count
  }

  /// The bytes of the payload in compact canonical JSON (`writer`'s), with the `data` entries
  /// ``addData(of:omittingUncheckedKeys:requiringVerbatimSource:collector:)`` counted without
  /// making them members copied from their source where they would be, as the writer would
  /// write them; `nil` when no entries were counted so, or their source is gone, for the
  /// caller to write the payload whole.
  func bytesCopyingOmittedData(of message: FCM.Message, with writer: CanonicalJSONWriter)
    -> [UInt8]?
  {
    guard let omitted = omittedData, let source = message.data?.value.verbatimSource else {
      return nil
    }
    // The node shares the members' storage (``finish(span:)`` makes the same one).
    return writer.bytes(
      for: ValueNode(.object(JSONObject(members))), insertingMembersOf: source.object,
      in: source.tree, at: omitted.position)
  }

  /// The payload object and the provenance of its values, moved out of the builder, which is
  /// left empty. (A `consuming` method copied the whole builder out of the caller's variable
  /// and destroyed it after.)
  mutating func finish(span: SourceSpan?) -> (payload: ValueNode, provenance: PayloadProvenance) {
    var finished: [JSONObject.Member] = []
    swap(&finished, &members)
    var finishedProvenance = PayloadProvenance()
    swap(&finishedProvenance, &provenance)
    return (
      ValueNode(.object(JSONObject(finished)), span: span ?? SourceSpan(at: 0)), finishedProvenance
    )
  }

  /// Adds a top-level key, reporting a key that an earlier source already produced; the value
  /// written later wins (`data` over nothing, but see the diagnostic).
  private mutating func add(
    key: String,
    value: consuming ValueNode,
    provenance newProvenance: @autoclosure () -> Provenance,
    collector: inout DiagnosticCollector
  ) {
    guard let existing = index(ofMember: key) else {
      append(key: key, value: value, provenance: newProvenance())
      return
    }
    let newProvenance = newProvenance()
    let pointer = pointers.rootMember(key)
    let earlier = provenance[pointer]
    let newReference = newProvenance.sourceReference
    collector.emit(
      .apnsPayloadKeyProducedTwice(
        key, first: Self.describe(earlier), second: Self.describe(newProvenance)),
      at: newReference?.keySpan ?? newReference?.span,
      pointer: newReference?.pointer,
      notes: earlier?.sourceReference.map {
        [
          collector.note(
            "'\(key)' is first produced here", at: $0.keySpan ?? $0.span, pointer: $0.pointer)
        ]
      } ?? []
    )
    if let dataMembers = measuredData?.members, dataMembers.contains(existing) {
      measuredData = nil
    }
    members[existing] = JSONObject.Member(
      key: key, keySpan: members[existing].keySpan, value: value)
    provenance[pointer] = newProvenance
  }

  private mutating func append(
    key: String, value: consuming ValueNode, provenance newProvenance: @autoclosure () -> Provenance
  ) {
    appendMember(key: key, value: value)
    // Made only when recorded: the provenance of `aps` is an array of sources.
    if provenance.isRecording { provenance.assign(newProvenance(), toMember: key, of: .root) }
  }

  /// Appends a top-level key that ``members`` does not have, without its provenance.
  @inline(__always)
  private mutating func appendMember(key: String, value: consuming ValueNode) {
    if memberIndex != nil { memberIndex?[key] = members.count }
    keyLengths |= Self.lengthBit(of: key)
    let keySpan = value.span
    members.append(JSONObject.Member(key: key, keySpan: keySpan, value: value))
    if memberIndex == nil && members.count > Self.linearSearchLimit { indexMembers() }
  }

  /// The position of the top-level key `key` in ``members``.
  @inline(__always)
  private func index(ofMember key: String) -> Int? {
    if let memberIndex { return memberIndex[key] }
    guard keyLengths & Self.lengthBit(of: key) != 0 else { return nil }
    // Lengths first: comparing two strings of other lengths costs a call, and keys mostly
    // differ in length.
    let length = key.utf8.count
    return members.firstIndex { $0.key.utf8.count == length && $0.key == key }
  }

  /// The bit of ``keyLengths`` for `key`.
  private static func lengthBit(of key: String) -> UInt64 {
    1 << UInt64(key.utf8.count & 63)
  }

  /// The source reference of `member`, a child of the value at `parent`.
  private func child(of parent: SourceReference, key: String, member: JSONObject.Member)
    -> SourceReference
  {
    SourceReference(
      pointer: pointers.appending(key, to: parent.pointer), span: member.value.span,
      keySpan: member.keySpan)
  }

  /// A short name for where a key came from, for messages.
  static func describe(_ provenance: Provenance?) -> String {
    switch provenance {
    case .input(let reference)?: "'\(reference.pointer)'"
    case .derived(let rule, _)?: "'\(rule)'"
    case .inferred(let rule, _)?, .defaulted(let rule, _)?: "'\(rule)'"
    case .option(let name)?: "option '\(name)'"
    case .injectedByFCM?: "FCM"
    case nil: "an earlier key"
    }
  }
}
