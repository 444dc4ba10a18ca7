public import PushDiagnostics

// The identifiers of the YAML diagnostics, alphabetically; each is declared once, here, and
// its text is the member's name. The entries of `DiagnosticMessage+YAML.swift` use them.
extension DiagnosticID {
  /// A plain scalar that YAML 1.1 reads as a Boolean (`yes`, `no`, `on`, `off`, `y`, `n`) and
  /// YAML 1.2 reads as a string.
  public static var yamlAmbiguousBoolean: Self { Self(memberName: #function) }

  /// A UTF-8 byte order mark starts the file; it is skipped.
  public static var yamlByteOrderMark: Self { Self(memberName: #function) }

  /// A mapping key that is a sequence or a mapping, which JSON cannot represent.
  public static var yamlComplexKey: Self { Self(memberName: #function) }

  /// A control character, which YAML does not allow in a stream.
  public static var yamlControlCharacter: Self { Self(memberName: #function) }

  /// A mapping has the same key twice.
  public static var yamlDuplicateKey: Self { Self(memberName: #function) }

  /// An alias that takes the stream's scalars past the reader's byte limit, aliases expanded.
  public static var yamlExpansionTooLarge: Self { Self(memberName: #function) }

  /// Bytes that are not UTF-8.
  public static var yamlInvalidUTF8: Self { Self(memberName: #function) }

  /// A `<<` merge key, which YAML 1.2 does not define; it is kept as an ordinary key.
  public static var yamlMergeKey: Self { Self(memberName: #function) }

  /// Sequences and mappings nest deeper than the reader allows, aliases expanded.
  public static var yamlNestingTooDeep: Self { Self(memberName: #function) }

  /// `.inf`, `-.inf` or `.nan`, which have no JSON form.
  public static var yamlNonFiniteNumber: Self { Self(memberName: #function) }

  /// A scalar key that resolves to a number, Boolean or null; its text is used as the key.
  ///
  /// - Parameters:
  ///   - text: The key as written.
  ///   - type: What the key reads as, with its article: `a number`, `a Boolean` or `null`.
  public static var yamlNonStringKey: Self { Self(memberName: #function) }

  /// A hexadecimal or octal integer that does not fit in 64 bits.
  public static var yamlNumberOutOfRange: Self { Self(memberName: #function) }

  /// libyaml could not work, such as when it runs out of memory.
  public static var yamlParserFailure: Self { Self(memberName: #function) }

  /// An alias used inside the node its anchor names.
  public static var yamlRecursiveAlias: Self { Self(memberName: #function) }

  /// A YAML syntax error reported by libyaml.
  public static var yamlSyntaxError: Self { Self(memberName: #function) }

  /// A tab where libyaml expects indentation.
  public static var yamlTabIndentation: Self { Self(memberName: #function) }

  /// An explicit core-schema tag whose value does not fit it, such as `!!int abc`.
  public static var yamlTagMismatch: Self { Self(memberName: #function) }

  /// The stream holds more nodes than the reader allows, aliases expanded.
  public static var yamlTooManyNodes: Self { Self(memberName: #function) }

  /// An alias whose anchor is not defined before it in its document.
  public static var yamlUnknownAlias: Self { Self(memberName: #function) }

  /// A tag outside the core schema; the value is read as if it had none.
  public static var yamlUnknownTag: Self { Self(memberName: #function) }

  /// A file in an encoding other than UTF-8.
  public static var yamlUnsupportedEncoding: Self { Self(memberName: #function) }

  /// A `%YAML` directive for a version other than 1.2.
  public static var yamlVersionDirective: Self { Self(memberName: #function) }
}

extension DiagnosticDomain {
  /// The YAML reader.
  ///
  /// Every identifier of the domain; add each new one here too.
  public static let yaml = DiagnosticDomain(
    "yaml",
    documentationFile: "YAML.md",
    diagnostics: [
      .yamlAmbiguousBoolean,
      .yamlByteOrderMark,
      .yamlComplexKey,
      .yamlControlCharacter,
      .yamlDuplicateKey,
      .yamlExpansionTooLarge,
      .yamlInvalidUTF8,
      .yamlMergeKey,
      .yamlNestingTooDeep,
      .yamlNonFiniteNumber,
      .yamlNonStringKey,
      .yamlNumberOutOfRange,
      .yamlParserFailure,
      .yamlRecursiveAlias,
      .yamlSyntaxError,
      .yamlTabIndentation,
      .yamlTagMismatch,
      .yamlTooManyNodes,
      .yamlUnknownAlias,
      .yamlUnknownTag,
      .yamlUnsupportedEncoding,
      .yamlVersionDirective,
    ]
  )
}
