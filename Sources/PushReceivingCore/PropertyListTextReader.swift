package import PushDiagnostics
import PushJSON

/// Reads an `NSDictionary` description (old-style property-list text), as printed by
/// Objective-C `NSLog("%@", userInfo)` or by `po userInfo` in the debugger.
///
/// ```
/// {
///     aps =     {
///         alert = "Hello";
///         badge = 3;
///     };
///     "gcm.message_id" = 1700000000000002;
///     title = "\Uc810\Uac80";
/// }
/// ```
///
/// Dictionaries are `{ key = value; }`, arrays `( a, b )`, and strings are quoted only when they
/// need to be, with `\Uxxxx` escapes for non-ASCII text (older systems) and the usual
/// backslash escapes. Numbers and strings look alike, so unquoted scalars become untyped string
/// nodes (``ValueNode/isUntypedText``) and later stages decide their type. Quoted scalars are
/// strings.
///
/// Reading is linear in the input and iterative: nesting is bounded by `maximumDepth`, so deep
/// input is reported instead of overflowing the stack.
package enum PropertyListTextReader {
  /// Reads the value of `file`.
  ///
  /// - Parameters:
  ///   - file: The capture.
  ///   - maximumDepth: The deepest nesting of dictionaries and arrays accepted.
  /// - Returns: The value tree and the diagnostics found.
  package static func read(_ file: SourceFile, maximumDepth: Int = 512) -> ParsedCapture {
    var collector = DiagnosticCollector(file: file)
    let root: ValueNode? = file.bytes.withUnsafeBufferPointer { buffer in
      var start = 0
      if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
      var scanner = PropertyListScanner(
        bytes: buffer,
        index: start,
        limit: buffer.count,
        maximumDepth: maximumDepth,
        collector: collector,
        basePointer: []
      )
      scanner.skipWhitespace()
      guard scanner.index < buffer.count else {
        collector.emit(.decodeEmptyCapture(), at: SourceSpan(at: scanner.index))
        return nil
      }
      let value = scanner.readValue()
      if value != nil {
        scanner.skipWhitespace()
        if scanner.index < buffer.count {
          scanner.collector.emit(
            .decodeTrailingContent(),
            at: SourceSpan(start: scanner.index, end: buffer.count)
          )
        }
      }
      collector = scanner.collector
      return value
    }
    return ParsedCapture(
      file: file,
      form: .propertyList,
      root: root,
      diagnostics: collector.diagnostics
    )
  }
}

