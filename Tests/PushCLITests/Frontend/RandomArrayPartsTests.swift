import Testing
import _PushPayloadTestSupport

@testable import pushc

/// Issue 9: JSON arrays of random shapes (on one line or not, after blank lines or not, with
/// strings that hold escapes, brackets, commas, text that is not ASCII and emoji, nested values
/// and duplicate keys) give, read in parts, what they give read whole: a differential test of
/// the splitter and partitioner against the reader, with a fixed seed so that a failure
/// reproduces.
@Suite struct RandomArrayPartsTests {
  /// One of `choices`, at random.
  static func pick(_ choices: [String], _ generator: inout SplitMix64) -> String {
    choices[Int.random(in: 0..<choices.count, using: &generator)]
  }

  /// The content of a random string literal: escapes and the bytes the splitter looks for
  /// among plain text, Korean and emoji.
  static func text(_ generator: inout SplitMix64) -> String {
    let pieces = [
      "a", "Z", "7", "공", "지", "😀", #"\""#, #"\\"#, #"\n"#, #"\u00e9"#, " ", ",", "]", "[", "{",
      "}", ":", "é",
    ]
    let count = Int.random(in: 0...10, using: &generator)
    return (0..<count).map { _ in Self.pick(pieces, &generator) }.joined()
  }

  /// A random JSON value, nested at most three deep.
  static func value(_ generator: inout SplitMix64, depth: Int = 0) -> String {
    let roll = Int.random(in: 0..<10, using: &generator)
    if depth > 2 || roll < 4 { return #"""# + text(&generator) + #"""# }
    switch roll {
    case 4: return String(Int.random(in: -5...100, using: &generator))
    case 5: return Self.pick(["true", "false", "null"], &generator)
    case 6, 7:
      let count = Int.random(in: 0...3, using: &generator)
      return "["
        + (0..<count).map { _ in value(&generator, depth: depth + 1) }.joined(separator: ",")
        + "]"
    default:
      let count = Int.random(in: 0...3, using: &generator)
      let members = (0..<count).map { _ in
        #"""# + text(&generator) + #"":"# + value(&generator, depth: depth + 1)
      }
      return "{" + members.joined(separator: ",") + "}"
    }
  }

  /// A random element: a valid notice, an FCM error, a data-only message with values of any
  /// type, a duplicate key, or no message at all (but never the first element, which would make
  /// the array an input of no known kind).
  static func element(_ index: Int, _ generator: inout SplitMix64) -> String {
    let title = text(&generator)
    switch Int.random(in: 0..<6, using: &generator) {
    case 0:
      return #"{"message":{"topic":"t\#(index)","notification":{"title":"\#(title)"},"#
        + #""data":{"k":"\#(text(&generator))"}}}"#
    case 1: return #"{"message":{"topic":"bad topic \#(title)"}}"#
    case 2:
      return #"{"message":{"token":"abc","data":{"n":\#(value(&generator)),"s":"\#(title)"}}}"#
    case 3: return #"{"message":{"topic":"t","data":{"a":"\#(title)","a":"c"}}}"#
    case 4 where index > 0: return value(&generator)
    default:
      return #"{"message":{"condition":"'a' in topics","apns":{"payload":{"aps":"#
        + #"{"alert":"\#(title)"},"x":\#(value(&generator))}}}}"#
    }
  }

  /// A random array of `count` elements, after blank lines or not: on one line when
  /// `oneLine` (but for line breaks between its last elements, one time in three), else with
  /// line breaks between some of its elements (CRLF too).
  static func array(count: Int, oneLine: Bool, _ generator: inout SplitMix64) -> String {
    let leading = Self.pick(["", "\n", "  \r\n", "\n\t\n", "\u{FEFF}"], &generator)
    let lineBreaksFrom =
      !oneLine ? 1 : Int.random(in: 0..<3, using: &generator) == 0 ? count - 40 : count
    var text = leading + "["
    for index in 0..<count {
      if index > 0 {
        let separators =
          index < lineBreaksFrom ? [",", ", "] : [",\n", ", ", ",\r\n  ", "\n,", ",\n\n"]
        text += Self.pick(separators, &generator)
      }
      text += element(index, &generator)
    }
    return text + (lineBreaksFrom < count ? "\n]" : "]")
      + Self.pick(["", "\n", "\r\n"], &generator)
  }

  @Test func randomArraysReadInPartsGiveTheWhole() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var generator = SplitMix64(seed: 0x15_A77A)
    // Large enough for several parts: a scan step (64 KiB) reveals one place to cut.
    for round in 0..<6 {
      let text = Self.array(
        count: Int.random(in: 1_500...2_500, using: &generator), oneLine: round % 4 < 2,
        &generator)
      let path = try directory.write(text, to: "random-\(round).json")
      let format =
        round.isMultiple(of: 2)
        ? ["--format", "json"] : ["--format", "annotated", "--max-diagnostics", "100000"]
      NDJSONPartsTests.expectPartsGiveTheWhole(["lint"] + format + ["--now", "1", path])
    }
  }
}
