/// A coding key for data-map keys and array indices.
struct PushDataCodingKey: CodingKey, Hashable, Sendable {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    self.intValue = nil
  }

  init(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }

  init(_ string: String) {
    self.init(stringValue: string)
  }
}
