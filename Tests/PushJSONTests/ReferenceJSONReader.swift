// The JSON reader as it was before its fast paths (commit 34b14fd), kept verbatim but for its
// names, as the oracle the differential tests compare the optimised reader against. It is a
// deliberate copy: when the reader's behaviour changes on purpose (issue 11's trailing commas
// and recovery after syntax errors), change this oracle the same way or retire the
// differential tests in favour of that issue's own tests.

import PushDiagnostics
import PushJSON

/// A strict RFC 8259 JSON reader that builds a ``ValueNode`` tree in which every value and key
/// knows its bytes in the source.
///
/// It reads UTF-8 bytes directly, validates them, keeps object key order and duplicate keys,
/// keeps number lexemes exactly, and reports every problem as a diagnostic pointing at the
/// offending byte. It never traps, recurses or backtracks: nesting is handled with an explicit
/// stack bounded by ``Options/maximumDepth``, and the work is linear in the input size.
///
/// ```swift
/// let parsed = ReferenceJSONReader.read(SourceFile(name: "message.json", text: #"{"a": 1}"#))
/// parsed.documents.first?[JSONPointer("/a")!]?.numberValue?.intValue  // 1
/// ```
struct ReferenceJSONReader: Sendable {
  /// What the reader accepts.
  struct Options: Hashable, Sendable {
    /// The deepest nesting of arrays and objects accepted; deeper input is an error.
    var maximumDepth: Int
    /// Whether several whitespace-separated values are read as documents (NDJSON), rather than
    /// content after the first value being an error.
    var allowsMultipleDocuments: Bool
    /// The severity of a duplicate key.
    var duplicateKeySeverity: Severity

    /// The default nesting limit, deep enough for any push message and shallow enough to walk
    /// recursively on any thread.
    static let defaultMaximumDepth = 512

    /// Creates options.
    init(
      maximumDepth: Int = Options.defaultMaximumDepth,
      allowsMultipleDocuments: Bool = false,
      duplicateKeySeverity: Severity = .error
    ) {
      self.maximumDepth = maximumDepth
      self.allowsMultipleDocuments = allowsMultipleDocuments
      self.duplicateKeySeverity = duplicateKeySeverity
    }
  }

  /// The options in force.
  var options: Options

  /// Creates a reader.
  init(options: Options = Options()) {
    self.options = options
  }

  /// Reads the documents of `file`.
  func read(_ file: SourceFile) -> ParsedSource {
    var collector = DiagnosticCollector(file: file)
    let documents = file.bytes.withUnsafeBufferPointer { buffer in
      var scanner = ReferenceJSONScanner(bytes: buffer, options: options, collector: collector)
      let documents = scanner.readDocuments()
      collector = scanner.collector
      return documents
    }
    return ParsedSource(
      file: file,
      format: options.allowsMultipleDocuments ? .jsonSequence : .json,
      documents: documents,
      diagnostics: collector.diagnostics
    )
  }

  /// Reads the documents of `file` with `options`.
  static func read(_ file: SourceFile, options: Options = Options()) -> ParsedSource {
    ReferenceJSONReader(options: options).read(file)
  }
}

