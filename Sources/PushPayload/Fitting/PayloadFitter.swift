public import PushDiagnostics
public import PushJSON

/// Makes an over-limit APNs payload fit by shortening one string, as large as possible but
/// within the budget.
///
/// The default target is the alert body (`aps.alert.body`, or `aps.alert` when it is a string).
/// The cut falls on a grapheme-cluster boundary (never inside an emoji or a Hangul syllable),
/// trailing whitespace is dropped and `…` appended; sizes account for JSON escaping, so the
/// compact payload is at most ``Options/maximumBytes``. Data keys are touched only when named
/// explicitly with ``Target/topLevelKey(_:)``.
public struct PayloadFitter: Sendable {
  /// Where to cut.
  public enum Policy: String, Hashable, Sendable, CaseIterable {
    /// At the last grapheme cluster that fits.
    case truncateBody = "truncate-body"
    /// At the last word boundary that fits (falling back to a grapheme cluster for text
    /// without spaces, such as a single long word).
    case truncateWord = "truncate-word"
  }

  /// Which string to shorten.
  public enum Target: Hashable, Sendable {
    /// `aps.alert.body`, or `aps.alert` when the alert is a string.
    case alertBody
    /// A top-level custom or data key holding a string.
    case topLevelKey(String)
  }

  /// How to fit.
  public struct Options: Hashable, Sendable {
    /// The cut policy.
    public var policy: Policy
    /// The largest compact payload size allowed, in bytes.
    public var maximumBytes: Int
    /// The string to shorten.
    public var target: Target
    /// What marks the cut.
    public var ellipsis: String

    /// Creates options.
    public init(
      policy: Policy = .truncateBody,
      maximumBytes: Int,
      target: Target = .alertBody,
      ellipsis: String = "…"
    ) {
      self.policy = policy
      self.maximumBytes = maximumBytes
      self.target = target
      self.ellipsis = ellipsis
    }
  }

  /// What fitting changed.
  public struct Cut: Hashable, Sendable {
    /// The pointer of the shortened string inside the payload.
    public var pointer: JSONPointer
    /// The string before.
    public var original: String
    /// The string after, ellipsis included.
    public var shortened: String
    /// The compact payload size before, in bytes.
    public var bytesBefore: Int
    /// The compact payload size after, in bytes.
    public var bytesAfter: Int
    /// The number of grapheme clusters removed from the original.
    public var removedCharacters: Int
  }

  /// The result of fitting.
  public struct Result: Hashable, Sendable {
    /// The payload, shortened or unchanged.
    public var payload: ValueNode
    /// What was cut, or `nil` when the payload already fit.
    public var cut: Cut?
  }

  /// The options in force.
  public var options: Options

  /// Creates a fitter.
  public init(options: Options) {
    self.options = options
  }

  /// Fits `payload`, or returns `nil` after emitting why it cannot be made to fit.
  public func fit(_ payload: ValueNode, collector: inout DiagnosticCollector) -> Result? {
    let writer = CanonicalJSONWriter(style: .compact)
    let total = writer.encodedByteCount(of: payload)
    guard total > options.maximumBytes else { return Result(payload: payload, cut: nil) }
    guard let pointer = targetPointer(in: payload),
      let original = payload[pointer]?.stringValue
    else {
      collector.emit(
        .apnsFitNoTarget(describeTarget(), bytes: total, limit: options.maximumBytes),
        at: payload.span,
        pointer: nil
      )
      return nil
    }
    let stringBytes = CanonicalJSONWriter.encodedByteCount(ofString: original)
    let budget = options.maximumBytes - (total - stringBytes)
    guard let shortened = shorten(original, toEncodedBytes: budget),
      let fitted = payload.replacing(
        at: pointer,
        with: ValueNode(.string(shortened), span: payload[pointer]?.span ?? payload.span))
    else {
      collector.emit(
        .apnsFitImpossible(
          String(describing: pointer),
          bytesWithoutIt: total - stringBytes + 2,
          limit: options.maximumBytes
        ),
        at: payload[pointer]?.span,
        pointer: nil
      )
      return nil
    }
    let cut = Cut(
      pointer: pointer,
      original: original,
      shortened: shortened,
      bytesBefore: total,
      bytesAfter: writer.encodedByteCount(of: fitted),
      removedCharacters: original.count - (shortened.count - options.ellipsis.count)
    )
    return Result(payload: fitted, cut: cut)
  }

  /// The longest prefix of `text` plus the ellipsis whose JSON string literal takes at most
  /// `budget` bytes, or `nil` when not even the ellipsis alone fits.
  func shorten(_ text: String, toEncodedBytes budget: Int) -> String? {
    let ellipsisBytes = CanonicalJSONWriter.encodedByteCount(ofString: options.ellipsis) - 2
    var available = budget - 2 - ellipsisBytes
    guard available >= 0 else { return nil }
    var end = text.startIndex
    var lastWordEnd: String.Index?
    var previousWasSpace = false
    for index in text.indices {
      let character = text[index]
      if character.isWhitespace && !previousWasSpace { lastWordEnd = index }
      previousWasSpace = character.isWhitespace
      let cost = CanonicalJSONWriter.encodedByteCount(ofString: String(character)) - 2
      guard cost <= available else { break }
      available -= cost
      end = text.index(after: index)
    }
    if options.policy == .truncateWord, end < text.endIndex, !text[end].isWhitespace,
      let lastWordEnd, lastWordEnd > text.startIndex
    {
      end = lastWordEnd
    }
    var prefix = text[..<end]
    while let last = prefix.last, last.isWhitespace { prefix = prefix.dropLast() }
    return String(prefix) + options.ellipsis
  }

  private func targetPointer(in payload: ValueNode) -> JSONPointer? {
    switch options.target {
    case .alertBody:
      guard let alert = payload[JSONPointer(tokens: ["aps", "alert"])] else { return nil }
      if alert.stringValue != nil { return JSONPointer(tokens: ["aps", "alert"]) }
      return alert.objectValue?["body"] != nil
        ? JSONPointer(tokens: ["aps", "alert", "body"]) : nil
    case .topLevelKey(let key):
      return payload.objectValue?[key] != nil ? JSONPointer(tokens: [key]) : nil
    }
  }

  private func describeTarget() -> String {
    switch options.target {
    case .alertBody: "'aps.alert.body'"
    case .topLevelKey(let key): "'\(key)'"
    }
  }
}
