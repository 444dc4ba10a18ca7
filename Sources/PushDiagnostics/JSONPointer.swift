/// An RFC 6901 JSON Pointer such as `/message/apns/payload/aps/alert`.
///
/// Diagnostics carry a pointer so that a place in the input can be named even when the input
/// never had a file, such as a message built in code.
public struct JSONPointer: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The unescaped reference tokens; array indices are written in decimal.
  public var tokens: [String]

  /// The pointer to the whole document (the empty string).
  public static let root = JSONPointer(tokens: [])

  /// Creates a pointer from unescaped reference tokens.
  public init(tokens: [String]) {
    self.tokens = tokens
  }

  /// Parses the string form of a pointer, or returns `nil` when it is not a valid pointer.
  public init?(_ string: String) {
    if string.isEmpty {
      self.tokens = []
      return
    }
    guard string.hasPrefix("/") else { return nil }
    var tokens: [String] = []
    for rawToken in string.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      var token = ""
      var iterator = rawToken.makeIterator()
      while let character = iterator.next() {
        guard character == "~" else {
          token.append(character)
          continue
        }
        switch iterator.next() {
        case "0": token.append("~")
        case "1": token.append("/")
        default: return nil
        }
      }
      tokens.append(token)
    }
    self.tokens = tokens
  }

  /// The pointer to the member `key` of the object this pointer names.
  public func appending(_ key: String) -> JSONPointer {
    // Pointers are built for many values: one allocation of the exact size, and a copy loop
    // the compiler specialises (`tokens + [key]` allocates a temporary array and copies
    // through the runtime's generic array copy).
    var result: [String] = []
    result.reserveCapacity(tokens.count + 1)
    for token in tokens { result.append(token) }
    result.append(key)
    return JSONPointer(tokens: result)
  }

  /// The pointer to element `index` of the array this pointer names.
  public func appending(index: Int) -> JSONPointer {
    appending(String(index))
  }

  /// The pointer to the value that contains this one; the root is its own parent.
  public var parent: JSONPointer {
    JSONPointer(tokens: Array(tokens.dropLast()))
  }

  /// The escaped string form, `~` as `~0` and `/` as `~1`.
  public var description: String {
    var result = ""
    for token in tokens {
      result.append("/")
      for character in token {
        switch character {
        case "~": result.append("~0")
        case "/": result.append("~1")
        default: result.append(character)
        }
      }
    }
    return result
  }

  /// Whether `lhs` sorts before `rhs`, comparing tokens in order.
  public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
    lhs.tokens.lexicographicallyPrecedes(rhs.tokens)
  }
}

extension JSONPointer: Codable {
  /// Decodes a pointer from its string form, such as `/message/apns/payload`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when the string is not a JSON pointer.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let string = try container.decode(String.self)
    guard let pointer = JSONPointer(string) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "'\(string)' is not a JSON pointer"
      )
    }
    self = pointer
  }

  /// Encodes the pointer as its string form.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: The error of `encoder`, if any.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
