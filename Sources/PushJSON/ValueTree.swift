public import PushDiagnostics

/// The documents of one input as one flat tree: every value is a small fixed-size node in one
/// buffer, and strings, keys and number lexemes are byte ranges into the input they were read
/// from, made into `String`s only when a later stage asks for one.
///
/// This is the arena form of ``ValueNode`` (design point 2 of the performance plan, see
/// Benchmarks/README.md): reading a document allocates nothing per value, and dropping it
/// releases three buffers instead of every string, array and object of the tree. Stages that
/// read many messages (the FCM reader behind `pushc lint` and `compile`) walk a tree through
/// ``NodeID``s; everything else asks for the ``ValueNode`` of a node (``valueNode(_:)``), which
/// is the same value with the same spans as ``JSONReader`` builds.
///
/// A container's children are contiguous: element `i` of an array is node `first + i`, and
/// member `i` of an object is its key node `first + 2i` followed by its value node. Node ids
/// are positions in the tree; they say nothing about document order.
///
/// A tree never changes once built (``Builder``), so it is a class: passing it around costs one
/// reference count, however many buffers it holds. Every stored property is a constant, and the
/// pointers it keeps point into its own constant buffers (see ``nodeBase``), so sharing a tree
/// between threads is safe: hence `@unchecked Sendable`.
public final class ValueTree: @unchecked Sendable {
  /// A value of the tree: a position in its node buffer.
  public struct NodeID: Hashable, Sendable {
    /// The position of the node in the tree's buffer.
    public let index: Int

    /// The node at `index`.
    @inlinable
    public init(_ index: Int) {
      self.index = index
    }
  }

  /// What a node holds; ``ValueNode/Kind`` without the payload.
  public enum Kind: UInt8, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool
    /// A number; its lexeme is ``withUTF8(_:_:)``.
    case number
    /// A string.
    case string
    /// An array.
    case array
    /// An object.
    case object
    /// The key of an object member (never a value).
    case key
  }

  /// One value, 32 bytes, with no references.
  @usableFromInline
  struct Node: Sendable {
    /// The span of the value in its source (of the key, quotes included, for a key).
    @usableFromInline var start: Int
    @usableFromInline var end: Int
    /// Containers: the first child's position. Strings, keys and numbers whose bytes are in
    /// ``ValueTree/text``: where they start there.
    @usableFromInline var first: UInt32
    /// Containers: the number of elements or members. Strings, keys and numbers in
    /// ``ValueTree/text``: their byte count.
    @usableFromInline var count: UInt32
    @usableFromInline var kind: Kind
    /// ``Flags``.
    @usableFromInline var flags: UInt8

    @inlinable
    init(kind: Kind, start: Int, end: Int, first: UInt32 = 0, count: UInt32 = 0, flags: UInt8 = 0) {
      self.start = start
      self.end = end
      self.first = first
      self.count = count
      self.kind = kind
      self.flags = flags
    }
  }

  /// The bits of ``Node/flags``.
  @usableFromInline
  enum Flags {
    /// `true` for a Boolean node.
    @usableFromInline static let isTrue: UInt8 = 1
    /// The bytes of a string, key or number are in ``ValueTree/text`` (``Node/first``,
    /// ``Node/count``), not in the source between the span's quotes.
    @usableFromInline static let inText: UInt8 = 2
    /// Every byte of the string or key is ASCII.
    @usableFromInline static let isASCII: UInt8 = 4
    /// The node has a YAML source text (``ValueTree/sourceTexts``).
    @usableFromInline static let hasSourceText: UInt8 = 8
  }

  /// The input the spans of source-backed strings, keys and numbers point into.
  public let source: [UInt8]
  /// Every node.
  @usableFromInline let nodes: [Node]
  /// The bytes of strings, keys and numbers that are not written as they are in ``source``:
  /// strings with escapes, and every string of a tree made from ``ValueNode``s.
  @usableFromInline let text: [UInt8]
  /// The YAML source text (``ValueNode/sourceText``) of the nodes that have one.
  let sourceTexts: [Int: String]
  /// The root of each document, in order.
  public let roots: [NodeID]
  /// The number of nodes, keys included.
  public let nodeCount: Int
  /// Whether no object of the tree is known to have two keys that are the same string (as
  /// `String`s compare): true for a tree ``JSONReader/readTree(_:)`` read, whose scanner leaves
  /// an input with a repeated key to the full reader; `false` for one made of ``ValueNode``s
  /// (``init(documents:)``), whose objects may repeat keys.
  package let keysAreDistinct: Bool

  // Where the buffers of ``nodes``, ``text`` and ``source`` start. Reading an array stored in
  // a class retains and releases its buffer around each access, which cost more than reading a
  // node; these point into the same buffers, which the tree keeps alive and never changes (its
  // arrays are constants, and another copy of `source` that changes gets a buffer of its own),
  // so they stay valid as long as the tree. A node id is checked against ``nodeCount`` before
  // any read through them.
  @usableFromInline let nodeBase: UnsafePointer<Node>
  @usableFromInline let textBase: UnsafePointer<UInt8>
  @usableFromInline let sourceBase: UnsafePointer<UInt8>
  /// ``SmallASCIIString/isAvailable``, read once per tree rather than once per string.
  let buildsSmallStrings = SmallASCIIString.isAvailable

  /// The tree `builder` built.
  package init(_ builder: consuming Builder) {
    self.source = builder.source
    self.nodes = builder.nodes
    self.text = builder.text
    self.sourceTexts = builder.sourceTexts
    self.roots = builder.roots
    self.nodeCount = nodes.count
    self.keysAreDistinct = builder.keysAreDistinct
    self.nodeBase = Self.base(of: nodes, placeholder: Self.nodePlaceholder)
    self.textBase = Self.base(of: text, placeholder: Self.bytePlaceholder)
    self.sourceBase = Self.base(of: source, placeholder: Self.bytePlaceholder)
  }

  /// The start of the buffer of `array`, or `placeholder`, which is never read, when it has
  /// none (an empty array may have none).
  private static func base<Element>(
    of array: [Element], placeholder: UnsafePointer<Element>
  ) -> UnsafePointer<Element> {
    array.withUnsafeBufferPointer { $0.baseAddress } ?? placeholder
  }

  /// What ``nodeBase`` points at for a tree without nodes.
  nonisolated(unsafe) private static let nodePlaceholder = UnsafePointer(
    UnsafeMutablePointer<Node>.allocate(capacity: 1))
  /// What ``textBase`` and ``sourceBase`` point at for an empty buffer.
  nonisolated(unsafe) private static let bytePlaceholder = UnsafePointer(
    UnsafeMutablePointer<UInt8>.allocate(capacity: 1))

  /// The tree of `documents`, each a root in order, for input read by a front end that builds
  /// ``ValueNode``s (YAML, or trees built in code): every string, key and number lexeme is
  /// copied into the tree, so it needs no source.
  public convenience init(documents: [ValueNode]) {
    var builder = Builder(source: [])
    for document in documents {
      let root = builder.nodes.count
      builder.nodes.append(Node(kind: .null, start: 0, end: 0))
      builder.fill(root, with: document)
      builder.roots.append(NodeID(root))
    }
    self.init(builder)
  }
}

