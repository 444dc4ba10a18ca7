import Testing

@testable import PushJSON

/// The format a file name suggests comes from its extension, in any case.
@Suite struct SourceFormatTests {
  @Test(
    arguments: [
      ("message.json", SourceFormat.json), ("MESSAGE.JSON", .json), ("a.b/c.Json", .json),
      ("payload.apns", .json), ("notices.ndjson", .jsonSequence), ("x.JSONL", .jsonSequence),
      ("m.yaml", .yaml), ("m.YML", .yaml), ("공지.json", .json), ("dir.v2/notes.yml", .yaml),
    ])
  func anExtensionNamesTheFormat(name: String, format: SourceFormat) {
    #expect(SourceFormat(fileName: name) == format)
  }

  @Test(
    arguments: [
      "README", "notes.txt", "dir.json/file", "message.json.bak", "message.", ".json5",
      "message.jsonx", "message.ndjsonl", "message.js on", "message.ｊｓｏｎ", "m.\u{212A}",
    ])
  func otherNamesSuggestNothing(name: String) {
    #expect(SourceFormat(fileName: name) == nil)
  }

  /// A hidden file named for its format (`.json`) has that extension too.
  @Test func aNameThatIsOnlyTheExtensionHasIt() {
    #expect(SourceFormat(fileName: ".json") == .json)
    #expect(SourceFormat(fileName: "dir/.yaml") == .yaml)
  }
}
