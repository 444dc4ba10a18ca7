public import PushDiagnostics

extension ValueNode {
  /// A copy of this tree with the value at `pointer` replaced by `replacement`, or `nil` when
  /// there is no value at `pointer`. With duplicate keys, the last member is replaced, the one
  /// lookups return.
  public func replacing(at pointer: JSONPointer, with replacement: ValueNode) -> ValueNode? {
    guard let first = pointer.tokens.first else { return replacement }
    let rest = JSONPointer(tokens: Array(pointer.tokens.dropFirst()))
    var copy = self
    switch kind {
    case .object(var object):
      guard let index = object.members.lastIndex(where: { $0.key == first }),
        let child = object.members[index].value.replacing(at: rest, with: replacement)
      else { return nil }
      object.members[index].value = child
      copy.kind = .object(object)
    case .array(var elements):
      guard let index = Int(first), elements.indices.contains(index),
        let child = elements[index].replacing(at: rest, with: replacement)
      else { return nil }
      elements[index] = child
      copy.kind = .array(elements)
    default:
      return nil
    }
    return copy
  }
}

extension ValueNode {
  /// This tree with every span (and key span) taken from the value at the same place in
  /// `original`, for trees rebuilt from `original` by a transformation that dropped positions,
  /// such as the Admin SDK normalisation of `apns.payload`. Places `original` lacks keep their
  /// span.
  package func withSpans(copiedFrom original: ValueNode) -> ValueNode {
    var copy = self
    copy.span = original.span
    // Only YAML scalars have a source text; comparing kinds compares whole subtrees.
    if copy.sourceText == nil, original.sourceText != nil, original.kind == kind {
      copy.sourceText = original.sourceText
    }
    switch kind {
    case .object(var object):
      let originalMembers = original.objectValue?.members ?? []
      // The last member of each key, as lookups see it: small objects (nearly all) are
      // searched from the end, larger ones indexed once, so this stays linear.
      var lastIndex: [String: Int]?
      if originalMembers.count > 16 {
        var index: [String: Int] = [:]
        index.reserveCapacity(originalMembers.count)
        for (position, member) in originalMembers.enumerated() { index[member.key] = position }
        lastIndex = index
      }
      for index in object.members.indices {
        let key = object.members[index].key
        let found =
          lastIndex.map { $0[key] } ?? originalMembers.lastIndex { $0.key == key }
        guard let position = found else { continue }
        let originalMember = originalMembers[position]
        object.members[index].keySpan = originalMember.keySpan
        object.members[index].value = object.members[index].value.withSpans(
          copiedFrom: originalMember.value)
      }
      copy.kind = .object(object)
    case .array(var elements):
      let originalElements = original.arrayValue ?? []
      for index in elements.indices where originalElements.indices.contains(index) {
        elements[index] = elements[index].withSpans(copiedFrom: originalElements[index])
      }
      copy.kind = .array(elements)
    default:
      break
    }
    return copy
  }
}