extension ValueTree {
  /// A tree being built: its buffers, which ``ValueTree/init(_:)`` takes over.
  package struct Builder {
    /// The input the spans of source-backed nodes point into.
    package let source: [UInt8]
    /// Every node so far.
    var nodes: [Node]
    /// The bytes of the nodes kept in the tree (``Flags/inText``).
    var text: [UInt8]
    /// The YAML source texts by node position.
    var sourceTexts: [Int: String]
    /// The roots so far.
    var roots: [NodeID]
    /// ``ValueTree/keysAreDistinct``.
    package var keysAreDistinct = false

    /// An empty tree over `source`, which the spans of the nodes added to it point into.
    package init(source: [UInt8]) {
      self.source = source
      self.nodes = []
      self.text = []
      self.sourceTexts = [:]
      self.roots = []
    }

    /// Sets node `position` to `value`, its children appended as one block.
    mutating func fill(_ position: Int, with value: ValueNode) {
      var node = Node(kind: .null, start: value.span.start, end: value.span.end)
      switch value.kind {
      case .null:
        break
      case .bool(let flag):
        node.kind = .bool
        node.flags = flag ? Flags.isTrue : 0
      case .number(let number):
        node.kind = .number
        appendText(number.lexeme, to: &node)
      case .string(let string):
        node.kind = .string
        appendText(string, to: &node)
      case .array(let elements):
        node.kind = .array
        node.first = UInt32(nodes.count)
        node.count = UInt32(elements.count)
        nodes.append(
          contentsOf: repeatElement(Node(kind: .null, start: 0, end: 0), count: elements.count))
        for (index, element) in elements.enumerated() {
          fill(Int(node.first) + index, with: element)
        }
      case .object(let object):
        node.kind = .object
        node.first = UInt32(nodes.count)
        node.count = UInt32(object.members.count)
        nodes.append(
          contentsOf: repeatElement(
            Node(kind: .null, start: 0, end: 0), count: 2 * object.members.count))
        for (index, member) in object.members.enumerated() {
          let keyPosition = Int(node.first) + 2 * index
          var key = Node(kind: .key, start: member.keySpan.start, end: member.keySpan.end)
          appendText(member.key, to: &key)
          nodes[keyPosition] = key
          fill(keyPosition + 1, with: member.value)
        }
      }
      if let sourceText = value.sourceText {
        node.flags |= Flags.hasSourceText
        sourceTexts[position] = sourceText
      }
      nodes[position] = node
    }

    /// Stores the bytes of `string` in ``text`` as those of `node`.
    private mutating func appendText(_ string: String, to node: inout Node) {
      node.first = UInt32(text.count)
      text.append(contentsOf: string.utf8)
      node.count = UInt32(text.count) - node.first
      node.flags |= Flags.inText | (string.utf8.allSatisfy { $0 < 0x80 } ? Flags.isASCII : 0)
    }

    /// Appends `block` as consecutive nodes and returns the position of the first: the
    /// children of one container, for a builder that gathers them elsewhere while they are read.
    @inline(__always)
    mutating func appendNodes(_ block: UnsafeBufferPointer<Node>) -> Int {
      let first = nodes.count
      nodes.append(contentsOf: block)
      return first
    }

    /// Appends `bytes` to ``text`` and returns where they start there.
    @discardableResult
    mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
      let first = text.count
      text.append(contentsOf: bytes)
      return first
    }

