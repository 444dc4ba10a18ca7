public import PushDiagnostics
import PushJSON

/// Reads a captured push in any of the ``CaptureForm``s, recognising the form from the content.
///
/// ```swift
/// let capture = CaptureReader.read(SourceFile(name: "push.txt", text: consoleOutput))
/// capture.form   // .swiftPrint
/// capture.root?[JSONPointer("/aps/alert/title")!]?.stringValue
/// ```
///
/// Detection looks at the first significant characters: `{` followed by a quoted key and `:` (or
/// `}`) is JSON, `{` followed by a key and `=` is a property-list description, and `[` followed
/// by `AnyHashable(`, `:]` or a quoted key and `:` (or `Optional(`) is a Swift `print`; any other
/// `[` is read as JSON. When the capture starts with other text, such as a log prefix, the text up
/// to the first `[AnyHashable(`, `Optional([` or `{` is skipped with a warning.
public enum CaptureReader {
  /// What the reader accepts.
  public struct Options: Hashable, Sendable {
    /// The form to read, or `nil` to recognise it from the content.
    public var form: CaptureForm?
    /// The deepest nesting of dictionaries and arrays accepted.
    public var maximumDepth: Int

    /// Creates options.
    public init(form: CaptureForm? = nil, maximumDepth: Int = 512) {
      self.form = form
      self.maximumDepth = maximumDepth
    }
  }

  /// Reads `file`.
  ///
  /// - Parameters:
  ///   - file: The capture.
  ///   - options: The form to assume, if any, and the nesting limit.
  /// - Returns: The value tree, the form it was read as and the diagnostics found.
  public static func read(_ file: SourceFile, options: Options = Options()) -> ParsedCapture {
    if let form = options.form {
      return read(file, as: form, maximumDepth: options.maximumDepth, leading: [])
    }
    switch detect(file.bytes) {
    case .form(let form, let skipped):
      guard let skipped else {
        return read(file, as: form, maximumDepth: options.maximumDepth, leading: [])
      }
      // Blank out the skipped text (keeping line breaks) so offsets stay those of the original.
      var bytes = file.bytes
      for position in skipped.start..<skipped.end
      where bytes[position] != UInt8(ascii: "\n") && bytes[position] != UInt8(ascii: "\r") {
        bytes[position] = UInt8(ascii: " ")
      }
      let blanked = SourceFile(name: file.name, bytes: bytes)
      var collector = DiagnosticCollector(file: file)
      collector.emit(.decodeSkippedLeadingText(bytes: skipped.count), at: skipped)
      return read(
        blanked, as: form, maximumDepth: options.maximumDepth, leading: collector.diagnostics)
    case .empty:
      var collector = DiagnosticCollector(file: file)
      collector.emit(.decodeEmptyCapture(), at: SourceSpan(at: file.bytes.count))
      return ParsedCapture(file: file, form: nil, root: nil, diagnostics: collector.diagnostics)
    case .unrecognized(let span):
      var collector = DiagnosticCollector(file: file)
      collector.emit(.decodeUnrecognizedCapture(), at: span)
      return ParsedCapture(file: file, form: nil, root: nil, diagnostics: collector.diagnostics)
    }
  }

  /// Reads `bytes` as a capture named `name`.
  ///
  /// - Parameters:
  ///   - bytes: The capture's UTF-8 bytes.
  ///   - name: The name diagnostics use.
  ///   - options: The form to assume, if any, and the nesting limit.
  /// - Returns: The value tree, the form it was read as and the diagnostics found.
  public static func read(
    bytes: [UInt8],
    name: String = "<capture>",
    options: Options = Options()
  ) -> ParsedCapture {
    read(SourceFile(name: name, bytes: bytes), options: options)
  }

  private static func read(
    _ file: SourceFile,
    as form: CaptureForm,
    maximumDepth: Int,
    leading: [Diagnostic]
  ) -> ParsedCapture {
    var parsed: ParsedCapture
    switch form {
    case .json:
      let source = JSONReader.read(file, options: JSONReader.Options(maximumDepth: maximumDepth))
      parsed = ParsedCapture(
        file: file,
        form: .json,
        root: source.documents.first,
        diagnostics: source.diagnostics
      )
    case .swiftPrint:
      parsed = SwiftDescriptionReader.read(file, maximumDepth: maximumDepth)
    case .propertyList:
      parsed = PropertyListTextReader.read(file, maximumDepth: maximumDepth)
    }
    parsed.diagnostics = leading + parsed.diagnostics
    return parsed
  }

  // MARK: - Detection

  /// The outcome of looking at a capture's first characters.
  enum Detection: Equatable {
    /// The form, and the leading text to skip before it, if any.
    case form(CaptureForm, skipping: SourceSpan?)
    /// Only white space.
    case empty
    /// Nothing recognisable; the span is the first line.
    case unrecognized(SourceSpan)
  }

