import PushDiagnostics

extension JSONPointer {
  /// The pointer to the member `key` (or the element whose index `key` spells) of the value
  /// this pointer names.
  ///
  /// The readers build one pointer for every value they read, so this is on the hot path:
  /// appending to a copy of the shared tokens allocates once and copies the tokens in bulk,
  /// without the temporary array of `tokens + [key]`.
  func appendingMember(_ key: String) -> JSONPointer {
    var result = tokens
    result.append(key)
    return JSONPointer(tokens: result)
  }
}
