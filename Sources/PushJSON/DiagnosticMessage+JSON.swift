package import PushDiagnostics

// The diagnostics of the JSON reader, alphabetically. Each identifier is the member's name.
extension DiagnosticMessage {
  /// A UTF-8 byte order mark starts the file; it is skipped.
  package static func jsonByteOrderMark() -> Self {
    .init(.jsonByteOrderMark, .note, "a UTF-8 byte order mark starts the file; it was skipped")
  }

  /// A comment, which JSON does not have.
  package static func jsonComment() -> Self {
    .init(.jsonComment, .error, "JSON does not allow comments")
  }

  /// A raw control character inside a string.
  package static func jsonControlCharacterInString(_ byte: UInt8, escaped: String) -> Self {
    .init(
      .jsonControlCharacterInString,
      .error,
      "control character U+\(hex(byte, width: 4)) must be escaped as '\(escaped)' in a string"
    )
  }

  /// An object has the same key twice.
  package static func jsonDuplicateKey(_ key: String) -> Self {
    .init(
      .jsonDuplicateKey, .error,
      "duplicate key '\(key)'; the later value silently overrides the earlier one")
  }

  /// The input holds no value.
  package static func jsonEmptyInput() -> Self {
    .init(.jsonEmptyInput, .error, "the input is empty; expected a JSON value")
  }

  /// A backslash escape that JSON does not define.
  package static func jsonInvalidEscape(_ escape: String) -> Self {
    .init(
      .jsonInvalidEscape,
      .error,
      "invalid escape '\(escape)'; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
    )
  }

  /// A number that does not follow the JSON grammar.
  package static func jsonInvalidNumber(_ reason: String) -> Self {
    .init(.jsonInvalidNumber, .error, "invalid number: \(reason)")
  }

  /// Bytes that are not UTF-8.
  package static func jsonInvalidUTF8(_ byte: UInt8) -> Self {
    .init(.jsonInvalidUTF8, .error, "invalid UTF-8 byte 0x\(hex(byte, width: 2))")
  }

  /// A `\u` escape for half of a surrogate pair without the other half.
  package static func jsonLoneSurrogate(_ escape: String) -> Self {
    .init(
      .jsonLoneSurrogate, .error,
      "'\(escape)' is half of a UTF-16 surrogate pair without its other half")
  }

  /// The values nest deeper than the reader allows.
  package static func jsonNestingTooDeep(limit: Int) -> Self {
    .init(.jsonNestingTooDeep, .error, "arrays and objects nest deeper than \(limit) levels")
  }

  /// A comma before a closing bracket or brace.
  package static func jsonTrailingComma() -> Self {
    .init(.jsonTrailingComma, .error, "JSON does not allow a comma before '}' or ']'")
  }

  /// A comma before a closing bracket or brace that the consumer of the input accepts, named by
  /// `acceptedBy` (such as "FCM").
  package static func jsonTrailingComma(acceptedBy consumer: String) -> Self {
    .init(
      .jsonTrailingComma, .warning,
      "JSON does not allow a comma before '}' or ']'; \(consumer) accepts one, other JSON readers may not"
    )
  }

  /// Reading stopped after this many syntax errors.
  package static func jsonTooManySyntaxErrors(limit: Int) -> Self {
    .init(
      .jsonTooManySyntaxErrors, .error,
      "too many syntax errors; reading stopped after \(limit), fix these first")
  }

  /// Something follows the complete value.
  package static func jsonTrailingContent() -> Self {
    .init(.jsonTrailingContent, .error, "unexpected content after the JSON value")
  }

  /// The input ends in the middle of a value.
  package static func jsonUnexpectedEndOfInput(expected: String) -> Self {
    .init(.jsonUnexpectedEndOfInput, .error, "unexpected end of input; expected \(expected)")
  }

  /// A character that cannot appear here.
  package static func jsonUnexpectedToken(found: String, expected: String) -> Self {
    .init(.jsonUnexpectedToken, .error, "unexpected \(found); expected \(expected)")
  }

  /// A string that is never closed.
  package static func jsonUnterminatedString() -> Self {
    .init(.jsonUnterminatedString, .error, "unterminated string; expected a closing '\"'")
  }

  /// A file in an encoding other than UTF-8.
  package static func jsonUnsupportedEncoding(_ encoding: String) -> Self {
    .init(.jsonUnsupportedEncoding, .error, "the file is \(encoding); pushc reads UTF-8 only")
  }
}

/// The upper-case hexadecimal digits of `value`, zero-padded to `width`.
package func hex(_ value: some BinaryInteger, width: Int) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

extension Diagnostic.FixIt {
  /// For `jsonTrailingContent` when what follows the value starts another one: read the input
  /// as NDJSON.
  package static let jsonReadAsSequence = Diagnostic.FixIt(
    "this looks like another JSON document; to read one document per line, name the file "
      + ".ndjson or pass --input-format ndjson"
  )
}
