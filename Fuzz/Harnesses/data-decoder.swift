import Foundation
import PushDiagnostics
import PushJSON
import PushReceiving

/// `PushDataDecoder` (the Codable decoder of FCM data maps) on any JSON value.
struct Sample: Decodable {
  enum Kind: String, Decodable { case notice, event }
  struct Nested: Decodable {
    var id: Int64
    var names: [String]?
  }
  var id: Int
  var title: String?
  var flag: Bool?
  var score: Double?
  var small: Int8?
  var unsigned: UInt32?
  var kind: Kind?
  var tags: [String]?
  var nested: Nested?
  var dates: [Date]?
  var map: [String: Int]?
  var url: URL?
}

/// Decodes the input's data map into a typed value.
func fuzzDataDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let file = FuzzSupport.file(data, size, name: "data.json")
  let parsed = JSONReader.read(file)
  guard let root = parsed.documents.first else { return 0 }
  for strategy in [
    PushDataDecoder.DateDecodingStrategy.iso8601, .secondsSince1970, .millisecondsSince1970,
  ] {
    let decoder = PushDataDecoder(dateDecodingStrategy: strategy)
    _ = try? decoder.decode(Sample.self, from: root)
    if let object = root.objectValue {
      var map: [String: String] = [:]
      for member in object.members { map[member.key] = member.value.stringValue ?? "" }
      _ = try? decoder.decode(Sample.self, from: map)
    }
  }
  return 0
}
