import PushDiagnostics
import Testing

@testable import pushc

/// The place before which nothing more can come, from where checking is.
@Suite struct PresentationBoundTests {
  @Test func theCurrentInputsPartBoundsItsOwnFile() {
    var bound = PresentationBound(inputNames: ["a", "b", "c"])
    #expect(bound.afterPart(ofInput: "a", origin: 0) == PresentationPlace(file: "a", offset: 0))
    #expect(bound.afterPart(ofInput: "a", origin: 70) == PresentationPlace(file: "a", offset: 70))
    #expect(bound.afterPart(ofInput: "b", origin: 0) == PresentationPlace(file: "b", offset: 0))
  }

  @Test func anInputStillToComeThatSortsFirstHoldsBackTheOthers() {
    var bound = PresentationBound(inputNames: ["c", "b", "a"])
    #expect(bound.afterPart(ofInput: "c", origin: 50) == PresentationPlace(file: "a", offset: .min))
    // An input that produced no part (it could not be read) is passed over.
    #expect(bound.afterPart(ofInput: "a", origin: 0) == PresentationPlace(file: "a", offset: 0))
  }

  @Test func lateFilesHoldBackTheFilesAfterThem() {
    var bound = PresentationBound(inputNames: ["b", "d"], lateFiles: ["c/.pushc.yaml"])
    #expect(bound.afterPart(ofInput: "b", origin: 9) == PresentationPlace(file: "b", offset: 9))
    #expect(
      bound.afterPart(ofInput: "d", origin: 0)
        == PresentationPlace(file: "c/.pushc.yaml", offset: .min))
  }

  @Test func anInputNamedTwiceInARowIsHeldBackWhole() {
    var bound = PresentationBound(inputNames: ["a", "a", "b"])
    #expect(bound.afterPart(ofInput: "a", origin: 40) == PresentationPlace(file: "a", offset: .min))
    #expect(bound.afterPart(ofInput: "a", origin: 0) == PresentationPlace(file: "a", offset: .min))
    #expect(bound.afterPart(ofInput: "b", origin: 0) == PresentationPlace(file: "b", offset: 0))
  }

  @Test func anInputNotAnnouncedTellsNothing() {
    var bound = PresentationBound(inputNames: ["a"])
    #expect(bound.afterPart(ofInput: "z", origin: 0) == nil)
  }
}
