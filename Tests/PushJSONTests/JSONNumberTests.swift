import PushJSON
import Testing

@Suite struct JSONNumberTests {
  @Test func integerAccessorsReportOverflowInsteadOfTrapping() {
    #expect(JSONNumber(lexeme: "42").intValue == 42)
    #expect(JSONNumber(lexeme: "-9223372036854775808").intValue == Int.min)
    #expect(JSONNumber(lexeme: "9223372036854775807").intValue == Int.max)
    #expect(JSONNumber(lexeme: "9223372036854775808").intValue == nil)
    #expect(JSONNumber(lexeme: "12345678901234567890").intValue == nil)
    #expect(JSONNumber(lexeme: "1e400").intValue == nil)
    #expect(JSONNumber(lexeme: "1.5").intValue == nil)
  }

  @Test func integralNonIntegerLexemes() {
    #expect(JSONNumber(lexeme: "1.0").intValue == 1)
    #expect(JSONNumber(lexeme: "1e2").intValue == 100)
    #expect(JSONNumber(lexeme: "-0").intValue == 0)
    #expect(JSONNumber(lexeme: "1e2").isIntegerLiteral == false)
  }

  @Test func integerAccessorReadsShortAndLongLexemesAsIntDoes() {
    var lexemes = [
      "0", "-0", "7", "-7", "10", "007", "999999999999999999", "-999999999999999999",
      "1000000000000000000", "-1000000000000000000", "+5", "-", "", "1-", "--1", "1 ",
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      let length = Int.random(in: 1...21, using: &generator)
      let digits = String((0..<length).map { _ in "0123456789".randomElement(using: &generator)! })
      lexemes.append(Bool.random(using: &generator) ? "-" + digits : digits)
    }
    for lexeme in lexemes {
      #expect(JSONNumber(lexeme: lexeme).intValue == Int(lexeme), "\(lexeme)")
    }
  }

  @Test func doubleAccessor() {
    #expect(JSONNumber(lexeme: "1.5e-3").doubleValue == 0.0015)
    #expect(JSONNumber(lexeme: "1e400").doubleValue == nil)
    #expect(JSONNumber(lexeme: "-1e400").doubleValue == nil)
  }
}
