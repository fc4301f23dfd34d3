package mvt.reporting

import java.math.BigDecimal

/**
 * One (account, symbol)'s open lots, oldest first, in primitive arrays (a ring would save the shift, but closing
 * only ever takes from the head, so a moving head index does), with what closing them has realized and what
 * the fills have cost. Exact: prices in 1e-8 units; realized money a `Long` of 1e-8 units while it fits, with
 * any overflow carried in a `BigDecimal`. Not thread-safe.
 */
final class Lots {
  // open lots [head, tail): signed quantity (+ long, - short) and price in 1e-8 units; all one sign
  private var qty = new Array[Long](4)
  private var price = new Array[Long](4)
  private var head = 0
  private var tail = 0
  // realized money in 1e-8 units: a Long while it fits, the overflow carried exactly in a BigDecimal
  private var realizedSmall = 0L
  private var realizedBig = BigDecimal.ZERO
  // units filled: fees are fee-per-share times this, exactly, computed when asked
  private var filledUnits = 0L
  // PnL at closed hours, recorded only where it changed: hours ascending, each value holding until the next;
  // a value is 2 × PnL in 1e-8 units, or, where that overflows, Long.MinValue with the exact value in `big`
  private var hours = new Array[Long](4)
  private var twice = new Array[Long](4)
  private var big: Array[BigDecimal] = null
  private var recorded = 0
  // the last hour this key's PnL was computed at
  private var closedAt = Long.MinValue
  // a fill since the last close: the PnL must be recomputed at the next close whatever the mark did
  private var filledSinceClose = false

  /** This key's number in its fold, and its symbol's (for the fold's own lists). */
  private[reporting] var index = 0
  private[reporting] var symbol = 0

  /** Whether no lot is open: then the PnL does not depend on the mark. */
  def isFlat: Boolean = head == tail

  /** Whether a fill came since the last `close`. */
  def changedSinceClose: Boolean = filledSinceClose

  /**
   * Closes whole hour `hour` (later than any closed before; a second close of the same hour does nothing):
   * records the PnL at the mark `twiceMark / 2` with fees of `feeUnits` a unit filled (see `pnlTwiceMark`).
   */
  def close(hour: Long, twiceMark: Long, feePerShare: BigDecimal, feeUnits: Long): Unit =
    if (closedAt != hour) {
      closedAt = hour
      filledSinceClose = false
      val v = twiceFast(twiceMark, feeUnits)
      val exact = if (v == Long.MinValue) slowPnl(twiceMark, feePerShare) else null
      val last = recorded - 1
      val same =
        recorded > 0 && twice(last) == v && (v != Long.MinValue || big(last).compareTo(exact) == 0)
      if (!same) {
        if (recorded == hours.length) {
          hours = java.util.Arrays.copyOf(hours, recorded * 2)
          twice = java.util.Arrays.copyOf(twice, recorded * 2)
          if (big != null) big = java.util.Arrays.copyOf(big, recorded * 2)
        }
        if (exact != null && big == null) big = new Array[BigDecimal](hours.length)
        hours(recorded) = hour
        twice(recorded) = v
        if (big != null) big(recorded) = exact
        recorded += 1
      }
    }

  /** The PnL recorded for `hour`: the last value recorded at or before it; null before the first. */
  def recordedAt(hour: Long): BigDecimal = {
    // the greatest index whose hour is <= hour
    var lo = 0
    var hi = recorded - 1
    var found = -1
    while (lo <= hi) {
      val mid = (lo + hi) >>> 1
      if (hours(mid) <= hour) { found = mid; lo = mid + 1 }
      else hi = mid - 1
    }
    if (found < 0) null
    else if (twice(found) == Long.MinValue) big(found)
    else Lots.half(twice(found))
  }

  /** The signed sum of the open lots. */
  def position: Long = {
    var p = 0L
    var i = head
    while (i < tail) { p += qty(i); i += 1 }
    p
  }

  def realized: BigDecimal = realizedBig.add(BigDecimal.valueOf(realizedSmall)).movePointLeft(8)

  /** Fees paid at `feePerShare` for every unit filled. */
  def fees(feePerShare: BigDecimal): BigDecimal = feePerShare.multiply(BigDecimal.valueOf(filledUnits))

