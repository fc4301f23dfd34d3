package mvt.orderbook

import mvt.core.*

/**
 * The production book: orders in pooled slots of primitive arrays, linked into FIFO levels; levels pooled and
 * kept in a `LevelWindow` per side (constant-time lookup near the touch, a sorted `PriceLadder` beyond it); ids found through the exchange's shared `OrderIndex`, whose handle is the
 * slot. O(1) cancel and best price; no allocation per command once the pools have grown to the book's size.
 * Not thread-safe.
 */
final class FastOrderBook(
    index: OrderIndex = new OrderIndex(),
    bookNo: Int = 0,
    initialOrders: Int = Sizing.Default.ordersPerBook,
    initialLevels: Int = Sizing.Default.levelsPerBook
) extends OrderBook {
  import FastOrderBook.{LevelStride, NoSlot, PostOnlyFlag, PriceMask, Stride, hi, lo, pair, withHi, withLo}
  require(
    initialOrders >= 1 && initialLevels >= 1,
    s"capacities must be positive: $initialOrders orders, $initialLevels levels"
  )

  // order slots interleaved in one array, Stride longs each, so one order's fields share a cache line: everything a
  // move decides on (price, side, post-only, links, level, quantity) is in it, and the level's line is only written;
  // slot 0 is no order, so that 0 can mean "none"; its links are scratch: linking writes a neighbour's link
  // unconditionally, into slot 0 when there is no neighbour, instead of branching on an unpredictable test
  private var ord = new Array[Long](initialOrders * Stride)
  // free order slots link through next (word 2's high half)
  private val orderPool = new SlotPool(Stride, 2, initialOrders)

  private inline def slotId(o: Int): Long = ord(o * Stride)
  // word 1: price | side code << 62 | post-only << 61 (prices are below 2^60); 0 in a free slot
  private inline def slotPrice(o: Int): Long = ord(o * Stride + 1) & PriceMask
  private inline def slotSide(o: Int): Int = (ord(o * Stride + 1) >>> 62).toInt
  private inline def postOnlyBit(o: Int): Int = ((ord(o * Stride + 1) >>> 61) & 1L).toInt
  private inline def setSlotPrice(o: Int, price: Long): Unit =
    ord(o * Stride + 1) = (ord(o * Stride + 1) & ~PriceMask) | price
  // word 3: remaining qty << 32 | level (quantities are at most 1e9 < 2^31); qty > 0 while the slot rests, 0 when free
  private inline def slotQty(o: Int): Long = ord(o * Stride + 3) >>> 32
  private inline def levelOf(o: Int): Int = ord(o * Stride + 3).toInt
  private inline def setQtyAt(o: Int, q: Long, lvl: Int): Unit = ord(o * Stride + 3) = (q << 32) | lvl.toLong
  private inline def nextOf(o: Int): Int = hi(ord(o * Stride + 2)) // later order in level, NoSlot at tail
  private inline def prevOf(o: Int): Int = lo(ord(o * Stride + 2)) // earlier order in level, NoSlot at head
  private inline def setLinks(o: Int, prev: Int, next: Int): Unit = ord(o * Stride + 2) = pair(next, prev)
  private inline def setNext(o: Int, n: Int): Unit = ord(o * Stride + 2) = withHi(ord(o * Stride + 2), n)
  private inline def setPrev(o: Int, p: Int): Unit = ord(o * Stride + 2) = withLo(ord(o * Stride + 2), p)

  // level slots interleaved the same way, LevelStride longs each: total remaining qty of its orders, links
  // (head << 32 | tail: earliest and latest order), count << 32 | side code, and a spare word that keeps a level
  // inside one cache line; a level's price is its key in the window, so a level moved along is not rewritten. A
  // level with no orders is freed at once, and free levels link through head
  private var levelData = new Array[Long](initialLevels * LevelStride)
  private val levelPool = new SlotPool(LevelStride, 1, initialLevels)

  private inline def lvlQty(l: Int): Long = levelData(l * LevelStride)
  private inline def addLvlQty(l: Int, d: Long): Unit = levelData(l * LevelStride) += d
  private inline def lvlHead(l: Int): Int = hi(levelData(l * LevelStride + 1))
  private inline def lvlTail(l: Int): Int = lo(levelData(l * LevelStride + 1))
  // both ends at once, head << 32 | tail: linking reads them together and writes them by selects
  private inline def lvlEnds(l: Int): Long = levelData(l * LevelStride + 1)
  private inline def setLvlEnds(l: Int, head: Int, tail: Int): Unit =
    levelData(l * LevelStride + 1) = pair(head, tail)
  private inline def lvlCount(l: Int): Int = hi(levelData(l * LevelStride + 2))
  // the addend's low half is zero, so the side code below the count is never touched
  private inline def addLvlCount(l: Int, d: Int): Unit = levelData(l * LevelStride + 2) += d.toLong << 32
  private inline def lvlSide(l: Int): Int = lo(levelData(l * LevelStride + 2))

  private val bids = new LevelWindow()
  private val asks = new LevelWindow()
  // indexed by side code: the side of a command is unpredictable, so selecting a side must not be a branch
  private val sides = Array(bids, asks)
  private var resting = 0 // orders on the book = slots in use
  private var postOnlyResting = 0 // resting slots whose post-only bit is set

  /** Orders resting now. */
  def orderCount: Int = resting

  def bestPrice(side: Side): Long = {
    val l = ladder(side)
    if (l.isEmpty) 0L else keyOf(side, l.bestKey) // keyOf is its own inverse
  }

  def bestQty(side: Side): Long = {
    val l = ladder(side)
    if (l.isEmpty) 0L else lvlQty(l.bestLevel)
  }

  // both sides read once, each side's emptiness tested once; an ask's key is its negated price
  override def refreshTop(top: Array[Long], at: Int): Boolean = {
    val bidsEmpty = bids.isEmpty
    val asksEmpty = asks.isEmpty
    val bp = if (bidsEmpty) 0L else bids.bestKey
    val bq = if (bidsEmpty) 0L else lvlQty(bids.bestLevel)
    val ap = if (asksEmpty) 0L else -asks.bestKey
    val aq = if (asksEmpty) 0L else lvlQty(asks.bestLevel)
    OrderBook.storeTop(top, at, bp, bq, ap, aq)
  }

  private inline def ladder(side: Side): LevelWindow = sides(side.code)
  // price for bids, -price for asks, without a branch: (p ^ -1) + 1 == -p, (p ^ 0) + 0 == p
  private inline def keyOf(side: Side, price: Long): Long = {
    val s = side.code.toLong
    (price ^ -s) + s
  }

  def place(
      id: OrderId,
      side: Side,
      price: Price,
      qty: Quantity,
      mode: Int,
      fills: FillListener
  ): Quantity = {
    val limit = price.raw
    val remaining = matchAgainst(side, limit, qty.units, fills)
    if (remaining > 0 && mode != OrderBook.NoRest)
      rest(id.value, side, limit, remaining, mode == OrderBook.RestPostOnly)
    Quantity(remaining)
  }

  // matches `qty` of an incoming `side` order limited at `price` against the opposite side's best levels, releasing
  // each level it empties, and returns what is left; inline, so each caller compiles to the loop written out
  private inline def matchAgainst(side: Side, price: Long, qty: Long, fills: FillListener): Long = {
    val opposite = side.opposite
    val book = ladder(opposite)
    // the opposite side's best crosses exactly when its key reaches the limit's key on that side; an empty side's
    // best key is below every key, so the common case (nothing to match) is one field compare
    val reach = keyOf(opposite, price)
    var remaining = qty
    while (remaining > 0 && book.bestKey >= reach) {
      val lvl = book.bestLevel
      remaining = fillLevel(lvl, keyOf(opposite, book.bestKey), remaining, fills)
      if (lvlCount(lvl) == 0) {
        book.removeBest()
        releaseLevel(lvl)
      }
    }
    remaining
  }

  def fillableQty(side: Side, price: Price, upTo: Long): Long = {
    val opposite = side.opposite
    val book = ladder(opposite)
    val reach = keyOf(opposite, price.raw)
    var sum = 0L
    var key = book.bestKey
    // best level first, and no further than needed: the walk ends as soon as the sum covers the order
    while (sum < upTo && key >= reach) {
      sum += lvlQty(book.levelOf(key))
      key = book.nextKeyBelow(key)
    }
    sum
  }

  private[orderbook] def sideOf(id: OrderId, o: Int): Side = Side.fromCode(slotSide(o))
  private[orderbook] def priceOf(id: OrderId, o: Int): Long = slotPrice(o)
  private[orderbook] def qtyOf(id: OrderId, o: Int): Long = slotQty(o)
  private[orderbook] def isPostOnly(id: OrderId, o: Int): Boolean = postOnlyBit(o) != 0

  // in place: the slot keeps its links, so the order keeps its place; only its and its level's quantity change
  private[orderbook] def reduce(id: OrderId, o: Int, qty: Long): Unit = {
    val lvl = levelOf(o)
    addLvlQty(lvl, qty - slotQty(o))
    setQtyAt(o, qty, lvl)
  }

  /**
   * Matches up to `qty` against level `lvl` (price `lp`) from its head, in time priority, and returns what
   * is left. Filled makers are unlinked, unindexed and released; the level itself is left to the caller, even
   * when emptied. Primitive arguments and result: no allocation.
   */
  private def fillLevel(lvl: Int, lp: Long, qty: Long, fills: FillListener): Long = {
    var remaining = qty
    var o = lvlHead(lvl)
    while (remaining > 0 && o != NoSlot) {
      val after = nextOf(o)
      val makerQty = slotQty(o)
      val trade = math.min(remaining, makerQty)
      remaining -= trade
      setQtyAt(o, makerQty - trade, lvl)
      addLvlQty(lvl, -trade)
      val makerId = slotId(o)
      val done = makerQty == trade
      if (done) {
        // fills consume from the head, so the maker is the head: unlink it there
        setPrev(after, NoSlot) // the scratch slot when the maker was alone
        setLvlEnds(lvl, after, if (after == NoSlot) NoSlot else lo(lvlEnds(lvl)))
        addLvlCount(lvl, -1)
        index.unregister(makerId)
        releaseOrder(o)
      }
      fills.fill(OrderId(makerId), Price.fromRaw(lp), Quantity(trade), done)
      o = after
    }
    remaining
  }

  // `side`'s level at `price`, opened when there is none; inline, so each caller compiles to the code written out
  private inline def levelAt(side: Side, price: Long): Int = {
    val ladder = this.ladder(side)
    val key = keyOf(side, price)
    val found = ladder.levelOf(key)
    if (found != NoSlot) found
    else {
      // no level at this price yet: open one (level ids are positive, so NoSlot means none)
      val lvl = acquireLevel(side)
      ladder.insert(key, lvl)
      lvl
    }
  }

  // the add path written out rather than through `link`, so a GTC add compiles to what it did before moves existed
  private def rest(id: Long, side: Side, price: Long, qty: Long, postOnly: Boolean): Unit = {
    val lvl = levelAt(side, price)
    val o = acquireOrder()
    val base = o * Stride
    ord(base) = id
    val flag = if (postOnly) 1 else 0
    ord(base + 1) = price | (side.code.toLong << 62) | (flag.toLong << 61)
    ord(base + 3) = (qty << 32) | lvl.toLong
    postOnlyResting += flag
    val ends = lvlEnds(lvl)
    val tail = lo(ends)
    setLinks(o, tail, NoSlot)
    setNext(tail, o) // the scratch slot when the level is empty
    setLvlEnds(lvl, if (tail == NoSlot) o else hi(ends), o)
    addLvlQty(lvl, qty)
    addLvlCount(lvl, 1)
    resting += 1
    index.register(id, bookNo, o)
  }

  // links a moved order's slot `o` (unlinked, its id, side and post-only bit set) at the tail of `side`'s level at
  // `price`, opening the level when there is none, with `qty` remaining
  private def link(o: Int, side: Side, price: Long, qty: Long): Unit = {
    val lvl = levelAt(side, price)
    setSlotPrice(o, price)
    linkAt(o, lvl, qty)
  }

  // links slot `o` at the tail of level `lvl`, which is on its ladder, with `qty`; the slot's price is the caller's.
  // A method rather than an inline def, on the arrays read once: the inline form costs each caller twice its bytes
  // (field accessors), which put the move's methods over the JIT's inlining limit; the JIT inlines this one
  private def linkAt(o: Int, lvl: Int, qty: Long): Unit = {
    val a = ord
    val ls = levelData
    val lb = lvl * LevelStride
    a(o * Stride + 3) = (qty << 32) | lvl.toLong
    val ends = ls(lb + 1)
    val tail = lo(ends)
    a(o * Stride + 2) = pair(NoSlot, tail) // next NoSlot, prev the old tail
    a(tail * Stride + 2) = withHi(a(tail * Stride + 2), o) // the scratch slot when the level is empty
    ls(lb + 1) = pair(if (tail == NoSlot) o else hi(ends), o)
    ls(lb) += qty
    ls(lb + 2) += 1L << 32 // count + 1; the side code below it is not touched
  }

  // unlinks slot `o` from its level `lvl`, taking its quantity out of the level's total; the level stays on its
  // ladder even when emptied, and the slot keeps its id, quantity and post-only bit. A method for the same reason
  // as linkAt
  private def unlink(o: Int, lvl: Int): Unit = {
    val a = ord
    val ls = levelData
    val links = a(o * Stride + 2)
    val before = lo(links)
    val after = hi(links)
    // neighbours' links unconditionally (the scratch slot stands in for a missing one), the level's ends by selects
    a(before * Stride + 2) = withHi(a(before * Stride + 2), after)
    a(after * Stride + 2) = withLo(a(after * Stride + 2), before)
    val lb = lvl * LevelStride
    val ends = ls(lb + 1)
    ls(lb + 1) = pair(if (before == NoSlot) after else hi(ends), if (after == NoSlot) before else lo(ends))
    ls(lb) -= a(o * Stride + 3) >>> 32
    ls(lb + 2) -= 1L << 32 // count - 1
  }

  /**
   * A modify of the order resting in slot `o` (`spec/order-types.md`) whose new price crosses nothing, with its index
   * entry left in place: the same price with no more quantity reduces it in place; anything else takes it out and
   * links it again at `price` with `qty` in the same slot. Returns `qty`, the quantity resting after it; or
   * `Crosses`, with nothing changed, when `price` crosses the opposite side's best: then the caller, which alone
   * knows the fill listener's taker, calls `modifyCrossing`. Allocates nothing.
   */
  private[orderbook] def modify(o: Int, price: Long, qty: Long): Long = {
    // the decision reads the order's slot only: the level's line is not on the path to it. Each case is its own
    // method, so that this dispatch and the common move stay under the JIT's inlining limit (FreqInlineSize)
    val w1 = ord(o * Stride + 1)
    val side = Side.fromCode((w1 >>> 62).toInt)
    if (ladder(side.opposite).bestKey >= keyOf(side.opposite, price)) FastOrderBook.Crosses
    else {
      // a resting order never crosses, so a crossing modify cannot keep its price: these two are the only others
      if (price != (w1 & PriceMask)) move(o, w1, side, price, qty)
      else modifyAtPrice(o, qty)
      qty
    }
  }

  /**
   * A modify whose new price crosses (`modify` said `Crosses`): `-1` and nothing changed for a post-only order; else
   * the order leaves its level and arrives again at `price` with `qty`, matching as an incoming order (its fills go to
   * `fills`), the rest linked again in the same slot, so the index is not touched unless it fills. Returns the
   * quantity resting after it (0 when it filled completely).
   */
  private[orderbook] def modifyCrossing(
      id: Long,
      o: Int,
      price: Long,
      qty: Long,
      fills: FillListener
  ): Long = {
    val w1 = ord(o * Stride + 1)
    if ((w1 & PostOnlyFlag) != 0L) -1L
    else {
      val side = Side.fromCode((w1 >>> 62).toInt)
      val lvl = levelOf(o)
      unlink(o, lvl)
      if (lvlCount(lvl) == 0) {
        ladder(side).remove(keyOf(side, w1 & PriceMask))
        releaseLevel(lvl)
      }
      val remaining = matchAgainst(side, price, qty, fills)
      if (remaining > 0) link(o, side, price, remaining) // the same slot: still indexed to it
      else {
        index.unregister(id)
        releaseOrder(o)
      }
      remaining
    }
  }

  // the same price: no more quantity, or more for an order alone at its level, changes the quantity in place (the
  // order keeps its place, or has no other to keep it against); more quantity behind others goes to the tail
  private def modifyAtPrice(o: Int, qty: Long): Unit = {
    val lvl = levelOf(o)
    if (qty <= slotQty(o) || ord(o * Stride + 2) == 0L) {
      addLvlQty(lvl, qty - slotQty(o))
      setQtyAt(o, qty, lvl)
    } else {
      unlink(o, lvl)
      linkAt(o, lvl, qty)
    }
  }

  // a move to a new price that crosses nothing: to the tail of the level at `price` with `qty`, with one ladder probe
  // for the new price. An order alone at its level (no links: the slot tells, not the level) takes its level along
  // to a price with no level, or leaves it to be freed unread; an order with neighbours leaves its level to them.
  // `w1` is the slot's word 1 as read by the caller: the new one is written from it, not read again
  private def move(o: Int, w1: Long, side: Side, price: Long, qty: Long): Unit = {
    val ladder = this.ladder(side)
    val key = keyOf(side, price)
    val target = ladder.levelOf(key)
    if (ord(o * Stride + 2) != 0L) moveFromShared(o, side, key, target, qty)
    else if (target == NoSlot) moveLevelAlong(o, ladder, keyOf(side, w1 & PriceMask), key, qty)
    else moveAloneOnto(o, ladder, keyOf(side, w1 & PriceMask), target, qty)
    ord(o * Stride + 1) = (w1 & ~PriceMask) | price
  }

  // the old level keeps its other orders; the order goes to the tail of `target` at `key`, opened when there is none
  private def moveFromShared(o: Int, side: Side, key: Long, target: Int, qty: Long): Unit = {
    unlink(o, levelOf(o))
    var to = target
    if (to == NoSlot) {
      to = acquireLevel(side)
      ladder(side).insert(key, to)
    }
    linkAt(o, to, qty)
  }

  // alone, to a price with no level: the level is re-keyed, not rewritten; a quantity that does not change is not
  // written
  private def moveLevelAlong(o: Int, ladder: LevelWindow, from: Long, to: Long, qty: Long): Unit = {
    ladder.rekey(from, to)
    if (qty != slotQty(o)) {
      val lvl = levelOf(o)
      addLvlQty(lvl, qty - slotQty(o))
      setQtyAt(o, qty, lvl)
    }
  }

  // alone, onto a price where others rest: its only order leaves the old level, so nothing in it is kept
  private def moveAloneOnto(o: Int, ladder: LevelWindow, from: Long, target: Int, qty: Long): Unit = {
    ladder.remove(from)
    releaseLevel(levelOf(o))
    linkAt(o, target, qty)
  }

  def cancel(id: OrderId): Quantity = {
    val o = index.take(id.value, bookNo)
    if (o < 0) Quantity.Zero else cancelTaken(id, o)
  }

  private[orderbook] def cancelTaken(id: OrderId, o: Int): Quantity = {
    val left = slotQty(o)
    val lvl = levelOf(o)
    unlink(o, lvl)
    if (lvlCount(lvl) == 0) {
      val side = Side.fromCode(slotSide(o))
      this.ladder(side).remove(keyOf(side, slotPrice(o)))
      releaseLevel(lvl)
    }
    releaseOrder(o)
    Quantity(left)
  }

  private def acquireOrder(): Int = {
    if (orderPool.full) ord = orderPool.grow(ord)
    orderPool.acquire(ord)
  }

  private def releaseOrder(o: Int): Unit = {
    resting -= 1
    postOnlyResting -= postOnlyBit(o)
    ord(o * Stride + 1) = 0L // price, side and post-only bit
    ord(o * Stride + 3) = 0L // quantity and level
    orderPool.release(ord, o)
  }

  private def acquireLevel(side: Side): Int = {
    if (levelPool.full) levelData = levelPool.grow(levelData)
    val l = levelPool.acquire(levelData)
    val base = l * LevelStride
    levelData(base) = 0L
    levelData(base + 1) = pair(NoSlot, NoSlot)
    levelData(base + 2) = pair(0, side.code) // count 0
    l
  }

  private def releaseLevel(l: Int): Unit = {
    // free levels link through head; written whole, not read: a level left by its only order is released unread
    levelPool.release(levelData, l)
  }

  def levels(symbol: Symbol, side: Side): Vector[Level] = {
    val ids = this.ladder(side).levelsAscending
    val keys = this.ladder(side).keysAscending
    Vector.tabulate(ids.length) { i =>
      val l = ids(ids.length - 1 - i)
      Level(
        symbol,
        side,
        Price.fromRaw(keyOf(side, keys(ids.length - 1 - i))),
        Quantity(lvlQty(l)),
        lvlCount(l)
      )
    }
  }

  def restingOrders(side: Side): Vector[RestingOrder] = {
    val ids = this.ladder(side).levelsAscending
    val out = Vector.newBuilder[RestingOrder]
    var i = ids.length - 1
    while (i >= 0) {
      val l = ids(i)
      var o = lvlHead(l)
      while (o != NoSlot) {
        out += RestingOrder(OrderId(slotId(o)), side, Price.fromRaw(slotPrice(o)), Quantity(slotQty(o)))
        o = nextOf(o)
      }
      i -= 1
    }
    out.result()
  }

  /** Bytes held by the book's arrays (the shared `OrderIndex` adds its own `footprintBytes`). */
  def footprintBytes: Long = {
    val orders = ord.length.toLong * 8
    val levels = levelData.length.toLong * 8
    orders + levels + bids.footprintBytes + asks.footprintBytes
  }

  def checkInvariants(): Unit = {
    def fail(msg: String): Nothing = throw new IllegalStateException(s"FastOrderBook: $msg")
    // slots ever handed out are 1 until the high marks; each is either in use or on its free list, never both
    val orderInUse = new java.util.BitSet(orderPool.high)
    val levelInUse = new java.util.BitSet(levelPool.high)
    var seen = 0
    var postOnlySeen = 0
    for (side <- Side.values) {
      val ladder = this.ladder(side)
      ladder.checkInvariants()
      val keys = ladder.keysAscending
      val ids = ladder.levelsAscending
      var i = 0
      while (i < ids.length) {
        if (i > 0 && keys(i - 1) >= keys(i)) fail(s"ladder not strictly sorted at $i")
        val l = ids(i)
        if (ladder.levelOf(keys(i)) != l)
          fail(s"ladder finds ${ladder.levelOf(keys(i))} at key ${keys(i)}, not $l")
        if (l <= NoSlot || l >= levelPool.high)
          fail(s"ladder holds level slot $l, outside 1 until ${levelPool.high}")
        if (levelInUse.get(l)) fail(s"level slot $l is on the ladders twice")
        levelInUse.set(l)
        if (lvlSide(l) != side.code) fail(s"level $l on the wrong side")
        var o = lvlHead(l)
        var prev = NoSlot
        var qty = 0L
        var n = 0
        while (o != NoSlot) {
          if (o < 0 || o >= orderPool.high)
            fail(s"level $l links to order slot $o, outside 1 until ${orderPool.high}")
          if (orderInUse.get(o)) fail(s"order slot $o is linked twice (a cycle or two levels share it)")
          orderInUse.set(o)
          if (levelOf(o) != l) fail(s"order slot $o points to level ${levelOf(o)}, rests in $l")
          if (keyOf(side, slotPrice(o)) != keys(i) || slotSide(o) != side.code)
            fail(s"order ${slotId(o)} has price ${slotPrice(o)} side ${slotSide(o)}, rests at key ${keys(i)}")
          val w1 = ord(o * Stride + 1)
          if (w1 < 0L || ((w1 >>> 60) & 1L) != 0L) fail(s"order ${slotId(o)} has stray bits in word 1: $w1")
          if (prevOf(o) != prev) fail(s"order slot $o has a broken prev link")
          // a reduction in place keeps the quantity positive, and the level's total below sums what is left
          if (slotQty(o) <= 0L) fail(s"order ${slotId(o)} rests with quantity ${slotQty(o)}")
          postOnlySeen += postOnlyBit(o)
          if (index.handle(slotId(o), bookNo) != o) fail(s"order ${slotId(o)} is not indexed to its slot")
          qty += slotQty(o)
          n += 1
          prev = o
          o = nextOf(o)
        }
        if (lvlTail(l) != prev) fail(s"level $l tail is wrong")
        if (n == 0) fail(s"empty level $l is still on the ladder")
        if (n != lvlCount(l) || qty != lvlQty(l))
          fail(s"level $l totals ($qty, $n) != (${lvlQty(l)}, ${lvlCount(l)})")
        seen += n
        i += 1
      }
    }
    if (seen != resting) fail(s"$resting slots in use but $seen orders rest")
    if (postOnlySeen != postOnlyResting)
      fail(s"$postOnlyResting post-only orders counted, $postOnlySeen rest")
    if (!bids.isEmpty && !asks.isEmpty && bestPrice(Side.Buy) >= bestPrice(Side.Sell))
      fail("book is crossed at rest")

    // free order slots: a proper list (it ends, no slot twice) of slots not resting, with nothing left in them
    val freeOrders = orderPool.freeSlots(ord, "order", fail)
    var o = freeOrders.nextSetBit(0)
    while (o >= 0) {
      if (orderInUse.get(o)) fail(s"order slot $o is both free and resting")
      if (slotQty(o) != 0L) fail(s"free order slot $o keeps quantity ${slotQty(o)}")
      if (ord(o * Stride + 1) != 0L) fail(s"free order slot $o keeps its price, side or post-only bit")
      o = freeOrders.nextSetBit(o + 1)
    }
    val freeOrderCount = freeOrders.cardinality()
    if (resting + freeOrderCount != orderPool.high - 1)
      fail(s"$resting resting + $freeOrderCount free order slots != ${orderPool.high - 1} slots handed out")

    // free level slots, linked through head: the same, against the levels on the ladders
    val freeLevels = levelPool.freeSlots(levelData, "level", fail)
    var l = freeLevels.nextSetBit(0)
    while (l >= 0) {
      if (levelInUse.get(l)) fail(s"level slot $l is both free and on a ladder")
      l = freeLevels.nextSetBit(l + 1)
    }
    val levelsInUse = bids.size + asks.size
    val freeLevelCount = freeLevels.cardinality()
    if (levelsInUse + freeLevelCount != levelPool.high - 1)
      fail(
        s"$levelsInUse levels in use + $freeLevelCount free != ${levelPool.high - 1} level slots handed out"
      )
  }
}

object FastOrderBook {

  /** What `modify` returns when the new price crosses and it changed nothing: the caller goes on to `modifyCrossing`. */
  inline val Crosses = -2L
  private inline val NoSlot = 0
  private inline val Stride =
    4 // id, price | side << 62 | post-only << 61, links (next << 32 | prev), qty << 32 | level
  private inline val LevelStride = 4 // qty, links (head << 32 | tail), count << 32 | side, spare
  private inline val PriceMask = (1L << 61) - 1 // the price bits of an order's word 1
  private inline val PostOnlyFlag = 1L << 61

  // two ints packed in one long, the first in the high half: order and level links, a level's count and side
  private inline def pair(high: Int, low: Int): Long = (high.toLong << 32) | (low.toLong & 0xffffffffL)
  private inline def hi(v: Long): Int = (v >>> 32).toInt
  private inline def lo(v: Long): Int = v.toInt
  private inline def withHi(v: Long, high: Int): Long = (high.toLong << 32) | (v & 0xffffffffL)
  private inline def withLo(v: Long, low: Int): Long = (v & 0xffffffff00000000L) | (low.toLong & 0xffffffffL)
}
