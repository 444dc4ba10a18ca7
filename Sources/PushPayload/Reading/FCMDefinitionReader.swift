import PushDiagnostics
import PushJSON

/// Reads one message definition: the state of one ``FCMMessageReader`` pass over one object.
///
/// It walks the input's ``ValueTree`` by node: keys are matched on their bytes, and a string
/// is made only for a value the model keeps.
struct FCMDefinitionReader {
  let options: FCMMessageReader.Options
  let locator: SourceTextLocator
  var collector: DiagnosticCollector
  /// Shares the pointers of the model's values with the other definitions of the input.
  let pointers: JSONPointerInterner
  /// The documents of the input.
  let tree: ValueTree
  /// An empty request, which every definition starts as (a copy of it, filled in place).
  let blankRequest = FCM.SendRequest(message: Located(FCM.Message()))
  /// The box of the notification of every Android configuration before one is read
  /// (``FCM/AndroidConfig/init(unsetSharing:)``).
  ///
  /// Both are the reader's own, not `static let`s: each definition retains and releases their
  /// boxes, and boxes every thread shared bounced their reference counts between the
  /// processors on every message when an input is compiled in parts on several threads.
  let unsetAndroidNotification = FCM.AndroidConfig.NotificationBox(nil)
  /// Classifies the keys of the `data` maps whose traits the reader notes.
  let dataKeyClassifier = DataKeyClassifier()
  /// The field spellings and each object kind's fields (``FCMObjectKind/fieldMasks``), read
  /// from their globals once for the input: each read of a global checks that it is made, two
  /// checks an object of every message.
  let spellings = FCMFieldSpellingTable.shared
  let fieldMasks = FCMObjectKind.fieldMasks

  init(
    file: SourceFile?, tree: ValueTree, options: FCMMessageReader.Options,
    pointers: JSONPointerInterner
  ) {
    self.options = options
    self.pointers = pointers
    self.tree = tree
    self.locator = SourceTextLocator(file: file)
    self.collector =
      file.map { DiagnosticCollector(file: $0) } ?? DiagnosticCollector()
  }

  /// A node's value as the reader switches on it: scalars made into Swift values, containers
  /// left as nodes.
  enum NodeValue {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array(ValueTree.NodeID)
    case object(ValueTree.NodeID)
  }

  /// The value of `node`.
  func value(_ node: ValueTree.NodeID) -> NodeValue {
    switch tree.kind(node) {
    case .null: .null
    case .bool: .bool(tree.bool(node) ?? false)
    case .number: .number(JSONNumber(lexeme: tree.string(node) ?? ""))
    case .string, .key: .string(tree.string(node) ?? "")
    case .array: .array(node)
    case .object: .object(node)
    }
  }

  /// The text of a scalar as the user wrote it, as ``ValueNode/scalarText`` gives it.
  func scalarText(_ node: ValueTree.NodeID) -> String? {
    if let sourceText = tree.sourceText(node) { return sourceText }
    switch tree.kind(node) {
    case .null: return "null"
    case .bool: return tree.bool(node) == true ? "true" : "false"
    case .number, .string, .key: return tree.string(node)
    case .array, .object: return nil
    }
  }

  /// The known fields of one typed object by snake_case name; a later member with the same
  /// name replaces an earlier one, as in FCM.
  ///
  /// Holds the object's members and, for every ``FCMField`` by ordinal, the index of the member
  /// that sets it, inline: looking a field up allocates only the pointer of a field that is
  /// there, and absent fields cost a vector element read.
  struct FieldSet {
    /// The inline index table: one byte per ``FCMField/ordinal``, the index of the member plus
    /// one, or 0 for a field no member sets. A vector rather than an `InlineArray<_, Int32>`:
    /// 64 bytes that live in registers, where the 256-byte array was copied with `memcpy`
    /// at every lookup.
    typealias Indices = SIMD64<UInt8>

    /// How many fields the inline index table holds; at least `FCMField.allCases.count`.
    static var capacity: Int { Indices.scalarCount }

