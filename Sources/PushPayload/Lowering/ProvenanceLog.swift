import PushDiagnostics

/// The provenance of payload values as lowering records it: assignments in order, the last one
/// for a pointer winning, turned into the request's dictionary once at the end.
///
/// Lowering assigns a provenance to every key it writes but reads one back only when a key is
/// produced twice, so recording is an append, with no hashing; reading searches the log, and
/// a long log (a payload with many keys) keeps an index so that reading stays O(1).
struct ProvenanceLog {
  /// One assignment; `nil` removes the pointer's provenance.
  private var entries: [(pointer: JSONPointer, provenance: Provenance?)] = []
  /// The position of the last assignment of each pointer, once the log is long.
  private var lastPosition: [JSONPointer: Int]?

  /// Logs longer than this keep an index.
  private static let linearSearchLimit = 32

  /// Creates an empty log.
  init() {}

  /// The provenance last assigned to `pointer`; assigning appends to the log.
  subscript(pointer: JSONPointer) -> Provenance? {
    get {
      if let lastPosition { return lastPosition[pointer].flatMap { entries[$0].provenance } }
      return entries.last { $0.pointer == pointer }?.provenance ?? nil
    }
    set {
      lastPosition?[pointer] = entries.count
      entries.append((pointer, newValue))
      if lastPosition == nil && entries.count > Self.linearSearchLimit { reindex() }
    }
  }

  /// Appends every assignment of `other` whose pointer is not `excluded`, in order.
  mutating func append(contentsOf other: ProvenanceLog, excluding excluded: JSONPointer) {
    for entry in other.entries where entry.pointer != excluded {
      self[entry.pointer] = entry.provenance
    }
  }

  /// The provenance of every pointer, as ``APNS/Request/payloadProvenance`` holds it.
  var dictionary: [JSONPointer: Provenance] {
    var result: [JSONPointer: Provenance] = [:]
    result.reserveCapacity(entries.count)
    for entry in entries {
      result[entry.pointer] = entry.provenance
    }
    return result
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
