package import PushDiagnostics
import PushJSON

/// Reads the output of Swift's `print(userInfo)` for a `[AnyHashable: Any]` (or a
/// `[String: Any]`), as it appears in the Xcode console.
///
/// ```
/// [AnyHashable("google.c.a.e"): 1, AnyHashable("type"): notice, AnyHashable("aps"): {
///     alert =     {
///         body = "\Uae30\Uc219\Uc0ac";
///         title = "[학생] 새로운 공지가 왔어요!";
///     };
///     "mutable-content" = 1;
/// }, AnyHashable("gcm.message_id"): 1700000000000001]
/// ```
///
/// The top level is a Swift dictionary literal. Its values are Objective-C objects printed with
/// their descriptions: `NSString`s unquoted and verbatim (so a title may contain `, ` or `]`),
/// `NSNumber`s as digits, `NSDictionary` and `NSArray` values in property-list style (read with
/// the same rules as ``PropertyListTextReader``). A value therefore runs up to the next
/// `, AnyHashable(` (or `, "key": ` for `String` keys) or the closing `]`; within that region it is
/// read as a dictionary, array or quoted Swift string when it is exactly one, and as untyped text
/// otherwise. Values built in Swift print as Swift literals (`["a": 1]`, `"text"`,
/// `Optional(…)`) and are read as such.
///
/// Unquoted scalars become untyped string nodes (``ValueNode/isUntypedText``); quoted ones are
/// strings. Reading is linear in the input (each value region is read at most twice) and
/// iterative, with nesting bounded by `maximumDepth`.
package enum SwiftDescriptionReader {
  /// Reads the value of `file`.
  ///
  /// - Parameters:
  ///   - file: The capture.
  ///   - maximumDepth: The deepest nesting of dictionaries and arrays accepted.
  /// - Returns: The value tree and the diagnostics found.
  package static func read(_ file: SourceFile, maximumDepth: Int = 512) -> ParsedCapture {
    var collector = DiagnosticCollector(file: file)
    let root: ValueNode? = file.bytes.withUnsafeBufferPointer { buffer in
      var scanner = SwiftDescriptionScanner(
        bytes: buffer,
        limit: buffer.count,
        maximumDepth: maximumDepth,
        collector: collector
      )
      let root = scanner.readDocument()
      collector = scanner.collector
      return root
    }
    return ParsedCapture(
      file: file, form: .swiftPrint, root: root, diagnostics: collector.diagnostics)
  }
}

