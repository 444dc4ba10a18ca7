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
