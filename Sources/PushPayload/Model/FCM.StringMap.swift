package import PushDiagnostics
package import PushJSON

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
      _read {
        switch storage {
        case .entries(let entries): yield entries
        case .deferred(let deferred): yield deferred.entries()
        }
      }
      _modify {
        var entries: [Entry]
        switch storage {
        case .entries(let stored): entries = stored
        case .deferred(let deferred): entries = deferred.entries()
        }
        // Not shared while it changes: the storage holds no other reference to it meanwhile.
        storage = .entries([])
        // Changed entries have a size of their own.
        storedByteCount = -1
        defer { storage = .entries(entries) }
        yield &entries
      }
    }
    /// The entries, or the tree they are made from when ``entries`` is read: `pushc lint`
    /// never reads the values of a `data` map whose entries pass their checks, which read the
    /// keys' bytes (``count``, ``allKeysSatisfy(_:)``), and `pushc compile` copies them into
    /// the payload's bytes (``verbatimSource``). One reference either way: a copy of a map
    /// retains one object.
    private var storage: Storage

    /// Where a map's entries are.
    private enum Storage {
      /// Made.
      case entries([Entry])
      /// Made when read.
      case deferred(DeferredEntries)
    }
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
      self.storage = .entries(entries)
      self.storedByteCount = -1
    }

    /// Creates a map from its entries, which take `byteCount` bytes in compact canonical JSON
    /// (``measuredEntriesByteCount``).
    package init(_ entries: [Entry], measuredByteCount byteCount: Int?) {
      self.storage = .entries(entries)
      self.storedByteCount = byteCount ?? -1
    }

    /// Creates a map of the members of `object` in `tree`, every one a string the reader
    /// measured (``measuredEntriesByteCount``: `byteCount`), whose keys and values, at
    /// `pointer` and below, are made when they are read.
    package init(
      deferringValuesOf object: ValueTree.NodeID, in tree: ValueTree, pointer: JSONPointer,
      measuredByteCount byteCount: Int, keyTraits: KeyTraits
    ) {
      self.storage = .deferred(
        DeferredEntries(tree: tree, object: object, pointer: pointer, keyTraits: keyTraits))
      self.storedByteCount = byteCount
    }

    /// What the checks look for among the keys, noted by the reader, for a map whose entries
    /// are still in the tree it was read from; `nil` for a map whose entries were made (the
    /// checks then read the keys).
    package var keyTraits: KeyTraits? {
      guard case .deferred(let deferred) = storage else { return nil }
      return deferred.keyTraits
    }

    /// The number of entries.
    package var count: Int {
      @inline(__always) get {
        switch storage {
        case .entries(let entries): entries.count
        case .deferred(let deferred): deferred.count
        }
      }
    }

    /// The key of entry `index`, without making the entries of a map that defers them.
    @inline(__always)
    package func key(at index: Int) -> String {
      switch storage {
      case .entries(let entries): entries[index].key
      case .deferred(let deferred): deferred.key(at: index)
      }
    }

    /// Whether `predicate` holds for the UTF-8 bytes of every key, read in place, in order
    /// (up to the first key for which it does not): no key of a map that defers them is made.
    @inline(__always)
    package func allKeysSatisfy(_ predicate: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
      switch storage {
      case .entries(let entries):
        for index in entries.indices {
          var key = entries[index].key
          guard key.withUTF8(predicate) else { return false }
        }
        return true
      case .deferred(let deferred):
        return deferred.allKeysSatisfy(predicate)
      }
    }

    /// Whether `predicate` holds for the UTF-8 bytes of some key, read in place.
    @inline(__always)
    package func containsKey(where predicate: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
      !allKeysSatisfy { !predicate($0) }
    }

    /// Where the entries are still in the source they were read from, each key and value
    /// written there as compact canonical JSON writes it (a map that defers its values): the
    /// map's object in a value tree, whose members ``CanonicalJSONWriter`` can copy from there;
    /// `nil` for a map whose entries were made.
    package var verbatimSource: (tree: ValueTree, object: ValueTree.NodeID)? {
      guard case .deferred(let deferred) = storage else { return nil }
      return (deferred.tree, deferred.object)
    }

    /// Entry `index`; for a map that defers its entries, made on its own.
    package func entry(at index: Int) -> Entry {
      switch storage {
      case .entries(let entries): entries[index]
      case .deferred(let deferred): deferred.entry(at: index)
      }
    }

    /// Creates a map from a literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, String)...) {
      self.storage = .entries(elements.map { Entry(key: $0.0, value: Located($0.1)) })
      self.storedByteCount = -1
    }

    /// Whether both have the same entries in the same order (a measured size is not compared).
    public static func == (lhs: StringMap, rhs: StringMap) -> Bool {
      lhs.entries == rhs.entries
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(entries)
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

extension FCM.StringMap {
  /// The entries of a map read from a value tree, whose keys and values are made when they are
  /// read.
  ///
  /// Immutable, and the tree is never changed once built: sharing it between threads is safe.
  final class DeferredEntries: Sendable {
    /// The tree the map was read from.
    let tree: ValueTree
    /// The map's object in ``tree``: each member a string, no key twice.
    let object: ValueTree.NodeID
    /// The pointer to the map.
    let pointer: JSONPointer
    /// The number of entries.
    let count: Int
    /// What the checks look for among the keys (``FCM/StringMap/keyTraits``).
    let keyTraits: KeyTraits

    init(tree: ValueTree, object: ValueTree.NodeID, pointer: JSONPointer, keyTraits: KeyTraits) {
      self.tree = tree
      self.object = object
      self.pointer = pointer
      self.count = tree.count(object)
      self.keyTraits = keyTraits
    }

    /// The key of entry `index`, made from its bytes in the tree: a small string (most keys)
    /// costs less to make than a stored one to retain and release.
    func key(at index: Int) -> String {
      tree.string(tree.key(ofMember: index, of: object)) ?? ""
    }

    /// Whether `predicate` holds for the bytes of every key, in order, read in the tree.
    @inline(__always)
    func allKeysSatisfy(_ predicate: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
      let tree = tree
      for index in 0..<count {
        guard tree.withUTF8(tree.key(ofMember: index, of: object), predicate) else { return false }
      }
      return true
    }

    /// Entry `index`, as the reader makes it: the value located at its pointer, with the
    /// spans of the value and of its key.
    func entry(at index: Int) -> FCM.StringMap.Entry {
      let value = tree.value(ofMember: index, of: object)
      let key = key(at: index)
      return FCM.StringMap.Entry(
        key: key,
        value: Located(
          tree.string(value) ?? "",
          source: SourceReference(
            pointer: pointer.appending(key), span: tree.span(value),
            keySpan: tree.span(tree.key(ofMember: index, of: object)))))
    }

    /// Every entry, in order.
    func entries() -> [FCM.StringMap.Entry] {
      (0..<count).map(entry(at:))
    }
  }
}
