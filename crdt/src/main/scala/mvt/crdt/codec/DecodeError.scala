package mvt.crdt.codec

/** Why a decoder refused its input: the byte offset, what it expected there, and what it found. Immutable. */
final case class DecodeError(offset: Int, expected: String, found: String) {

  /** One line for a log or an operator: `at byte 7: expected a positive count, found 0`. */
  def message: String = s"at byte $offset: expected $expected, found $found"
}

/** Carries a [[DecodeError]] out of nested readers to the one `decode` call that returns it; no stack trace. */
final class DecodeFailure private[codec] (val error: DecodeError)
    extends RuntimeException(error.message, null, false, false)