    /// The most members an object may have for its indices to fit the inline table; objects
    /// with more (which only unknown keys make possible) use ``MemberTable``'s wide indices.
    static let inlineMemberLimit = Int(UInt8.max) - 1

    // The tree and the interner are the reader's, which outlives every set it makes: a set is
    // made, passed down and dropped inside one of the reader's calls. Held unretained and
    // lent to each use (`_withUnsafeGuaranteedRef`), they cost a set no retain when it is made
    // and no release when it is dropped (two of each an object, twelve a message); held as
    // `unowned(unsafe)` references, each use retained and released them instead.
    /// The tree the object is in.
    private let treeReference: Unmanaged<ValueTree>
    /// The object.
    private let object: ValueTree.NodeID
    /// The pointer to the object.
    private let pointer: JSONPointer
    /// The kind of the object, for the fields' paths.
    private let kind: FCMObjectKind
    /// Shares the fields' pointers.
    private let pointersReference: Unmanaged<JSONPointerInterner>
    /// Which member sets each field.
    private let table: MemberTable

    /// For every ``FCMField`` by ordinal, the index of the member of an object that sets it.
    ///
    /// Filled on its own, then stored in its set whole: a set filled in place was copied
    /// (a retain of each of its references) and destroyed once for every object read.
    struct MemberTable {
      /// For every field by ordinal, the index of the member that sets it plus one, or 0;
      /// unused when ``wideIndices`` is set.
      private var indices = Indices(repeating: 0)
      /// For an object with more than ``inlineMemberLimit`` members, the index of the member
      /// that sets each field by ordinal, or -1.
      private var wideIndices: [Int]?

      /// A table in which no member sets a field, for an object of `memberCount` members.
      init(memberCount: Int) {
        if memberCount > FieldSet.inlineMemberLimit {
          wideIndices = Array(repeating: -1, count: FieldSet.capacity)
        }
      }

      /// The index of the member that sets `name`, or `nil`.
      @inline(__always)
      func memberIndex(of name: FCMField) -> Int? {
        if let index = wideIndices?[name.ordinal] { return index >= 0 ? index : nil }
        let stored = indices[name.ordinal]
        return stored == 0 ? nil : Int(stored) - 1
      }

      /// Whether a member sets any of the fields `fields` flags (a nonzero byte at each one's
      /// ordinal, as ``FieldSet/flags(_:)`` makes it): one vector test for the inline table.
      func setsAny(of fields: Indices) -> Bool {
        if let wideIndices {
          return wideIndices.indices.contains { fields[$0] != 0 && wideIndices[$0] >= 0 }
        }
        // Word by word: the vectors' own `&` works lane by lane. Both are 64 bytes, eight words.
        let ours = unsafeBitCast(
          indices, to: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64).self)
        let theirs = unsafeBitCast(
          fields, to: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64).self)
        return ours.0 & theirs.0 | ours.1 & theirs.1 | ours.2 & theirs.2 | ours.3 & theirs.3
          | ours.4 & theirs.4 | ours.5 & theirs.5 | ours.6 & theirs.6 | ours.7 & theirs.7 != 0
      }

