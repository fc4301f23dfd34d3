package mvt.crdt

/** Argument checks shared by every mutator: amounts are non-negative, and the sign says nothing. */
private[crdt] object Amount {

  /**
   * A negative increment would lower a grow-only count and a negative decrement would raise a PN
   * counter (the firm's original bug), so both are refused instead of having their sign flipped.
   */
  def requireNonNegative(amount: Long, operation: String): Unit =
    if (amount < 0L)
      throw new IllegalArgumentException(s"$operation amount must be non-negative, got $amount")

  /** `a + b` for non-negative counts, failing with a message that names the count instead of wrapping. */
  def add(a: Long, b: Long, what: String): Long =
    if (a > Long.MaxValue - b)
      throw new ArithmeticException(s"$what overflows a Long: $a + $b")
    else a + b
}
