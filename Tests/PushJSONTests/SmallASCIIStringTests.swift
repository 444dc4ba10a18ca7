import PushDiagnostics
import Testing

@_spi(PushInternals) @testable import PushJSON

/// The strings ``SmallASCIIString`` builds from words, and the reader's keys, values and number
/// lexemes made that way, against strings the standard library makes itself.
@Suite struct SmallASCIIStringTests {
  @Test func isAvailableOnThisPlatform() {
    // Linux on x86_64 and arm64, the platforms pushc supports, lay small strings out so.
    #expect(SmallASCIIString.isAvailable)
  }

  @Test func builtStringsEqualAndHashLikeOrdinaryOnes() {
    let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
    for count in 0...SmallASCIIString.capacity {
      var leading: UInt64 = 0
      var trailing: UInt64 = 0
      for offset in 0..<count {
        let byte = UInt64(letters[offset])
        if offset < 8 {
          leading |= byte << (8 * UInt64(offset))
        } else {
          trailing |= byte << (8 * UInt64(offset - 8))
        }
      }
      let built = SmallASCIIString.make(leading: leading, trailing: trailing, count: count)
      let expected = String(decoding: letters[0..<count], as: UTF8.self)
      #expect(built == expected)
      #expect(built.count == count)
      #expect(Array(built.utf8) == Array(letters[0..<count]))
      #expect(Set([built, expected]).count == 1)
      #expect(built + "!" == expected + "!")
    }
  }

  /// The words of a string are those of its bytes for small ASCII strings, and absent for
  /// strings that are longer, not ASCII, or stored out of line, whatever their bytes.
  @Test func wordsAreThoseOfTheBytesForSmallASCIIStringsOnly() {
    let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
    for count in 0...(SmallASCIIString.capacity + 2) {
      let string = String(decoding: letters[0..<count], as: UTF8.self)
      let words = SmallASCIIString.words(of: string)
      let expected = SmallASCIIString.words(ofBytes: Array(letters[0..<count]))
      #expect((words == nil) == (count > SmallASCIIString.capacity))
      #expect(words?.leading == expected?.leading && words?.trailing == expected?.trailing)
      var outOfLine = ""
      outOfLine.reserveCapacity(64)
      outOfLine.append(string)
      #expect(SmallASCIIString.words(of: outOfLine) == nil)
    }
    #expect(SmallASCIIString.words(of: "é") == nil)
    #expect(SmallASCIIString.words(ofBytes: Array("é".utf8)) == nil)
  }

  /// Keys and values of every length up to past the small-string capacity, near the start and
  /// at the very end of the input (where fewer than sixteen bytes follow), read as written.
  @Test func readerReadsShortStringsOfEveryLengthAndPlace() throws {
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-".utf8)
    for count in 0...20 {
      let text = String(decoding: letters[0..<count], as: UTF8.self)
      for document in [#"{"\#(text)":"\#(text)"}"#, #"["\#(text)"]"#, #""\#(text)""#] {
        let parsed = JSONReader.read(SourceFile(name: "short.json", text: document))
        #expect(parsed.diagnostics.isEmpty)
        let value = try #require(parsed.documents.first)
        switch value.kind {
        case .object(let object):
          #expect(object.keys == [text])
          #expect(object[text]?.stringValue == text)
        case .array(let elements):
          #expect(elements.map(\.stringValue) == [text])
        default:
          #expect(value.stringValue == text)
        }
      }
    }
    for lexeme in ["0", "-1", "12345678", "-1234567.25e+10", "1234567890123456789"] {
      let parsed = JSONReader.read(SourceFile(name: "number.json", text: "[\(lexeme), \(lexeme)]"))
      let elements = try #require(parsed.documents.first?.arrayValue)
      #expect(elements.map { $0.numberValue?.lexeme } == [lexeme, lexeme])
    }
  }

  /// `words(_:count:)` reads exactly the bytes it is given, little-endian, for every length a
  /// small string has.
  @Test func wordsAreTheBytesOfEveryShortLength() {
    let bytes = Array("abcdefghijklmnop".utf8)
    for count in 0...15 {
      let (leading, trailing) = bytes.withUnsafeBufferPointer { buffer in
        SmallASCIIString.words(buffer.baseAddress!, count: count)
      }
      var expectedLeading: UInt64 = 0
      var expectedTrailing: UInt64 = 0
      for index in 0..<count {
        if index < 8 {
          expectedLeading |= UInt64(bytes[index]) << (8 * UInt64(index))
        } else {
          expectedTrailing |= UInt64(bytes[index]) << (8 * UInt64(index - 8))
        }
      }
      #expect(leading == expectedLeading, "count \(count)")
      #expect(trailing == expectedTrailing, "count \(count)")
    }
  }
}
