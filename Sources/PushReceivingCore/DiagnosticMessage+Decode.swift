package import PushDiagnostics
import PushJSON

// The diagnostics of capture reading, push decoding and contract reading, alphabetically. Each
// identifier is the member's name; `Documentation/Diagnostics/Decode.md` has an entry for each.
extension DiagnosticMessage {
  /// `--against` was given an FCM definition holding other than one message.
  package static func decodeAgainstMessageCount(_ count: Int) -> Self {
    .init(
      .decodeAgainstMessageCount,
      .error,
      "the definition holds \(count) FCM messages; '--against' compares a capture with exactly one"
    )
  }

  /// `aps` is not a dictionary.
  package static func decodeAPSNotObject(found: String) -> Self {
    .init(.decodeAPSNotObject, .error, "'aps' is \(found); APNs requires a dictionary")
  }

  /// A key inside `aps` (or one of its dictionaries) that Apple does not define.
  package static func decodeAPSUnknownKey(_ key: String, container: String) -> Self {
    if container == "aps" {
      return .init(
        .decodeAPSUnknownKey,
        .warning,
        "unknown key '\(key)' in 'aps'; APNs ignores custom keys inside 'aps', put them next to it"
      )
    }
    return .init(
      .decodeAPSUnknownKey, .warning, "unknown key '\(key)' in '\(container)'; iOS ignores it")
  }

  /// A key inside `aps` whose value has the wrong type.
  package static func decodeAPSValueType(_ key: String, expected: String, found: String) -> Self {
    .init(
      .decodeAPSValueType, .warning,
      "'\(key)' is \(found); APNs defines it as \(expected), so iOS ignores it")
  }

  /// The contract lists the same kind or discriminator value twice.
  package static func decodeContractDuplicateKind(_ name: String) -> Self {
    .init(.decodeContractDuplicateKind, .error, "the contract defines '\(name)' more than once")
  }

  /// A date pattern the contract reader does not understand.
  package static func decodeContractInvalidDatePattern(_ pattern: String, reason: String) -> Self {
    .init(.decodeContractInvalidDatePattern, .error, "invalid date pattern '\(pattern)': \(reason)")
  }

  /// A contract value of the right type but not allowed.
  package static func decodeContractInvalidValue(_ key: String, reason: String) -> Self {
    .init(.decodeContractInvalidValue, .error, "invalid '\(key)': \(reason)")
  }

  /// The contract lacks a required key.
  package static func decodeContractMissingKey(_ key: String, in context: String) -> Self {
    .init(.decodeContractMissingKey, .error, "\(context) has no '\(key)'")
  }

  /// A key the contract format does not define.
  package static func decodeContractUnknownKey(_ key: String, allowed: [String]) -> Self {
    .init(
      .decodeContractUnknownKey,
      .error,
      "unknown key '\(key)'; expected one of \(allowed.map { "'\($0)'" }.joined(separator: ", "))"
    )
  }

  /// A contract value of the wrong type.
  package static func decodeContractValueType(_ key: String, expected: String, found: String)
    -> Self
  {
    .init(.decodeContractValueType, .error, "'\(key)' is \(found); expected \(expected)")
  }

  /// The discriminator is present but not a string.
  package static func decodeDiscriminatorType(_ key: String, found: String) -> Self {
    .init(
      .decodeDiscriminatorType,
      .warning, "'\(key)' is \(found), not a string; the app treats the push as having no '\(key)'")
  }

  /// A capture's dictionary has the same key twice.
  package static func decodeDuplicateKey(_ key: String) -> Self {
    .init(.decodeDuplicateKey, .warning, "duplicate key '\(key)'; the later value is used")
  }

  /// The capture holds no text.
  package static func decodeEmptyCapture() -> Self {
    .init(
      .decodeEmptyCapture,
      .error,
      "the capture is empty; expected a push as JSON, a Swift print or an NSDictionary description")
  }

  /// The FCM key of a message has a type the Firebase SDK does not read.
  package static func decodeFCMValueType(_ key: String, expected: String, found: String) -> Self {
    .init(
      .decodeFCMValueType, .warning,
      "FCM key '\(key)' is \(found); the Firebase SDK reads it only as \(expected)")
  }

  /// A field was absent and its value was taken from a fallback.
  package static func decodeFieldFallback(_ field: String, source: String) -> Self {
    .init(.decodeFieldFallback, .note, "'\(field)' is absent; using '\(source)'")
  }

  /// A field's text does not have the contract's format.
  package static func decodeFieldFormat(_ field: String, format: String, value: String) -> Self {
    .init(.decodeFieldFormat, .error, "'\(field)' is '\(value)', which is not \(format)")
  }

