public import PushDiagnostics
public import PushJSON

/// The exact size of an APNs request body, its limit, and how many bytes each top-level key and
/// each `aps` member contributes.
///
/// The total is `request.payloadBytes.count` (for `pushc lint`, which only counts them, the
/// count lowering measured): the bytes APNs counts. The contributions are measured on those
/// same bytes, so they add up to the total exactly:
///
/// - For raw input (``Measurement/sourceBytes``) a member owns the bytes from the opening quote
///   of its key up to the opening quote of the next member's key: key, colon, any whitespace,
///   value, and the comma and whitespace after it. The last member owns up to the end of its
///   value. What no member owns (the braces, whitespace after `{` and before `}`) is the
///   object's ``topLevelOverhead`` (or ``apsOverhead``).
/// - For pushc's own output (``Measurement/canonicalEncoding``) the payload is compact canonical
///   JSON, and a member owns its encoded key, the colon, its encoded value and the comma after
///   it (``CanonicalJSONWriter/encodedByteCount(of:)``); the overhead is the two braces.
///
/// So `topLevel` plus ``topLevelOverhead`` sum to ``byteCount``, and `aps` plus ``apsOverhead``
/// sum to the contribution of the top-level `aps` member (whose overhead therefore includes
/// `"aps":`).
///
/// ```swift
/// let report = PayloadSizeReport(request: request)
/// report.byteCount            // 4213
/// report.limit                // 4096
/// report.largestContributors(3).map(\.pointer)  // ["/data_blob", "/aps/alert", …]
/// ```
public struct PayloadSizeReport: Hashable, Sendable {
  /// How the contributions were measured.
  public enum Measurement: String, Hashable, Sendable {
    /// On the user's own bytes, using the spans of the members.
    case sourceBytes
    /// On pushc's compact canonical encoding of the payload.
    case canonicalEncoding
  }

  /// The bytes one payload member contributes.
  public struct Contribution: Hashable, Sendable {
    /// The pointer to the member's value inside the payload, such as `/aps/alert`.
    public var pointer: JSONPointer
    /// The member's key.
    public var key: String
    /// The bytes the member contributes (see ``PayloadSizeReport`` for what they include).
    public var byteCount: Int
    /// The bytes of the key in the input, or an empty span at 0 for keys built in code.
    public var keySpan: SourceSpan
    /// The bytes of the value in the input, or an empty span at 0 for values built in code.
    public var valueSpan: SourceSpan

    /// Creates a contribution.
    package init(
      pointer: JSONPointer,
      key: String,
      byteCount: Int,
      keySpan: SourceSpan = SourceSpan(at: 0),
      valueSpan: SourceSpan = SourceSpan(at: 0)
    ) {
      self.pointer = pointer
      self.key = key
      self.byteCount = byteCount
      self.keySpan = keySpan
      self.valueSpan = valueSpan
    }
  }

  /// The size of the body in bytes.
  public var byteCount: Int
  /// The largest body APNs accepts for the push type.
  public var limit: Int
  /// The push type the limit is for, when the request names a known one.
  public var pushType: APNS.PushType?
  /// How the contributions were measured.
  public var measurement: Measurement
  /// Every top-level member, `aps` included, in payload order; empty when the payload is not
  /// an object.
  public var topLevel: [Contribution]
  /// The bytes of the body no top-level member owns: the braces and the whitespace next to
  /// them, or the whole body when it is not an object.
  public var topLevelOverhead: Int
  /// Every member of `aps`, in order; empty when there is no `aps` dictionary.
  public var aps: [Contribution]
  /// The bytes of the top-level `aps` member that no `aps` member owns: `"aps":`, the braces,
  /// whitespace and the separator after it; 0 when there is no `aps` dictionary.
  public var apsOverhead: Int

  /// Creates a report from its parts.
  package init(
    byteCount: Int,
    limit: Int,
    pushType: APNS.PushType?,
    measurement: Measurement,
    topLevel: [Contribution],
    topLevelOverhead: Int,
    aps: [Contribution],
    apsOverhead: Int
  ) {
    self.byteCount = byteCount
    self.limit = limit
    self.pushType = pushType
    self.measurement = measurement
    self.topLevel = topLevel
    self.topLevelOverhead = topLevelOverhead
    self.aps = aps
    self.apsOverhead = apsOverhead
  }

  /// Measures `request`.
  ///
  /// The limit is the one of the request's `apns-push-type` (5120 bytes for `voip`, 4096
  /// otherwise, see `APNSLimits`).
  public init(request: APNS.Request) {
    let limits = request.header(.pushType).flatMap { APNSLimits.pushType(named: $0.value) }
    self.byteCount = request.payloadByteCount
    self.limit = limits?.payloadByteLimit ?? APNSLimits.payloadByteLimit
    self.pushType = limits?.pushType
    let sizer = PayloadMemberSizer(request: request)
    self.measurement = sizer.measurement
    let root = request.payload.objectValue
    let topLevel =
      root.map { sizer.contributions(of: $0, in: request.payload.span, at: .root) } ?? []
    self.topLevel = topLevel
    self.topLevelOverhead = byteCount - topLevel.reduce(0) { $0 + $1.byteCount }
    if let apsIndex = root?.members.lastIndex(where: { $0.key == APNS.Payload.apsKey }),
      let apsObject = root?.members[apsIndex].value.objectValue
    {
      let apsNode = root?.members[apsIndex].value ?? ValueNode(.null)
      let aps = sizer.contributions(
        of: apsObject,
        in: apsNode.span,
        at: JSONPointer(tokens: [APNS.Payload.apsKey])
      )
      self.aps = aps
      self.apsOverhead = topLevel[apsIndex].byteCount - aps.reduce(0) { $0 + $1.byteCount }
    } else {
      self.aps = []
      self.apsOverhead = 0
    }
  }

