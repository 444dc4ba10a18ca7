import PushDiagnostics
package import PushJSON

extension ValueNode {
  /// Creates the node of a scalar printed without quotes in a Swift `print` or `NSDictionary`
  /// description, where `1`, `true` and `notice` look alike.
  ///
  /// The node is a string holding the text, and its ``sourceText`` holds the same text; that
  /// pair marks it as untyped (see ``isUntypedText``).
  ///
  /// - Parameters:
  ///   - text: The scalar as printed.
  ///   - span: Its bytes in the capture.
  /// - Returns: The untyped node.
  static func untypedText(_ text: String, span: SourceSpan = SourceSpan(at: 0)) -> ValueNode {
    ValueNode(.string(text), span: span, sourceText: text)
  }

  /// Whether this is a scalar whose type the capture could not show: the text of an unquoted
  /// value in a Swift `print` or `NSDictionary` description.
  ///
  /// Such a value may have been a number, a Boolean or a string on the device; a consumer that
  /// knows the expected type (a contract, the `aps` model) converts the text, and a string
  /// expectation accepts it as is. JSON and YAML readers never produce untyped nodes.
  package var isUntypedText: Bool {
    guard case .string(let string) = kind, let sourceText else { return false }
    return sourceText == string
  }
}
