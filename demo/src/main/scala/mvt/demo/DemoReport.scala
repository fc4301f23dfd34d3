package mvt.demo

import mvt.core.*
import mvt.workload.CommandBatch

/** The text of `mvt demo`: event counts, the engines' throughput and the depth of the busiest books. */
object DemoReport {

  private def grouped(n: Long): String = f"$n%,d"

  def events(r: ReplayResult, batch: CommandBatch): String = {
    val total = r.events.total
    val lines = r.events.byKind.map { (k, n) =>
      f"  $k%-16s ${grouped(n)}%14s  ${100.0 * n / math.max(1L, total)}%5.1f%%"
    }
    val placed = (0 until batch.size).count(batch.isAdd)
    val canceledShare = 100.0 * r.events.canceled / math.max(1, placed)
    val summary =
      f"  ${grouped(placed.toLong)} orders placed; $canceledShare%.0f%% of them canceled before they filled"
    (s"Events (${grouped(total)} in all, ${grouped(r.events.executedQty)} units traded):" +: lines :+ summary)
      .mkString("\n")
  }

  def throughput(fast: ReplayResult, baseline: ReplayResult): String = {
    def line(r: ReplayResult) =
      f"  ${r.engine.label}%-12s ${r.commandsPerSecond / 1e6}%9.2f M commands/s  ${r.nanos / 1e6}%10.1f ms"
    val ratio = fast.commandsPerSecond / baseline.commandsPerSecond
    val same = if (fast.events.digest == baseline.events.digest) "identical" else "DIFFERENT"
    Vector(
      "Throughput (one timed pass each after a warm-up session):",
      line(fast),
      line(baseline),
      f"  ratio        $ratio%9.1fx  (events of both engines: $same)"
    ).mkString("\n")
  }

  /** The top `depth` levels per side of the `count` symbols with the most commands. */
  def busiestBooks(r: ReplayResult, batch: CommandBatch, count: Int = 3, depth: Int = 5): String = {
    val perSymbol = new Array[Int](batch.symbols.size)
    var i = 0
    while (i < batch.size) { perSymbol(batch.symbolIndex(i)) += 1; i += 1 }
    val busiest = batch.symbols.indices.sortBy(s => -perSymbol(s)).take(count)
    def cell(l: Option[Level]) =
      l.fold("")(l => f"${l.price.render}%12s x ${grouped(l.totalQty.units)}%9s (${l.orderCount}%3d)")
    val blocks = busiest.map { s =>
      val sym = batch.symbols(s)
      val book = r.exchange.book(sym)
      val bids = book.toVector.flatMap(_.levels(sym, Side.Buy)).take(depth)
      val asks = book.toVector.flatMap(_.levels(sym, Side.Sell)).take(depth)
      val header =
        f"  ${sym.name}%-6s (${grouped(perSymbol(s).toLong)} commands)  ${"bids: price x qty (orders)"}%-34s asks"
      val rows = (0 until depth).map(k => f"  ${""}%-6s ${cell(bids.lift(k))}%-34s   ${cell(asks.lift(k))}")
      (header +: rows).mkString("\n")
    }
    (s"Top $depth levels of the $count busiest books (fast engine, end of session):" +: blocks).mkString("\n")
  }

  /** The five most active clients of the session, from the trade feed, with their traded volume. */
  def topClients(volumes: ClientVolumes, count: Int = 5): String = {
    val rows = volumes.top(count).map(r =>
      f"  ${r.account.value}%7d  ${grouped(r.volume)}%14s  ${grouped(r.fills)}%10s  ${grouped(r.bought)}%14s  ${grouped(r.sold)}%14s"
    )
    (f"Most active clients of ${grouped(volumes.clients.toLong)} that traded (from the trade feed; the house left out):" +:
      f"  ${"account"}%7s  ${"units traded"}%14s  ${"fills"}%10s  ${"bought"}%14s  ${"sold"}%14s" +: rows)
      .mkString("\n")
  }
}
