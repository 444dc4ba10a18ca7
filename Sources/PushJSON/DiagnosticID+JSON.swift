public import PushDiagnostics

// The identifiers of the JSON diagnostics, alphabetically; each is declared once, here, and
// its text is the member's name. The entries of `DiagnosticMessage+JSON.swift` use them.
extension DiagnosticID {
  /// A UTF-8 byte order mark starts the file; it is skipped.
  public static var jsonByteOrderMark: Self { Self(memberName: #function) }

  /// A comment, which JSON does not have.
  public static var jsonComment: Self { Self(memberName: #function) }

  /// A raw control character inside a string.
  public static var jsonControlCharacterInString: Self { Self(memberName: #function) }

  /// An object has the same key twice.
  public static var jsonDuplicateKey: Self { Self(memberName: #function) }

  /// The input holds no value.
  public static var jsonEmptyInput: Self { Self(memberName: #function) }

  /// A backslash escape that JSON does not define.
  public static var jsonInvalidEscape: Self { Self(memberName: #function) }

  /// A number that does not follow the JSON grammar.
  public static var jsonInvalidNumber: Self { Self(memberName: #function) }

  /// Bytes that are not UTF-8.
  public static var jsonInvalidUTF8: Self { Self(memberName: #function) }

  /// A `\u` escape for half of a surrogate pair without the other half.
  public static var jsonLoneSurrogate: Self { Self(memberName: #function) }

  /// The values nest deeper than the reader allows.
  public static var jsonNestingTooDeep: Self { Self(memberName: #function) }

  /// Reading stopped after the most syntax errors it recovers from.
  public static var jsonTooManySyntaxErrors: Self { Self(memberName: #function) }

  /// A comma before a closing bracket or brace.
  public static var jsonTrailingComma: Self { Self(memberName: #function) }

  /// Something follows the complete value.
  public static var jsonTrailingContent: Self { Self(memberName: #function) }

  /// The input ends in the middle of a value.
  public static var jsonUnexpectedEndOfInput: Self { Self(memberName: #function) }

  /// A character that cannot appear here.
  public static var jsonUnexpectedToken: Self { Self(memberName: #function) }

  /// A file in an encoding other than UTF-8.
  public static var jsonUnsupportedEncoding: Self { Self(memberName: #function) }

  /// A string that is never closed.
  public static var jsonUnterminatedString: Self { Self(memberName: #function) }
}

extension DiagnosticDomain {
  /// The JSON reader: syntax, encoding and structure of JSON input.
  ///
  /// Every identifier of the domain; add each new one here too.
  public static let json = DiagnosticDomain(
    "json",
    documentationFile: "JSON.md",
    diagnostics: [
      .jsonByteOrderMark,
      .jsonComment,
      .jsonControlCharacterInString,
      .jsonDuplicateKey,
      .jsonEmptyInput,
      .jsonInvalidEscape,
      .jsonInvalidNumber,
      .jsonInvalidUTF8,
      .jsonLoneSurrogate,
      .jsonNestingTooDeep,
      .jsonTooManySyntaxErrors,
      .jsonTrailingComma,
      .jsonTrailingContent,
      .jsonUnexpectedEndOfInput,
      .jsonUnexpectedToken,
      .jsonUnsupportedEncoding,
      .jsonUnterminatedString,
    ]
  )
}
