import Testing

@testable import PushDiagnostics

/// A diagnostic's place is the first two keys of presentation order: wherever two places
/// differ, they order the diagnostics as ``Diagnostic/presentationOrder(_:_:)`` does.
@Suite struct PresentationPlaceTests {
  static func diagnostic(file: String?, offset: Int?, id: DiagnosticID) -> Diagnostic {
    Diagnostic(
      id: id, severity: .error, message: "m", file: file,
      range: offset.map {
        SourceRange(
          start: .init(line: 1, column: $0 + 1, offset: $0),
          end: .init(line: 1, column: $0 + 2, offset: $0 + 1))
      })
  }

  @Test func placesOrderDiagnosticsAsPresentationOrderDoes() {
    var diagnostics: [Diagnostic] = []
    for file in [nil, "", "a.json", "b.json"] {
      for offset in [nil, 0, 7, 1 << 40] {
        for id in [DiagnosticID.placeFirst, .placeSecond] {
          diagnostics.append(Self.diagnostic(file: file, offset: offset, id: id))
        }
      }
    }
    for first in diagnostics {
      for second in diagnostics {
        let (left, right) = (PresentationPlace(of: first), PresentationPlace(of: second))
        if left != right {
          #expect(Diagnostic.presentationOrder(first, second) == (left < right))
        } else {
          #expect(Diagnostic.presentationOrder(first, second) == (first.id < second.id))
        }
      }
    }
  }

  @Test func aDiagnosticWithoutARangeComesAfterEveryOffsetOfItsFile() {
    let place = PresentationPlace(of: Self.diagnostic(file: "a.json", offset: nil, id: .placeFirst))
    #expect(place == PresentationPlace(file: "a.json", offset: .max))
    #expect(PresentationPlace(file: "a.json", offset: 1_000_000) < place)
    #expect(place < PresentationPlace(file: "b.json", offset: 0))
    let unnamed = PresentationPlace(of: Self.diagnostic(file: nil, offset: 3, id: .placeFirst))
    #expect(unnamed.file == "")
  }
}

extension DiagnosticID {
  fileprivate static var placeFirst: Self { Self(memberName: #function) }
  fileprivate static var placeSecond: Self { Self(memberName: #function) }
}
