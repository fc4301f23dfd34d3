package mvt.orderbook

import mvt.core.*

/**
 * Routes commands to one book per symbol, validates them and keeps order ids unique across books (spec rule 2),
 * for any engine. Reports every event to `sink`, which must not call back into the exchange. Order ids must be
 * positive, as the command readers guarantee. Structures start at `sizing`'s sizes. Not thread-safe.
 */
final class Exchange(engine: Engine, sink: EventSink, sizing: Sizing = Sizing.Default) extends CommandTarget {
  private val bookIndex = new java.util.HashMap[String, Integer]()
  private var books = new Array[OrderBook](16)
  private var symbols = new Array[String](16)
  private var bookCount = 0
  // live: every resting order id -> its book; books add and remove as orders rest and fill, cancels take
  private val live = new OrderIndex(sizing.indexedOrders)

  // the order being matched (an add, or a modify arriving again), read by the fill listener
  private var takerSymbol: Symbol = Symbol.unsafe("NONE")
  private var takerId = 0L
  private var takerSide: Side = Side.Buy

  private val fills: FillListener = new FillListener {
    def fill(makerId: OrderId, price: Price, tradeQty: Quantity, makerDone: Boolean): Unit = {
      if (takerSide.isBuy) sink.executed(takerSymbol, OrderId(takerId), makerId, price, tradeQty, takerSide)
      else sink.executed(takerSymbol, makerId, OrderId(takerId), price, tradeQty, takerSide)
    }
  }

  // the last symbol looked up: readers intern symbols, so consecutive commands often hit this by reference
  private var lastSymbol: String = null
  private var lastBook = -1

  /** The book index of `symbol`, creating its book on first sight (spec rule 1). */
  def bookOf(symbol: Symbol): Int =
    if (symbol.name eq lastSymbol) lastBook
    else {
      val b = lookup(symbol)
      lastSymbol = symbol.name
      lastBook = b
      b
    }

  private def lookup(symbol: Symbol): Int = {
    val known = bookIndex.get(symbol.name)
    if (known != null) known.intValue
    else {
      if (bookCount == books.length) {
        books = java.util.Arrays.copyOf(books, bookCount * 2)
        symbols = java.util.Arrays.copyOf(symbols, bookCount * 2)
      }
      books(bookCount) = engine.newBook(live, bookCount, sizing)
      symbols(bookCount) = symbol.name
      bookIndex.put(symbol.name, Integer.valueOf(bookCount))
      bookCount += 1
      bookCount - 1
    }
  }

  // the fast engine's books are called through their class, not the OrderBook interface: a JVM that runs several
  // engines (the latency bench) would otherwise make every book call megamorphic
  private val fast = engine == Engine.Fast

  /**
   * The exchange's own replay loop: one pass over the primitive columns, a branch on the kind, and direct calls
   * to this final class (the generic loop's calls are on the `CommandTarget` interface). Time commands are
   * nothing to an exchange. Allocates nothing.
   */
  override def replayColumns(
      columns: CommandColumns,
      bookOfSymbol: Array[Int],
      from: Int,
      until: Int
  ): Unit = {
    val kinds = columns.kinds
    val symbolIdx = columns.symbolIdx
    val ids = columns.ids
    val sides = columns.sides
    val prices = columns.prices
    val qtys = columns.qtys
    val tifs = columns.tifs
    var i = from
    while (i < until) {
      val k = kinds(i)
      if (k == CommandReader.Add)
        place(
          bookOfSymbol(symbolIdx(i)),
          OrderId(ids(i)),
          Side.fromCode(sides(i)),
          Price.fromRaw(prices(i)),
          Quantity(qtys(i)),
          TimeInForce.fromCode(tifs(i))
        )
      else if (k == CommandReader.Cancel) cancel(bookOfSymbol(symbolIdx(i)), OrderId(ids(i)))
      else if (k == CommandReader.Modify)
        modify(bookOfSymbol(symbolIdx(i)), OrderId(ids(i)), Price.fromRaw(prices(i)), Quantity(qtys(i)))
      i += 1
    }
  }

  /** `add` for a book index from `bookOf`: saves the symbol lookup on replay paths. */
  def add(b: Int, id: OrderId, side: Side, price: Price, qty: Quantity): Unit =
    place(b, id, side, price, qty, TimeInForce.Gtc)

  /** An add with a time in force; an exchange has no accounts, so `account` is not used. */
  def add(
      b: Int,
      id: OrderId,
      side: Side,
      price: Price,
      qty: Quantity,
      account: Account,
      tif: TimeInForce
  ): Unit =
    place(b, id, side, price, qty, tif)

