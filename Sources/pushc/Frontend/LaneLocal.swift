/// One value for each lane of an ``OrderedPipeline`` of the same width, each used only by the
/// work that runs on its lane: state such as a pointer interner, which must not be used by two
/// threads at once and is best kept in the caches of the one thread that uses it.
///
/// Pieces of work on one lane run one after another (see ``OrderedPipeline``), so a value of a
/// class kept here is used by one piece at a time, which is what makes the unchecked
/// `Sendable` sound. The values are made up front and never replaced: reading one takes no
/// lock.
final class LaneLocal<Value>: @unchecked Sendable {
  /// The value of each lane, by lane.
  private let values: [Value]

  /// Makes the value of each of `width` lanes (at least one) with `make`.
  init(width: Int, _ make: () -> Value) {
    values = (0..<max(1, width)).map { _ in make() }
  }

  /// The value of `lane`, which work running on that lane alone may use.
  subscript(lane: Int) -> Value {
    values[lane]
  }
}
