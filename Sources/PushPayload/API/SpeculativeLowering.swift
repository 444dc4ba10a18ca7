/// The lowerings ``PushCompiler`` uses for the FCM messages of one input: one that records the
/// provenance of each payload (``APNSLowering/Options/recordsPayloadProvenance``), and, when
/// the compiler may speculate (``PushCompiler/Options/speculatesWithoutProvenance``), one
/// that does not, with the judgement of which the next message gets.
///
/// Only a diagnostic about the lowered request reads the provenance, and most messages have
/// none; a message lowered without it that turns out to have one is lowered and checked again
/// with it, which costs that message its lowering and checks twice. So the compiler speculates
/// while messages come out clean, stops at the first that does not, and speculates again after
/// ``cleanMessagesBeforeSpeculating`` clean messages in a row: an input where every message has
/// a finding pays for one message of each run of findings, not for all of them.
///
/// Speculating finds what recording finds because the provenance decides only how a
/// diagnostic reads (where it points, which of two wordings), never whether one is emitted; and
/// the rule configuration switches or re-grades a rule with everything it emits, not one
/// identifier of it. So a message is clean without provenance exactly when it is clean with it.
///
/// ```swift
/// var lowerings = SpeculativeLowering(options: options, speculates: true)
/// lowerings.isSpeculating          // true: `withoutProvenance` first
/// lowerings.record(hasFindings: true)
/// lowerings.isSpeculating          // false, until 8 clean messages
/// ```
struct SpeculativeLowering {
  /// How many clean messages in a row turn speculation back on after a message with findings.
  static let cleanMessagesBeforeSpeculating = 8

  /// The lowering that records provenance.
  let recording: APNSLowering
  /// The lowering that does not; ``recording`` when the compiler does not speculate. Not an
  /// optional: unwrapping one copies the lowering's options for every message.
  let withoutProvenance: APNSLowering
  /// Whether the compiler may speculate at all.
  private let speculates: Bool
  /// Whether the next message is lowered with ``withoutProvenance`` first.
  private(set) var isSpeculating: Bool
  /// The clean messages since the last message with findings, while not speculating.
  private var cleanStreak = 0

  /// Creates the lowerings of `options`, speculating from the first message when `speculates`.
  init(options: APNSLowering.Options, speculates: Bool) {
    recording = APNSLowering(options: options)
    self.speculates = speculates && options.recordsPayloadProvenance
    if self.speculates {
      var skipping = options
      skipping.recordsPayloadProvenance = false
      withoutProvenance = APNSLowering(options: skipping)
    } else {
      withoutProvenance = recording
    }
    isSpeculating = self.speculates
  }

  /// Records whether the message just compiled had diagnostics about its lowered request.
  mutating func record(hasFindings: Bool) {
    guard speculates else { return }
    if hasFindings {
      isSpeculating = false
      cleanStreak = 0
      return
    }
    guard !isSpeculating else { return }
    cleanStreak += 1
    if cleanStreak >= Self.cleanMessagesBeforeSpeculating {
      isSpeculating = true
      cleanStreak = 0
    }
  }
}
