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
  /// Whether assignments are kept. A lowering that speculates that no diagnostic will need a
  /// provenance (``APNSLowering/Options/recordsPayloadProvenance``) turns this off: every
  /// assignment is then dropped, and the record stays empty.
  package var isRecording = true
  /// `data` entries assigned at once (``assignData(_:_:)``), read in place of one log entry
  /// each; at most one run, and none once the log keeps an index.
  private var dataRun: DataRun?

  /// `data` entries, each the provenance of the top-level member of its key, assigned after
  /// the first ``position`` entries of the log and before the rest.
  ///
  /// Lowering copies every `data` entry to the top level of the payload, about ten a message:
  /// keeping the entries themselves costs one reference instead of ten log entries.
  private struct DataRun: Sendable {
    /// The number of log entries assigned before the run.
    var position: Int
    var entries: [FCM.StringMap.Entry]
    /// The positions of ``entries`` assigned, whose keys are distinct.
    var range: Range<Int>

    /// The provenance of the entry at `index`.
    func provenance(at index: Int) -> Provenance {
      entries[index].value.source.map(Provenance.input) ?? .derived(rule: "data", from: [])
    }

    /// Assigns the run's provenances in `dictionary`.
    func assign(into dictionary: inout [JSONPointer: Provenance]) {
      for index in range { dictionary[pointer(at: index)] = provenance(at: index) }
    }

    /// The pointer the entry at `index` is assigned to.
    func pointer(at index: Int) -> JSONPointer { JSONPointer(tokens: [entries[index].key]) }

    /// The provenance the run assigns to `pointer`, if any.
    func provenance(of pointer: JSONPointer) -> Provenance? {
      guard pointer.tokens.count == 1 else { return nil }
      let key = pointer.tokens[0]
      return range.last { entries[$0].key == key }.map(provenance(at:))
    }
  }

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
  /// A value derived from one input value keeps that value's reference (as an `.input`) and
  /// the rule (``assignDerived(rule:from:toMember:of:)``), and the one-element array of
  /// ``Provenance/derived(rule:from:)`` is made only when read: lowering derives three values
  /// of every message with a notification, and each array was an allocation. (The rule beside
  /// the reference, rather than a second reference, keeps an entry at 96 bytes, so that the
  /// log of a typical message fits an allocation of the malloc's fast sizes.)
  private struct Entry: Hashable, Sendable {
    /// The pointer, or its parent when ``token`` is not `nil`.
    var base: JSONPointer
    /// The last token of the pointer, below ``base``.
    var token: String?
    /// The provenance; for a value derived by ``derivedRule``, the `.input` of its source.
    var assigned: Provenance
    /// The rule a value was derived by from the one input value ``assigned`` references.
    var derivedRule: String? = nil
    var isRemoval: Bool
    /// Whether the value is copied from the member ``token`` of the input value that
    /// ``assigned`` (an `.input`) references, whose pointer is not yet built.
    var isInputMember = false

    var provenance: Provenance? {
      guard !isRemoval else { return nil }
      if let derivedRule, case .input(let source) = assigned {
        return .derived(rule: derivedRule, from: [source])
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

  /// Makes room for `count` assignments in all without growing.
  package mutating func reserveCapacity(_ count: Int) {
    guard isRecording else { return }
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
      let position = entries.lastIndex { $0.isAssigned(to: pointer) }
      if let dataRun, position.map({ $0 < dataRun.position }) ?? true,
        let provenance = dataRun.provenance(of: pointer)
      {
        return provenance
      }
      return position.flatMap { entries[$0].provenance }
    }
    set {
      guard isRecording else { return }
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
    guard let source else {
      log(
        Entry(base: parent, token: key, assigned: .derived(rule: rule, from: []), isRemoval: false))
      return
    }
    log(
      Entry(
        base: parent, token: key, assigned: .input(source), derivedRule: rule, isRemoval: false))
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

  /// Assigns to the top-level member of each key of `dataEntries[range]`, which are distinct,
  /// the entry's value's `.input` (or `.derived(rule: "data", from: [])` for a value without
  /// a source), keeping the entries instead of logging one assignment each.
  package mutating func assignData(_ dataEntries: [FCM.StringMap.Entry], _ range: Range<Int>) {
    guard isRecording, !range.isEmpty else { return }
    let run = DataRun(position: entries.count, entries: dataEntries, range: range)
    guard lastPosition == nil, dataRun == nil else {
      for index in range { assign(run.provenance(at: index), to: run.pointer(at: index)) }
      return
    }
    dataRun = run
    if entries.count + range.count > Self.linearSearchLimit { reindex() }
  }

  private mutating func log(_ entry: consuming Entry) {
    guard isRecording else { return }
    if lastPosition != nil { lastPosition?[entry.pointer] = entries.count }
    entries.append(entry)
    if lastPosition == nil && entries.count + (dataRun?.range.count ?? 0) > Self.linearSearchLimit {
      reindex()
    }
  }

  /// Whether no value has a provenance.
  public var isEmpty: Bool {
    hasRemovals ? dictionary.isEmpty : entries.isEmpty && dataRun == nil
  }

  /// The provenance of every value that has one.
  public var dictionary: [JSONPointer: Provenance] {
    var result: [JSONPointer: Provenance] = [:]
    result.reserveCapacity(entries.count + (dataRun?.range.count ?? 0))
    for position in entries.indices {
      if let dataRun, dataRun.position == position { dataRun.assign(into: &result) }
      result[entries[position].pointer] = entries[position].provenance
    }
    if let dataRun, dataRun.position == entries.count { dataRun.assign(into: &result) }
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
    // The index holds positions of the log: a run becomes log entries first.
    if let dataRun {
      entries.insert(
        contentsOf: dataRun.range.map {
          Entry(
            base: dataRun.pointer(at: $0), token: nil, assigned: dataRun.provenance(at: $0),
            isRemoval: false)
        }, at: dataRun.position)
      self.dataRun = nil
    }
    var positions: [JSONPointer: Int] = [:]
    positions.reserveCapacity(entries.count * 2)
    for (position, entry) in entries.enumerated() {
      positions[entry.pointer] = position
    }
    lastPosition = positions
  }
}
