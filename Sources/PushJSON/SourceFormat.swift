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
    // The extension's last six bytes at most, ASCII letters lowered, packed in a word: no
    // other letter lowers to one of these extensions' (lowering a whole path per file cost
    // more than reading it).
    var word: UInt64 = 0
    var count = 0
    for byte in fileName.utf8.reversed() {
      guard byte != UInt8(ascii: ".") else {
        guard count <= 6 else { return nil }
        // The extensions' ASCII bytes, first byte highest: json and apns; ndjson and jsonl;
        // yaml and yml.
        switch word {
        case 0x6A73_6F6E, 0x6170_6E73: self = .json
        case 0x6E64_6A73_6F6E, 0x6A_736F_6E6C: self = .jsonSequence
        case 0x7961_6D6C, 0x79_6D6C: self = .yaml
        default: return nil
        }
        return
      }
      guard byte != UInt8(ascii: "/") else { return nil }
      count += 1
      if count <= 6 {
        // Read from the end: each byte goes above the ones after it.
        word |= UInt64((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) << (8 * (count - 1))
      }
    }
    return nil
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