  /// A field has the wrong type.
  package static func decodeFieldType(_ field: String, expected: String, found: String) -> Self {
    .init(
      .decodeFieldType, .error, "'\(field)' arrives as \(found), but the app expects \(expected)")
  }

  /// A backslash escape that the capture's form does not define.
  package static func decodeInvalidEscape(_ escape: String) -> Self {
    .init(
      .decodeInvalidEscape, .warning,
      "invalid escape '\(escape)'; the character after the backslash is kept")
  }

  /// Bytes that are not UTF-8.
  package static func decodeInvalidUTF8(_ byte: UInt8) -> Self {
    .init(
      .decodeInvalidUTF8, .warning,
      "invalid UTF-8 byte 0x\(hex(byte, width: 2)); it is replaced by U+FFFD")
  }

  /// A `\U` escape for half of a surrogate pair without the other half.
  package static func decodeLoneSurrogate(_ escape: String) -> Self {
    .init(
      .decodeLoneSurrogate,
      .warning,
      "'\(escape)' is half of a UTF-16 surrogate pair without its other half; it is replaced by U+FFFD"
    )
  }

  /// The push has no `aps` dictionary.
  package static func decodeMissingAPS() -> Self {
    .init(
      .decodeMissingAPS, .warning,
      "the push has no 'aps' dictionary; every push delivered by APNs has one")
  }

  /// The push has no discriminator and the contract has no default kind.
  package static func decodeMissingDiscriminator(_ key: String) -> Self {
    .init(
      .decodeMissingDiscriminator, .error,
      "the push has no '\(key)', and the contract has no default kind")
  }

  /// A required field is absent.
  package static func decodeMissingField(_ field: String, kind: String) -> Self {
    .init(
      .decodeMissingField, .error, "'\(field)' is missing; the app requires it for a '\(kind)' push"
    )
  }

  /// The values nest deeper than the reader allows.
  package static func decodeNestingTooDeep(limit: Int) -> Self {
    .init(.decodeNestingTooDeep, .error, "dictionaries and arrays nest deeper than \(limit) levels")
  }

  /// A dictionary key printed as something other than a string.
  package static func decodeNonStringKey(_ key: String) -> Self {
    .init(
      .decodeNonStringKey, .warning, "key '\(key)' is not a string; it is read as the text '\(key)'"
    )
  }

  /// The capture's top level is not a dictionary.
  package static func decodeRootNotObject(found: String) -> Self {
    .init(.decodeRootNotObject, .error, "the push is \(found); a push is a dictionary")
  }

  /// Text before the payload was skipped.
  package static func decodeSkippedLeadingText(bytes: Int) -> Self {
    .init(.decodeSkippedLeadingText, .warning, "skipped \(bytes) bytes of text before the push")
  }

  /// Something follows the complete value.
  package static func decodeTrailingContent() -> Self {
    .init(.decodeTrailingContent, .error, "unexpected content after the push")
  }

  /// The input ends in the middle of a value.
  package static func decodeUnexpectedEndOfInput(expected: String) -> Self {
    .init(
      .decodeUnexpectedEndOfInput, .error, "unexpected end of the capture; expected \(expected)")
  }

  /// A character that cannot appear here.
  package static func decodeUnexpectedToken(found: String, expected: String) -> Self {
    .init(.decodeUnexpectedToken, .error, "unexpected \(found); expected \(expected)")
  }

  /// The capture's form could not be recognised.
  package static func decodeUnrecognizedCapture() -> Self {
    .init(
      .decodeUnrecognizedCapture,
      .error,
      "unrecognised capture; expected JSON ('{\"aps\": …}'), a Swift print ('[AnyHashable(\"aps\"): …]') or an NSDictionary description ('{ aps = …; }')"
    )
  }

  /// The discriminator names a kind the contract does not have.
  package static func decodeUnsupportedKind(_ value: String, discriminator: String) -> Self {
    .init(
      .decodeUnsupportedKind, .error,
      "'\(discriminator)' is '\(value)', which the app does not support")
  }

  /// A value in `userInfo` that has no JSON equivalent.
  package static func decodeUnsupportedUserInfoValue(_ description: String) -> Self {
    .init(
      .decodeUnsupportedUserInfoValue, .error,
      "userInfo holds \(description), which a push cannot contain; it is read as null")
  }

  /// A string that is never closed.
  package static func decodeUnterminatedString() -> Self {
    .init(.decodeUnterminatedString, .error, "unterminated string; expected a closing '\"'")
  }

  /// A field whose type the capture cannot show.
  package static func decodeUntypedField(_ field: String, expected: String) -> Self {
    .init(
      .decodeUntypedField,
      .note,
      "'\(field)' is printed without quotes, so the capture cannot show whether it is \(expected) as the app expects or a string (FCM data values are always strings)"
    )
  }
}
