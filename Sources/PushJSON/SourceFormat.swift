/// The text formats pushc reads.
public enum SourceFormat: String, Hashable, Sendable, CaseIterable {
  /// RFC 8259 JSON, one document.
  case json
  /// Newline-delimited JSON: one document per line (any whitespace separates documents).
  case jsonSequence = "ndjson"
  /// YAML 1.2 with the core schema, any number of documents.
  case yaml

  /// The format a file name suggests, or `nil` when its extension says nothing.
  ///
  /// `.json` and `.apns` (Simulator payloads) are JSON, `.ndjson` and `.jsonl` are JSON
  /// sequences, `.yaml` and `.yml` are YAML.
  public init?(fileName: String) {
    // Only the extension is lowered, and only its ASCII letters: no other letter lowers to
    // one of these extensions' (lowering a whole path per file cost more than reading it).
    let bytes = fileName.utf8
    guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return nil }
    let suffix = bytes[bytes.index(after: dot)...]
    guard suffix.count <= 6, !suffix.contains(UInt8(ascii: "/")) else { return nil }
    let lowered = String(
      decoding: suffix.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    switch lowered {
    case "json", "apns": self = .json
    case "ndjson", "jsonl": self = .jsonSequence
    case "yaml", "yml": self = .yaml
    default: return nil
    }
  }

  /// The format the content suggests: JSON when the first significant byte opens an object or
  /// array, YAML otherwise (every JSON document is also YAML, but the JSON reader is exact).
  public init(sniffing bytes: some Collection<UInt8>) {
    for byte in bytes {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
        0xEF, 0xBB, 0xBF:
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        self = .json
        return
      default:
        self = .yaml
        return
      }
    }
    self = .json
  }
}
