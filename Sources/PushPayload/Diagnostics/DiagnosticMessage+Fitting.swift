package import PushDiagnostics

// The diagnostics of fitting a compiled message (``PushFitter``), alphabetically.
extension DiagnosticMessage {
  /// ``PushFitter`` shortened a string to make the payload fit.
  ///
  /// - Parameters:
  ///   - pointer: The shortened string in the APNs payload.
  ///   - source: Where the string came from in the input, when known.
  ///   - characters: The number of grapheme clusters removed.
  ///   - before: The compact payload size before, in bytes.
  ///   - after: The compact payload size after, in bytes.
  ///   - budget: The largest size allowed, in bytes.
  /// - Returns: The message.
  package static func cliFitShortened(
    _ pointer: String,
    source: String?,
    characters: Int,
    before: Int,
    after: Int,
    budget: Int
  ) -> Self {
    .init(
      .cliFitShortened,
      .note,
      "shortened '\(pointer)'\(source.map { " (from '\($0)')" } ?? "") by \(characters) characters: the payload is now \(after) bytes (was \(before)) of the \(budget)-byte budget"
    )
  }
}
