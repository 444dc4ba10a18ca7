public import PushDiagnostics

/// Where each value of an APNs payload came from, by its pointer inside the payload
/// (`/aps/alert`): ``APNS/Request/payloadProvenance``.
///
/// Lowering assigns a provenance to every key it writes but reads one back only when a key is
/// produced twice, and checks read one only for a diagnostic; so assigning is an append to a
/// log, with no hashing, the last assignment of a pointer winning. Reading searches the log;
/// a long log (a payload with many keys) keeps an index, so that reading stays O(1).
///
/// ```swift
/// var provenance: PayloadProvenance = [.root: .option(name: "--payload")]
/// provenance[JSONPointer(tokens: ["aps"])] = .derived(rule: "aps", from: [])
/// provenance[.root]          // .option(name: "--payload")
/// provenance.dictionary      // both entries
/// ```
public struct PayloadProvenance: Hashable, Sendable, ExpressibleByDictionaryLiteral {
  /// One assignment; `nil` removes the pointer's provenance.
  private var entries: [Entry] = []
  /// The position of the last assignment of each pointer, once the log is long.
  private var lastPosition: [JSONPointer: Int]?
  /// Whether an assignment removed a provenance.
  private var hasRemovals = false

  /// An assignment. A removal keeps a placeholder provenance and `isRemoval`: an optional
  /// `Provenance` is copied through the run time's generic witnesses, which costs several times
  /// what copying the enum itself does, and lowering assigns about twenty per message.
  ///
  /// The pointer is kept as its parent and last token when it was assigned that way
  /// (``assign(_:toMember:of:)``), and built only when read: lowering assigns one to every key
  /// it writes, and building each (a lookup in the interner) cost more than the assignment.
  ///
  /// A value copied from a member of an input value keeps the reference of that value and the
  /// member's key (``assignInput(member:of:span:keySpan:toMemberOf:)``), and the member's
  /// pointer is built only when read, for the same reason.
  ///
  /// A value derived from one input value keeps that value's reference beside the rule
  /// (``assignDerived(rule:from:toMember:of:)``), and the one-element array of
  /// ``Provenance/derived(rule:from:)`` is made only when read: lowering derives three values
  /// of every message with a notification, and each array was an allocation.
  private struct Entry: Hashable, Sendable {
    /// The pointer, or its parent when ``token`` is not `nil`.
    var base: JSONPointer
    /// The last token of the pointer, below ``base``.
    var token: String?
    /// The provenance; for a value derived from ``derivedSource``, the rule with no sources.
    var assigned: Provenance
    /// The one input value a value was derived from, not yet in ``assigned``.
    var derivedSource: SourceReference? = nil
    var isRemoval: Bool
    /// Whether the value is copied from the member ``token`` of the input value that
    /// ``assigned`` (an `.input`) references, whose pointer is not yet built.
    var isInputMember = false

    var provenance: Provenance? {
      guard !isRemoval else { return nil }
      if let derivedSource, case .derived(let rule, _) = assigned {
        return .derived(rule: rule, from: [derivedSource])
      }
      if isInputMember, let token, case .input(let parent) = assigned {
        return .input(
          SourceReference(
            pointer: parent.pointer.appending(token), span: parent.span, keySpan: parent.keySpan))
      }
      return assigned
    }

    /// The pointer assigned.
    var pointer: JSONPointer { token.map { base.appending($0) } ?? base }

    /// Whether the pointer assigned is `pointer`, told without building it.
    func isAssigned(to pointer: JSONPointer) -> Bool {
      guard let token else { return base == pointer }
      let tokens = pointer.tokens
      return tokens.count == base.tokens.count + 1 && tokens.last == token
        && tokens.dropLast().elementsEqual(base.tokens)
    }
  }

  /// What a removal stores in place of a provenance; never read.
  private static let removalPlaceholder = Provenance.option(name: "")

  /// Logs longer than this keep an index.
  private static let linearSearchLimit = 32

  /// Creates an empty record.
  public init() {}

  /// Creates an empty record with room for `count` assignments without growing.
  package init(minimumCapacity count: Int) {
    entries.reserveCapacity(count)
  }

