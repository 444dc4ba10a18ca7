import PushDiagnostics
import PushJSON
import Testing
import _PushPayloadTestSupport

@testable import pushc

/// The queue hands out every diagnostic once, in the order of a stable sort of all of them,
/// whatever the batches and the bounds.
@Suite struct PresentationQueueTests {
  typealias Entry = LintCommand.ReportEntry

  /// A diagnostic of `file` at `offset`, told apart from equal ones by `tag`, its only note.
  static func entry(_ file: String, at offset: Int?, tag: Int) -> Entry {
    let range = offset.map {
      LintReportWriterTests.source.range(of: SourceSpan(start: $0, end: $0 + 1))
    }
    var diagnostic = Diagnostic(.jsonTrailingComma(), file: file, range: range)
    diagnostic.notes = [Diagnostic.Note("\(tag)")]
    return Entry(diagnostic: diagnostic, rendered: nil)
  }

  static func tags(_ entries: [Entry]) -> [String] {
    entries.map { $0.diagnostic.notes[0].message }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func everythingComesOutOnceInStableOrder(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var queue = PresentationQueue<Entry>()
    var added: [Entry] = []
    var removed: [Entry] = []
    var bound = PresentationPlace(file: "", offset: .min)
    // Enough batches to merge the runs several times; the bound only moves forward, and no
    // batch has a diagnostic before it, as lint's are.
    for batch in 0..<60 {
      var entries: [Entry] = []
      for _ in 0..<Int.random(in: 0...8, using: &generator) {
        let file = ["a", "b", "c"][
          Int.random(in: bound.file == "" ? 0...2 : 0...2, using: &generator)]
        let offset: Int? =
          Int.random(in: 0...5, using: &generator) == 0
          ? nil : Int.random(in: 0...50, using: &generator)
        let candidate = Self.entry(file, at: offset, tag: added.count + entries.count)
        guard PresentationPlace(of: candidate.diagnostic) >= bound else { continue }
        entries.append(candidate)
      }
      added += entries
      queue.add(entries)
      if batch % 3 == 2 {
        let file = ["a", "b", "c"][Int.random(in: 0...2, using: &generator)]
        let next = PresentationPlace(
          file: file, offset: Int.random(in: 0...60, using: &generator))
        bound = max(bound, next)
        let out = queue.removeAll(before: bound)
        #expect(out.allSatisfy { PresentationPlace(of: $0.diagnostic) < bound })
        removed += out
      }
      #expect(queue.count == added.count - removed.count)
    }
    removed += queue.removeAll(before: nil)
    #expect(queue.count == 0)
    // A stable sort: equal diagnostics keep the order they were added in (their tags rise).
    let expected = added.enumerated().sorted { first, second in
      if Diagnostic.presentationOrder(first.element.diagnostic, second.element.diagnostic) {
        return true
      }
      return !Diagnostic.presentationOrder(second.element.diagnostic, first.element.diagnostic)
        && first.offset < second.offset
    }.map(\.element)
    #expect(Self.tags(removed) == Self.tags(expected))
  }

  @Test func aBoundHandsOutOnlyWhatSortsBeforeIt() {
    var queue = PresentationQueue<Entry>()
    queue.add([Self.entry("b", at: 5, tag: 0), Self.entry("a", at: nil, tag: 1)])
    queue.add([Self.entry("a", at: 3, tag: 2), Self.entry("b", at: 1, tag: 3)])
    #expect(Self.tags(queue.removeAll(before: .init(file: "a", offset: 100))) == ["2"])
    #expect(Self.tags(queue.removeAll(before: .init(file: "b", offset: 1))) == ["1"])
    #expect(Self.tags(queue.removeAll(before: nil)) == ["3", "0"])
  }
}