  /// The contributions of the members of `object`, a nested object of the payload (such as
  /// `aps.alert`) whose bytes are `span`, measured the same way as the report's own.
  ///
  /// - Parameters:
  ///   - object: The nested object.
  ///   - span: The object's bytes in the input.
  ///   - pointer: The pointer to the object inside the payload.
  /// - Returns: One contribution per member, in order.
  public func contributions(
    ofMembersOf object: JSONObject,
    in span: SourceSpan,
    at pointer: JSONPointer
  ) -> [Contribution] {
    PayloadMemberSizer(measurement: measurement).contributions(of: object, in: span, at: pointer)
  }

  /// Whether the body is larger than the limit.
  public var isOverLimit: Bool { byteCount > limit }

  /// The bytes left under the limit; negative when over it.
  public var remainingByteCount: Int { limit - byteCount }

  /// The `count` largest contributors, largest first (ties in payload order): every top-level
  /// member except `aps`, and every member of `aps` in its place. Overheads are not listed.
  public func largestContributors(_ count: Int) -> [Contribution] {
    guard count > 0 else { return [] }
    var candidates: [Contribution] = []
    let hasAPSDictionary = !aps.isEmpty || apsOverhead > 0
    let apsIndex = hasAPSDictionary ? topLevel.lastIndex { $0.key == APNS.Payload.apsKey } : nil
    for (index, contribution) in topLevel.enumerated() {
      if index == apsIndex {
        candidates += aps
      } else {
        candidates.append(contribution)
      }
    }
    let ordered = candidates.enumerated().sorted { lhs, rhs in
      lhs.element.byteCount != rhs.element.byteCount
        ? lhs.element.byteCount > rhs.element.byteCount : lhs.offset < rhs.offset
    }
    return ordered.prefix(count).map(\.element)
  }
}

/// Measures the members of payload objects, on the source bytes when they match the payload's
/// spans and on the canonical encoding otherwise.
private struct PayloadMemberSizer {
  /// How members are measured.
  let measurement: PayloadSizeReport.Measurement
  /// The writer used for canonical measurement.
  let writer = CanonicalJSONWriter(style: .compact)

  init(request: APNS.Request) {
    let span = request.payload.span
    let usesSource =
      request.isRawInput && span.count == request.payloadBytes.count && span.count > 0
      && Self.spansAreConsistent(request.payload, within: span)
    self.measurement = usesSource ? .sourceBytes : .canonicalEncoding
  }

  init(measurement: PayloadSizeReport.Measurement) {
    self.measurement = measurement
  }

  /// The contributions of the members of `object`, whose bytes are `span`.
  func contributions(of object: JSONObject, in span: SourceSpan, at pointer: JSONPointer)
    -> [PayloadSizeReport.Contribution]
  {
    let members = object.members
    var result: [PayloadSizeReport.Contribution] = []
    result.reserveCapacity(members.count)
    for (index, member) in members.enumerated() {
      let isLast = index == members.count - 1
      let byteCount: Int
      switch measurement {
      case .sourceBytes:
        let end = isLast ? member.value.span.end : members[index + 1].keySpan.start
        byteCount = end - member.keySpan.start
      case .canonicalEncoding:
        byteCount =
          CanonicalJSONWriter.encodedByteCount(ofString: member.key) + 1
          + writer.encodedByteCount(of: member.value) + (isLast ? 0 : 1)
      }
      result.append(
        PayloadSizeReport.Contribution(
          pointer: pointer.appending(member.key),
          key: member.key,
          byteCount: byteCount,
          keySpan: member.keySpan,
          valueSpan: member.value.span
        ))
    }
    return result
  }

  /// Whether the members of the payload, of its `aps` and of the objects inside `aps` (such as
  /// `alert`) lie in order inside their objects' spans, as they do for a tree read from the
  /// bytes.
  static func spansAreConsistent(_ payload: ValueNode, within span: SourceSpan) -> Bool {
    guard let object = payload.objectValue else { return true }
    guard membersAreOrdered(object, within: span) else { return false }
    guard let aps = object.members.last(where: { $0.key == APNS.Payload.apsKey }) else {
      return true
    }
    guard let apsObject = aps.value.objectValue else { return true }
    guard membersAreOrdered(apsObject, within: aps.value.span) else { return false }
    return apsObject.members.allSatisfy { member in
      member.value.objectValue.map { membersAreOrdered($0, within: member.value.span) } ?? true
    }
  }

  private static func membersAreOrdered(_ object: JSONObject, within span: SourceSpan) -> Bool {
    var previousEnd = span.start
    for member in object.members {
      guard member.keySpan.start > previousEnd,
        member.keySpan.end <= member.value.span.start,
        member.value.span.end < span.end
      else { return false }
      previousEnd = member.value.span.end
    }
    return true
  }
}