      /// Records that member `index` sets `name`, replacing an earlier member.
      mutating func set(_ name: FCMField, toMember index: Int) {
        if wideIndices != nil {
          wideIndices?[name.ordinal] = index
        } else {
          // Through its bytes: a store into the vector by index put it on the stack and read
          // it back whole right after the byte's store, which waited for the store to be
          // forwarded (a stall, about a third of the time of reading an object).
          withUnsafeMutableBytes(of: &indices) {
            $0[name.ordinal] = UInt8(truncatingIfNeeded: index + 1)
          }
        }
      }
    }

    /// The set over the members of `object`, an object of `kind` at `pointer` in `tree`, whose
    /// fields' pointers come from `pointers` and whose members set the fields `table` says.
    init(
      tree: ValueTree, object: ValueTree.NodeID, pointer: JSONPointer, kind: FCMObjectKind,
      pointers: JSONPointerInterner, table: MemberTable
    ) {
      self.treeReference = Unmanaged.passUnretained(tree)
      self.object = object
      self.pointer = pointer
      self.kind = kind
      self.pointersReference = Unmanaged.passUnretained(pointers)
      self.table = table
    }

    /// Calls `body` with the tree, lent without a retain.
    @inline(__always)
    private func withTree<Result>(_ body: (ValueTree) -> Result) -> Result {
      treeReference._withUnsafeGuaranteedRef(body)
    }

    /// Calls `body` with the tree and the interner, lent without a retain.
    @inline(__always)
    private func withTreeAndPointers<Result>(
      _ body: (ValueTree, JSONPointerInterner) -> Result
    ) -> Result {
      treeReference._withUnsafeGuaranteedRef { tree in
        pointersReference._withUnsafeGuaranteedRef { body(tree, $0) }
      }
    }

    /// The field `name`, or `nil` when no member sets it.
    subscript(name: FCMField) -> Field? {
      // Inlined, so that an absent field (most of them) costs a vector element read in the
      // caller rather than a call that returns a large optional to copy.
      @inline(__always) get {
        guard let index = memberIndex(of: name) else { return nil }
        return field(name, atMember: index)
      }
    }

    /// The field `name`, which member `index` sets.
    private func field(_ name: FCMField, atMember index: Int) -> Field {
      withTreeAndPointers { tree, pointers in
        let key = tree.string(tree.key(ofMember: index, of: object)) ?? ""
        let value = tree.value(ofMember: index, of: object)
        return Field(
          field: name,
          key: key,
          keySpan: tree.span(tree.key(ofMember: index, of: object)),
          value: value,
          span: tree.span(value),
          pointer: pointers.appending(key, to: pointer),
          pathSpelling: .field(kind, name)
        )
      }
    }

    /// Whether a member sets `name`.
    func has(_ name: FCMField) -> Bool {
      memberIndex(of: name) != nil
    }

    /// The value of member `index` when it is a string, located, without building a
    /// ``Field``; `nil` for any other value.
    ///
    /// Inlined into its callers, for the reason ``source(ofMember:)`` is.
    @inline(__always)
    func locatedString(ofMember index: Int) -> Located<String>? {
      let text = withTree { tree -> String? in
        let value = tree.value(ofMember: index, of: object)
        return tree.kind(value) == .string ? tree.string(value) : nil
      }
      guard let text else { return nil }
      return Located(text, source: source(ofMember: index))
    }

    /// The value of member `index` when it is a Boolean, located, without building a
    /// ``Field``; `nil` for any other value.
    func locatedBool(ofMember index: Int) -> Located<Bool>? {
      guard let value = withTree({ $0.bool($0.value(ofMember: index, of: object)) }) else {
        return nil
      }
      return Located(value, source: source(ofMember: index))
    }

    /// The value of member `index` when it is an object, as a ``ValueNode``, located, without
    /// building a ``Field``; `nil` for any other value.
    func locatedObject(ofMember index: Int) -> Located<ValueNode>? {
      let node = withTree { tree -> ValueNode? in
        let value = tree.value(ofMember: index, of: object)
        return tree.kind(value) == .object ? tree.valueNode(value) : nil
      }
      guard let node else { return nil }
      return Located(node, source: source(ofMember: index))
    }

    /// The object member `index` holds, as ``Field/value`` would say, without building a
    /// ``Field``; `nil` for any other value. Where it is is ``source(ofMember:)``.
    ///
    /// The node alone: an optional of the node and its source was destroyed through the
    /// generic value witness of `Optional` (about 150 instructions, eight times a message).
    func object(ofMember index: Int) -> ValueTree.NodeID? {
      withTree { tree in
        let value = tree.value(ofMember: index, of: object)
        return tree.kind(value) == .object ? value : nil
      }
    }

    /// How the path of field `name` is spelled, as ``Field/pathSpelling`` would say.
    func pathSpelling(of name: FCMField) -> Field.PathSpelling {
      .field(kind, name)
    }

    /// Where the value of member `index` is, as ``Field/source`` would say.
    ///
    /// Inlined: called, it returned the reference through the caller's stack in parts, which
    /// the caller read back whole at once, a store-forwarding stall on every field read.
    @inline(__always)
    func source(ofMember index: Int) -> SourceReference {
      withTreeAndPointers { tree, pointers in
        SourceReference(
          pointer: tree.withUTF8(tree.key(ofMember: index, of: object)) {
            pointers.appending(utf8: $0, to: pointer)
          },
          span: tree.span(tree.value(ofMember: index, of: object)),
          keySpan: tree.span(tree.key(ofMember: index, of: object))
        )
      }
    }

    /// The index of the member that sets `name`, or `nil`.
    @inline(__always)
    func memberIndex(of name: FCMField) -> Int? {
      table.memberIndex(of: name)
    }

    /// Whether a member sets any of the fields `fields` flags (``flags(_:)``).
    func setsAny(of fields: Indices) -> Bool {
      table.setsAny(of: fields)
    }

    /// `fields` as ``setsAny(of:)`` takes them: `0xFF` at the ordinal of each.
    static func flags(_ fields: [FCMField]) -> Indices {
      var flags = Indices(repeating: 0)
      for field in fields { flags[field.ordinal] = 0xFF }
      return flags
    }
  }

  /// A member of a typed object, resolved to its snake_case field name.
  struct Field {
    /// The field of a typed object, or `nil` for a map entry or a document root.
    var field: FCMField? = nil
    /// The key as written.
    var key: String
    /// The bytes of the key, or `nil` for a document root.
    var keySpan: SourceSpan?
    /// The value.
    var value: ValueTree.NodeID
    /// The bytes of the value.
    var span: SourceSpan
    /// The pointer to the value, with keys as written.
    var pointer: JSONPointer
    /// How to spell ``path``; kept unbuilt, since only diagnostics need the text.
    var pathSpelling: PathSpelling

    /// The dotted path messages use, such as `android.ttl`.
    var path: String { pathSpelling.text }

    /// A field path, built into text only when a diagnostic needs it.
    enum PathSpelling {
      /// A field of a typed object: `kind.path(of: field)`.
      case field(FCMObjectKind, FCMField)
      /// Ready text.
      case text(String)
      /// Element `index` of the array at a path: `path[index]`.
      indirect case element(PathSpelling, Int)
      /// Member `key` of the map at a path: `path.key`.
      indirect case member(PathSpelling, String)

      var text: String {
        switch self {
        case .field(let kind, let field): kind.path(of: field)
        case .text(let text): text
        case .element(let parent, let index): "\(parent.text)[\(index)]"
        case .member(let parent, let key): "\(parent.text).\(key)"
        }
      }
    }

    var source: SourceReference {
      SourceReference(pointer: pointer, span: span, keySpan: keySpan)
    }

    /// The field for element `index` of this array field, `node` in `tree`.
    func element(_ index: Int, _ node: ValueTree.NodeID, in tree: ValueTree) -> Field {
      Field(
        field: field,
        key: key,
        keySpan: nil,
        value: node,
        span: tree.span(node),
        pointer: pointer.appending(String(index)),
        pathSpelling: .element(pathSpelling, index)
      )
    }
  }

  // MARK: - Definitions

  /// Reads a bare message or a send request body into `request`, which holds an empty request
  /// on entry; returns `false` when the definition cannot be read at all (the definition then
  /// has no request).
  ///
  /// The request is most of a kilobyte inline, so it is read in place: building it in a
  /// temporary costs more than reading a field.
  mutating func readDefinition(
    _ object: ValueTree.NodeID,
    pointer: JSONPointer,
    into request: inout FCM.SendRequest
  ) -> Bool {
    let span = tree.span(object)
    guard tree.kind(object) == .object else {
      collector.emit(
        .fcmTypeMismatch("message", expected: "an object", found: describe(object)),
        at: span,
        pointer: pointer
      )
      return false
    }
    // A send request body has `message`; `validate_only` alone makes one only when nothing
    // in the object is a message field (`{"topic": "a", "validate_only": true}` is a message
    // with a misplaced flag).
    var hasMessageKey = false
    var hasRequestField = false
    var hasMessageField = false
    let spellings = FCMFieldSpellingTable.shared
    for index in 0..<tree.count(object) {
      let key = tree.key(ofMember: index, of: object)
      guard let field = tree.withUTF8(key, { spellings.field(forKeyBytes: $0) }) else { continue }
      // `message` is the only spelling of its field.
      if field == .message { hasMessageKey = true }
      if FCMObjectKind.request.contains(field) { hasRequestField = true }
      if FCMObjectKind.message.contains(field) { hasMessageField = true }
    }
    let isEnvelope = hasMessageKey || (hasRequestField && !hasMessageField)
    // The document is an object: its fields are read without building a `Field` for it.
    let source = SourceReference(pointer: pointer, span: span, keySpan: nil)
    guard isEnvelope else {
      let fields = self.fields(ofObject: object, pointer: pointer, kind: .message)
      request.message.source = source
      request.message.modifyValue { readMessage(fields, into: &$0) }
      return true
    }
    let fields = self.fields(ofObject: object, pointer: pointer, kind: .request)
    let validateOnly = fields[.validateOnly].flatMap { bool($0) }
    guard fields.has(.message) else {
      collector.emit(
        .fcmMissingField("message", object: "request"),
        at: span,
        pointer: pointer
      )
      return false
    }
    guard let (messageFields, messageSource) = objectFields(fields, .message, kind: .message)
    else {
      return false
    }
    request.validateOnly = validateOnly
    request.message.source = messageSource
    request.message.modifyValue { readMessage(messageFields, into: &$0) }
    return true
  }

  // MARK: - Message

  /// Reads the fields of a message object into `message`, an empty message.
  mutating func readMessage(_ fields: FieldSet, into message: inout FCM.Message) {
    if let name = fields[.name] {
      message.name = string(name)
      if message.name != nil {
        collector.emit(
          .fcmOutputOnlyField(name.key),
          at: name.keySpan,
          pointer: name.pointer,
          fixIts: [Diagnostic.FixIt("remove '\(name.key)'")]
        )
      }
    }
    readString(fields, .token, into: &message.token)
    readString(fields, .fid, into: &message.fid)
    readString(fields, .topic, into: &message.topic)
    readString(fields, .condition, into: &message.condition)
    if fields.has(.android) || fields.has(.webpush) || fields.has(.apns) {
      message.clearPlatforms()
    }
    if fields.has(.data) {
      message.data.setFromNil(
        stringMap(fields, .data, defersValues: options.defersDataValues))
    }
    if let (found, source) = objectFields(fields, .notification, kind: .notification) {
      message.notification.setFromNil(readNotification(found, source: source))
    }
    if let (found, source) = objectFields(fields, .android, kind: .android) {
      readAndroid(found, source: source, into: &message.android)
    }
    if let found = fields[.webpush] { message.webpush.setFromNil(readWebpush(found)) }
    if let (found, source) = objectFields(fields, .apns, kind: .apns) {
      readAPNS(found, source: source, into: &message.apns)
    }
    if let found = fields[.fcmOptions] {
      message.fcmOptions.setFromNil(readOptions(found, kind: .fcmOptions))
    }
  }

  /// Reads the fields of a `notification` object, which is at `source`.
  mutating func readNotification(
    _ fields: FieldSet, source: SourceReference
  ) -> Located<FCM.Notification> {
    // Filled in place: the initialiser assigns each argument over an implicit `nil`, which
    // costs more than reading the field.
    var notification = FCM.Notification(unset: ())
    readString(fields, .title, into: &notification.title)
    readString(fields, .body, into: &notification.body)
    readString(fields, .image, into: &notification.image)
    // Moved into its place: passed at its last use without `consume`, the notification was
    // copied (a retain of each of its strings) and the original destroyed.
    return Located(consume notification, source: source)
  }

  mutating func readOptions(_ field: Field, kind: FCMObjectKind) -> Located<FCM.Options>? {
    guard let fields = self.fields(of: field, kind: kind) else { return nil }
    return Located(
      FCM.Options(analyticsLabel: string(fields, .analyticsLabel)),
      source: field.source
    )
  }

  // MARK: - Fields

  /// The members of the object `field` holds, by snake_case field name, reporting unknown
  /// fields and fields spelled twice. Returns `nil` (after reporting it unless the value is
  /// `null`) when the value is not an object.
  mutating func fields(of field: Field, kind: FCMObjectKind) -> FieldSet? {
    guard tree.kind(field.value) == .object else {
      if !tree.isNull(field.value) {
        typeMismatch(field, expected: "an object")
      }
      return nil
    }
    return fields(ofObject: field.value, pointer: field.pointer, kind: kind)
  }

  /// The fields of the object that field `name` of `fields` holds, and where that object is:
  /// what ``fields(of:kind:)`` and ``Field/source`` give for `fields[name]`, without building
  /// a ``Field`` when the value is an object (nearly always). `nil` when the field is absent,
  /// or, after reporting it unless it is `null`, when its value is not an object.
  ///
  /// Inlined, for the reason ``FieldSet/source(ofMember:)`` is: the set and its source came
  /// back through the stack and were read back whole.
  @inline(__always)
  mutating func objectFields(
    _ fields: FieldSet, _ name: FCMField, kind: FCMObjectKind
  ) -> (fields: FieldSet, source: SourceReference)? {
    guard let index = fields.memberIndex(of: name) else { return nil }
    guard let object = fields.object(ofMember: index) else {
      // Not an object: the general path reports it.
      if let field = fields[name] { _ = self.fields(of: field, kind: kind) }
      return nil
    }
    let source = fields.source(ofMember: index)
    return (self.fields(ofObject: object, pointer: source.pointer, kind: kind), source)
  }

  /// The members of `object`, at `pointer`, by snake_case field name, reporting unknown fields
  /// and fields spelled twice, as ``fields(of:kind:)`` does for an object.
  mutating func fields(
    ofObject object: ValueTree.NodeID, pointer: JSONPointer, kind: FCMObjectKind
  ) -> FieldSet {
    let memberCount = tree.count(object)
    var table = FieldSet.MemberTable(memberCount: memberCount)
    // The table and the kind's fields, looked up once for all the members.
    let spellings = self.spellings
    let fieldMask = fieldMasks[kind.ordinal]
    // The fields set so far, a bit each: the set itself is read only for a field set twice.
    var setFields: UInt64 = 0
    for index in 0..<memberCount {
      // Only the key's bytes are read on the common path; the member is made for diagnostics
      // only.
      let keyNode = tree.key(ofMember: index, of: object)
      guard let name = tree.withUTF8(keyNode, { spellings.field(forKeyBytes: $0) }),
        fieldMask & name.bit != 0
      else {
        let member = self.member(index, of: object)
        reportUnknownField(member, in: kind, pointer: pointer.appending(member.key))
        continue
      }
      if options.reportsCamelCaseFieldNames && name.rawValue != tree.string(keyNode) {
        let member = self.member(index, of: object)
        collector.emit(
          .fcmCamelCaseField(member.key, canonical: name.rawValue),
          at: member.keySpan,
          pointer: pointer.appending(member.key),
          fixIts: renameFixIt(member, to: name.rawValue).map { [$0] } ?? []
        )
      }
      if setFields & name.bit != 0, let previousIndex = table.memberIndex(of: name) {
        let previous = self.member(previousIndex, of: object)
        let member = self.member(index, of: object)
        if previous.key != member.key {
          collector.emit(
            .fcmConflictingFieldSpellings(previous.key, member.key),
            at: member.keySpan,
            pointer: pointer.appending(member.key),
            notes: [collector.note("'\(previous.key)' is set here", at: previous.keySpan)]
          )
        }
      }
      table.set(name, toMember: index)
      setFields |= name.bit
    }
    return FieldSet(
      tree: tree, object: object, pointer: pointer, kind: kind, pointers: pointers, table: table)
  }

  /// The key of member `index` of `object` and where it is, for diagnostics.
  func member(_ index: Int, of object: ValueTree.NodeID) -> (key: String, keySpan: SourceSpan) {
    let key = tree.key(ofMember: index, of: object)
    return (tree.string(key) ?? "", tree.span(key))
  }

  mutating func reportUnknownField(
    _ member: (key: String, keySpan: SourceSpan),
    in kind: FCMObjectKind,
    pointer: JSONPointer
  ) {
    switch FCMFieldSuggestion.forUnknownField(member.key, in: kind) {
    case .rename(let suggestion):
      collector.emit(
        .fcmUnknownField(member.key, object: kind.path, suggestion: suggestion),
        at: member.keySpan,
        pointer: pointer,
        fixIts: renameFixIt(member, to: suggestion).map { [$0] } ?? []
      )
    case .misplaced(let hint):
      collector.emit(
        .fcmMisplacedField(member.key, object: kind.path, hint: hint),
        at: member.keySpan,
        pointer: pointer
      )
    case nil:
      collector.emit(
        .fcmUnknownField(member.key, object: kind.path, suggestion: nil),
        at: member.keySpan,
        pointer: pointer
      )
    }
  }

  // MARK: - Fix-its

  /// A fix-it renaming the key of `member`, when the source spells the key literally.
  func renameFixIt(_ member: (key: String, keySpan: SourceSpan), to name: String)
    -> Diagnostic.FixIt?
  {
    guard let start = locator.contentStart(of: member.key, in: member.keySpan) else {
      return Diagnostic.FixIt("rename '\(member.key)' to '\(name)'")
    }
    let span = SourceSpan(start: start, end: start + member.key.utf8.count)
    return collector.fixIt("rename '\(member.key)' to '\(name)'", replacing: span, with: name)
  }

  /// A fix-it replacing the value of `field` by `text` written as a double-quoted string, which
  /// is valid in JSON and YAML alike.
  func quoteFixIt(_ message: String, _ field: Field, text: String) -> Diagnostic.FixIt {
    var quoted: [UInt8] = []
    CanonicalJSONWriter.writeString(text, into: &quoted)
    return collector.fixIt(
      message,
      replacing: field.span,
      with: String(decoding: quoted, as: UTF8.self)
    )
  }

  // MARK: - Type errors

  mutating func typeMismatch(_ field: Field, expected: String) {
    collector.emit(
      .fcmTypeMismatch(field.path, expected: expected, found: describe(field.value)),
      at: field.span,
      pointer: field.pointer
    )
  }

  /// How `node` is named in messages, as ``describe(_:)-static`` names its value. A container
  /// is named by its kind alone, so only a scalar is made into a node, not a whole subtree.
  func describe(_ node: ValueTree.NodeID) -> String {
    switch tree.kind(node) {
    case .array: Self.describe(ValueNode(.array([]), span: tree.span(node)))
    case .object: Self.describe(ValueNode(.object(JSONObject()), span: tree.span(node)))
    default: Self.describe(tree.valueNode(node))
    }
  }

  /// How a value is named in messages: `a number (76473)`, `an object`.
  static func describe(_ node: ValueNode) -> String {
    switch node.kind {
    case .null: "null"
    case .bool(let value): "a boolean (\(value))"
    case .number(let number): "a number (\(number.lexeme))"
    case .string(let string): "a string ('\(string.count > 40 ? string.prefix(40) + "…" : string)')"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