  /// Creates a record holding `dictionary`.
  public init(_ dictionary: [JSONPointer: Provenance]) {
    for (pointer, provenance) in dictionary { self[pointer] = provenance }
  }

  /// Creates a record from pointer–provenance pairs; a later pair for the same pointer wins.
  public init(dictionaryLiteral elements: (JSONPointer, Provenance)...) {
    for (pointer, provenance) in elements { self[pointer] = provenance }
  }

  /// The provenance last assigned to `pointer`, if any; assigning `nil` removes it.
  public subscript(pointer: JSONPointer) -> Provenance? {
    get {
      if let lastPosition { return lastPosition[pointer].flatMap { entries[$0].provenance } }
      guard let position = entries.lastIndex(where: { $0.isAssigned(to: pointer) }) else {
        return nil
      }
      return entries[position].provenance
    }
    set {
      if let newValue {
        assign(newValue, to: pointer)
      } else {
        log(
          Entry(base: pointer, token: nil, assigned: Self.removalPlaceholder, isRemoval: true))
        hasRemovals = true
      }
    }
  }

  /// Assigns `provenance` to `pointer`: `self[pointer] = provenance` without wrapping it in an
  /// optional.
  package mutating func assign(_ provenance: consuming Provenance, to pointer: JSONPointer) {
    log(Entry(base: pointer, token: nil, assigned: provenance, isRemoval: false))
  }

  /// Assigns `provenance` to the member `key` of the value at `parent`: the same as assigning
  /// it to `parent.appending(key)`, without building that pointer unless it is read.
  package mutating func assign(
    _ provenance: consuming Provenance, toMember key: String, of parent: JSONPointer
  ) {
    log(Entry(base: parent, token: key, assigned: provenance, isRemoval: false))
  }

  /// Assigns `.derived(rule: rule, from: source.map { [$0] } ?? [])` to the member `key` of
  /// the value at `parent`, making the array of sources only when it is read.
  package mutating func assignDerived(
    rule: String, from source: SourceReference?, toMember key: String, of parent: JSONPointer
  ) {
    log(
      Entry(
        base: parent, token: key, assigned: .derived(rule: rule, from: []),
        derivedSource: source, isRemoval: false))
  }

  /// Assigns `.input` of the member `key` (whose value spans `span` and key `keySpan`) of the
  /// input value at `inputParent` to the member `key` of the value at `parent`, building the
  /// input member's pointer only when it is read.
  package mutating func assignInput(
    member key: String, of inputParent: JSONPointer, span: SourceSpan, keySpan: SourceSpan?,
    toMemberOf parent: JSONPointer
  ) {
    log(
      Entry(
        base: parent, token: key,
        assigned: .input(SourceReference(pointer: inputParent, span: span, keySpan: keySpan)),
        isRemoval: false, isInputMember: true))
  }

  private mutating func log(_ entry: consuming Entry) {
    if lastPosition != nil { lastPosition?[entry.pointer] = entries.count }
    entries.append(entry)
    if lastPosition == nil && entries.count > Self.linearSearchLimit { reindex() }
  }

  /// Whether no value has a provenance.
  public var isEmpty: Bool { hasRemovals ? dictionary.isEmpty : entries.isEmpty }

  /// The provenance of every value that has one.
  public var dictionary: [JSONPointer: Provenance] {
    var result: [JSONPointer: Provenance] = [:]
    result.reserveCapacity(entries.count)
    for entry in entries {
      result[entry.pointer] = entry.provenance
    }
    return result
  }

  /// Two records are equal when they give every pointer the same provenance, however they
  /// were assigned.
  public static func == (lhs: PayloadProvenance, rhs: PayloadProvenance) -> Bool {
    lhs.dictionary == rhs.dictionary
  }

  /// Hashes what ``==`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(dictionary)
  }

  private mutating func reindex() {
    var positions: [JSONPointer: Int] = [:]
    positions.reserveCapacity(entries.count * 2)
    for (position, entry) in entries.enumerated() {
      positions[entry.pointer] = position
    }
    lastPosition = positions
  }
}
