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
    // Only YAML scalars have a source text; comparing kinds compares whole subtrees.
    let copiesSourceText = sourceText == nil && original.sourceText != nil && original.kind == kind
    let sourceText = copiesSourceText ? original.sourceText : sourceText
    switch kind {
    case .object(let object):
      guard case .object(let originalObject) = original.kind else {
        return ValueNode(kind, span: original.span, sourceText: sourceText)
      }
      // The copy is built member by member: copying the shared array and then changing each
      // member would copy every member twice.
      var members: [JSONObject.Member] = []
      members.reserveCapacity(object.members.count)
      let originalMembers = originalObject.members
      // The last member of each key, as lookups see it: small objects (nearly all) are
      // searched from the end, larger ones indexed once, so this stays linear.
      var lastIndex: [String: Int]?
      if originalMembers.count > 16 {
        var index: [String: Int] = [:]
        index.reserveCapacity(originalMembers.count)
        for (position, member) in originalMembers.enumerated() { index[member.key] = position }
        lastIndex = index
      }
      for member in object.members {
        let found =
          lastIndex.map { $0[member.key] } ?? originalMembers.lastIndex { $0.key == member.key }
        guard let position = found else {
          members.append(member)
          continue
        }
        members.append(
          JSONObject.Member(
            key: member.key, keySpan: originalMembers[position].keySpan,
            value: member.value.withSpans(copiedFrom: originalMembers[position].value)))
      }
      return ValueNode(.object(JSONObject(members)), span: original.span, sourceText: sourceText)
    case .array(let elements):
      guard case .array(let originalElements) = original.kind else {
        return ValueNode(kind, span: original.span, sourceText: sourceText)
      }
      var copied: [ValueNode] = []
      copied.reserveCapacity(elements.count)
      for index in elements.indices {
        copied.append(
          originalElements.indices.contains(index)
            ? elements[index].withSpans(copiedFrom: originalElements[index]) : elements[index])
      }
      return ValueNode(.array(copied), span: original.span, sourceText: sourceText)
    default:
      return ValueNode(kind, span: original.span, sourceText: sourceText)
    }
  }
}

extension ValueNode {
  /// Whether ``withSpans(copiedFrom:)`` would return `original` unchanged: both trees hold the
  /// same values in the same order, and this one's source texts are absent or the same. A
  /// transformation that changed nothing can then hand on `original` instead of a copy.
  package func isUnchangedCopy(of original: ValueNode) -> Bool {
    withUnsafePointer(to: self) { node in
      withUnsafePointer(to: original) { Self.isUnchangedCopy(node, of: $0) }
    }
  }

  /// ``isUnchangedCopy(of:)`` on nodes read in place: passing a member's value as an argument
  /// would copy it, kind and text, which costs more than comparing it.
  private static func isUnchangedCopy(
    _ node: UnsafePointer<ValueNode>, of original: UnsafePointer<ValueNode>
  ) -> Bool {
    // `withSpans` keeps this node's text if it has one, and gives a container the original's
    // only when the kinds, spans included, are equal, which they are not in general.
    let hasText = node.pointee.sourceText != nil
    if hasText {
      guard let originalText = original.pointee.sourceText,
        node.pointee.sourceText == originalText
      else { return false }
    }
    switch node.pointee.kind {
    case .object(let object):
      guard hasText || original.pointee.sourceText == nil,
        case .object(let originalObject) = original.pointee.kind
      else { return false }
      return areUnchangedCopies(object.members, of: originalObject.members)
    case .array(let elements):
      guard hasText || original.pointee.sourceText == nil,
        case .array(let originalElements) = original.pointee.kind,
        elements.count == originalElements.count
      else { return false }
      return elements.withUnsafeBufferPointer { elements in
        originalElements.withUnsafeBufferPointer { originalElements in
          for index in elements.indices
          where !isUnchangedCopy(
            elements.baseAddress.unsafelyUnwrapped + index,
            of: originalElements.baseAddress.unsafelyUnwrapped + index)
          {
            return false
          }
          return true
        }
      }
    case .string(let string):
      guard case .string(let originalString) = original.pointee.kind else { return false }
      return string == originalString
    case .number(let number):
      guard case .number(let originalNumber) = original.pointee.kind else { return false }
      return number.lexeme == originalNumber.lexeme
    case .bool(let flag):
      guard case .bool(let originalFlag) = original.pointee.kind else { return false }
      return flag == originalFlag
    case .null:
      guard case .null = original.pointee.kind else { return false }
      return true
    }
  }

  /// Whether `members` are ``isUnchangedCopy(of:)`` of `originalMembers`, place by place.
  /// `withSpans` pairs each member with the original's last member of its key, which is the
  /// one at the same place only when the original's keys are distinct: small objects are
  /// searched for a repeat, larger ones are left to `withSpans`.
  private static func areUnchangedCopies(
    _ members: [JSONObject.Member], of originalMembers: [JSONObject.Member]
  ) -> Bool {
    guard members.count == originalMembers.count, members.count <= 16 else { return false }
    return members.withUnsafeBufferPointer { members in
      originalMembers.withUnsafeBufferPointer { originalMembers in
        for index in members.indices {
          guard members[index].key == originalMembers[index].key else { return false }
          var later = index + 1
          while later < originalMembers.count {
            if originalMembers[later].key == originalMembers[index].key { return false }
            later += 1
          }
          guard
            isUnchangedCopy(
              JSONObject.Member.value(at: index, in: members),
              of: JSONObject.Member.value(at: index, in: originalMembers))
          else { return false }
        }
        return true
      }
    }
  }
}