/// The scanning state of one ``ReferenceJSONReader/read(_:)`` call.
private struct ReferenceJSONScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  let options: ReferenceJSONReader.Options
  var collector: DiagnosticCollector
  var index = 0
  /// The arrays and objects being read, innermost last.
  var stack: [Frame] = []

  init(
    bytes: UnsafeBufferPointer<UInt8>, options: ReferenceJSONReader.Options,
    collector: DiagnosticCollector
  ) {
    self.bytes = bytes
    self.options = options
    self.collector = collector
  }

  /// An array or object being read.
  struct Frame {
    var isObject: Bool
    var start: Int
    var elements: [ValueNode] = []
    var members: [JSONObject.Member] = []
    var pendingKey = ""
    var pendingKeySpan = SourceSpan(at: 0)
    /// Index of keys once the object is large enough for linear duplicate search to matter.
    var keyIndex: [String: Int]?
  }

  /// Objects with fewer members than this are searched linearly for duplicates.
  static let linearDuplicateSearchLimit = 12

  // MARK: - Documents

  mutating func readDocuments() -> [ValueNode] {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      collector.emit(.jsonByteOrderMark(), at: SourceSpan(start: 0, end: 3))
      index = 3
    } else if bytes.count >= 2,
      (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)
    {
      collector.emit(.jsonUnsupportedEncoding("UTF-16"), at: SourceSpan(start: 0, end: 2))
      return []
    }
    var documents: [ValueNode] = []
    let contentStart = index
    skipWhitespace()
    if index == bytes.count {
      collector.emit(.jsonEmptyInput(), at: SourceSpan(at: contentStart))
      return []
    }
    while index < bytes.count {
      guard let document = readValue() else { return documents }
      documents.append(document)
      skipWhitespace()
      if index < bytes.count && !options.allowsMultipleDocuments {
        if !skipCommentIfPresent() {
          let next = bytes[index]
          collector.emit(
            .jsonTrailingContent(), at: SourceSpan(start: index, end: bytes.count),
            fixIts: next == UInt8(ascii: "{") || next == UInt8(ascii: "[")
              ? [.jsonReadAsSequence] : [])
        }
        return documents
      }
    }
    return documents
  }

  // MARK: - Values

  /// Reads one complete value, or returns `nil` after emitting a syntax error.
  mutating func readValue() -> ValueNode? {
    stack.removeAll(keepingCapacity: true)
    while true {
      skipWhitespace()
      guard index < bytes.count else {
        collector.emit(
          .jsonUnexpectedEndOfInput(expected: "a value"),
          at: SourceSpan(at: index),
          pointer: pointer()
        )
        return nil
      }
      var completed: ValueNode
      switch bytes[index] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = bytes[index] == UInt8(ascii: "{")
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        guard stack.count < options.maximumDepth else {
          collector.emit(
            .jsonNestingTooDeep(limit: options.maximumDepth),
            at: SourceSpan(start: index, end: index + 1),
            pointer: pointer()
          )
          return nil
        }
        let start = index
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == closing {
          index += 1
          let kind: ValueNode.Kind = isObject ? .object(JSONObject()) : .array([])
          completed = ValueNode(kind, span: SourceSpan(start: start, end: index))
          break
        }
        stack.append(Frame(isObject: isObject, start: start))
        if isObject {
          guard readMemberKey(afterComma: false) else { return nil }
        }
        continue
      case UInt8(ascii: "\""):
        guard let (string, span) = readString() else { return nil }
        completed = ValueNode(.string(string), span: span)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard let number = readNumber() else { return nil }
        completed = number
      case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
        guard let literal = readLiteral() else { return nil }
        completed = literal
      default:
        reportUnexpected(expected: "a value")
        return nil
      }

      // Attach the completed value to the containers it closes.
      while !stack.isEmpty {
        let top = stack.count - 1
        let isObject = stack[top].isObject
        if isObject {
          appendMember(completed)
        } else {
          stack[top].elements.append(completed)
        }
        skipWhitespace()
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        guard index < bytes.count else {
          collector.emit(
            .jsonUnexpectedEndOfInput(expected: "',' or '\(Character(Unicode.Scalar(closing)))'"),
            at: SourceSpan(at: index),
            pointer: pointer()
          )
          return nil
        }
        if bytes[index] == UInt8(ascii: ",") {
          let comma = index
          index += 1
          skipWhitespace()
          if index < bytes.count && bytes[index] == closing {
            collector.emit(
              .jsonTrailingComma(),
              at: SourceSpan(start: comma, end: comma + 1),
              pointer: pointer(),
              fixIts: [
                collector.fixIt(
                  "remove the comma",
                  replacing: SourceSpan(start: comma, end: comma + 1),
                  with: ""
                )
              ]
            )
            return nil
          }
          if isObject {
            guard readMemberKey(afterComma: true) else { return nil }
          }
          break
        }
        guard bytes[index] == closing else {
          reportUnexpected(expected: "',' or '\(Character(Unicode.Scalar(closing)))'")
          return nil
        }
        index += 1
        let frame = stack.removeLast()
        let span = SourceSpan(start: frame.start, end: index)
        completed =
          isObject
          ? ValueNode(.object(JSONObject(frame.members)), span: span)
          : ValueNode(.array(frame.elements), span: span)
      }
      if stack.isEmpty { return completed }
    }
  }

  /// Reads `"key" :` into the object on top of the stack, reporting what is missing.
  mutating func readMemberKey(afterComma: Bool) -> Bool {
    skipWhitespace()
    let top = stack.count - 1
    guard index < bytes.count else {
      collector.emit(
        .jsonUnexpectedEndOfInput(expected: afterComma ? "an object key" : "an object key or '}'"),
        at: SourceSpan(at: index),
        pointer: pointer(includingPendingKey: false)
      )
      return false
    }
    guard bytes[index] == UInt8(ascii: "\"") else {
      reportUnexpected(
        expected: afterComma ? "an object key in double quotes" : "an object key or '}'",
        includingPendingKey: false
      )
      return false
    }
    guard let (key, span) = readString(includingPendingKey: false) else { return false }
    stack[top].pendingKey = key
    stack[top].pendingKeySpan = span
    skipWhitespace()
    guard index < bytes.count else {
      collector.emit(
        .jsonUnexpectedEndOfInput(expected: "':' after the key"),
        at: SourceSpan(at: index),
        pointer: pointer()
      )
      return false
    }
    guard bytes[index] == UInt8(ascii: ":") else {
      reportUnexpected(expected: "':' after the key")
      return false
    }
    index += 1
    return true
  }

  /// Adds the pending key and `value` to the object on top of the stack, reporting a duplicate
  /// key.
  mutating func appendMember(_ value: ValueNode) {
    let top = stack.count - 1
    let key = stack[top].pendingKey
    let keySpan = stack[top].pendingKeySpan
    var firstIndex: Int?
    let memberCount = stack[top].members.count
    if stack[top].keyIndex != nil {
      firstIndex = stack[top].keyIndex?[key]
      if firstIndex == nil { stack[top].keyIndex?[key] = memberCount }
    } else {
      firstIndex = stack[top].members.firstIndex { $0.key == key }
      if stack[top].members.count + 1 >= Self.linearDuplicateSearchLimit {
        var keyIndex: [String: Int] = [:]
        for (position, member) in stack[top].members.enumerated() where keyIndex[member.key] == nil
        {
          keyIndex[member.key] = position
        }
        if keyIndex[key] == nil { keyIndex[key] = stack[top].members.count }
        stack[top].keyIndex = keyIndex
      }
    }
    if let firstIndex {
      let first = stack[top].members[firstIndex]
      collector.emit(
        .jsonDuplicateKey(key),
        at: keySpan,
        pointer: pointer(),
        severity: options.duplicateKeySeverity,
        notes: [collector.note("'\(key)' is first defined here", at: first.keySpan)]
      )
    }
    stack[top].members.append(JSONObject.Member(key: key, keySpan: keySpan, value: value))
  }

  // MARK: - Scalars

  /// Reads a string starting at the opening quote. Problems inside the string are reported and
  /// reading goes on; only a missing closing quote fails.
  mutating func readString(includingPendingKey: Bool = true) -> (String, SourceSpan)? {
    let start = index
    index += 1
    let contentStart = index
    // Fast path: valid UTF-8 without escapes or control characters, decoded in one go.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        let content = UnsafeBufferPointer(rebasing: bytes[contentStart..<index - 1])
        return (String(decoding: content, as: UTF8.self), SourceSpan(start: start, end: index))
      }
      if byte >= 0x80 {
        let length = UTF8Validation.sequenceLength(in: bytes, at: index)
        if length == 0 { break }
        index += length
        continue
      }
      if byte < 0x20 || byte == UInt8(ascii: "\\") { break }
      index += 1
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(index - contentStart + 16)
    decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return (String(decoding: decoded, as: UTF8.self), SourceSpan(start: start, end: index))
      case UInt8(ascii: "\\"):
        readEscape(into: &decoded, includingPendingKey: includingPendingKey)
      case 0..<0x20:
        let escaped = Self.escapeSequence(forControlByte: byte)
        collector.emit(
          .jsonControlCharacterInString(byte, escaped: escaped),
          at: SourceSpan(start: index, end: index + 1),
          pointer: pointer(includingPendingKey: includingPendingKey),
          fixIts: [
            collector.fixIt(
              "replace it with '\(escaped)'",
              replacing: SourceSpan(start: index, end: index + 1),
              with: escaped
            )
          ]
        )
        decoded.append(byte)
        index += 1
      case 0x80...:
        let length = UTF8Validation.sequenceLength(in: bytes, at: index)
        if length == 0 {
          collector.emit(
            .jsonInvalidUTF8(byte),
            at: SourceSpan(start: index, end: index + 1),
            pointer: pointer(includingPendingKey: includingPendingKey)
          )
          decoded.append(contentsOf: [0xEF, 0xBF, 0xBD])
          index += 1
        } else {
          decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
          index += length
        }
      default:
        decoded.append(byte)
        index += 1
      }
    }
    collector.emit(
      .jsonUnterminatedString(),
      at: SourceSpan(start: start, end: start + 1),
      pointer: pointer(includingPendingKey: includingPendingKey)
    )
    return nil
  }

  /// Reads one escape sequence at `index` (the backslash) and appends its UTF-8 bytes.
  mutating func readEscape(into decoded: inout [UInt8], includingPendingKey: Bool) {
    let start = index
    guard index + 1 < bytes.count else {
      index = bytes.count
      return
    }
    let letter = bytes[index + 1]
    index += 2
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
    case UInt8(ascii: "b"): decoded.append(0x08)
    case UInt8(ascii: "f"): decoded.append(0x0C)
    case UInt8(ascii: "n"): decoded.append(0x0A)
    case UInt8(ascii: "r"): decoded.append(0x0D)
    case UInt8(ascii: "t"): decoded.append(0x09)
    case UInt8(ascii: "u"):
      guard let unit = readHexQuad() else {
        let end = min(bytes.count, max(index, start + 2))
        collector.emit(
          .jsonInvalidEscape(text(start..<end)),
          at: SourceSpan(start: start, end: end),
          pointer: pointer(includingPendingKey: includingPendingKey)
        )
        return
      }
      var scalarValue = UInt32(unit)
      if (0xD800...0xDBFF).contains(unit) {
        let afterHigh = index
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        {
          index += 2
          if let low = readHexQuad(), (0xDC00...0xDFFF).contains(low) {
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
          } else {
            index = afterHigh
          }
        }
        if scalarValue == UInt32(unit) {
          reportLoneSurrogate(start: start, includingPendingKey: includingPendingKey)
          decoded.append(contentsOf: [0xEF, 0xBF, 0xBD])
          return
        }
      } else if (0xDC00...0xDFFF).contains(unit) {
        reportLoneSurrogate(start: start, includingPendingKey: includingPendingKey)
        decoded.append(contentsOf: [0xEF, 0xBF, 0xBD])
        return
      }
      if let scalar = Unicode.Scalar(scalarValue) {
        UTF8.encode(scalar) { decoded.append($0) }
      }
    default:
      let end = letter >= 0x80 ? start + 1 : start + 2
      collector.emit(
        .jsonInvalidEscape(text(start..<min(end, bytes.count))),
        at: SourceSpan(start: start, end: min(start + 2, bytes.count)),
        pointer: pointer(includingPendingKey: includingPendingKey)
      )
      if letter >= 0x80 { index = start + 1 }
    }
    return
  }

  mutating func reportLoneSurrogate(start: Int, includingPendingKey: Bool) {
    collector.emit(
      .jsonLoneSurrogate(text(start..<start + 6)),
      at: SourceSpan(start: start, end: start + 6),
      pointer: pointer(includingPendingKey: includingPendingKey)
    )
  }

  /// Reads four hexadecimal digits at `index`, or returns `nil` without moving past a non-digit.
  mutating func readHexQuad() -> UInt16? {
    guard index + 4 <= bytes.count else { return nil }
    var value: UInt16 = 0
    for offset in 0..<4 {
      let byte = bytes[index + offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default:
        index += offset
        return nil
      }
      value = value << 4 | UInt16(digit)
    }
    index += 4
    return value
  }

  /// Reads a number, checking the RFC 8259 grammar.
  mutating func readNumber() -> ValueNode? {
    let start = index
    func fail(_ reason: String, at position: Int) -> ValueNode? {
      collector.emit(
        .jsonInvalidNumber(reason),
        at: SourceSpan(start: start, end: min(bytes.count, position + 1)),
        pointer: pointer()
      )
      return nil
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else {
      return fail("expected a digit after '-'", at: index)
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) {
        return fail("leading zeros are not allowed", at: index)
      }
    } else {
      skipDigits()
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        return fail("expected a digit after the decimal point", at: index)
      }
      skipDigits()
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else {
        return fail("expected a digit in the exponent", at: index)
      }
      skipDigits()
    }
    let lexeme = text(start..<index)
    return ValueNode(
      .number(JSONNumber(lexeme: lexeme)), span: SourceSpan(start: start, end: index))
  }

  /// Reads `true`, `false` or `null`.
  mutating func readLiteral() -> ValueNode? {
    let start = index
    let literals: [(String, ValueNode.Kind)] = [
      ("true", .bool(true)), ("false", .bool(false)), ("null", .null),
    ]
    for (word, kind) in literals where matches(word) {
      let end = index + word.utf8.count
      if end == bytes.count || !isIdentifierByte(bytes[end]) {
        index = end
        return ValueNode(kind, span: SourceSpan(start: start, end: end))
      }
    }
    reportUnexpected(expected: "a value")
    return nil
  }

  // MARK: - Helpers

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        index += 1
      default:
        return
      }
    }
  }

  mutating func skipDigits() {
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
  }

  /// Reports a comment at `index`, if there is one, and returns whether there was.
  mutating func skipCommentIfPresent() -> Bool {
    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"),
      bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")
    else { return false }
    collector.emit(.jsonComment(), at: SourceSpan(start: index, end: index + 2))
    return true
  }

  /// Reports the token at `index` as unexpected, naming what it looks like.
  mutating func reportUnexpected(expected: String, includingPendingKey: Bool = true) {
    if skipCommentIfPresent() { return }
    let start = index
    var end = index + 1
    let found: String
    let byte = bytes[index]
    if byte >= 0x80 {
      let length = UTF8Validation.sequenceLength(in: bytes, at: index)
      if length == 0 {
        collector.emit(
          .jsonInvalidUTF8(byte),
          at: SourceSpan(start: start, end: end),
          pointer: pointer(includingPendingKey: includingPendingKey)
        )
        return
      }
      end = index + length
      found = "character '\(text(start..<end))'"
    } else if isIdentifierByte(byte) {
      while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
      let word = text(start..<end)
      switch word {
      case "True", "TRUE", "False", "FALSE", "Null", "NULL", "None", "nil":
        found = "'\(word)' (JSON literals are lower-case 'true', 'false' and 'null')"
      case "NaN", "Infinity", "undefined":
        found = "'\(word)', which JSON cannot represent"
      default:
        found = "'\(word)'" + (expected.contains("key") ? " (keys must be in double quotes)" : "")
      }
    } else if byte == UInt8(ascii: "'") {
      found = "single quote (JSON strings use double quotes)"
    } else if byte < 0x20 || byte == 0x7F {
      found = "control character U+\(hex(byte, width: 4))"
    } else {
      found = "'\(Character(Unicode.Scalar(byte)))'"
    }
    collector.emit(
      .jsonUnexpectedToken(found: found, expected: expected),
      at: SourceSpan(start: start, end: end),
      pointer: pointer(includingPendingKey: includingPendingKey)
    )
  }

  /// The JSON Pointer of the value being read; without the pending key of the innermost object
  /// while its key is being read.
  func pointer(includingPendingKey: Bool = true) -> JSONPointer {
    var tokens: [String] = []
    tokens.reserveCapacity(stack.count)
    for (depth, frame) in stack.enumerated() {
      if frame.isObject {
        if depth == stack.count - 1 && !includingPendingKey { break }
        tokens.append(frame.pendingKey)
      } else {
        tokens.append(String(frame.elements.count))
      }
    }
    return JSONPointer(tokens: tokens)
  }

  func matches(_ word: String) -> Bool {
    var position = index
    for byte in word.utf8 {
      guard position < bytes.count, bytes[position] == byte else { return false }
      position += 1
    }
    return true
  }

  func text(_ range: Range<Int>) -> String {
    let clamped = max(0, range.lowerBound)..<min(bytes.count, range.upperBound)
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[clamped]), as: UTF8.self)
  }

  func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  func isIdentifierByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
      true
    default:
      false
    }
  }

  static func escapeSequence(forControlByte byte: UInt8) -> String {
    switch byte {
    case 0x08: "\\b"
    case 0x09: "\\t"
    case 0x0A: "\\n"
    case 0x0C: "\\f"
    case 0x0D: "\\r"
    default: "\\u" + hex(byte, width: 4)
    }
  }
}
