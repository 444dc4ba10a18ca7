import Foundation
import Testing
import _PushPayloadTestSupport

@testable import PushPayload

/// The push-type and `aps` key tables of `Documentation/APNs.md` say what the vocabulary says:
/// every push type with its topic suffix, every `aps` key with the push types it is for.
@Suite struct WireVocabularyDocumentationTests {
  /// The rows of the Markdown table that follows the line starting with `header`, as cells.
  static func tableRows(after header: String) throws -> [[String]] {
    let url = RepositoryPaths.documentation.appendingPathComponent("APNs.md")
    let lines = try String(contentsOf: url, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
    var rows: [[String]] = []
    for line in lines[(start + 2)...] {
      guard line.hasPrefix("|") else { break }
      rows.append(
        line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) })
    }
    return rows
  }

  /// The backticked names in `cell`.
  static func names(in cell: String) -> [String] {
    cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  @Test func pushTypeTableMatches() throws {
    let rows = try Self.tableRows(after: "| Push type | Topic |")
    #expect(rows.map { Self.names(in: $0[0]).first } == APNS.PushType.known.map(\.rawValue))
    for row in rows {
      let pushType = APNS.PushType(rawValue: Self.names(in: row[0]).first ?? "")
      let documented: String? =
        switch row[1] {
        case "bundle ID": ""
        case "the certificate's UID": nil
        default: Self.names(in: row[1]).first
        }
      #expect(pushType.limits?.topicSuffix == documented, "\(pushType)")
    }
  }

  @Test func apsKeyTableMatches() throws {
    let rows = try Self.tableRows(after: "| Key | Type | Values | For |")
    var documented: [String] = []
    for row in rows {
      let pushTypes = Set(Self.names(in: row[3]))
      for name in Self.names(in: row[0]) {
        documented.append(name)
        let key = APNS.APS.Key(rawValue: name)
        #expect(key != nil, "'\(name)' is not an aps key")
        #expect(Set(key?.pushTypes.map(\.rawValue) ?? []) == pushTypes, "\(name)")
      }
    }
    #expect(Set(documented) == Set(APNS.APS.Key.allCases.map(\.rawValue)))
    #expect(documented.count == APNS.APS.Key.allCases.count)
  }
}
