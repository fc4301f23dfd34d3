package mvt.orderbook

import mvt.core.*

/**
 * The production book: orders in pooled slots of primitive arrays, linked into FIFO levels; levels pooled and
 * kept in a `PriceLadder` per side; an open-addressing map from id to slot. O(1) cancel and best price; no
 * allocation per command once the pools have grown to the book's size. Not thread-safe.
 */
final class FastOrderBook(initialOrders: Int = 1024, initialLevels: Int = 64) extends OrderBook {
  import FastOrderBook.Nil

  // order slots; slot 0 is unused so that 0 can mean "none"
  private var ordId = new Array[Long](initialOrders)
  private var ordQty = new Array[Long](initialOrders) // remaining quantity, > 0 while the slot is in use
  private var ordNext = new Array[Int](initialOrders) // next in level (or next free slot), Nil at the tail
  private var ordPrev = new Array[Int](initialOrders) // previous in level, Nil at the head
  private var ordLevel = new Array[Int](initialOrders) // the level the order rests in
  private var freeOrder = Nil // head of the free-slot list, linked through ordNext
  private var orderHigh = 1 // slots at or above this were never used

  // level slots, same scheme
  private var lvlPrice = new Array[Long](initialLevels)
  private var lvlQty = new Array[Long](initialLevels) // sum of ordQty over the level's orders
  private var lvlCount = new Array[Int](initialLevels) // number of orders; a level with 0 is freed at once
  private var lvlHead = new Array[Int](initialLevels) // earliest order
  private var lvlTail = new Array[Int](initialLevels) // latest order
  private var lvlSide = new Array[Byte](initialLevels)
  private var freeLevel = Nil
  private var levelHigh = 1

  private val bids = new PriceLadder()
  private val asks = new PriceLadder()
  private val slotOfId = new LongIntHashMap(initialOrders)

  /** Orders resting now. */
  def orderCount: Int = slotOfId.size

  private inline def ladder(side: Side): PriceLadder = if (side.isBuy) bids else asks
  private inline def keyOf(side: Side, price: Long): Long = if (side.isBuy) price else -price

  def add(id: OrderId, side: Side, price: Price, qty: Quantity, fills: FillListener): Quantity = {
    val limit = price.raw
    var remaining = qty.units
    val book = ladder(side.opposite)
    val buying = side.isBuy
    var crossing = true
    while (remaining > 0 && crossing && !book.isEmpty) {
      val lvl = book.bestLevel
      val lp = lvlPrice(lvl)
      crossing = if (buying) lp <= limit else lp >= limit
      if (crossing) {
        var o = lvlHead(lvl)
        while (remaining > 0 && o != Nil) {
          val next = ordNext(o)
          val trade = math.min(remaining, ordQty(o))
          remaining -= trade
          ordQty(o) -= trade
          lvlQty(lvl) -= trade
          val makerId = ordId(o)
          val done = ordQty(o) == 0L
          if (done) {
            // fills consume from the head, so the maker is the head: unlink it there
            lvlHead(lvl) = next
            if (next != Nil) ordPrev(next) = Nil else lvlTail(lvl) = Nil
            lvlCount(lvl) -= 1
            slotOfId.remove(makerId)
            releaseOrder(o)
          }
          fills.fill(OrderId(makerId), Price.fromRaw(lp), Quantity(trade), done)
          o = next
        }
        if (lvlCount(lvl) == 0) {
          book.removeBest()
          releaseLevel(lvl)
        }
      }
    }
    if (remaining > 0) rest(id.value, side, limit, remaining)
    Quantity(remaining)
  }

  private def rest(id: Long, side: Side, price: Long, qty: Long): Unit = {
    val ladder = this.ladder(side)
    val key = keyOf(side, price)
    var at = ladder.find(key)
    val lvl =
      if (at >= 0) ladder.levelAt(at)
      else {
        val l = acquireLevel(side, price)
        at = -at - 1
        ladder.insertAt(at, key, l)
        l
      }
    val o = acquireOrder()
    ordId(o) = id
    ordQty(o) = qty
    ordLevel(o) = lvl
    ordNext(o) = Nil
    val tail = lvlTail(lvl)
    ordPrev(o) = tail
    if (tail == Nil) lvlHead(lvl) = o else ordNext(tail) = o
    lvlTail(lvl) = o
    lvlQty(lvl) += qty
    lvlCount(lvl) += 1
    slotOfId.put(id, o)
  }

  def cancel(id: OrderId): Quantity = {
    val o = slotOfId.remove(id.value)
    if (o < 0) Quantity.Zero
    else {
      val qty = ordQty(o)
      val lvl = ordLevel(o)
      val prev = ordPrev(o)
      val next = ordNext(o)
      if (prev == Nil) lvlHead(lvl) = next else ordNext(prev) = next
      if (next == Nil) lvlTail(lvl) = prev else ordPrev(next) = prev
      lvlQty(lvl) -= qty
      lvlCount(lvl) -= 1
      if (lvlCount(lvl) == 0) {
        val side = Side.fromCode(lvlSide(lvl))
        val ladder = this.ladder(side)
        ladder.removeAt(ladder.find(keyOf(side, lvlPrice(lvl))))
        releaseLevel(lvl)
      }
      releaseOrder(o)
      Quantity(qty)
    }
  }

