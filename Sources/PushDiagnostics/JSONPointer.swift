/// An RFC 6901 JSON Pointer such as `/message/apns/payload/aps/alert`.
///
/// Diagnostics carry a pointer so that a place in the input can be named even when the input
/// never had a file, such as a message built in code.
public struct JSONPointer: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The tokens after ``leadingIndex``'s, or all of them when there is none.
  private var path: [String]
  /// The index of an element of the document's array that starts the pointer, kept apart from
  /// the tokens after it (``path``), or -1 when the pointer does not start that way.
  ///
  /// The pointers below the elements of an array then share their ``path`` storage from one
  /// element to the next (`/3/message/data/id` and `/4/message/data/id` both hold
  /// `message/data/id`), as the pointers of the documents of an NDJSON input do, so that
  /// ``JSONPointerInterner`` builds each path once for all the messages of an array.
  private var leadingIndex: Int

  /// The unescaped reference tokens; array indices are written in decimal.
  public var tokens: [String] {
    get {
      guard leadingIndex >= 0 else { return path }
      var tokens: [String] = []
      tokens.reserveCapacity(path.count + 1)
      tokens.append(String(leadingIndex))
      tokens.append(contentsOf: path)
      return tokens
    }
    set {
      path = newValue
      leadingIndex = -1
    }
  }

  /// The pointer to the whole document (the empty string).
  public static let root = JSONPointer(tokens: [])

  /// Creates a pointer from unescaped reference tokens.
  public init(tokens: [String]) {
    self.leadingIndex = -1
    self.path = tokens
  }

  /// A pointer whose tokens are the decimal `leadingIndex` (when not -1) and then `path`.
  private init(leadingIndex: Int, path: [String]) {
    self.leadingIndex = leadingIndex
    self.path = path
  }

  /// The number of tokens.
  private var tokenCount: Int {
    path.count + (leadingIndex >= 0 ? 1 : 0)
  }

  /// Whether `lhs` and `rhs` have the same tokens.
  public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
    if lhs.leadingIndex == rhs.leadingIndex { return lhs.path == rhs.path }
    return lhs.tokens == rhs.tokens
  }

  /// Hashes the tokens, the parts ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    // As an array of the tokens hashes: their count, then each of them.
    hasher.combine(tokenCount)
    if leadingIndex >= 0 { hasher.combine(String(leadingIndex)) }
    for token in path { hasher.combine(token) }
  }

  /// Parses the string form of a pointer, or returns `nil` when it is not a valid pointer.
  public init?(_ string: String) {
    self.leadingIndex = -1
    if string.isEmpty {
      self.path = []
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
    self.path = tokens
  }

  /// The pointer to the member `key` of the object this pointer names.
  public func appending(_ key: String) -> JSONPointer {
    JSONPointer(leadingIndex: leadingIndex, path: Self.path(path, appending: key))
  }

  /// `path` with `token` after its tokens.
  static func path(_ path: [String], appending token: String) -> [String] {
    // Pointers are built for many values: one allocation of the exact size, and a copy loop
    // the compiler specialises (`tokens + [key]` allocates a temporary array and copies
    // through the runtime's generic array copy).
    var result: [String] = []
    result.reserveCapacity(path.count + 1)
    for token in path { result.append(token) }
    result.append(token)
    return result
  }

  /// The pointer to element `index` of the array this pointer names.
  public func appending(index: Int) -> JSONPointer {
    // An element of the document's array starts pointers that share their paths.
    if leadingIndex < 0 && path.isEmpty && index >= 0 {
      return JSONPointer(leadingIndex: index, path: [])
    }
    return appending(String(index))
  }

  /// The pointer to the value that contains this one; the root is its own parent.
  public var parent: JSONPointer {
    guard !path.isEmpty else { return .root }
    return JSONPointer(leadingIndex: leadingIndex, path: Array(path.dropLast()))
  }

  /// The tokens after the leading index, whose storage ``JSONPointerInterner`` keys its
  /// pointers by.
  var pathStorage: [String] { path }

  /// The pointer with this one's leading index and the tokens `path` after it.
  func withPath(_ path: [String]) -> JSONPointer {
    JSONPointer(leadingIndex: leadingIndex, path: path)
  }

  /// The escaped string form, `~` as `~0` and `/` as `~1`.
  public var description: String {
    // Escaped on the UTF-8 bytes: `~` and `/` are ASCII, never part of another character's
    // bytes. Going through the tokens' characters (grapheme breaking) and appending each to a
    // string cost about 6,000 instructions a pointer, once for each diagnostic rendered.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(path.reduce(into: 24) { $0 += $1.utf8.count + 1 })
    if leadingIndex >= 0 {
      bytes.append(UInt8(ascii: "/"))
      bytes.append(contentsOf: String(leadingIndex).utf8)
    }
    for token in path {
      bytes.append(UInt8(ascii: "/"))
      for byte in token.utf8 {
        switch byte {
        case UInt8(ascii: "~"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "0")]
        case UInt8(ascii: "/"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "1")]
        default: bytes.append(byte)
        }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
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
