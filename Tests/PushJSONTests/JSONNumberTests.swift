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

  @Test func doubleAccessor() {
    #expect(JSONNumber(lexeme: "1.5e-3").doubleValue == 0.0015)
    #expect(JSONNumber(lexeme: "1e400").doubleValue == nil)
    #expect(JSONNumber(lexeme: "-1e400").doubleValue == nil)
  }
}
