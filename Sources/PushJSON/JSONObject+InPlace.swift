extension JSONObject.Member {
  /// The value of the member at `index` of `members`, in place.
  ///
  /// Passing `members[index].value` to a function copies the value, kind and text, which costs
  /// more than most of what is done with it; tree walks that only read (writing, comparing)
  /// hand on this pointer instead. It is valid while `members` is.
  @inline(__always)
  static func value(
    at index: Int, in members: UnsafeBufferPointer<JSONObject.Member>
  ) -> UnsafePointer<ValueNode> {
    precondition(members.indices.contains(index))
    return (UnsafeRawPointer(members.baseAddress.unsafelyUnwrapped + index) + valueOffset)
      .assumingMemoryBound(to: ValueNode.self)
  }

  /// Where ``value`` is stored inside a member.
  private static let valueOffset = MemoryLayout<JSONObject.Member>.offset(of: \.value)
    .unsafelyUnwrapped
}
