public import PushDiagnostics
import PushJSON

/// The log ``SARIFRenderer`` writes, with its results written one at a time as they come.
///
/// The log lists its rules (in the order their identifiers first occur) before its results, so
/// the results are written first, each into bytes the caller keeps, and the log's opening, with
/// the rules, once they are all known: ``opening()``, the results' bytes and ``closing()``,
/// joined, are the bytes ``SARIFRenderer/bytes(for:)`` writes for the same diagnostics. The
/// bytes of a result take a fraction of the memory of its diagnostic and of its node.
public struct SARIFResultStream: Sendable {
  /// The renderer whose log is written.
  public let renderer: SARIFRenderer
  /// How many results were written.
  public private(set) var count = 0
  /// The identifiers of the rules, in the order they first occurred.
  private var ruleIDs: [DiagnosticID] = []
  /// The index of each identifier in ``ruleIDs``.
  private var ruleIndices: [DiagnosticID: Int] = [:]

  /// The writer of the log, which is pretty.
  private static let writer = CanonicalJSONWriter(style: .pretty)
  /// How deep the results are in the log: in `results`, in the run, in `runs`, in the log.
  private static let resultDepth = 4

  /// A stream of `renderer`'s log that has written nothing yet.
  public init(renderer: SARIFRenderer) {
    self.renderer = renderer
  }

  /// Appends the bytes of the result of `diagnostic`, the next one, to `output`.
  public mutating func write(_ diagnostic: Diagnostic, into output: inout [UInt8]) {
    let ruleIndex: Int
    if let index = ruleIndices[diagnostic.id] {
      ruleIndex = index
    } else {
      ruleIndex = ruleIDs.count
      ruleIndices[diagnostic.id] = ruleIndex
      ruleIDs.append(diagnostic.id)
    }
    if count > 0 { output.append(UInt8(ascii: ",")) }
    Self.writer.appendLineBreak(depth: Self.resultDepth, to: &output)
    Self.writer.write(
      renderer.result(for: diagnostic, ruleIndex: ruleIndex), depth: Self.resultDepth,
      into: &output)
    count += 1
  }

  /// The bytes of the log before the results' (those written so far): the log's members, and
  /// the run's, with the rules of the results, up to the opening bracket of `results`.
  public func opening() -> [UInt8] {
    var output: [UInt8] = [UInt8(ascii: "{")]
    Self.writer.appendLeadingMembers(renderer.logMembers, depth: 0, to: &output)
    Self.writer.appendMemberKey("runs", depth: 0, to: &output)
    output.append(UInt8(ascii: "["))
    Self.writer.appendLineBreak(depth: 2, to: &output)
    output.append(UInt8(ascii: "{"))
    Self.writer.appendLeadingMembers(renderer.runMembers(ruleIDs: ruleIDs), depth: 2, to: &output)
    Self.writer.appendMemberKey("results", depth: 2, to: &output)
    output.append(UInt8(ascii: "["))
    return output
  }

  /// The bytes that end the log after the results': the closing brackets of `results`, the run,
  /// `runs` and the log, and a newline.
  public func closing() -> [UInt8] {
    var output: [UInt8] = []
    if count > 0 { Self.writer.appendLineBreak(depth: 3, to: &output) }
    output.append(UInt8(ascii: "]"))
    for depth in [2, 1, 0] {
      Self.writer.appendLineBreak(depth: depth, to: &output)
      output.append(UInt8(ascii: depth == 1 ? "]" : "}"))
    }
    output.append(UInt8(ascii: "\n"))
    return output
  }
}
