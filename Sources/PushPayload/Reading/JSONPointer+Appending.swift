import PushDiagnostics

extension JSONPointer {
  /// The pointer to the member `key` (or the element whose index `key` spells) of the value
  /// this pointer names, built with a single allocation of exactly the needed size.
  ///
  /// The readers build one pointer for every value they read, so this is on the hot path.
  func appendingMember(_ key: String) -> JSONPointer {
    var result: [String] = []
    result.reserveCapacity(tokens.count + 1)
    result.append(contentsOf: tokens)
    result.append(key)
    return JSONPointer(tokens: result)
  }
}