  /** An add of any time in force (`spec/order-types.md`) for a book index from `bookOf`. */
  def place(b: Int, id: OrderId, side: Side, price: Price, qty: Quantity, tif: TimeInForce): Unit = {
    // the readers refuse such ids as format errors (spec); here one would corrupt the id index
    if (id.value <= 0L) throw new IllegalArgumentException(s"order ids are positive, got ${id.value}")
    val symbol = Symbol.unsafeTrusted(symbols(b))
    if (!price.isValid) sink.rejected(symbol, id, RejectReason.InvalidPrice)
    else if (!qty.isValid) sink.rejected(symbol, id, RejectReason.InvalidQuantity)
    else if (live.isLive(id.value)) sink.rejected(symbol, id, RejectReason.DuplicateOrderId)
    else if (tif == TimeInForce.Gtc) {
      val rested = matchOrder(b, id, side, price, qty, OrderBook.Rest)
      if (rested.units > 0) sink.added(symbol, id, side, price, rested)
    } else if (tif == TimeInForce.Ioc) {
      val left = matchOrder(b, id, side, price, qty, OrderBook.NoRest)
      if (left.units > 0) sink.expired(symbol, id, left)
    } else if (tif == TimeInForce.Fok) {
      // all or nothing: only when the crossed levels hold enough does it match, and then it fills completely
      if (books(b).fillableQty(side, price, qty.units) >= qty.units) {
        val _ = matchOrder(b, id, side, price, qty, OrderBook.NoRest)
      } else sink.expired(symbol, id, qty)
    } else if (crossesBest(b, side, price.raw)) sink.rejected(symbol, id, RejectReason.WouldCross)
    else {
      val rested = matchOrder(b, id, side, price, qty, OrderBook.RestPostOnly)
      sink.added(symbol, id, side, price, rested)
    }
  }

  // whether an order of `side` at `price` would take from the opposite side's best (a post-only order may not)
  private def crossesBest(b: Int, side: Side, price: Long): Boolean = {
    val best = books(b).bestPrice(side.opposite)
    best != 0L && (if (side.isBuy) price >= best else price <= best)
  }

  // matches an incoming order (a new one, or a modified one arriving again) in book b, placing it by `mode`
  private def matchOrder(
      b: Int,
      id: OrderId,
      side: Side,
      price: Price,
      qty: Quantity,
      mode: Int
  ): Quantity = {
    takerSymbol = Symbol.unsafeTrusted(symbols(b))
    takerId = id.value
    takerSide = side
    if (fast) books(b).asInstanceOf[FastOrderBook].place(id, side, price, qty, mode, fills)
    else books(b).place(id, side, price, qty, mode, fills)
  }

  /**
   * `modify` for a book index from `bookOf` (`spec/order-types.md`): the same price with no more quantity reduces
   * the order in place, O(1) in the fast book, keeping its place; anything else takes it out and lets it arrive
   * again, matching as an incoming order.
   */
  def modify(b: Int, id: OrderId, price: Price, qty: Quantity): Unit = {
    // an invalid price or quantity finds no order here, and modifyRefused tells the three refusals apart: the rare
    // cases out of line keep this dispatch small enough for the JIT to inline it into the replay loop
    val handle = if (price.isValid && qty.isValid) live.handle(id.value, b) else -1
    if (handle < 0) modifyRefused(b, id, price, qty)
    else if (fast) modifyFast(books(b).asInstanceOf[FastOrderBook], b, id, handle, price, qty)
    else modifyLive(books(b), b, id, handle, price, qty)
  }

  // a modify with no order to change: an invalid price first, then an invalid quantity, then no such live order
  private def modifyRefused(b: Int, id: OrderId, price: Price, qty: Quantity): Unit = {
    val reason =
      if (!price.isValid) RejectReason.InvalidPrice
      else if (!qty.isValid) RejectReason.InvalidQuantity
      else RejectReason.UnknownOrder
    sink.modifyRejected(Symbol.unsafeTrusted(symbols(b)), id, reason)
  }

  // the fast book decides the whole modify on the order's slot: the index entry found above stays unless it fills.
  // The common modify crosses nothing and fills no one, so the fill listener's taker is set only for one that crosses
  private def modifyFast(
      book: FastOrderBook,
      b: Int,
      id: OrderId,
      handle: Int,
      price: Price,
      qty: Quantity
  ): Unit = {
    val rested = book.modify(handle, price.raw, qty.units)
    if (rested == FastOrderBook.Crosses) modifyFastCrossing(book, b, id, handle, price, qty)
    else sink.modified(Symbol.unsafeTrusted(symbols(b)), id, book.sideOf(id, handle), price, Quantity(rested))
  }

  // a fast book's modify onto a price that crosses: refused when post-only, else matched as an incoming order
  private def modifyFastCrossing(
      book: FastOrderBook,
      b: Int,
      id: OrderId,
      handle: Int,
      price: Price,
      qty: Quantity
  ): Unit = {
    val symbol = Symbol.unsafeTrusted(symbols(b))
    val side = book.sideOf(id, handle) // read before: a slot that fills completely is freed
    takerSymbol = symbol
    takerId = id.value
    takerSide = side
    val rested = book.modifyCrossing(id.value, handle, price.raw, qty.units, fills)
    if (rested < 0L) sink.modifyRejected(symbol, id, RejectReason.WouldCross)
    else sink.modified(symbol, id, side, price, Quantity(rested))
  }

