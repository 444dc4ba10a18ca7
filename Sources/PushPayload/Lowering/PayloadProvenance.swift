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

  private struct Entry: Hashable, Sendable {
    var pointer: JSONPointer
    var provenance: Provenance?
  }

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
      return entries.last { $0.pointer == pointer }?.provenance ?? nil
    }
    set {
      lastPosition?[pointer] = entries.count
      entries.append(Entry(pointer: pointer, provenance: newValue))
      if newValue == nil { hasRemovals = true }
      if lastPosition == nil && entries.count > Self.linearSearchLimit { reindex() }
    }
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

  /// Appends every assignment of `other` whose pointer is not `excluded`, in order.
  package mutating func append(contentsOf other: PayloadProvenance, excluding excluded: JSONPointer)
  {
    for entry in other.entries where entry.pointer != excluded {
      self[entry.pointer] = entry.provenance
    }
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