    /// Records `id` as the root of the next document.
    package mutating func appendRoot(_ id: NodeID) {
      roots.append(id)
    }
  }
}

extension ValueTree {
  // MARK: - Reading

  /// The node `id`, checked to be one of the tree's.
  @inlinable @inline(__always)
  func node(_ id: NodeID) -> Node {
    precondition(
      UInt(bitPattern: id.index) < UInt(bitPattern: nodeCount), "not a node of this tree")
    return nodeBase[id.index]
  }

  /// What `id` holds.
  @inlinable
  public func kind(_ id: NodeID) -> Kind {
    node(id).kind
  }

  /// The bytes of `id` in its source: the value's, or for a key node the key's, quotes
  /// included.
  @inlinable
  public func span(_ id: NodeID) -> SourceSpan {
    let node = node(id)
    return SourceSpan(start: node.start, end: node.end)
  }

  /// Whether the string or key `id` is written in its source as compact canonical JSON
  /// (``CanonicalJSONWriter``) writes it, so that its span, quotes included, is those bytes: a
  /// string read from JSON without an escape. `false` for a string kept in the tree's text (one
  /// with escapes, or one of a tree made from ``ValueNode``s, such as a YAML document's) and
  /// for any other node.
  ///
  /// Only the strict scanner makes strings that are not in the text, and only from valid JSON:
  /// their content has no quote, backslash or control character, so the writer writes it as it
  /// is, between quotes.
  @inlinable
  public func isVerbatimString(_ id: NodeID) -> Bool {
    let node = node(id)
    return (node.kind == .string || node.kind == .key) && node.flags & Flags.inText == 0
  }

  /// The number of bytes compact canonical JSON (``CanonicalJSONWriter``) takes for the value
  /// `id`, counted from its nodes when every string and key in it is written in its source as
  /// the writer writes it (``isVerbatimString(_:)``): the spans of its strings and keys, the
  /// lexemes of its numbers and the brackets, colons and commas between; `nil` when a string
  /// or key in it is not verbatim.
  package func verbatimCompactByteCount(of id: NodeID) -> Int? {
    verbatimCompactByteCount(of: node(id))
  }

  /// ``verbatimCompactByteCount(of:)`` of `node`; a container's scalars are counted in its
  /// loop, and only its containers with a call each.
  private func verbatimCompactByteCount(of node: Node) -> Int? {
    guard node.kind == .array || node.kind == .object else {
      return verbatimScalarByteCount(of: node)
    }
    let isObject = node.kind == .object
    let count = Int(node.count)
    // The brackets and the commas between the children; for an object, a colon a member.
    var total = 2 + max(count - 1, 0) + (isObject ? count : 0)
    for index in 0..<(isObject ? 2 * count : count) {
      let child = self.node(NodeID(Int(node.first) + index))
      guard
        let childCount = child.kind == .array || child.kind == .object
          ? verbatimCompactByteCount(of: child) : verbatimScalarByteCount(of: child)
      else { return nil }
      total += childCount
    }
    return total
  }