  // the reference books: a modify that does not reduce in place is a cancel and an add of the same id
  private def modifyLive(
      book: OrderBook,
      b: Int,
      id: OrderId,
      handle: Int,
      price: Price,
      qty: Quantity
  ): Unit = {
    val symbol = Symbol.unsafeTrusted(symbols(b))
    val side = book.sideOf(id, handle)
    val postOnly = book.isPostOnly(id, handle)
    if (postOnly && crossesBest(b, side, price.raw)) sink.modifyRejected(symbol, id, RejectReason.WouldCross)
    else if (price.raw == book.priceOf(id, handle) && qty.units <= book.qtyOf(id, handle)) {
      book.reduce(id, handle, qty.units)
      sink.modified(symbol, id, side, price, qty)
    } else {
      val _ = live.take(id.value, b)
      val _ = book.cancelTaken(id, handle)
      val rested =
        matchOrder(b, id, side, price, qty, if (postOnly) OrderBook.RestPostOnly else OrderBook.Rest)
      sink.modified(symbol, id, side, price, rested)
    }
  }

  /** `cancel` for a book index from `bookOf`. */
  def cancel(b: Int, id: OrderId): Unit = {
    val symbol = Symbol.unsafeTrusted(symbols(b))
    // an id live in another symbol's book is not this book's to cancel: take leaves it alone
    val handle = live.take(id.value, b)
    if (handle < 0) sink.cancelRejected(symbol, id)
    else {
      val left =
        if (fast) books(b).asInstanceOf[FastOrderBook].cancelTaken(id, handle)
        else books(b).cancelTaken(id, handle)
      sink.canceled(symbol, id, left)
    }
  }

  /** The best price of one side of a book from `bookOf`, in raw units; 0 when that side is empty. */
  def bestPrice(book: Int, side: Side): Long = books(book).bestPrice(side)

  /** The quantity at the best price of one side of a book from `bookOf`; 0 when that side is empty. */
  def bestQty(book: Int, side: Side): Long = books(book).bestQty(side)

  /** `OrderBook.refreshTop` of a book from `bookOf`: its top written into `top(at)` to `top(at + 3)` if it moved. */
  def refreshTop(book: Int, top: Array[Long], at: Int): Boolean =
    if (fast) books(book).asInstanceOf[FastOrderBook].refreshTop(top, at) else books(book).refreshTop(top, at)

  /** The symbol of a book from `bookOf`. */
  def symbolOf(book: Int): Symbol = Symbol.unsafeTrusted(symbols(book))

  /** Books created so far; book indexes are `0 until bookCount`. */
  def symbolCount: Int = bookCount

  /** Orders resting across all books. */
  def liveOrderCount: Int = live.size

  /** Orders resting in the book with this index. */
  def orderCount(book: Int): Int = books(book).orderCount

  /** The quantity resting under `id` in any book, 0 when it is not live. */
  def restingQty(id: OrderId): Long = {
    val b = live.bookOf(id.value)
    if (b < 0) 0L else books(b).qtyOf(id, live.handle(id.value, b))
  }

  /** Whether some quantity of `id` rests in any book. */
  def isLive(id: OrderId): Boolean = live.isLive(id.value)

  /** Bytes held by the shared order index (books report their own). */
  def indexFootprintBytes: Long = live.footprintBytes

  /** Symbols with a book, in ascending byte order. */
  def symbolsWithBooks: Vector[Symbol] = Vector.tabulate(bookCount)(i => Symbol.unsafe(symbols(i))).sorted

  /** The book of a symbol that has one. */
  def book(symbol: Symbol): Option[OrderBook] = Option(bookIndex.get(symbol.name)).map(i => books(i.intValue))

  /** The spec's snapshot: symbols ascending, bids best first, then asks best first. */
  def snapshot: Vector[Level] =
    symbolsWithBooks.flatMap(s =>
      book(s).toVector.flatMap(b => b.levels(s, Side.Buy) ++ b.levels(s, Side.Sell))
    )

  /** Checks every book and that the index holds exactly the resting orders. For tests; costs O(orders). */
  def checkInvariants(): Unit = {
    var resting = 0
    var i = 0
    while (i < bookCount) {
      val b = books(i)
      b.checkInvariants()
      for (side <- Side.values; o <- b.restingOrders(side)) {
        resting += 1
        if (live.bookOf(o.id.value) != i)
          throw new IllegalStateException(
            s"Exchange: resting order ${o.id.value} of ${symbols(i)} not indexed"
          )
      }
      i += 1
    }
    if (resting != live.size)
      throw new IllegalStateException(s"Exchange: ${live.size} indexed ids, $resting rest")
  }
}
