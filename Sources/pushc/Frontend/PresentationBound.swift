import PushDiagnostics

/// How far a report of inputs checked in order can be written: the place in presentation order
/// before which no diagnostic can come any more.
///
/// The inputs are checked in the order given, each in parts that come in order, and a part's
/// diagnostics are at or after its first byte (its file starts there). So once a part of an
/// input has come, what can still come is: the later parts of that input (at or after the
/// part's first byte), every input after it (anywhere in them), and the diagnostics of the
/// `lateFiles`, which come at the end (anywhere in them).
struct PresentationBound {
  /// The names of the inputs, in the order they are checked.
  private let inputNames: [String]
  /// For each position in ``inputNames`` (and one past the end), the least name from there on,
  /// or `nil` past the end.
  private let leastNameFrom: [String?]
  /// The least of the late files' names.
  private let leastLateFile: String?
  /// The position in ``inputNames`` after the input whose parts are coming.
  private var nextInput = 0
  /// The name of the input whose parts are coming.
  private var currentName: String?

  /// The bound of a report of the inputs `inputNames`, checked in that order, and of the
  /// diagnostics of `lateFiles`, which come after all of them.
  init(inputNames: [String], lateFiles: [String] = []) {
    self.inputNames = inputNames
    var leastNameFrom = [String?](repeating: nil, count: inputNames.count + 1)
    for index in inputNames.indices.reversed() {
      leastNameFrom[index] =
        leastNameFrom[index + 1].map { min($0, inputNames[index]) } ?? inputNames[index]
    }
    self.leastNameFrom = leastNameFrom
    self.leastLateFile = lateFiles.min()
  }

  /// The bound once a part of the input `name`, whose first byte is at `origin` in it, has
  /// come; `nil` when `name` is none of the inputs still to come (nothing is known then).
  ///
  /// A part whose input is named like the one before counts as a part of that input, which
  /// holds back both inputs when the same one is named twice in a row.
  mutating func afterPart(ofInput name: String, origin: Int) -> PresentationPlace? {
    if name != currentName {
      guard let position = inputNames[nextInput...].firstIndex(of: name) else { return nil }
      nextInput = position + 1
      currentName = name
    }
    var bound = PresentationPlace(file: name, offset: origin)
    for file in [leastNameFrom[nextInput], leastLateFile].compactMap({ $0 }) {
      bound = min(bound, PresentationPlace(file: file, offset: .min))
    }
    return bound
  }
}