/// The scanning state for one property-list value between `index` and `limit`.
///
/// Used on its own for whole captures and by ``SwiftDescriptionReader`` for the
/// `NSDictionary` and `NSArray` values inside a Swift `print` of a dictionary.
struct PropertyListScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var index: Int
  let limit: Int
  let maximumDepth: Int
  /// The limit named in the nesting diagnostic: the whole input's, when this scanner reads a
  /// value nested inside a Swift `print` (whose `maximumDepth` is what is left of it).
  let reportedDepthLimit: Int
  var collector: DiagnosticCollector
  /// The pointer tokens of the value being read, for diagnostics.
  let basePointer: [String]
  var stack: [Frame] = []

  init(
    bytes: UnsafeBufferPointer<UInt8>,
    index: Int,
    limit: Int,
    maximumDepth: Int,
    reportedDepthLimit: Int? = nil,
    collector: DiagnosticCollector,
    basePointer: [String]
  ) {
    self.bytes = bytes
    self.index = index
    self.limit = limit
    self.maximumDepth = maximumDepth
    self.reportedDepthLimit = reportedDepthLimit ?? maximumDepth
    self.collector = collector
    self.basePointer = basePointer
  }

  /// A dictionary or array being read.
  struct Frame {
    var isDictionary: Bool
    var start: Int
    var elements: [ValueNode] = []
    var members: [JSONObject.Member] = []
    var pendingKey = ""
    var pendingKeySpan = SourceSpan(at: 0)
    var keyPositions: [String: Int] = [:]
  }

  // MARK: - Values

  /// Reads one complete value, or returns `nil` after emitting an error.
  mutating func readValue() -> ValueNode? {
    stack = []
    while true {
      skipWhitespace()
      guard index < limit else {
        emit(.decodeUnexpectedEndOfInput(expected: "a value"), at: SourceSpan(at: index))
        return nil
      }
      var completed: ValueNode
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "("):
        let isDictionary = byte == UInt8(ascii: "{")
        guard stack.count < maximumDepth else {
          emit(
            .decodeNestingTooDeep(limit: reportedDepthLimit),
            at: SourceSpan(start: index, end: index + 1)
          )
          return nil
        }
        let start = index
        index += 1
        skipWhitespace()
        let closing = isDictionary ? UInt8(ascii: "}") : UInt8(ascii: ")")
        if index < limit && bytes[index] == closing {
          index += 1
          let kind: ValueNode.Kind = isDictionary ? .object(JSONObject()) : .array([])
          completed = ValueNode(kind, span: SourceSpan(start: start, end: index))
          break
        }
        stack.append(Frame(isDictionary: isDictionary, start: start))
        if isDictionary {
          guard readKey(afterSemicolon: false) else { return nil }
        }
        continue
      case UInt8(ascii: "\""):
        guard let (string, span) = readQuoted() else { return nil }
        completed = ValueNode(.string(string), span: span)
      case UInt8(ascii: "<"):
        guard let node = readAngleBracketed() else { return nil }
        completed = node
      default:
        guard Self.isBareByte(byte) else {
          reportUnexpected(expected: "a value")
          return nil
        }
        completed = readBare()
      }

      // Attach the completed value to the containers it closes.
      while true {
        guard var frame = stack.popLast() else { return completed }
        if frame.isDictionary {
          appendMember(completed, to: &frame)
          skipWhitespace()
          guard index < limit, bytes[index] == UInt8(ascii: ";") else {
            stack.append(frame)
            if index < limit {
              let (found, length) = CaptureScanning.describeCharacter(
                in: bytes, at: index, limit: limit)
              collector.emit(
                .decodeUnexpectedToken(found: found, expected: "';' after the value"),
                at: SourceSpan(start: index, end: index + length),
                pointer: currentPointer,
                fixIts: [
                  collector.fixIt(
                    "insert ';'", replacing: SourceSpan(at: completed.span.end), with: ";")
                ]
              )
            } else {
              emit(
                .decodeUnexpectedEndOfInput(expected: "';' after the value"),
                at: SourceSpan(at: index))
            }
            return nil
          }
          index += 1
          skipWhitespace()
          if index < limit && bytes[index] == UInt8(ascii: "}") {
            index += 1
            completed = ValueNode(
              .object(JSONObject(frame.members)),
              span: SourceSpan(start: frame.start, end: index)
            )
            continue
          }
          stack.append(frame)
          guard readKey(afterSemicolon: true) else { return nil }
          break
        }
        frame.elements.append(completed)
        skipWhitespace()
        guard index < limit else {
          stack.append(frame)
          emit(.decodeUnexpectedEndOfInput(expected: "',' or ')'"), at: SourceSpan(at: index))
          return nil
        }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          skipWhitespace()
          if index < limit && bytes[index] == UInt8(ascii: ")") {
            index += 1
            completed = ValueNode(
              .array(frame.elements), span: SourceSpan(start: frame.start, end: index))
            continue
          }
          stack.append(frame)
          break
        }
        if bytes[index] == UInt8(ascii: ")") {
          index += 1
          completed = ValueNode(
            .array(frame.elements), span: SourceSpan(start: frame.start, end: index))
          continue
        }
        stack.append(frame)
        reportUnexpected(expected: "',' or ')'")
        return nil
      }
    }
  }

  /// Reads `key =` into the innermost frame.
  mutating func readKey(afterSemicolon: Bool) -> Bool {
    skipWhitespace()
    let expected = afterSemicolon ? "a key or '}'" : "a key"
    guard index < limit else {
      emit(.decodeUnexpectedEndOfInput(expected: expected), at: SourceSpan(at: index))
      return false
    }
    let key: String
    let span: SourceSpan
    let byte = bytes[index]
    if byte == UInt8(ascii: "\"") {
      guard let (string, quotedSpan) = readQuoted() else { return false }
      key = string
      span = quotedSpan
    } else if Self.isBareByte(byte) {
      let node = readBare()
      key = node.stringValue ?? ""
      span = node.span
    } else {
      reportUnexpected(expected: expected)
      return false
    }
    stack[stack.count - 1].pendingKey = key
    stack[stack.count - 1].pendingKeySpan = span
    skipWhitespace()
    guard index < limit else {
      emit(.decodeUnexpectedEndOfInput(expected: "'=' after the key"), at: SourceSpan(at: index))
      return false
    }
    guard bytes[index] == UInt8(ascii: "=") else {
      reportUnexpected(expected: "'=' after the key")
      return false
    }
    index += 1
    return true
  }

  mutating func appendMember(_ value: ValueNode, to frame: inout Frame) {
    let key = frame.pendingKey
    if let first = frame.keyPositions[key] {
      let firstSpan = frame.members[first].keySpan
      collector.emit(
        .decodeDuplicateKey(key),
        at: frame.pendingKeySpan,
        pointer: JSONPointer(tokens: basePointer + stack.map(Self.token(of:)) + [key]),
        notes: [collector.note("'\(key)' is first defined here", at: firstSpan)]
      )
    } else {
      frame.keyPositions[key] = frame.members.count
    }
    frame.members.append(JSONObject.Member(key: key, keySpan: frame.pendingKeySpan, value: value))
  }

  // MARK: - Scalars

  /// Whether `byte` can be part of an unquoted string.
  static func isBareByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0...0x20, 0x7F, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"),
      UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "\""),
      UInt8(ascii: "<"),
      UInt8(ascii: ">"):
      false
    default:
      true
    }
  }

  /// Reads an unquoted string as an untyped node.
  mutating func readBare() -> ValueNode {
    let start = index
    var buffer: [UInt8] = []
    while index < limit, Self.isBareByte(bytes[index]) {
      let byte = bytes[index]
      if byte < 0x80 {
        buffer.append(byte)
        index += 1
        continue
      }
      let length = UTF8Validation.sequenceLength(in: bytes, at: index, limit: limit)
      if length == 0 {
        emit(.decodeInvalidUTF8(byte), at: SourceSpan(start: index, end: index + 1))
        buffer.append(contentsOf: [0xEF, 0xBF, 0xBD])
        index += 1
      } else {
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
        index += length
      }
    }
    return .untypedText(
      String(decoding: buffer, as: UTF8.self), span: SourceSpan(start: start, end: index))
  }

  /// Reads `<…>` (how `NSData` and some objects describe themselves) as untyped text.
  mutating func readAngleBracketed() -> ValueNode? {
    let start = index
    var position = index + 1
    while position < limit, bytes[position] != UInt8(ascii: ">") { position += 1 }
    guard position < limit else {
      emit(.decodeUnexpectedEndOfInput(expected: "'>'"), at: SourceSpan(at: position))
      return nil
    }
    index = position + 1
    return .untypedText(
      CaptureScanning.text(bytes, start..<index), span: SourceSpan(start: start, end: index))
  }

  /// Reads a quoted string with property-list escapes: `\"`, `\\`, `\n`, `\t`, `\r`, `\a`, `\b`,
  /// `\f`, `\v`, `\'`, octal `\ooo` and `\Uxxxx` (UTF-16 code units, surrogate pairs combined).
  mutating func readQuoted() -> (String, SourceSpan)? {
    let start = index
    index += 1
    var buffer = DecodedStringBuffer()
    while index < limit {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\") {
        readEscape(into: &buffer)
        continue
      }
      if let lone = buffer.flushSurrogate() { reportLoneSurrogate(lone) }
      if byte == UInt8(ascii: "\"") {
        index += 1
        return (buffer.string, SourceSpan(start: start, end: index))
      }
      if byte < 0x80 {
        buffer.append(byte: byte)
        index += 1
        continue
      }
      let length = UTF8Validation.sequenceLength(in: bytes, at: index, limit: limit)
      if length == 0 {
        emit(.decodeInvalidUTF8(byte), at: SourceSpan(start: index, end: index + 1))
        buffer.append(scalarValue: 0xFFFD)
        index += 1
      } else {
        for offset in 0..<length { buffer.append(byte: bytes[index + offset]) }
        index += length
      }
    }
    emit(.decodeUnterminatedString(), at: SourceSpan(start: start, end: start + 1))
    return nil
  }

  mutating func readEscape(into buffer: inout DecodedStringBuffer) {
    let start = index
    guard index + 1 < limit else {
      index = limit
      return
    }
    let letter = bytes[index + 1]
    index += 2
    if letter == UInt8(ascii: "U") || letter == UInt8(ascii: "u") {
      var value: UInt32 = 0
      var digits = 0
      while digits < 4, index < limit, let digit = CaptureScanning.hexValue(bytes[index]) {
        value = value << 4 | digit
        digits += 1
        index += 1
      }
      guard digits > 0 else {
        if let lone = buffer.flushSurrogate() { reportLoneSurrogate(lone) }
        emit(
          .decodeInvalidEscape(CaptureScanning.text(bytes, start..<index)),
          at: SourceSpan(start: start, end: index)
        )
        buffer.append(byte: letter)
        return
      }
      for lone in buffer.appendEscapedCodeUnit(value, span: SourceSpan(start: start, end: index)) {
        reportLoneSurrogate(lone)
      }
      return
    }
    if let lone = buffer.flushSurrogate() { reportLoneSurrogate(lone) }
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "/"):
      buffer.append(byte: letter)
    case UInt8(ascii: "n"): buffer.append(byte: 0x0A)
    case UInt8(ascii: "t"): buffer.append(byte: 0x09)
    case UInt8(ascii: "r"): buffer.append(byte: 0x0D)
    case UInt8(ascii: "a"): buffer.append(byte: 0x07)
    case UInt8(ascii: "b"): buffer.append(byte: 0x08)
    case UInt8(ascii: "f"): buffer.append(byte: 0x0C)
    case UInt8(ascii: "v"): buffer.append(byte: 0x0B)
    case UInt8(ascii: "\n"), UInt8(ascii: "\r"): buffer.append(byte: letter)
    case UInt8(ascii: "0")...UInt8(ascii: "7"):
      var value = UInt32(letter - UInt8(ascii: "0"))
      var digits = 1
      while digits < 3, index < limit, bytes[index] >= UInt8(ascii: "0"),
        bytes[index] <= UInt8(ascii: "7")
      {
        value = value << 3 | UInt32(bytes[index] - UInt8(ascii: "0"))
        digits += 1
        index += 1
      }
      buffer.append(scalarValue: value)
    default:
      // Keep the character, as Core Foundation does, but say so.
      index = start + 1
      let length = CaptureScanning.describeCharacter(in: bytes, at: index, limit: limit).length
      emit(
        .decodeInvalidEscape(CaptureScanning.text(bytes, start..<index + length)),
        at: SourceSpan(start: start, end: index + length)
      )
    }
  }

  mutating func reportLoneSurrogate(_ span: SourceSpan) {
    emit(.decodeLoneSurrogate(CaptureScanning.text(bytes, span.start..<span.end)), at: span)
  }

  // MARK: - Helpers

  mutating func skipWhitespace() {
    while index < limit, CaptureScanning.isWhitespace(bytes[index]) { index += 1 }
  }

  mutating func reportUnexpected(expected: String) {
    let (found, length) = CaptureScanning.describeCharacter(in: bytes, at: index, limit: limit)
    emit(
      .decodeUnexpectedToken(found: found, expected: expected),
      at: SourceSpan(start: index, end: index + length)
    )
  }

  mutating func emit(_ message: DiagnosticMessage, at span: SourceSpan) {
    collector.emit(message, at: span, pointer: currentPointer)
  }

  /// The pointer of the value being read.
  var currentPointer: JSONPointer {
    JSONPointer(tokens: basePointer + stack.map(Self.token(of:)))
  }

  static func token(of frame: Frame) -> String {
    frame.isDictionary ? frame.pendingKey : String(frame.elements.count)
  }
}
