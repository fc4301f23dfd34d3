package mvt.core

/** The greatest common divisor of two whole numbers (Euclid's), as price ticks are found from the prices seen. */
object Gcd {

  /** gcd(a, b) for non-negative `a` and `b`; gcd(a, 0) is `a`. Allocates nothing. */
  def apply(a: Long, b: Long): Long = {
    var x = a
    var y = b
    while (y != 0L) {
      val t = x % y
      x = y
      y = t
    }
    x
  }
}
