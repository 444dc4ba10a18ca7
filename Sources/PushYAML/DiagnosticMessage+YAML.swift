package import PushDiagnostics

// The diagnostics of the YAML reader, alphabetically. Each identifier is the member's name.
extension DiagnosticMessage {
  /// A plain scalar that YAML 1.1 reads as a Boolean (`yes`, `no`, `on`, `off`, `y`, `n`) and
  /// YAML 1.2 reads as a string.
  package static func yamlAmbiguousBoolean(_ text: String) -> Self {
    .init(
      .yamlAmbiguousBoolean,
      .note,
      "'\(text)' is the string '\(text)' in YAML 1.2, but YAML 1.1 tools read it as a Boolean"
    )
  }

  /// A UTF-8 byte order mark starts the file; it is skipped.
  package static func yamlByteOrderMark() -> Self {
    .init(.yamlByteOrderMark, .note, "a UTF-8 byte order mark starts the file; it was skipped")
  }

  /// A mapping key that is a sequence or a mapping, which JSON cannot represent.
  package static func yamlComplexKey(found: String) -> Self {
    .init(
      .yamlComplexKey, .error, "a mapping key must be a scalar, not \(found); JSON keys are strings"
    )
  }

  /// A control character, which YAML does not allow in a stream.
  package static func yamlControlCharacter(_ value: Int) -> Self {
    .init(
      .yamlControlCharacter, .error,
      "control character U+\(yamlHex(value, width: 4)) is not allowed in YAML")
  }

  /// A mapping has the same key twice.
  package static func yamlDuplicateKey(_ key: String) -> Self {
    .init(
      .yamlDuplicateKey, .error,
      "duplicate key '\(key)'; the later value silently overrides the earlier one")
  }

  /// An alias that takes the stream's scalars past the reader's byte limit, aliases expanded.
  package static func yamlExpansionTooLarge(limit: Int) -> Self {
    .init(
      .yamlExpansionTooLarge,
      .error,
      "aliases expand the stream to more than \(limit) bytes of text; reading stopped"
    )
  }

  /// Bytes that are not UTF-8.
  package static func yamlInvalidUTF8(_ byte: UInt8) -> Self {
    .init(.yamlInvalidUTF8, .error, "invalid UTF-8 byte 0x\(yamlHex(byte, width: 2))")
  }

  /// A `<<` merge key, which YAML 1.2 does not define; it is kept as an ordinary key.
  package static func yamlMergeKey() -> Self {
    .init(
      .yamlMergeKey,
      .note,
      "'<<' merge keys are YAML 1.1; pushc keeps '<<' as an ordinary key and does not merge"
    )
  }

  /// Sequences and mappings nest deeper than the reader allows, aliases expanded.
  package static func yamlNestingTooDeep(limit: Int) -> Self {
    .init(.yamlNestingTooDeep, .error, "sequences and mappings nest deeper than \(limit) levels")
  }

  /// `.inf`, `-.inf` or `.nan`, which have no JSON form.
  package static func yamlNonFiniteNumber(_ text: String) -> Self {
    .init(
      .yamlNonFiniteNumber, .error,
      "'\(text)' has no JSON representation; quote it to use it as a string")
  }

  /// A scalar key that resolves to a number, Boolean or null; its text is used as the key.
  ///
  /// - Parameters:
  ///   - text: The key as written.
  ///   - type: What the key reads as, with its article: `a number`, `a Boolean` or `null`.
  /// - Returns: The message.
  package static func yamlNonStringKey(_ text: String, type: String) -> Self {
    .init(
      .yamlNonStringKey, .warning,
      "key '\(text)' reads as \(type) in YAML; it is used as the string '\(text)'")
  }

  /// A hexadecimal or octal integer that does not fit in 64 bits.
  package static func yamlNumberOutOfRange(_ text: String) -> Self {
    .init(.yamlNumberOutOfRange, .error, "'\(text)' does not fit in 64 bits")
  }

  /// libyaml could not work, such as when it runs out of memory.
  package static func yamlParserFailure(_ reason: String) -> Self {
    .init(.yamlParserFailure, .error, "the YAML parser failed: \(reason)")
  }

  /// An alias used inside the node its anchor names.
  package static func yamlRecursiveAlias(_ name: String) -> Self {
    .init(
      .yamlRecursiveAlias, .error, "alias '*\(name)' is used inside the node anchored as '&\(name)'"
    )
  }

  /// A YAML syntax error reported by libyaml.
  package static func yamlSyntaxError(_ message: String) -> Self {
    .init(.yamlSyntaxError, .error, message)
  }

  /// A tab where libyaml expects indentation.
  package static func yamlTabIndentation(_ message: String) -> Self {
    .init(.yamlTabIndentation, .error, "\(message); YAML indents with spaces, not tabs")
  }

  /// An explicit core-schema tag whose value does not fit it, such as `!!int abc`.
  package static func yamlTagMismatch(tag: String, found: String) -> Self {
    .init(.yamlTagMismatch, .error, "\(found) does not fit the tag '\(tag)'")
  }

  /// The stream holds more nodes than the reader allows, aliases expanded.
  package static func yamlTooManyNodes(limit: Int) -> Self {
    .init(
      .yamlTooManyNodes,
      .error,
      "the stream has more than \(limit) nodes once aliases are expanded; reading stopped"
    )
  }

  /// An alias whose anchor is not defined before it in its document.
  package static func yamlUnknownAlias(_ name: String) -> Self {
    .init(
      .yamlUnknownAlias,
      .error,
      "unknown alias '*\(name)'; no anchor '&\(name)' comes before it in the document"
    )
  }

  /// A tag outside the core schema; the value is read as if it had none.
  package static func yamlUnknownTag(_ tag: String) -> Self {
    .init(.yamlUnknownTag, .warning, "unknown tag '\(tag)'; the value is read as if it had no tag")
  }

  /// A file in an encoding other than UTF-8.
  package static func yamlUnsupportedEncoding(_ encoding: String) -> Self {
    .init(.yamlUnsupportedEncoding, .error, "the file is \(encoding); pushc reads UTF-8 only")
  }

  /// A `%YAML` directive for a version other than 1.2.
  package static func yamlVersionDirective(_ version: String) -> Self {
    .init(
      .yamlVersionDirective,
      .warning,
      "the document declares YAML \(version); pushc reads it as YAML 1.2 with the core schema"
    )
  }
}

/// The upper-case hexadecimal digits of `value`, zero-padded to `width`.
func yamlHex(_ value: some BinaryInteger, width: Int) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