  /// Recognises the form of `bytes`.
  static func detect(_ bytes: [UInt8]) -> Detection {
    bytes.withUnsafeBufferPointer { buffer in
      var start = 0
      if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
      while start < buffer.count, CaptureScanning.isWhitespace(buffer[start]) { start += 1 }
      guard start < buffer.count else { return .empty }
      if let form = form(at: start, in: buffer) {
        return .form(form, skipping: nil)
      }
      // Look for where the payload starts after a prefix such as "userInfo: ".
      var position = start
      // The end of the `Optional(` chain last tried: the inner `Optional(`s of a chain lead to
      // the same `[`, so trying each of them again would make a long chain quadratic.
      var optionalChainEnd = start
      while position < buffer.count {
        let byte = buffer[position]
        if byte == UInt8(ascii: "O") {
          if position < optionalChainEnd {
            position += 1
            continue
          }
          optionalChainEnd = afterOptionals(at: position, in: buffer)
        }
        // A push is a dictionary, so after a prefix only `{` or a Swift print can start it
        // (`Kuring[812:33415]` in a log line is not a JSON array).
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O"),
          let form = form(at: position, in: buffer),
          byte == UInt8(ascii: "{") || form == .swiftPrint
        {
          return .form(form, skipping: SourceSpan(start: start, end: position))
        }
        position += 1
      }
      var lineEnd = start
      while lineEnd < buffer.count, buffer[lineEnd] != UInt8(ascii: "\n"),
        buffer[lineEnd] != UInt8(ascii: "\r")
      {
        lineEnd += 1
      }
      return .unrecognized(SourceSpan(start: start, end: lineEnd))
    }
  }

  /// The position after the `Optional(` chain (and the white space after each) at `start`.
  private static func afterOptionals(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let word = Array("Optional(".utf8)
    var position = start
    while position + word.count <= bytes.count,
      word.indices.allSatisfy({ bytes[position + $0] == word[$0] })
    {
      position += word.count
      while position < bytes.count, CaptureScanning.isWhitespace(bytes[position]) { position += 1 }
    }
    return position
  }

  /// The form of a capture whose first significant byte is at `start`, or `nil`.
  private static func form(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> CaptureForm? {
    func skip(_ position: Int) -> Int {
      var position = position
      while position < bytes.count, CaptureScanning.isWhitespace(bytes[position]) { position += 1 }
      return position
    }
    func matches(_ word: String, at position: Int) -> Bool {
      let utf8 = Array(word.utf8)
      guard position + utf8.count <= bytes.count else { return false }
      for (offset, byte) in utf8.enumerated() where bytes[position + offset] != byte {
        return false
      }
      return true
    }
    /// The position after the quoted string at `position`, or `nil`.
    func afterQuoted(_ position: Int) -> Int? {
      var position = position + 1
      while position < bytes.count {
        switch bytes[position] {
        case UInt8(ascii: "\""): return position + 1
        case UInt8(ascii: "\\"): position += 2
        case UInt8(ascii: "\n"): return nil
        default: position += 1
        }
      }
      return nil
    }
    /// The form of a capture starting with `[`: a Swift `print` of a dictionary, a JSON array,
    /// or neither (such as a `[INFO]` log prefix).
    func form(afterBracketAt start: Int) -> CaptureForm? {
      let next = skip(start + 1)
      guard next < bytes.count else { return nil }
      if matches("AnyHashable(", at: next) { return .swiftPrint }
      switch bytes[next] {
      case UInt8(ascii: ":"):
        return .swiftPrint
      case UInt8(ascii: "\""):
        if let after = afterQuoted(next) {
          let separator = skip(after)
          if separator < bytes.count, bytes[separator] == UInt8(ascii: ":") { return .swiftPrint }
        }
        return .json
      case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "-"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        return .json
      default:
        return matches("true", at: next) || matches("false", at: next) || matches("null", at: next)
          ? .json : nil
      }
    }
    let unwrapped = afterOptionals(at: start, in: bytes)
    if unwrapped != start {
      let start = unwrapped
      guard start < bytes.count else { return nil }
      return bytes[start] == UInt8(ascii: "[") && form(afterBracketAt: start) == .swiftPrint
        ? .swiftPrint : nil
    }
    switch bytes[start] {
    case UInt8(ascii: "{"):
      let next = skip(start + 1)
      guard next < bytes.count else { return .json }
      if bytes[next] == UInt8(ascii: "}") { return .json }
      if bytes[next] == UInt8(ascii: "\"") {
        guard let after = afterQuoted(next) else { return .json }
        let separator = skip(after)
        if separator < bytes.count, bytes[separator] == UInt8(ascii: "=") { return .propertyList }
        return .json
      }
      return PropertyListScanner.isBareByte(bytes[next]) ? .propertyList : .json
    case UInt8(ascii: "["):
      return form(afterBracketAt: start)
    default:
      return nil
    }
  }
}
