import PushJSON

/// Measures an encoded FCM object in compact canonical JSON without writing it: the count is
/// that of the bytes ``CanonicalJSONWriter`` (compact) writes for the tree
/// ``FCMRequestEncoder`` builds, from the same encoding rules (``FCMObjectOutput``).
///
/// A nested object that ends up without members is taken back out of the count, key included,
/// as the tree leaves an empty object out.
struct FCMCompactByteCounter: FCMObjectOutput {
  /// The bytes counted so far: an object opened (`{`) once it has a member, not yet closed.
  private var count = 0
  /// Whether the object being measured has a member yet.
  private var hasMembers = false
  /// `apns.payload` as measured, for the callers that need its tree: normalised
  /// (``FCMRequestEncoder/FreeForm/payload(_:)``), or as written when
  /// ``apnsPayloadIsAsWritten``.
  private var apnsPayload: ValueNode?
  /// Whether ``apnsPayload`` is `apns.payload` as written, which normalising would change only
  /// in its positions (``FCMRequestEncoder/FreeForm/isSentAsWritten(_:)``).
  private var apnsPayloadIsAsWritten = false

  /// The measured bytes of the object, closed: `}`, or `{}` for an empty one.
  var byteCount: Int { count + (hasMembers ? 1 : 2) }

  /// Counts the `{` or `,` before a member, and `"key":`.
  private mutating func countKey(_ key: FCMMemberKey) {
    hasMembers = true
    count += (key.quotedByteCount ?? CanonicalJSONWriter.encodedByteCount(ofString: key.name)) + 2
  }

  mutating func set(_ key: FCMMemberKey, string: String) {
    countKey(key)
    count += CanonicalJSONWriter.encodedByteCount(ofString: string)
  }

  mutating func set(_ key: FCMMemberKey, duration: FCM.Duration) {
    countKey(key)
    // Digits, a sign, a point and `s`: nothing to escape, between two quotes.
    count += duration.protoJSONByteCount + 2
  }

  mutating func setMeasuredEntries(count entryCount: Int, byteCount: Int) -> Bool {
    guard entryCount > 0 else { return true }
    // Each entry's `{` or `,` before it, as `countKey` counts it, and its `"key":"value"`.
    hasMembers = true
    count += entryCount + byteCount
    return true
  }

  mutating func set(_ key: FCMMemberKey, bool: Bool) {
    countKey(key)
    count += bool ? 4 : 5
  }

  mutating func set(_ key: FCMMemberKey, number: JSONNumber) {
    countKey(key)
    count += number.lexeme.utf8.count
  }

  mutating func set(_ key: FCMMemberKey, strings: some Collection<String>) {
    guard !strings.isEmpty else { return }
    countKey(key)
    // The brackets and the commas between the elements.
    count += 1 + strings.count
    for string in strings { count += CanonicalJSONWriter.encodedByteCount(ofString: string) }
  }

  mutating func set(_ key: FCMMemberKey, node: ValueNode) {
    guard !FCMRequestEncoder.FreeForm.isEmpty(node) else { return }
    countKey(key)
    count += CanonicalJSONWriter(style: .compact).encodedByteCount(of: node)
  }

  mutating func set(
    _ key: FCMMemberKey, apnsPayloadAsWritten payload: ValueNode, measuredByteCount: Int?
  ) {
    // A payload sent as written (nearly all) is measured as it is: its normalised copy has the
    // same bytes, and building it, then tearing it down, costs more than the count, which the
    // reader took from the source when it could, having found the payload sent as written.
    let isAsWritten =
      measuredByteCount != nil || FCMRequestEncoder.FreeForm.isSentAsWritten(payload)
    let sent = isAsWritten ? payload : FCMRequestEncoder.FreeForm.payload(payload)
    guard !FCMRequestEncoder.FreeForm.isEmpty(sent) else { return }
    apnsPayload = sent
    apnsPayloadIsAsWritten = isAsWritten
    guard isAsWritten, let measuredByteCount else {
      set(key, node: sent)
      return
    }
    countKey(key)
    count += measuredByteCount
  }

  /// The measure of the object counted, with ``apnsPayload`` moved into it: read out, the
  /// payload was copied (a retain of its tree) and the counter's own released after.
  mutating func takeMeasure() -> FCMMeasuredMessage {
    var payload: ValueNode? = nil
    swap(&payload, &apnsPayload)
    return FCMMeasuredMessage(
      byteCount: byteCount,
      measuredAPNSPayload: MeasuredAPNSPayload(
        forLowering: payload, isAsWritten: apnsPayloadIsAsWritten))
  }

  mutating func setObject(
    _ key: FCMMemberKey, capacity: Int, _ build: (inout FCMCompactByteCounter) -> Void
  ) {
    let start = count
    let outerHasMembers = hasMembers
    countKey(key)
    hasMembers = false
    build(&self)
    if hasMembers {
      count += 1
      hasMembers = true
    } else {
      // No member: the key is taken back, and the separator before it.
      count = start
      hasMembers = outerHasMembers
    }
  }
}
