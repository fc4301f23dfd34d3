package mvt.core

/** Nanoseconds shown as microseconds with as many decimals as their size deserves, for report tables. */
object Micros {
  def format(ns: Long): String =
    if (ns < 10000L) f"${ns / 1000.0}%.2f"
    else if (ns < 1000000L) f"${ns / 1000.0}%.1f"
    else f"${ns / 1000.0}%.0f"
}
