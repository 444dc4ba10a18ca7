import PushDiagnostics
import Testing

@testable import pushc

/// The partitioner's own rules, below what the parts tests compare whole runs for.
@Suite struct InputPartitionerTests {
  @Test(arguments: [
    // (text, line start, lines back, expected start)
    ("a\nbb\nccc", 5, 1, 2),
    ("a\nbb\nccc", 5, 2, 0),
    ("a\nbb\nccc", 5, 3, 0),
    ("a\r\nbb\r\nccc", 7, 1, 3),
    ("a\rbb\rccc", 5, 1, 2),
    ("\n\nccc", 2, 1, 1),
    ("ccc", 0, 1, 0),
  ])
  func theStartOfAnEarlierLineIsFoundAfterEveryKindOfLineBreak(
    text: String, lineStart: Int, count: Int, expected: Int
  ) {
    let file = SourceFile(name: "m.ndjson", text: text)
    #expect(InputPartitioner.lineStart(of: lineStart, linesBefore: count, in: file) == expected)
  }

  @Test func aPartAfterTheFirstHoldsTheLineBeforeItReadAsBlanks() throws {
    var partitioner = InputPartitioner(name: "m.ndjson", partSize: 1, maximumDocumentSize: 1000)
    let text = "{\"a\": 1}\r\n{\"b\": 2}\n{\"c\": 3}\n"
    var parts = try partitioner.append(Array(text.utf8))
    if let last = partitioner.finish() { parts.append(last) }
    #expect(parts.count == 2)
    #expect(parts[0].readingStart == 0)
    let second = parts[1]
    // The second part starts with the line of the document before it.
    #expect(second.file.origin == SourcePosition(line: 2, column: 1, offset: 10))
    #expect(String(decoding: second.file.bytes, as: UTF8.self) == "{\"b\": 2}\n{\"c\": 3}\n")
    #expect(second.readingStart == 9)
    #expect(
      String(decoding: second.readableFile.bytes, as: UTF8.self)
        == String(repeating: " ", count: 8) + "\n{\"c\": 3}\n")
  }
}