  private def realize(c: Long, gain: Long): Unit =
    try realizedSmall = Math.addExact(realizedSmall, Math.multiplyExact(c, gain))
    catch {
      case _: ArithmeticException =>
        realizedBig = realizedBig.add(BigDecimal.valueOf(c).multiply(BigDecimal.valueOf(gain)))
    }

  /** Σ open lots of quantity × (mark − lot price). */
  def unrealized(mark: BigDecimal): BigDecimal = {
    var u = BigDecimal.ZERO
    var i = head
    while (i < tail) {
      u = u.add(BigDecimal.valueOf(qty(i)).multiply(mark.subtract(BigDecimal.valueOf(price(i), 8))))
      i += 1
    }
    u
  }

  /** A fill of `units` at `priceUnits` on the buy side (`buy`) or the sell side. */
  def fill(buy: Boolean, units: Long, priceUnits: Long): Unit = {
    filledUnits += units
    filledSinceClose = true
    var left = units
    // close opposite lots first, oldest first
    while (left > 0 && head < tail && (qty(head) < 0) == buy) {
      val open = math.abs(qty(head))
      val c = math.min(open, left)
      // a long lot bought at b closed by a sell at s, or a short lot sold at s closed by a buy at b: c × (s − b)
      val gain = if (buy) price(head) - priceUnits else priceUnits - price(head)
      realize(c, gain)
      if (c == open) head += 1 else qty(head) += (if (buy) c else -c)
      left -= c
    }
    if (head == tail) { head = 0; tail = 0 }
    if (left > 0) {
      if (tail == qty.length) {
        if (head > 0) {
          System.arraycopy(qty, head, qty, 0, tail - head)
          System.arraycopy(price, head, price, 0, tail - head)
          tail -= head
          head = 0
        }
        if (tail == qty.length) {
          qty = java.util.Arrays.copyOf(qty, qty.length * 2)
          price = java.util.Arrays.copyOf(price, price.length * 2)
        }
      }
      qty(tail) = if (buy) left else -left
      price(tail) = priceUnits
      tail += 1
    }
  }

  /**
   * `pnl` at the mark `twiceMark / 2` (units, so a mid needs no halving) with fees of `feeUnits` a unit filled
   * (fee-per-share in 1e-8 units, or negative when it is not a whole number of them): the same exact value,
   * computed in `Long`s while nothing overflows, and through `pnl` when something would.
   */
  def pnlTwiceMark(twiceMark: Long, feePerShare: BigDecimal, feeUnits: Long): BigDecimal = {
    val v = twiceFast(twiceMark, feeUnits)
    if (v == Long.MinValue) slowPnl(twiceMark, feePerShare) else Lots.half(v)
  }

  private def slowPnl(twiceMark: Long, feePerShare: BigDecimal): BigDecimal =
    pnl(BigDecimal.valueOf(twiceMark, 8).divide(Lots.Two), feePerShare)

  // 2 × PnL in 1e-8 units (2 realized + Σ q (2 mark − 2 price) − 2 fees), or Long.MinValue when it cannot be
  // computed in Longs: a realized overflow, a fee finer than 1e-8, or an overflow on the way
  private def twiceFast(twiceMark: Long, feeUnits: Long): Long =
    if (feeUnits < 0 || realizedBig.signum != 0) Long.MinValue
    else
      try {
        var v = Math.subtractExact(
          Math.multiplyExact(2L, realizedSmall),
          Math.multiplyExact(2L, Math.multiplyExact(feeUnits, filledUnits))
        )
        var i = head
        while (i < tail) {
          v = Math.addExact(
            v,
            Math.multiplyExact(qty(i), Math.subtractExact(twiceMark, Math.multiplyExact(2L, price(i))))
          )
          i += 1
        }
        v
      } catch { case _: ArithmeticException => Long.MinValue }

  /** PnL with the lots marked at `mark`: realized + unrealized − fees. */
  def pnl(mark: BigDecimal, feePerShare: BigDecimal): BigDecimal =
    realized.add(unrealized(mark)).subtract(fees(feePerShare))
}

object Lots {
  private val Two = BigDecimal.valueOf(2)

  // a value of 2 × PnL in 1e-8 units as the exact PnL
  private def half(twice: Long): BigDecimal =
    if ((twice & 1L) == 0L) BigDecimal.valueOf(twice / 2, 8) else BigDecimal.valueOf(twice, 8).divide(Two)
}
