public import PushDiagnostics

// The identifiers of the Decode diagnostics, alphabetically; each is declared once, here, and
// its text is the member's name. The entries of `DiagnosticMessage+Decode.swift` use them.
extension DiagnosticID {
  /// `aps` is not a dictionary.
  public static var decodeAPSNotObject: Self { Self(memberName: #function) }

  /// A key inside `aps` (or one of its dictionaries) that Apple does not define.
  public static var decodeAPSUnknownKey: Self { Self(memberName: #function) }

  /// A key inside `aps` whose value has the wrong type.
  public static var decodeAPSValueType: Self { Self(memberName: #function) }

  /// `--against` was given an FCM definition holding other than one message.
  public static var decodeAgainstMessageCount: Self { Self(memberName: #function) }

  /// The contract lists the same kind or discriminator value twice.
  public static var decodeContractDuplicateKind: Self { Self(memberName: #function) }

  /// A date pattern the contract reader does not understand.
  public static var decodeContractInvalidDatePattern: Self { Self(memberName: #function) }

  /// A contract value of the right type but not allowed.
  public static var decodeContractInvalidValue: Self { Self(memberName: #function) }

  /// The contract lacks a required key.
  public static var decodeContractMissingKey: Self { Self(memberName: #function) }

  /// A key the contract format does not define.
  public static var decodeContractUnknownKey: Self { Self(memberName: #function) }

  /// A contract value of the wrong type.
  public static var decodeContractValueType: Self { Self(memberName: #function) }

  /// The discriminator is present but not a string.
  public static var decodeDiscriminatorType: Self { Self(memberName: #function) }

  /// A capture's dictionary has the same key twice.
  public static var decodeDuplicateKey: Self { Self(memberName: #function) }

  /// The capture holds no text.
  public static var decodeEmptyCapture: Self { Self(memberName: #function) }

  /// The FCM key of a message has a type the Firebase SDK does not read.
  public static var decodeFCMValueType: Self { Self(memberName: #function) }

  /// A field was absent and its value was taken from a fallback.
  public static var decodeFieldFallback: Self { Self(memberName: #function) }

  /// A field's text does not have the contract's format.
  public static var decodeFieldFormat: Self { Self(memberName: #function) }

  /// A field has the wrong type.
  public static var decodeFieldType: Self { Self(memberName: #function) }

  /// A backslash escape that the capture's form does not define.
  public static var decodeInvalidEscape: Self { Self(memberName: #function) }

  /// Bytes that are not UTF-8.
  public static var decodeInvalidUTF8: Self { Self(memberName: #function) }

  /// A `\U` escape for half of a surrogate pair without the other half.
  public static var decodeLoneSurrogate: Self { Self(memberName: #function) }

  /// The push has no `aps` dictionary.
  public static var decodeMissingAPS: Self { Self(memberName: #function) }

  /// The push has no discriminator and the contract has no default kind.
  public static var decodeMissingDiscriminator: Self { Self(memberName: #function) }

  /// A required field is absent.
  public static var decodeMissingField: Self { Self(memberName: #function) }

  /// The values nest deeper than the reader allows.
  public static var decodeNestingTooDeep: Self { Self(memberName: #function) }

  /// A dictionary key printed as something other than a string.
  public static var decodeNonStringKey: Self { Self(memberName: #function) }

  /// The capture's top level is not a dictionary.
  public static var decodeRootNotObject: Self { Self(memberName: #function) }

  /// Text before the payload was skipped.
  public static var decodeSkippedLeadingText: Self { Self(memberName: #function) }

  /// Something follows the complete value.
  public static var decodeTrailingContent: Self { Self(memberName: #function) }

  /// The input ends in the middle of a value.
  public static var decodeUnexpectedEndOfInput: Self { Self(memberName: #function) }

  /// A character that cannot appear here.
  public static var decodeUnexpectedToken: Self { Self(memberName: #function) }

  /// The capture's form could not be recognised.
  public static var decodeUnrecognizedCapture: Self { Self(memberName: #function) }

  /// The discriminator names a kind the contract does not have.
  public static var decodeUnsupportedKind: Self { Self(memberName: #function) }

  /// A value in `userInfo` that has no JSON equivalent.
  public static var decodeUnsupportedUserInfoValue: Self { Self(memberName: #function) }

  /// A string that is never closed.
  public static var decodeUnterminatedString: Self { Self(memberName: #function) }

  /// A field whose type the capture cannot show.
  public static var decodeUntypedField: Self { Self(memberName: #function) }
}

extension DiagnosticDomain {
  /// Decoding received pushes.
  ///
  /// Every identifier of the domain; add each new one here too.
  public static let decode = DiagnosticDomain(
    "decode",
    documentationFile: "Decode.md",
    diagnostics: [
      .decodeAPSNotObject,
      .decodeAPSUnknownKey,
      .decodeAPSValueType,
      .decodeAgainstMessageCount,
      .decodeContractDuplicateKind,
      .decodeContractInvalidDatePattern,
      .decodeContractInvalidValue,
      .decodeContractMissingKey,
      .decodeContractUnknownKey,
      .decodeContractValueType,
      .decodeDiscriminatorType,
      .decodeDuplicateKey,
      .decodeEmptyCapture,
      .decodeFCMValueType,
      .decodeFieldFallback,
      .decodeFieldFormat,
      .decodeFieldType,
      .decodeInvalidEscape,
      .decodeInvalidUTF8,
      .decodeLoneSurrogate,
      .decodeMissingAPS,
      .decodeMissingDiscriminator,
      .decodeMissingField,
      .decodeNestingTooDeep,
      .decodeNonStringKey,
      .decodeRootNotObject,
      .decodeSkippedLeadingText,
      .decodeTrailingContent,
      .decodeUnexpectedEndOfInput,
      .decodeUnexpectedToken,
      .decodeUnrecognizedCapture,
      .decodeUnsupportedKind,
      .decodeUnsupportedUserInfoValue,
      .decodeUnterminatedString,
      .decodeUntypedField,
    ]
  )
}