/// The scanning state of one ``SwiftDescriptionReader/read(_:maximumDepth:)`` call.
struct SwiftDescriptionScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  /// The end of the bytes this scanner may read.
  var limit: Int
  let maximumDepth: Int
  var collector: DiagnosticCollector

  init(
    bytes: UnsafeBufferPointer<UInt8>, limit: Int, maximumDepth: Int, collector: DiagnosticCollector
  ) {
    self.bytes = bytes
    self.limit = limit
    self.maximumDepth = maximumDepth
    self.collector = collector
  }

  /// How the keys of the top-level dictionary are printed.
  enum KeyStyle {
    /// `AnyHashable("key")`, from a `[AnyHashable: Any]`.
    case anyHashable
    /// `"key"`, from a `[String: Any]`.
    case string
  }

  // MARK: - Document

  mutating func readDocument() -> ValueNode? {
    if limit >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    skipWhitespace()
    guard index < limit else {
      collector.emit(.decodeEmptyCapture(), at: SourceSpan(at: index))
      return nil
    }
    var end = limit
    trimTrailingWhitespace(&end, above: index)
    var wrappers = 0
    while matches("Optional(", at: index, before: end) {
      guard bytes[end - 1] == UInt8(ascii: ")"), end - 1 > index + 9 else {
        collector.emit(
          .decodeUnexpectedEndOfInput(expected: "')' closing 'Optional('"),
          at: SourceSpan(at: end)
        )
        return nil
      }
      wrappers += 1
      guard wrappers < maximumDepth else {
        collector.emit(
          .decodeNestingTooDeep(limit: maximumDepth), at: SourceSpan(start: index, end: index + 9))
        return nil
      }
      index += 9
      end -= 1
      skipWhitespace()
      trimTrailingWhitespace(&end, above: index)
    }
    guard index < end, bytes[index] == UInt8(ascii: "[") else {
      reportUnexpected(at: index, expected: "'[' starting a Swift dictionary", pointer: .root)
      return nil
    }
    guard end - 1 > index, bytes[end - 1] == UInt8(ascii: "]") else {
      collector.emit(
        .decodeUnexpectedEndOfInput(expected: "']' closing the dictionary"),
        at: SourceSpan(at: end),
        pointer: .root
      )
      return nil
    }
    guard let root = readTopLevelDictionary(open: index, close: end - 1) else { return nil }
    return root
  }

  /// Reads the top-level dictionary between the brackets at `open` and `close`.
  mutating func readTopLevelDictionary(open: Int, close: Int) -> ValueNode? {
    index = open + 1
    skipWhitespace(before: close)
    let span = SourceSpan(start: open, end: close + 1)
    if index == close {
      return ValueNode(.object(JSONObject()), span: span)
    }
    if bytes[index] == UInt8(ascii: ":") {
      index += 1
      skipWhitespace(before: close)
      guard index == close else {
        reportUnexpected(at: index, expected: "']' after '[:'", pointer: .root)
        return nil
      }
      return ValueNode(.object(JSONObject()), span: span)
    }
    let style: KeyStyle
    if matches("AnyHashable(", at: index, before: close) {
      style = .anyHashable
    } else if bytes[index] == UInt8(ascii: "\"") {
      style = .string
    } else {
      reportUnexpected(at: index, expected: "a key such as 'AnyHashable(\"aps\")'", pointer: .root)
      return nil
    }
    var members: [JSONObject.Member] = []
    var keyPositions: [String: Int] = [:]
    while true {
      guard let (key, keySpan) = readKey(style: style, before: close, pointer: .root) else {
        return nil
      }
      guard expectColon(before: close, pointer: JSONPointer(tokens: [key])) else { return nil }
      skipWhitespace(before: close)
      guard let value = readTopLevelValue(style: style, close: close, key: key) else { return nil }
      if let first = keyPositions[key] {
        collector.emit(
          .decodeDuplicateKey(key),
          at: keySpan,
          pointer: JSONPointer(tokens: [key]),
          notes: [collector.note("'\(key)' is first defined here", at: members[first].keySpan)]
        )
      } else {
        keyPositions[key] = members.count
      }
      members.append(JSONObject.Member(key: key, keySpan: keySpan, value: value))
      // `readTopLevelValue` leaves `index` at the separator's comma or at `close`.
      if index >= close { break }
      index += 1
      skipWhitespace(before: close)
      guard index < close else {
        reportUnexpected(at: index, expected: "another key", pointer: .root)
        return nil
      }
    }
    return ValueNode(.object(JSONObject(members)), span: span)
  }

  /// Reads `AnyHashable("key")` or `"key"`.
  mutating func readKey(style: KeyStyle, before end: Int, pointer: JSONPointer) -> (
    String, SourceSpan
  )? {
    switch style {
    case .anyHashable:
      guard matches("AnyHashable(", at: index, before: end) else {
        reportUnexpected(
          at: index, expected: "a key such as 'AnyHashable(\"aps\")'", pointer: pointer)
        return nil
      }
      index += 12
      skipWhitespace(before: end)
      let key: String
      let span: SourceSpan
      if index < end, bytes[index] == UInt8(ascii: "\"") {
        guard let (string, literalSpan) = readSwiftLiteral(before: end, pointer: pointer) else {
          return nil
        }
        key = string
        span = literalSpan
      } else {
        let start = index
        while index < end, bytes[index] != UInt8(ascii: ")") { index += 1 }
        var textEnd = index
        trimTrailingWhitespace(&textEnd, above: start)
        guard textEnd > start else {
          reportUnexpected(
            at: min(index, end - 1), expected: "the key inside 'AnyHashable(…)'", pointer: pointer)
          return nil
        }
        key = CaptureScanning.text(bytes, start..<textEnd)
        span = SourceSpan(start: start, end: textEnd)
        collector.emit(.decodeNonStringKey(key), at: span, pointer: pointer)
      }
      skipWhitespace(before: end)
      guard index < end, bytes[index] == UInt8(ascii: ")") else {
        if index < end {
          reportUnexpected(at: index, expected: "')' closing 'AnyHashable('", pointer: pointer)
        } else {
          collector.emit(
            .decodeUnexpectedEndOfInput(expected: "')' closing 'AnyHashable('"),
            at: SourceSpan(at: index),
            pointer: pointer
          )
        }
        return nil
      }
      index += 1
      return (key, span)
    case .string:
      guard index < end, bytes[index] == UInt8(ascii: "\"") else {
        if index < end {
          reportUnexpected(at: index, expected: "a quoted key", pointer: pointer)
        } else {
          collector.emit(
            .decodeUnexpectedEndOfInput(expected: "a quoted key"), at: SourceSpan(at: index),
            pointer: pointer)
        }
        return nil
      }
      return readSwiftLiteral(before: end, pointer: pointer)
    }
  }

  mutating func expectColon(before end: Int, pointer: JSONPointer) -> Bool {
    skipWhitespace(before: end)
    guard index < end else {
      collector.emit(
        .decodeUnexpectedEndOfInput(expected: "':' after the key"), at: SourceSpan(at: index),
        pointer: pointer)
      return false
    }
    guard bytes[index] == UInt8(ascii: ":") else {
      reportUnexpected(at: index, expected: "':' after the key", pointer: pointer)
      return false
    }
    index += 1
    return true
  }

  // MARK: - Top-level values

  /// Reads the value of a top-level entry and leaves `index` at the comma of the next separator
  /// or at `close`.
  mutating func readTopLevelValue(style: KeyStyle, close: Int, key: String) -> ValueNode? {
    let pointer = JSONPointer(tokens: [key])
    let start = index
    guard start < close else {
      return .untypedText("", span: SourceSpan(at: start))
    }
    let byte = bytes[start]

    // Values that are certainly containers are read without a region bound, because they may
    // contain separators themselves.
    let committedNative = opensSwiftDictionary(at: start, before: close)
    let committedPropertyList =
      (byte == UInt8(ascii: "{") && looksLikePropertyListDictionary(at: start, before: close))
      || (byte == UInt8(ascii: "(") && start + 1 < close
        && (bytes[start + 1] == UInt8(ascii: "\n") || bytes[start + 1] == UInt8(ascii: "\r")))
    if committedNative || committedPropertyList {
      let saved = limit
      limit = close
      let node =
        committedNative
        ? readNativeValue(depth: 1, pointer: pointer)
        : readPropertyListValue(depth: 1, pointer: pointer)
      limit = saved
      guard let node else { return nil }
      skipWhitespace(before: close)
      guard index == close || bytes[index] == UInt8(ascii: ",") else {
        reportUnexpected(at: index, expected: "',' or ']'", pointer: .root)
        return nil
      }
      return node
    }

    let regionEnd = findSeparator(from: start, style: style, close: close)
    var valueEnd = regionEnd
    trimTrailingWhitespace(&valueEnd, above: start)

    // Try the value as exactly one structured value filling the region. `NSArray`s always
    // print as `(` and a line break, so a one-line `(…)` is text such as `(주)회사`; a Swift
    // array counts only when its scalars are quoted or numbers, as Swift prints its own values,
    // so the title `[개강]` stays text.
    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\"")
      || matches("Optional(", at: start, before: valueEnd)
    {
      var attempt = self
      attempt.limit = valueEnd
      attempt.collector = DiagnosticCollector(
        fileName: collector.fileName, lineTable: collector.lineTable)
      let node: ValueNode?
      if byte == UInt8(ascii: "{") {
        node = attempt.readPropertyListValue(depth: 1, pointer: pointer)
      } else if byte == UInt8(ascii: "\"") {
        node = attempt.readSwiftLiteral(before: valueEnd, pointer: pointer).map {
          ValueNode(.string($0.0), span: $0.1)
        }
      } else {
        node = attempt.readNativeValue(depth: 1, pointer: pointer, requiresSwiftScalars: true)
      }
      if let node, attempt.index == valueEnd, !attempt.collector.hasErrors {
        collector.append(contentsOf: attempt.collector.diagnostics)
        index = regionEnd
        return node
      }
    }

    // Otherwise the value is an object's description: untyped text, up to the separator.
    // Swift prints the description as it is, so spaces before `, AnyHashable(` are the
    // value's own (an `NSString` that ends in spaces); only line breaks are layout.
    index = regionEnd
    var textEnd = regionEnd
    while textEnd > start,
      bytes[textEnd - 1] == UInt8(ascii: "\n") || bytes[textEnd - 1] == UInt8(ascii: "\r")
    {
      textEnd -= 1
    }
    return rawText(start..<textEnd, pointer: pointer)
  }

  /// The position of the comma that starts the next entry after `start`, or `close`.
  func findSeparator(from start: Int, style: KeyStyle, close: Int) -> Int {
    var position = start
    while position < close {
      if bytes[position] == UInt8(ascii: ",") {
        var next = position + 1
        while next < close, CaptureScanning.isWhitespace(bytes[next]) { next += 1 }
        switch style {
        case .anyHashable:
          if matches("AnyHashable(", at: next, before: close) { return position }
        case .string:
          if next < close, bytes[next] == UInt8(ascii: "\""),
            let after = endOfSwiftLiteral(at: next, before: close)
          {
            var colon = after
            while colon < close, CaptureScanning.isWhitespace(bytes[colon]) { colon += 1 }
            if colon < close, bytes[colon] == UInt8(ascii: ":") { return position }
          }
        }
      }
      position += 1
    }
    return close
  }

  /// Whether the `{` at `start` opens an `NSDictionary` description: `{` followed by `}` or by a
  /// key and `=`.
  func looksLikePropertyListDictionary(at start: Int, before end: Int) -> Bool {
    var position = start + 1
    while position < end, CaptureScanning.isWhitespace(bytes[position]) { position += 1 }
    guard position < end else { return false }
    if bytes[position] == UInt8(ascii: "}") { return true }
    if bytes[position] == UInt8(ascii: "\"") {
      position += 1
      while position < end, bytes[position] != UInt8(ascii: "\"") {
        position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
      }
      position += 1
    } else if PropertyListScanner.isBareByte(bytes[position]) {
      while position < end, PropertyListScanner.isBareByte(bytes[position]) { position += 1 }
    } else {
      return false
    }
    while position < end, CaptureScanning.isWhitespace(bytes[position]) { position += 1 }
    return position < end && bytes[position] == UInt8(ascii: "=")
  }

  /// Whether a Swift dictionary starts at `start`: `[AnyHashable(`, `[:]` or `["key":`.
  func opensSwiftDictionary(at start: Int, before end: Int) -> Bool {
    guard start < end, bytes[start] == UInt8(ascii: "[") else { return false }
    var position = start + 1
    while position < end, CaptureScanning.isWhitespace(bytes[position]) { position += 1 }
    if matches("AnyHashable(", at: position, before: end)
      || isEmptySwiftDictionary(at: start, before: end)
    {
      return true
    }
    guard position < end, bytes[position] == UInt8(ascii: "\""),
      let after = endOfSwiftLiteral(at: position, before: end)
    else { return false }
    position = after
    while position < end, CaptureScanning.isWhitespace(bytes[position]) { position += 1 }
    return position < end && bytes[position] == UInt8(ascii: ":")
  }

  /// Whether `[:]` (an empty Swift dictionary) starts at `start`.
  func isEmptySwiftDictionary(at start: Int, before end: Int) -> Bool {
    var position = start + 1
    while position < end, CaptureScanning.isWhitespace(bytes[position]) { position += 1 }
    guard position < end, bytes[position] == UInt8(ascii: ":") else { return false }
    position += 1
    while position < end, CaptureScanning.isWhitespace(bytes[position]) { position += 1 }
    return position < end && bytes[position] == UInt8(ascii: "]")
  }

  /// The untyped text of `range`, with invalid UTF-8 reported and replaced.
  mutating func rawText(_ range: Range<Int>, pointer: JSONPointer) -> ValueNode {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(range.count)
    var position = range.lowerBound
    while position < range.upperBound {
      let byte = bytes[position]
      if byte < 0x80 {
        buffer.append(byte)
        position += 1
        continue
      }
      let length = UTF8Validation.sequenceLength(
        in: bytes, at: position, limit: range.upperBound)
      if length == 0 {
        collector.emit(
          .decodeInvalidUTF8(byte), at: SourceSpan(start: position, end: position + 1),
          pointer: pointer)
        buffer.append(contentsOf: [0xEF, 0xBF, 0xBD])
        position += 1
      } else {
        buffer.append(
          contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<position + length]))
        position += length
      }
    }
    return .untypedText(
      String(decoding: buffer, as: UTF8.self),
      span: SourceSpan(start: range.lowerBound, end: range.upperBound)
    )
  }

  // MARK: - Values printed by Swift

  /// A Swift container being read.
  struct Frame {
    enum Kind {
      /// `[` whose first element decides between an array and a `String`-keyed dictionary.
      case undecided
      case array
      case dictionary
      /// `Optional(`.
      case optional
    }

    var kind: Kind
    var start: Int
    var elements: [ValueNode] = []
    var members: [JSONObject.Member] = []
    var pendingKey = ""
    var pendingKeySpan = SourceSpan(at: 0)
    var keyPositions: [String: Int] = [:]
  }

  /// Reads a value printed by Swift: `[…]` arrays and dictionaries, `Optional(…)`, quoted
  /// literals, unquoted scalars, and the property-list descriptions of Objective-C containers.
  ///
  /// With `requiresSwiftScalars`, an unquoted scalar must be a number, `true`, `false` or `nil`
  /// (how Swift prints its own values), and anything else fails the read.
  mutating func readNativeValue(
    depth: Int,
    pointer base: JSONPointer,
    requiresSwiftScalars: Bool = false
  ) -> ValueNode? {
    var stack: [Frame] = []
    func pointer(_ stack: [Frame]) -> JSONPointer {
      var tokens = base.tokens
      for frame in stack {
        switch frame.kind {
        case .dictionary: tokens.append(frame.pendingKey)
        case .array, .undecided: tokens.append(String(frame.elements.count))
        case .optional: break
        }
      }
      return JSONPointer(tokens: tokens)
    }
    while true {
      skipWhitespace()
      guard index < limit else {
        collector.emit(
          .decodeUnexpectedEndOfInput(expected: "a value"), at: SourceSpan(at: index),
          pointer: pointer(stack))
        return nil
      }
      var completed: ValueNode
      let byte = bytes[index]
      if byte == UInt8(ascii: "[") || matches("Optional(", at: index, before: limit) {
        guard depth + stack.count < maximumDepth else {
          collector.emit(
            .decodeNestingTooDeep(limit: maximumDepth),
            at: SourceSpan(start: index, end: index + 1),
            pointer: pointer(stack)
          )
          return nil
        }
        let start = index
        if byte != UInt8(ascii: "[") {
          index += 9
          stack.append(Frame(kind: .optional, start: start))
          continue
        }
        index += 1
        skipWhitespace()
        if index < limit, bytes[index] == UInt8(ascii: "]") {
          index += 1
          completed = ValueNode(.array([]), span: SourceSpan(start: start, end: index))
        } else if isEmptySwiftDictionary(at: start, before: limit) {
          while bytes[index] != UInt8(ascii: "]") { index += 1 }
          index += 1
          completed = ValueNode(.object(JSONObject()), span: SourceSpan(start: start, end: index))
        } else if matches("AnyHashable(", at: index, before: limit) {
          var frame = Frame(kind: .dictionary, start: start)
          guard
            let (key, keySpan) = readKey(
              style: .anyHashable, before: limit, pointer: pointer(stack))
          else {
            return nil
          }
          frame.pendingKey = key
          frame.pendingKeySpan = keySpan
          stack.append(frame)
          guard expectColon(before: limit, pointer: pointer(stack)) else { return nil }
          continue
        } else {
          stack.append(Frame(kind: .undecided, start: start))
          continue
        }
      } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") {
        guard let node = readPropertyListValue(depth: depth + stack.count, pointer: pointer(stack))
        else {
          return nil
        }
        completed = node
      } else if byte == UInt8(ascii: "\"") {
        guard let (string, span) = readSwiftLiteral(before: limit, pointer: pointer(stack)) else {
          return nil
        }
        completed = ValueNode(.string(string), span: span)
      } else {
        let start = index
        while index < limit {
          let current = bytes[index]
          if current == UInt8(ascii: ",") || current == UInt8(ascii: "]")
            || current == UInt8(ascii: ")")
            || current == UInt8(ascii: "\n") || current == UInt8(ascii: "\r")
          {
            break
          }
          index += 1
        }
        var end = index
        trimTrailingWhitespace(&end, above: start)
        guard end > start else {
          reportUnexpected(at: start, expected: "a value", pointer: pointer(stack))
          return nil
        }
        completed = rawText(start..<end, pointer: pointer(stack))
        if requiresSwiftScalars, let text = completed.stringValue, JSONNumber.parsing(text) == nil,
          !["true", "false", "nil"].contains(text)
        {
          reportUnexpected(at: start, expected: "a Swift value", pointer: pointer(stack))
          return nil
        }
      }

      // Attach the completed value to the containers it closes.
      attaching: while true {
        guard var frame = stack.popLast() else { return completed }
        skipWhitespace()
        switch frame.kind {
        case .optional:
          guard index < limit, bytes[index] == UInt8(ascii: ")") else {
            stack.append(frame)
            reportUnexpectedOrEnd(expected: "')' closing 'Optional('", pointer: pointer(stack))
            return nil
          }
          index += 1
          continue attaching
        case .undecided:
          if index < limit, bytes[index] == UInt8(ascii: ":") {
            guard case .string(let key) = completed.kind else {
              stack.append(frame)
              reportUnexpected(
                at: index, expected: "',' or ']' (a dictionary key must be a string)",
                pointer: pointer(stack))
              return nil
            }
            index += 1
            frame.kind = .dictionary
            frame.pendingKey = key
            frame.pendingKeySpan = completed.span
            stack.append(frame)
            break attaching
          }
          frame.kind = .array
          fallthrough
        case .array:
          frame.elements.append(completed)
          guard index < limit else {
            stack.append(frame)
            reportUnexpectedOrEnd(expected: "',' or ']'", pointer: pointer(stack))
            return nil
          }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
            stack.append(frame)
            break attaching
          }
          if bytes[index] == UInt8(ascii: "]") {
            index += 1
            completed = ValueNode(
              .array(frame.elements), span: SourceSpan(start: frame.start, end: index))
            continue attaching
          }
          stack.append(frame)
          reportUnexpectedOrEnd(expected: "',' or ']'", pointer: pointer(stack))
          return nil
        case .dictionary:
          let key = frame.pendingKey
          if let first = frame.keyPositions[key] {
            collector.emit(
              .decodeDuplicateKey(key),
              at: frame.pendingKeySpan,
              pointer: pointer(stack).appending(key),
              notes: [
                collector.note("'\(key)' is first defined here", at: frame.members[first].keySpan)
              ]
            )
          } else {
            frame.keyPositions[key] = frame.members.count
          }
          frame.members.append(
            JSONObject.Member(key: key, keySpan: frame.pendingKeySpan, value: completed))
          guard index < limit else {
            stack.append(frame)
            reportUnexpectedOrEnd(expected: "',' or ']'", pointer: pointer(stack))
            return nil
          }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
            let style: KeyStyle =
              matches("AnyHashable(", at: index, before: limit) ? .anyHashable : .string
            stack.append(frame)
            guard
              let (nextKey, keySpan) = readKey(style: style, before: limit, pointer: pointer(stack))
            else {
              return nil
            }
            stack[stack.count - 1].pendingKey = nextKey
            stack[stack.count - 1].pendingKeySpan = keySpan
            guard expectColon(before: limit, pointer: pointer(stack)) else { return nil }
            break attaching
          }
          if bytes[index] == UInt8(ascii: "]") {
            index += 1
            completed = ValueNode(
              .object(JSONObject(frame.members)), span: SourceSpan(start: frame.start, end: index))
            continue attaching
          }
          stack.append(frame)
          reportUnexpectedOrEnd(expected: "',' or ']'", pointer: pointer(stack))
          return nil
        }
      }
    }
  }

  /// Reads an `NSDictionary` or `NSArray` description at `index` with the property-list scanner.
  mutating func readPropertyListValue(depth: Int, pointer: JSONPointer) -> ValueNode? {
    var scanner = PropertyListScanner(
      bytes: bytes,
      index: index,
      limit: limit,
      maximumDepth: max(0, maximumDepth - depth),
      reportedDepthLimit: maximumDepth,
      collector: collector,
      basePointer: pointer.tokens
    )
    let node = scanner.readValue()
    index = scanner.index
    collector = scanner.collector
    return node
  }

  // MARK: - Swift string literals

  /// Reads a Swift string literal as printed by `debugPrint`: escapes `\\`, `\"`, `\'`, `\n`,
  /// `\r`, `\t`, `\0` and `\u{…}`.
  mutating func readSwiftLiteral(before end: Int, pointer: JSONPointer) -> (String, SourceSpan)? {
    let start = index
    index += 1
    var buffer = DecodedStringBuffer()
    while index < end {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return (buffer.string, SourceSpan(start: start, end: index))
      case UInt8(ascii: "\\"):
        let escapeStart = index
        guard index + 1 < end else {
          index = end
          continue
        }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): buffer.append(byte: letter)
        case UInt8(ascii: "n"): buffer.append(byte: 0x0A)
        case UInt8(ascii: "r"): buffer.append(byte: 0x0D)
        case UInt8(ascii: "t"): buffer.append(byte: 0x09)
        case UInt8(ascii: "0"): buffer.append(byte: 0x00)
        case UInt8(ascii: "u"):
          var value: UInt32 = 0
          var digits = 0
          var valid = index < end && bytes[index] == UInt8(ascii: "{")
          if valid {
            index += 1
            while digits < 8, index < end, let digit = CaptureScanning.hexValue(bytes[index]) {
              value = value << 4 | digit
              digits += 1
              index += 1
            }
            valid =
              digits > 0 && index < end && bytes[index] == UInt8(ascii: "}")
              && Unicode.Scalar(value) != nil
            if valid { index += 1 }
          }
          if valid {
            buffer.append(scalarValue: value)
          } else {
            collector.emit(
              .decodeInvalidEscape(CaptureScanning.text(bytes, escapeStart..<index)),
              at: SourceSpan(start: escapeStart, end: index),
              pointer: pointer
            )
            buffer.append(scalarValue: 0xFFFD)
          }
        default:
          index = escapeStart + 1
          let length = CaptureScanning.describeCharacter(in: bytes, at: index, limit: end).length
          collector.emit(
            .decodeInvalidEscape(CaptureScanning.text(bytes, escapeStart..<index + length)),
            at: SourceSpan(start: escapeStart, end: index + length),
            pointer: pointer
          )
        }
      case 0x80...:
        let length = UTF8Validation.sequenceLength(in: bytes, at: index, limit: end)
        if length == 0 {
          collector.emit(
            .decodeInvalidUTF8(byte), at: SourceSpan(start: index, end: index + 1), pointer: pointer
          )
          buffer.append(scalarValue: 0xFFFD)
          index += 1
        } else {
          for offset in 0..<length { buffer.append(byte: bytes[index + offset]) }
          index += length
        }
      default:
        buffer.append(byte: byte)
        index += 1
      }
    }
    collector.emit(
      .decodeUnterminatedString(), at: SourceSpan(start: start, end: start + 1), pointer: pointer)
    return nil
  }

  /// The position just past the Swift literal starting at `start`, or `nil` when it does not
  /// close before `end`.
  func endOfSwiftLiteral(at start: Int, before end: Int) -> Int? {
    var position = start + 1
    while position < end {
      switch bytes[position] {
      case UInt8(ascii: "\""): return position + 1
      case UInt8(ascii: "\\"): position += 2
      default: position += 1
      }
    }
    return nil
  }

  // MARK: - Helpers

  func matches(_ word: StaticString, at position: Int, before end: Int) -> Bool {
    let count = word.utf8CodeUnitCount
    guard position + count <= end else { return false }
    return word.withUTF8Buffer { buffer in
      for offset in 0..<count where bytes[position + offset] != buffer[offset] {
        return false
      }
      return true
    }
  }

  mutating func skipWhitespace() {
    while index < limit, CaptureScanning.isWhitespace(bytes[index]) { index += 1 }
  }

  mutating func skipWhitespace(before end: Int) {
    while index < end, CaptureScanning.isWhitespace(bytes[index]) { index += 1 }
  }

  func trimTrailingWhitespace(_ end: inout Int, above start: Int) {
    while end > start, CaptureScanning.isWhitespace(bytes[end - 1]) { end -= 1 }
  }

  mutating func reportUnexpected(at position: Int, expected: String, pointer: JSONPointer) {
    guard position < bytes.count else {
      collector.emit(
        .decodeUnexpectedEndOfInput(expected: expected), at: SourceSpan(at: position),
        pointer: pointer)
      return
    }
    let (found, length) = CaptureScanning.describeCharacter(
      in: bytes, at: position, limit: bytes.count)
    collector.emit(
      .decodeUnexpectedToken(found: found, expected: expected),
      at: SourceSpan(start: position, end: position + length),
      pointer: pointer
    )
  }

  mutating func reportUnexpectedOrEnd(expected: String, pointer: JSONPointer) {
    if index < limit {
      reportUnexpected(at: index, expected: expected, pointer: pointer)
    } else {
      collector.emit(
        .decodeUnexpectedEndOfInput(expected: expected), at: SourceSpan(at: index), pointer: pointer
      )
    }
  }
}