  private def acquireOrder(): Int =
    if (freeOrder != Nil) {
      val o = freeOrder
      freeOrder = ordNext(o)
      o
    } else {
      if (orderHigh == ordId.length) growOrders()
      val o = orderHigh
      orderHigh += 1
      o
    }

  private def releaseOrder(o: Int): Unit = {
    ordQty(o) = 0L
    ordNext(o) = freeOrder
    freeOrder = o
  }

  private def acquireLevel(side: Side, price: Long): Int = {
    val l =
      if (freeLevel != Nil) {
        val l = freeLevel
        freeLevel = lvlHead(l)
        l
      } else {
        if (levelHigh == lvlPrice.length) growLevels()
        val l = levelHigh
        levelHigh += 1
        l
      }
    lvlPrice(l) = price
    lvlSide(l) = side.code.toByte
    lvlQty(l) = 0L
    lvlCount(l) = 0
    lvlHead(l) = Nil
    lvlTail(l) = Nil
    l
  }

  private def releaseLevel(l: Int): Unit = {
    lvlHead(l) = freeLevel // free levels link through lvlHead
    freeLevel = l
  }

  private def growOrders(): Unit = {
    val n = ordId.length * 2
    ordId = java.util.Arrays.copyOf(ordId, n)
    ordQty = java.util.Arrays.copyOf(ordQty, n)
    ordNext = java.util.Arrays.copyOf(ordNext, n)
    ordPrev = java.util.Arrays.copyOf(ordPrev, n)
    ordLevel = java.util.Arrays.copyOf(ordLevel, n)
  }

  private def growLevels(): Unit = {
    val n = lvlPrice.length * 2
    lvlPrice = java.util.Arrays.copyOf(lvlPrice, n)
    lvlQty = java.util.Arrays.copyOf(lvlQty, n)
    lvlCount = java.util.Arrays.copyOf(lvlCount, n)
    lvlHead = java.util.Arrays.copyOf(lvlHead, n)
    lvlTail = java.util.Arrays.copyOf(lvlTail, n)
    lvlSide = java.util.Arrays.copyOf(lvlSide, n)
  }

  def levels(symbol: Symbol, side: Side): Vector[Level] = {
    val ladder = this.ladder(side)
    Vector.tabulate(ladder.size) { i =>
      val l = ladder.levelAt(ladder.size - 1 - i)
      Level(symbol, side, Price.fromRaw(lvlPrice(l)), Quantity(lvlQty(l)), lvlCount(l))
    }
  }

  def restingOrders(side: Side): Vector[RestingOrder] = {
    val ladder = this.ladder(side)
    val out = Vector.newBuilder[RestingOrder]
    var i = ladder.size - 1
    while (i >= 0) {
      val l = ladder.levelAt(i)
      var o = lvlHead(l)
      while (o != Nil) {
        out += RestingOrder(OrderId(ordId(o)), side, Price.fromRaw(lvlPrice(l)), Quantity(ordQty(o)))
        o = ordNext(o)
      }
      i -= 1
    }
    out.result()
  }

  /** Bytes held by the book's arrays and map: the memory cost of its resting orders. */
  def footprintBytes: Long = {
    val orders = ordId.length.toLong * (8 + 8 + 4 + 4 + 4)
    val levels = lvlPrice.length.toLong * (8 + 8 + 4 + 4 + 4 + 1)
    val map = slotOfId.capacity.toLong * (8 + 4)
    orders + levels + map + bids.footprintBytes + asks.footprintBytes
  }

  def checkInvariants(): Unit = {
    def fail(msg: String): Nothing = throw new IllegalStateException(s"FastOrderBook: $msg")
    var seen = 0
    for (side <- Side.values) {
      val ladder = this.ladder(side)
      var i = 0
      while (i < ladder.size) {
        if (i > 0 && ladder.keyAt(i - 1) >= ladder.keyAt(i)) fail(s"ladder not strictly sorted at $i")
        val l = ladder.levelAt(i)
        if (keyOf(side, lvlPrice(l)) != ladder.keyAt(i)) fail(s"level $l price does not match its ladder key")
        if (lvlSide(l) != side.code) fail(s"level $l on the wrong side")
        var o = lvlHead(l)
        var prev = Nil
        var qty = 0L
        var n = 0
        while (o != Nil) {
          if (ordLevel(o) != l) fail(s"order slot $o points to level ${ordLevel(o)}, rests in $l")
          if (ordPrev(o) != prev) fail(s"order slot $o has a broken prev link")
          if (ordQty(o) <= 0L) fail(s"order ${ordId(o)} rests with quantity ${ordQty(o)}")
          if (slotOfId.get(ordId(o)) != o) fail(s"order ${ordId(o)} is not mapped to its slot")
          qty += ordQty(o)
          n += 1
          prev = o
          o = ordNext(o)
        }
        if (lvlTail(l) != prev) fail(s"level $l tail is wrong")
        if (n == 0) fail(s"empty level $l is still on the ladder")
        if (n != lvlCount(l) || qty != lvlQty(l))
          fail(s"level $l totals ($qty, $n) != (${lvlQty(l)}, ${lvlCount(l)})")
        seen += n
        i += 1
      }
    }
    if (seen != slotOfId.size) fail(s"${slotOfId.size} ids mapped but $seen orders rest")
    if (!bids.isEmpty && !asks.isEmpty && lvlPrice(bids.bestLevel) >= lvlPrice(asks.bestLevel))
      fail("book is crossed at rest")
  }
}

object FastOrderBook {
  private inline val Nil = 0
}
