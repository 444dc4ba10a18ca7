public import PushDiagnostics

/// The members of a JSON object in source order, duplicates included.
public struct JSONObject: Hashable, Sendable {
  /// One `"key": value` pair.
  public struct Member: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The bytes of the key in its source, quotes included.
    public var keySpan: SourceSpan
    /// The value.
    public var value: ValueNode

    /// Creates a member.
    ///
    /// Inlinable: called across modules, it read its value back from the caller's stack right
    /// after the caller stored it in parts, a store-forwarding stall on every member lowering
    /// builds; inlined, the member is built where it is stored.
    @inlinable
    public init(key: String, keySpan: SourceSpan = SourceSpan(at: 0), value: ValueNode) {
      self.key = key
      self.keySpan = keySpan
      self.value = value
    }
  }

  /// The members in source order.
  public var members: [Member]

  /// Creates an object from its members.
  public init(_ members: [Member] = []) {
    self.members = members
  }

  /// The value of the last member named `key`, or `nil`.
  public subscript(key: String) -> ValueNode? {
    member(named: key)?.value
  }

  /// The last member named `key`, or `nil`.
  public func member(named key: String) -> Member? {
    members.last { $0.key == key }
  }

  /// The keys in source order.
  public var keys: [String] { members.map(\.key) }

  /// Whether the object has no members.
  public var isEmpty: Bool { members.isEmpty }

  /// The number of members.
  public var count: Int { members.count }
}
