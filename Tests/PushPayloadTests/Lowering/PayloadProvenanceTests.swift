import PushDiagnostics
import PushPayload
import Testing

/// ``PayloadProvenance`` behaves as the dictionary it replaced: the last assignment of a
/// pointer wins, `nil` removes, and equality ignores how the record was built, for short logs
/// (searched) and long ones (indexed).
@Suite struct PayloadProvenanceTests {
  static func pointer(_ tokens: String...) -> JSONPointer { JSONPointer(tokens: tokens) }

  @Test func theLastAssignmentWinsAndNilRemoves() {
    var record = PayloadProvenance()
    #expect(record.isEmpty)
    record[Self.pointer("aps")] = .option(name: "--a")
    record[Self.pointer("aps", "alert")] = .option(name: "--b")
    record[Self.pointer("aps")] = .option(name: "--c")
    #expect(record[Self.pointer("aps")] == .option(name: "--c"))
    #expect(record[Self.pointer("aps", "alert")] == .option(name: "--b"))
    #expect(record[Self.pointer("data")] == nil)
    record[Self.pointer("aps", "alert")] = nil
    #expect(record[Self.pointer("aps", "alert")] == nil)
    #expect(record.dictionary == [Self.pointer("aps"): .option(name: "--c")])
    record[Self.pointer("aps")] = nil
    #expect(record.isEmpty)
  }

  /// Past the length where the log keeps an index, reads still see the last assignment.
  @Test(arguments: [5, 33, 200])
  func longLogsReadLikeDictionaries(count: Int) {
    var record = PayloadProvenance()
    var expected: [JSONPointer: Provenance] = [:]
    for index in 0..<count {
      let pointer = Self.pointer("k\(index % (count / 2 + 1))")
      let value: Provenance? = index % 7 == 3 ? nil : .option(name: "--\(index)")
      record[pointer] = value
      expected[pointer] = value
    }
    #expect(record.dictionary == expected)
    for (pointer, value) in expected {
      #expect(record[pointer] == value)
    }
    #expect(record == PayloadProvenance(expected))
    #expect(record.hashValue == PayloadProvenance(expected).hashValue)
    #expect(record.isEmpty == expected.isEmpty)
  }

  /// A member copied from an input value reads as the input member's own reference, whose
  /// pointer the record builds only then, in short and long logs.
  @Test(arguments: [0, 40])
  func anInputMemberReadsAsItsReference(earlierAssignments: Int) {
    var lazy = PayloadProvenance()
    var eager = PayloadProvenance()
    for index in 0..<earlierAssignments {
      lazy[Self.pointer("k\(index)")] = .option(name: "--\(index)")
      eager[Self.pointer("k\(index)")] = .option(name: "--\(index)")
    }
    let input = Self.pointer("message", "apns", "payload", "aps")
    let span = SourceSpan(start: 10, end: 12)
    let keySpan = SourceSpan(start: 2, end: 8)
    lazy.assignInput(
      member: "badge", of: input, span: span, keySpan: keySpan, toMemberOf: Self.pointer("aps"))
    let reference = SourceReference(
      pointer: Self.pointer("message", "apns", "payload", "aps", "badge"), span: span,
      keySpan: keySpan)
    eager[Self.pointer("aps", "badge")] = .input(reference)
    #expect(lazy[Self.pointer("aps", "badge")] == .input(reference))
    #expect(lazy[Self.pointer("aps")] == nil)
    #expect(lazy.dictionary == eager.dictionary)
    #expect(lazy == eager)
    #expect(lazy.hashValue == eager.hashValue)
  }

  /// A run of `data` entries reads as the same assignments made one by one, whatever comes
  /// before and after it, in short logs and in long ones (where it becomes log entries).
  @Test(arguments: [0, 3, 40])
  func aDataRunReadsAsItsAssignments(otherAssignments: Int) {
    let entries: [FCM.StringMap.Entry] = (0..<6).map { index in
      let source =
        index == 4
        ? nil
        : SourceReference(
          pointer: Self.pointer("message", "data", "d\(index)"),
          span: SourceSpan(start: 10 * index, end: 10 * index + 3))
      return FCM.StringMap.Entry(key: "d\(index)", value: Located("v\(index)", source: source))
    }
    var run = PayloadProvenance()
    var eager = PayloadProvenance()
    for index in 0..<otherAssignments {
      // Some of these are overridden by the run.
      run[Self.pointer("d\(index % 8)")] = .option(name: "--\(index)")
      eager[Self.pointer("d\(index % 8)")] = .option(name: "--\(index)")
    }
    run.assignData(entries, 1..<5)
    for index in 1..<5 {
      eager[Self.pointer(entries[index].key)] =
        entries[index].value.source.map(Provenance.input) ?? .derived(rule: "data", from: [])
    }
    #expect(run[Self.pointer("d4")] == .derived(rule: "data", from: []))
    #expect(run[Self.pointer("d2")] == entries[2].value.source.map(Provenance.input))
    #expect(run.dictionary == eager.dictionary)
    // Later assignments win over the run, and a second run is logged entry by entry.
    run[Self.pointer("d2")] = .option(name: "--later")
    eager[Self.pointer("d2")] = .option(name: "--later")
    run[Self.pointer("d3")] = nil
    eager[Self.pointer("d3")] = nil
    run.assignData(entries, 5..<6)
    eager[Self.pointer("d5")] = entries[5].value.source.map(Provenance.input)
    for index in 0..<8 {
      #expect(run[Self.pointer("d\(index)")] == eager[Self.pointer("d\(index)")])
    }
    #expect(run[Self.pointer("d3", "x")] == nil)
    #expect(run.dictionary == eager.dictionary)
    #expect(run == eager)
    #expect(run.hashValue == eager.hashValue)
    #expect(run.isEmpty == eager.isEmpty)
    var onlyRun = PayloadProvenance()
    #expect(onlyRun.isEmpty)
    onlyRun.assignData(entries, 2..<2)
    #expect(onlyRun.isEmpty)
    onlyRun.assignData(entries, 0..<1)
    #expect(!onlyRun.isEmpty)
  }

  @Test func aDictionaryLiteralIsARecord() {
    let record: PayloadProvenance = [.root: .option(name: "--payload")]
    #expect(record[.root] == .option(name: "--payload"))
    #expect(record != PayloadProvenance())
  }
}
