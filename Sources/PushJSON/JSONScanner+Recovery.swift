import PushDiagnostics

// Recovery from syntax errors (``JSONReader/Options/recoversFromSyntaxErrors``): after an error
// has been reported, these decide whether reading goes on and skip to where it can.
extension JSONScanner {
  /// Where a string first broke its line, kept to end the string there when it turns out to be
  /// one left open.
  struct StringLineBreak {
    /// The position of the carriage return or line feed.
    var position: Int
    /// How many bytes the string had decoded before it.
    var decodedCount: Int
    /// How many diagnostics had been emitted before it.
    var diagnosticCount: Int
  }

  /// Whether reading goes on after the syntax error just reported: only with recovery, and
  /// until ``JSONReader/Options/maximumSyntaxErrors`` errors, after which reading stops with
  /// `jsonTooManySyntaxErrors`.
  mutating func recover() -> Bool {
    guard recoversFromSyntaxErrors, !gaveUp else { return false }
    // The error's place in the bytes read: its range is the whole input's, whose offsets are
    // not those of a fragment's bytes (a part of a large input).
    let span =
      collector.diagnostics.last?.range.flatMap { range in
        collector.lineTable.map {
          SourceSpan(
            start: $0.localOffset(range.start.offset), end: $0.localOffset(range.end.offset))
        }
      } ?? SourceSpan(at: index)
    guard recoveries.count < options.maximumSyntaxErrors else {
      gaveUp = true
      collector.emit(.jsonTooManySyntaxErrors(limit: options.maximumSyntaxErrors), at: span)
      return false
    }
    recoveries.append(span)
    return true
  }

  /// After the end of the input has been reported inside a value: with recovery, closes every
  /// open container, leaving out a member whose value is missing, and returns the root.
  mutating func recoverAtEndOfInput() -> ValueNode? {
    guard recover() else { return nil }
    index = bytes.count
    var completed: ValueNode?
    while !stack.isEmpty {
      if let value = completed { attach(value, toObject: stack[stack.count - 1].isObject) }
      completed = closeInnermost(at: bytes.count)
    }
    return completed
  }

  /// Reports the comma at `comma`, which comes before a closing bracket or brace, and returns
  /// whether reading goes on: as a warning when trailing commas are accepted, otherwise only when
  /// reading recovers from the error.
  mutating func reportTrailingComma(at comma: Int) -> Bool {
    let accepted = options.acceptsTrailingCommas
    collector.emit(
      accepted ? .jsonTrailingComma(acceptedBy: Self.trailingCommaReaders) : .jsonTrailingComma(),
      at: SourceSpan(start: comma, end: comma + 1),
      pointer: pointer(),
      fixIts: [
        collector.fixIt(
          "remove the comma", replacing: SourceSpan(start: comma, end: comma + 1), with: "")
      ]
    )
    return accepted || recover()
  }

  /// The readers named by an accepted trailing comma's warning; PushCompiler names the one of
  /// the input's kind.
  static let trailingCommaReaders = "Apple's JSONSerialization and Google's JSON parser"

  /// Reports a comment at `index` and skips it, returning whether there was one.
  mutating func skipComment() -> Bool {
    guard skipCommentIfPresent() else { return false }
    if bytes[index + 1] == UInt8(ascii: "/") {
      while index < bytes.count && bytes[index] != 0x0A { index += 1 }
    } else {
      index += 2
      while index + 1 < bytes.count
        && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
      {
        index += 1
      }
      index = min(bytes.count, index + 2)
    }
    return true
  }

