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

  // the fold's bookkeeping: a fill since the last hour closed; the key's account and symbol number
  private[reporting] var filledSinceClose = false
  // filled since the fold's last drain of changed lots, not yet handed to a store
  private[reporting] var unsaved = false
  private[reporting] var account = 0
  private[reporting] var symbol = 0
  // `state` as last computed, and the fee it was computed at; null until asked, and again after every fill
  private var stateHeld: KeyState = null
  private var stateFee: BigDecimal = null

  /** The signed sum of the open lots. */
  def position: Long = {
    var p = 0L
    var i = head
    while (i < tail) { p += qty(i); i += 1 }
    p
  }

  def realized: BigDecimal =
    // the same value and scale as the general form, in one allocation: the overflow is nearly always none
    if (realizedBig.signum == 0 && realizedBig.scale == 0) BigDecimal.valueOf(realizedSmall, 8)
    else realizedBig.add(BigDecimal.valueOf(realizedSmall)).movePointLeft(8)

  /** Fees paid at `feePerShare` for every unit filled. */
  def fees(feePerShare: BigDecimal): BigDecimal = feePerShare.multiply(BigDecimal.valueOf(filledUnits))

  /** Units filled so far: grows with every fill, so the live figures know when to look again. */
  private[reporting] def unitsFilled: Long = filledUnits

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
    stateHeld = null
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
   * The state the PnL depends on besides the mark: position, cost of the open lots, realized, fees. Kept until
   * the next fill, so that the live figures of a key that did not fill since cost nothing to ask again.
   */
  def state(feePerShare: BigDecimal): KeyState = {
    val held = stateHeld
    if (held != null && (stateFee eq feePerShare)) held
    else {
      val st = computeState(feePerShare)
      stateHeld = st
      stateFee = feePerShare
      st
    }
  }

  private def computeState(feePerShare: BigDecimal): KeyState = {
    var p = 0L
    var small = 0L
    var big: BigDecimal = null
    var i = head
    while (i < tail) {
      p += qty(i)
      if (big == null)
        try small = Math.addExact(small, Math.multiplyExact(qty(i), price(i)))
        catch { case _: ArithmeticException => big = BigDecimal.valueOf(small) }
      if (big != null) big = big.add(BigDecimal.valueOf(qty(i)).multiply(BigDecimal.valueOf(price(i))))
      i += 1
    }
    val cost = if (big == null) BigDecimal.valueOf(small, 8) else big.movePointLeft(8)
    KeyState(p, cost, realized, fees(feePerShare))
  }

  /**
   * The whole state as bytes, for a store to keep and `Lots.decode` to restore: the open lots, the realized
   * money, the units filled and the fold's bookkeeping.
   */
  def encode: Array[Byte] = {
    val big = realizedBig.toString.getBytes(java.nio.charset.StandardCharsets.US_ASCII)
    val b = java.nio.ByteBuffer.allocate(4 + 16 * (tail - head) + 8 + 8 + 1 + 4 + big.length)
    b.putInt(tail - head)
    var i = head
    while (i < tail) { b.putLong(qty(i)).putLong(price(i)); i += 1 }
    b.putLong(realizedSmall).putLong(filledUnits).put(if (filledSinceClose) 1.toByte else 0.toByte)
    b.putInt(big.length).put(big)
    b.array
  }

  /** PnL with the lots marked at `mark`: realized + unrealized − fees. */
  def pnl(mark: BigDecimal, feePerShare: BigDecimal): BigDecimal =
    realized.add(unrealized(mark)).subtract(fees(feePerShare))
}

object Lots {

  /** The lots `encode` wrote. */
  def decode(bytes: Array[Byte]): Lots = {
    val b = java.nio.ByteBuffer.wrap(bytes)
    val l = new Lots
    val n = b.getInt
    l.qty = new Array[Long](math.max(4, n))
    l.price = new Array[Long](math.max(4, n))
    var i = 0
    while (i < n) { l.qty(i) = b.getLong; l.price(i) = b.getLong; i += 1 }
    l.tail = n
    l.realizedSmall = b.getLong
    l.filledUnits = b.getLong
    l.filledSinceClose = b.get == 1
    def text(len: Int): String = {
      val a = new Array[Byte](len)
      b.get(a)
      new String(a, java.nio.charset.StandardCharsets.US_ASCII)
    }
    l.realizedBig = new BigDecimal(text(b.getInt))
    l
  }
}