  /// The compact bytes of the scalar or key `node` when they are its source's
  /// (``verbatimCompactByteCount(of:)``), or `nil`.
  @inline(__always)
  private func verbatimScalarByteCount(of node: Node) -> Int? {
    switch node.kind {
    case .null: 4
    case .bool: node.flags & Flags.isTrue != 0 ? 4 : 5
    case .number: utf8(of: node).count
    case .string, .key: node.flags & Flags.inText == 0 ? node.end - node.start : nil
    case .array, .object: nil
    }
  }

  /// Appends the members of the object `id` to `output` as compact canonical JSON writes them,
  /// `"key":"value"` separated by commas, copying each key and value from its source: every key
  /// and value must be a string for which ``isVerbatimString(_:)`` is true.
  ///
  /// Members written without blanks between them (as compact input has them: each key right
  /// after the comma, each value right after the colon) are already those bytes, and are
  /// copied as one run: a copy for each key, value and separator cost most of a compiled
  /// message's `data`.
  func appendVerbatimMembers<Output: JSONByteOutput>(of id: NodeID, to output: inout Output) {
    let object = node(id)
    precondition(object.kind == .object, "not an object")
    let count = Int(object.count)
    var isOneRun = true
    var runEnd = 0
    for index in 0..<count {
      let key = node(NodeID(Int(object.first) + 2 * index))
      let value = node(NodeID(Int(object.first) + 2 * index + 1))
      precondition(
        key.flags & Flags.inText == 0 && value.kind == .string && value.flags & Flags.inText == 0,
        "not a verbatim string")
      // One byte between a value and the next key is the comma, between a key and its value
      // the colon: the grammar puts nothing else there.
      if (index > 0 && key.start != runEnd + 1) || value.start != key.end + 1 {
        isOneRun = false
      }
      runEnd = value.end
    }
    if isOneRun {
      guard count > 0 else { return }
      let runStart = node(NodeID(Int(object.first))).start
      output.append(
        contentsOf: UnsafeBufferPointer(start: sourceBase + runStart, count: runEnd - runStart))
      return
    }
    for index in 0..<count {
      let key = node(NodeID(Int(object.first) + 2 * index))
      let value = node(NodeID(Int(object.first) + 2 * index + 1))
      if index > 0 { output.append(UInt8(ascii: ",")) }
      output.append(
        contentsOf: UnsafeBufferPointer(start: sourceBase + key.start, count: key.end - key.start))
      output.append(UInt8(ascii: ":"))
      output.append(
        contentsOf: UnsafeBufferPointer(
          start: sourceBase + value.start, count: value.end - value.start))
    }
  }

  /// Whether `id` is `null`.
  @inlinable
  public func isNull(_ id: NodeID) -> Bool {
    node(id).kind == .null
  }

  /// The Boolean `id` holds, or `nil` when it is not a Boolean.
  @inlinable
  public func bool(_ id: NodeID) -> Bool? {
    let node = node(id)
    guard node.kind == .bool else { return nil }
    return node.flags & Flags.isTrue != 0
  }

  /// The number of elements of an array or members of an object; 0 for anything else.
  @inlinable @inline(__always)
  public func count(_ id: NodeID) -> Int {
    let node = node(id)
    return node.kind == .array || node.kind == .object ? Int(node.count) : 0
  }

  /// Element `index` of the array `id`.
  @inlinable
  public func element(_ index: Int, of id: NodeID) -> NodeID {
    NodeID(Int(node(id).first) + index)
  }

  /// The key node of member `index` of the object `id`.
  @inlinable
  public func key(ofMember index: Int, of id: NodeID) -> NodeID {
    NodeID(Int(node(id).first) + 2 * index)
  }

  /// The value node of member `index` of the object `id`.
  @inlinable
  public func value(ofMember index: Int, of id: NodeID) -> NodeID {
    NodeID(Int(node(id).first) + 2 * index + 1)
  }

  /// Whether every byte of the string or key `id` is ASCII.
  @inlinable
  public func isASCII(_ id: NodeID) -> Bool {
    node(id).flags & Flags.isASCII != 0
  }