  /// Skips what cannot be read at `index`: a single-quoted string on one line, or at least one
  /// byte and then everything up to whitespace or a byte that JSON's structure uses.
  mutating func skipMalformedToken() {
    guard index < bytes.count else { return }
    if bytes[index] == UInt8(ascii: "'"), let end = singleQuotedEnd(from: index) {
      index = end
      return
    }
    index += 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
        UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "{"), UInt8(ascii: "}"),
        UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\""):
        return
      default:
        index += 1
      }
    }
  }

  /// Skips the rest of a number or literal that did not follow the grammar, such as `01` or
  /// `tru`.
  mutating func skipRestOfScalar() {
    while index < bytes.count,
      isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: ".")
        || bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
    {
      index += 1
    }
  }

  /// Reads a key written without double quotes, `topic` or `'topic'`, as the key it was meant
  /// to be; `nil` when there is none at `index`.
  mutating func readUnquotedKey() -> (String, SourceSpan)? {
    let start = index
    if bytes[index] == UInt8(ascii: "'") {
      guard let end = singleQuotedEnd(from: index) else { return nil }
      index = end
      return (text(start + 1..<end - 1), SourceSpan(start: start, end: end))
    }
    var end = index
    while end < bytes.count, isIdentifierByte(bytes[end]) || bytes[end] == UInt8(ascii: "-") {
      end += 1
    }
    guard end > index else { return nil }
    index = end
    return (text(start..<end), SourceSpan(start: start, end: end))
  }

  /// The position after the `'` that closes the single-quoted string at `start` on its line.
  func singleQuotedEnd(from start: Int) -> Int? {
    var end = start + 1
    while end < bytes.count, bytes[end] != UInt8(ascii: "'"), bytes[end] != 0x0A { end += 1 }
    guard end < bytes.count, bytes[end] == UInt8(ascii: "'") else { return nil }
    return end + 1
  }

  /// Whether `byte` starts a JSON value.
  func startsValue(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "-"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"),
      UInt8(ascii: "n"):
      true
    default:
      false
    }
  }

  /// Whether the `"` just read closes a string that broke its line: it does when what follows
  /// on its line could follow a string (`,`, `}`, `]`, `:` or the end of the line).
  func closesStringHere() -> Bool {
    var position = index
    while position < bytes.count,
      bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")
    {
      position += 1
    }
    guard position < bytes.count else { return true }
    switch bytes[position] {
    case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"), 0x0A, 0x0D:
      return true
    default:
      return false
    }
  }

  /// Ends the string that started at `start` at the end of its first line, as the string left
  /// open there that it is: takes back what was reported about its later bytes, reports it as
  /// unterminated with a fix-it, and reads on from the line break. A comma that ends the line is
  /// taken as the separator it was meant to be.
  mutating func endString(
    start: Int, at lineBreak: StringLineBreak, decoded: inout [UInt8], includingPendingKey: Bool
  ) -> (String, SourceSpan, Bool)? {
    collector.removeDiagnostics(from: lineBreak.diagnosticCount)
    decoded.removeSubrange(lineBreak.decodedCount...)
    var contentEnd = lineBreak.position
    while contentEnd > start + 1,
      bytes[contentEnd - 1] == UInt8(ascii: " ") || bytes[contentEnd - 1] == UInt8(ascii: "\t")
    {
      contentEnd -= 1
    }
    if contentEnd > start + 1, bytes[contentEnd - 1] == UInt8(ascii: ",") {
      // Spaces, tabs and the comma are one decoded byte each.
      contentEnd -= 1
      decoded.removeSubrange((decoded.count - (lineBreak.position - contentEnd))...)
      stringEndedAtLineBreak = lineBreak.position
    } else {
      contentEnd = lineBreak.position
    }
    index = lineBreak.position
    collector.emit(
      .jsonUnterminatedString(),
      at: SourceSpan(start: start, end: start + 1),
      pointer: pointer(includingPendingKey: includingPendingKey),
      fixIts: [
        collector.fixIt(
          "close the string", replacing: SourceSpan(at: contentEnd), with: "\"")
      ]
    )
    guard recover() else { return nil }
    return (
      String(decoding: decoded, as: UTF8.self), SourceSpan(start: start, end: lineBreak.position),
      false
    )
  }
}
