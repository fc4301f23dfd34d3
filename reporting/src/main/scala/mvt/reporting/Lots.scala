package mvt.reporting

import java.math.BigDecimal

/**
 * One (account, symbol)'s open lots, oldest first, in primitive arrays (a ring would save the shift, but closing
 * only ever takes from the head, so a moving head index does), with what closing them has realized and what
 * the fills have cost, and the state they were in at each hour closed after a fill (from which the PnL at any
 * closed hour is computed, given the mark then). Exact: prices in 1e-8 units; realized money a `Long` of 1e-8
 * units while it fits, with any overflow carried in a `BigDecimal`. Not thread-safe.
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
  // the state PnL depends on, at each closed hour after a fill: 2 × (realized − fees), the position, and
  // 2 × Σ quantity × price, in 1e-8 units; the PnL at an hour is the state in force then, marked at that hour
  private val snapshots = new HourSeries(3)
  // the exact state, by snapshot number, where a Long would overflow (the snapshot's Longs then unused)
  private var exact: scala.collection.mutable.LongMap[Array[BigDecimal]] = null
  // a fill since the last close: the next close takes a snapshot
  private var filledSinceClose = false

  /** This key's number in its fold, its symbol's number and its account (for the fold's own lists). */
  private[reporting] var index = 0
  private[reporting] var symbol = 0
  private[reporting] var account = 0

  /** Whether no lot is open: then the PnL does not depend on the mark. */
  def isFlat: Boolean = head == tail

  /** Whether a fill came since the last `close`. */
  def changedSinceClose: Boolean = filledSinceClose

  /**
   * Closes whole hour `hour` (later than any closed before) after a fill: keeps the state that the PnL at this
   * hour and the next ones (until another fill) is computed from, with fees of `feeUnits` 1e-8 units a unit
   * filled (negative when fee-per-share is not a whole number of them).
   */
  def close(hour: Long, feePerShare: BigDecimal, feeUnits: Long): Unit = {
    filledSinceClose = false
    var r2 = 0L
    var p = 0L
    var c2 = 0L
    val fits =
      feeUnits >= 0 && realizedBig.signum == 0 &&
        (try {
          r2 = Math.subtractExact(
            Math.multiplyExact(2L, realizedSmall),
            Math.multiplyExact(2L, Math.multiplyExact(feeUnits, filledUnits))
          )
          var i = head
          while (i < tail) {
            p = Math.addExact(p, qty(i))
            c2 = Math.addExact(c2, Math.multiplyExact(qty(i), Math.multiplyExact(2L, price(i))))
            i += 1
          }
          true
        } catch { case _: ArithmeticException => false })
    val n = snapshots.add(hour, r2, p, c2)
    if (!fits) {
      if (exact == null) exact = scala.collection.mutable.LongMap.empty
      var pos = BigDecimal.ZERO
      var cost = BigDecimal.ZERO
      var i = head
      while (i < tail) {
        pos = pos.add(BigDecimal.valueOf(qty(i)))
        cost = cost.add(BigDecimal.valueOf(qty(i)).multiply(BigDecimal.valueOf(price(i), 8)))
        i += 1
      }
      exact.update(n.toLong, Array(realized.subtract(fees(feePerShare)), pos, cost))
    }
  }

  /** The first hour closed after a fill, or Long.MaxValue before any. */
  def firstClosed: Long = snapshots.firstHour

  /**
   * The PnL at closed hour `hour` with the symbol's mark then at `twiceMark / 2` (units): the state of the last
   * close at or before `hour`, marked; null before the first close.
   */
  def pnlAt(hour: Long, twiceMark: Long): BigDecimal = {
    val i = snapshots.indexAt(hour)
    if (i < 0) null
    else if (exact != null && exact.contains(i.toLong)) {
      val Array(net, pos, cost) = exact(i.toLong)
      net.add(pos.multiply(BigDecimal.valueOf(twiceMark, 8).divide(Lots.Two))).subtract(cost)
    } else {
      val r2 = snapshots.value(i, 0)
      val p = snapshots.value(i, 1)
      val c2 = snapshots.value(i, 2)
      try Lots.half(Math.subtractExact(Math.addExact(r2, Math.multiplyExact(p, twiceMark)), c2))
      catch {
        case _: ArithmeticException =>
          BigDecimal.valueOf(r2).add(BigDecimal.valueOf(p).multiply(BigDecimal.valueOf(twiceMark)))
            .subtract(BigDecimal.valueOf(c2)).movePointLeft(8).divide(Lots.Two)
      }
    }
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