  /// The bytes of a string's or key's content or of a number's lexeme; empty for any other
  /// node. Valid as long as the tree.
  @inlinable @inline(__always)
  func utf8(of node: Node) -> UnsafeBufferPointer<UInt8> {
    switch node.kind {
    case .string, .key:
      if node.flags & Flags.inText != 0 {
        return UnsafeBufferPointer(start: textBase + Int(node.first), count: Int(node.count))
      }
      return UnsafeBufferPointer(
        start: sourceBase + (node.start + 1), count: node.end - node.start - 2)
    case .number:
      if node.flags & Flags.inText != 0 {
        return UnsafeBufferPointer(start: textBase + Int(node.first), count: Int(node.count))
      }
      return UnsafeBufferPointer(start: sourceBase + node.start, count: node.end - node.start)
    default:
      return UnsafeBufferPointer(start: nil, count: 0)
    }
  }

  /// Calls `body` with the bytes of a string's or key's content, or of a number's lexeme, and
  /// returns what it returns; for any other node the bytes are empty.
  @inlinable
  public func withUTF8<Result>(
    _ id: NodeID, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    try body(utf8(of: node(id)))
  }

  /// The number of bytes of a string's or key's content or of a number's lexeme.
  @inlinable
  public func utf8Count(_ id: NodeID) -> Int {
    utf8(of: node(id)).count
  }

  /// The content of the string or key `id` as a `String` (the lexeme of a number), made from
  /// its bytes, which reading validated; `nil` for any other node.
  public func string(_ id: NodeID) -> String? {
    let node = node(id)
    switch node.kind {
    case .string, .key, .number:
      let bytes = utf8(of: node)
      // A number's lexeme is ASCII whatever the flags say.
      let isASCII = node.kind == .number || node.flags & Flags.isASCII != 0
      if isASCII, bytes.count <= SmallASCIIString.capacity, buildsSmallStrings {
        // Most keys and enum values: made from two words of their bytes.
        guard let base = bytes.baseAddress else { return "" }
        let (leading, trailing) = SmallASCIIString.words(base, count: bytes.count)
        return SmallASCIIString.make(leading: leading, trailing: trailing, count: bytes.count)
      }
      return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
    default:
      return nil
    }
  }

  /// The YAML source text of `id` (``ValueNode/sourceText``), if it has one.
  public func sourceText(_ id: NodeID) -> String? {
    guard node(id).flags & Flags.hasSourceText != 0 else { return nil }
    return sourceTexts[id.index]
  }

  // MARK: - Values

  /// The value of `id` as a ``ValueNode``, with the spans and source texts of the tree: the
  /// same value the JSON or YAML reader builds for it.
  public func valueNode(_ id: NodeID) -> ValueNode {
    valueNode(id, elementLimit: .max)
  }

  /// ``valueNode(_:)`` with every array, at any depth, cut to its first `elementLimit`
  /// elements, and every object below `objectDepthLimit` objects (arrays along the way do not
  /// count), and every array in it, made without children: enough of a large document to
  /// tell what it holds without making all of it.
  package func valueNode(_ id: NodeID, elementLimit: Int, objectDepthLimit: Int = .max)
    -> ValueNode
  {
    let node = node(id)
    let kind: ValueNode.Kind
    switch node.kind {
    case .null:
      kind = .null
    case .bool:
      kind = .bool(node.flags & Flags.isTrue != 0)
    case .number:
      kind = .number(JSONNumber(lexeme: string(id) ?? ""))
    case .string, .key:
      kind = .string(string(id) ?? "")
    case .array:
      let count = objectDepthLimit > 0 ? min(Int(node.count), elementLimit) : 0
      var elements: [ValueNode] = []
      elements.reserveCapacity(count)
      for index in 0..<count {
        elements.append(
          valueNode(
            element(index, of: id), elementLimit: elementLimit,
            objectDepthLimit: objectDepthLimit))
      }
      kind = .array(elements)
    case .object:
      let count = objectDepthLimit > 0 ? Int(node.count) : 0
      var members: [JSONObject.Member] = []
      members.reserveCapacity(count)
      for index in 0..<count {
        let key = self.key(ofMember: index, of: id)
        members.append(
          JSONObject.Member(
            key: string(key) ?? "", keySpan: span(key),
            value: valueNode(
              value(ofMember: index, of: id), elementLimit: elementLimit,
              objectDepthLimit: objectDepthLimit - 1)))
      }
      kind = .object(JSONObject(members))
    }
    // The flag tested here: nearly no node has a source text, and asking for it was a call.
    return ValueNode(
      kind, span: SourceSpan(start: node.start, end: node.end),
      sourceText: node.flags & Flags.hasSourceText != 0 ? sourceTexts[id.index] : nil)
  }

  /// Every document as a ``ValueNode``, in order.
  public var documents: [ValueNode] {
    roots.map { valueNode($0) }
  }
}
