package mvt.orderbook

import mvt.orderbook.baseline.{LazyCancelOrderBook, ListOrderBook, QueueOrderBook}

/** The matching engines of the project, by their command-line names. */
enum Engine(val label: String, val description: String) {
  case Fast extends Engine("fast", "pooled primitive arrays, intrusive FIFO levels, O(1) cancel")
  case LazyCancel extends Engine("lazy-cancel", "historical: TreeMap of Queues, cancels deferred to matching")
  case QueueBook extends Engine("queue", "historical: TreeMap of immutable Queues, cancels search levels")
  case ListBook extends Engine("list", "historical: TreeMap of Lists, linear append, cancels search levels")

  /**
   * A new empty book of this design for one symbol, registering its orders in `index` as book `bookNo`; the fast
   * engine's pools start at `sizing`'s sizes.
   */
  def newBook(index: OrderIndex, bookNo: Int, sizing: Sizing = Sizing.Default): OrderBook = this match {
    case Fast => new FastOrderBook(index, bookNo, sizing.ordersPerBook, sizing.levelsPerBook)
    case LazyCancel => new LazyCancelOrderBook(index, bookNo)
    case QueueBook => new QueueOrderBook(index, bookNo)
    case ListBook => new ListOrderBook(index, bookNo)
  }
}

object Engine {
  def parse(name: String): Option[Engine] = values.find(_.label == name)

  /** The accepted names, for help texts and errors. */
  def names: String = values.map(_.label).mkString("|")
}
