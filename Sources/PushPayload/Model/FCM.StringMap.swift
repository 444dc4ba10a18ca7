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
    public var entries: [Entry] {
      _read { yield storedEntries }
      _modify {
        // Changed entries have a size of their own.
        storedByteCount = -1
        yield &storedEntries
      }
    }
    /// The storage of ``entries``.
    private var storedEntries: [Entry]
    /// ``measuredEntriesByteCount``, or -1 for `nil`: a map is one word larger, not two.
    private var storedByteCount: Int

    /// The bytes the entries take in compact canonical JSON, each `"key":"value"` without the
    /// comma between them, when the reader counted them from their source (each key and value a
    /// string written there as the writer writes it, and no key twice); `nil` otherwise, and
    /// once ``entries`` changes. ``FCMRequestEncoder/measure(_:)`` adds it instead of counting
    /// every key and value again.
    package var measuredEntriesByteCount: Int? {
      storedByteCount >= 0 ? storedByteCount : nil
    }

    /// Creates a map from its entries.
    public init(_ entries: [Entry] = []) {
      self.storedEntries = entries
      self.storedByteCount = -1
    }

    /// Creates a map from its entries, which take `byteCount` bytes in compact canonical JSON
    /// (``measuredEntriesByteCount``).
    package init(_ entries: [Entry], measuredByteCount byteCount: Int?) {
      self.storedEntries = entries
      self.storedByteCount = byteCount ?? -1
    }

    /// Creates a map from a literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, String)...) {
      self.storedEntries = elements.map { Entry(key: $0.0, value: Located($0.1)) }
      self.storedByteCount = -1
    }

    /// Whether both have the same entries in the same order (a measured size is not compared).
    public static func == (lhs: StringMap, rhs: StringMap) -> Bool {
      lhs.storedEntries == rhs.storedEntries
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(storedEntries)
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
