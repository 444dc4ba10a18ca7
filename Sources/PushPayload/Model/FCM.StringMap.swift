extension FCM {
  /// A map from strings to strings that keeps its entries in source order: `data`, `headers`.
  ///
  /// When a key appears twice, the readers report it and lookups return the last value, as FCM
  /// does.
  public struct StringMap: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// One `key: value` pair.
    public struct Entry: Hashable, Sendable {
      /// The key.
      public var key: String
      /// The value, located at the member (its ``SourceReference/keySpan`` is the key's bytes).
      public var value: Located<String>

      /// Creates an entry.
      public init(key: String, value: Located<String>) {
        self.key = key
        self.value = value
      }
    }

    /// The entries in source order.
    public var entries: [Entry]

    /// Creates a map from its entries.
    public init(_ entries: [Entry] = []) {
      self.entries = entries
    }

    /// Creates a map from a literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, String)...) {
      self.entries = elements.map { Entry(key: $0.0, value: Located($0.1)) }
    }

    /// The value of the last entry named `key`, or `nil`.
    public subscript(key: String) -> String? {
      entries.last { $0.key == key }?.value.value
    }

    /// Whether the map has no entries.
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys in source order.
    public var keys: [String] { entries.map(\.key) }
  }
}
