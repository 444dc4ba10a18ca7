import PushDiagnostics

extension JSONPointer {
  /// The pointer to the member `key` (or the element whose index `key` spells) of the value
  /// this pointer names.
  ///
  /// The readers build one pointer for every value they read, so this is on the hot path: it
  /// allocates once, exactly the size needed, and copies the tokens with a loop the compiler
  /// specialises (`append(contentsOf:)` and `tokens + [key]` copy through the runtime's generic
  /// array copy, and the latter allocates a temporary array too).
  func appendingMember(_ key: String) -> JSONPointer {
    var result: [String] = []
    result.reserveCapacity(tokens.count + 1)
    for token in tokens { result.append(token) }
    result.append(key)
    return JSONPointer(tokens: result)
  }
}
