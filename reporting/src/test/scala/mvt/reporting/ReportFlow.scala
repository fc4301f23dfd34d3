package mvt.reporting

import mvt.core.{Account, OrderId, Price, QuoteFeedWriter, Quantity, Side, Symbol, Timestamp, TradeFeedWriter}

import java.io.ByteArrayOutputStream
import java.nio.file.{Files, Path, StandardOpenOption}
import scala.util.Random

/**
 * A generated trading flow over several sessions (days), with the feeds `mvt match` would write for it: the
 * production feed writers render every line, and each command (a step) appends its trade lines, then its quote
 * line at the same time. Account 0 trades, accounts self-trade, fills flip positions, hours and days pass with
 * no trade, quote lines have a side missing.
 */
object ReportFlow {
  val H: Long = PnlFold.NanosPerHour
  private val Second = 1000000000L
  // 2026-01-05T00:00:00Z, a Monday
  val Day0: Long = 20458L * 24 * H

  /** One command's output: its trades (all at its time, in its symbol) and the top of book after it. */
  final case class Step(
      time: Long,
      symbol: String,
      trades: Vector[FeedLine.Trade],
      bid: Long,
      bidSize: Long,
      ask: Long,
      askSize: Long
  ) {
    def quote: FeedLine.Quote = new FeedLine.Quote(time, symbol, bid, ask, bidSize != 0 && askSize != 0)
  }

  final case class Session(name: String, steps: Vector[Step])

  final case class Flow(sessions: Vector[Session]) {
    def steps: Vector[Step] = sessions.flatMap(_.steps)
    def trades: Vector[FeedLine.Trade] = steps.flatMap(_.trades)
    def quotes: Vector[FeedLine.Quote] = steps.map(_.quote)
    def lastTime: Long = steps.last.time
  }

  /** One append to a journal file, in the order the writer makes them (an empty one creates the file). */
  final case class Write(file: String, bytes: Array[Byte])

  val Accounts: Vector[Int] = Vector(0, 1, 2, 3, 4)
  val Symbols: Vector[String] = Vector("ACME", "BETA", "Z9")

  /** A flow of `days` sessions (some days skipped) of about `steps` commands each. */
  def generate(seed: Long, days: Int, steps: Int): Flow = {
    val rnd = new Random(seed)
    val mids = Array(1000000000L, 25012345678L, 1234L)
    var day = 0
    val sessions = Vector.newBuilder[Session]
    for (_ <- 0 until days) {
      day += 1 + (if (rnd.nextInt(4) == 0) 1 + rnd.nextInt(2) else 0)
      val date = java.time.LocalDate.ofEpochDay(Math.floorDiv(Day0 + day * 24 * H, 24 * H))
      // a session opens on a whole hour, or a little after one
      var t = Day0 + day * 24 * H + (7 + rnd.nextInt(3)) * H + (if (rnd.nextBoolean()) 0L
                                                                else rnd.nextInt(3000) * Second)
      val out = Vector.newBuilder[Step]
      for (_ <- 0 until steps / 2 + rnd.nextInt(steps)) {
        t += (rnd.nextInt(25) match {
          case 0 => H * (1 + rnd.nextInt(3)) // hours with no trade
          case 1 => 0L // another command at the same instant
          case 2 => rnd.nextInt(1000).toLong // nanoseconds
          case 3 => H - Math.floorMod(t, H) // exactly on the next whole hour
          case _ => Second * (1 + rnd.nextInt(300)) + rnd.nextInt(1000) * 1000000L
        })
        val s = rnd.nextInt(Symbols.size)
        val tick = if (s == 2) 1L else if (rnd.nextInt(10) == 0) 1L else 1000000L
        mids(s) = math.max(100L * tick, mids(s) + (rnd.nextInt(7) - 3) * tick)
        val trades =
          if (rnd.nextInt(5) < 3) Vector.fill(1 + (if (rnd.nextInt(4) == 0) rnd.nextInt(3) else 0)) {
            val buyer = pick(rnd)
            val seller = if (rnd.nextInt(8) == 0) buyer else pick(rnd)
            val qty = rnd.nextInt(30) match {
              case 0 => 1L + rnd.nextInt(1000000000) // a whale: products overflow a Long
              case 1 => 1000000000L
              case _ => 1L + rnd.nextInt(400)
            }
            new FeedLine.Trade(t, Symbols(s), mids(s) + (rnd.nextInt(3) - 1) * tick, qty, buyer, seller)
          }
          else Vector.empty
        val spread = tick * (1 + rnd.nextInt(3))
        val sides = rnd.nextInt(12)
        out += Step(
          t,
          Symbols(s),
          trades,
          mids(s) - spread,
          if (sides == 0 || sides == 2) 0L else 1L + rnd.nextInt(900),
          mids(s) + spread,
          if (sides == 1 || sides == 2) 0L else 1L + rnd.nextInt(900)
        )
      }
      sessions += Session(date.toString, out.result())
    }
    Flow(sessions.result())
  }

  private def pick(rnd: Random): Int =
    if (rnd.nextInt(5) == 0) 0 else Accounts(1 + rnd.nextInt(Accounts.size - 1))

  /** The appends that write the flow's journal, session by session; `end` marks the last session finished. */
  def writes(flow: Flow, end: Boolean): Vector[Write] = {
    val out = Vector.newBuilder[Write]
    var orderId = 0L
    for (s <- flow.sessions) {
      val tradesFile = s.name + ".trades.csv"
      val quotesFile = s.name + ".quotes.csv"
      val tb = new ByteArrayOutputStream
      val qb = new ByteArrayOutputStream
      val tw = new TradeFeedWriter(tb)
      val qw = new QuoteFeedWriter(qb)
      def take(b: ByteArrayOutputStream): Array[Byte] = { val a = b.toByteArray; b.reset(); a }
      out += Write(tradesFile, Array.emptyByteArray)
      qw.flush()
      out += Write(quotesFile, take(qb))
      for (st <- s.steps) {
        if (st.trades.nonEmpty) {
          for (x <- st.trades) {
            orderId += 2
            tw.trade(
              Timestamp.fromEpochNanos(x.time),
              Symbol.unsafe(x.symbol),
              Price.fromRaw(x.price),
              Quantity(x.qty),
              OrderId(orderId),
              Account(x.buyAccount),
              OrderId(orderId + 1),
              Account(x.sellAccount),
              if (orderId % 3 == 0) Side.Sell else Side.Buy
            )
          }
          tw.flush()
          out += Write(tradesFile, take(tb))
        }
        qw.quote(
          Timestamp.fromEpochNanos(st.time),
          Symbol.unsafe(st.symbol),
          st.bid,
          st.bidSize,
          st.ask,
          st.askSize
        )
        qw.flush()
        out += Write(quotesFile, take(qb))
      }
    }
    if (end && flow.sessions.nonEmpty) out += Write(flow.sessions.last.name + ".end", Array.emptyByteArray)
    out.result()
  }

  /** The byte positions in the stream of `writes` where each write starts, and the total at the end. */
  def starts(writes: Vector[Write]): Vector[Long] = writes.scanLeft(0L)(_ + _.bytes.length)

  /**
   * Applies the bytes [from, to) of the stream of `writes` to `dir`: what they append, and the files that the
   * empty writes at positions [from, to) create (so `to` past the end makes the writes at the very end too).
   * A cut inside a write leaves a partial line.
   */
  def apply(dir: Path, writes: Vector[Write], from: Long, to: Long): Unit = {
    // each file's bytes gathered first, then appended at once: one open per file, not per write
    val appends = scala.collection.mutable.LinkedHashMap.empty[String, ByteArrayOutputStream]
    var at = 0L
    for (w <- writes) {
      val end = at + w.bytes.length
      if (at >= from && at < to && w.bytes.isEmpty) appends.getOrElseUpdate(w.file, new ByteArrayOutputStream)
      val lo = math.max(at, from)
      val hi = math.min(end, to)
      if (lo < hi)
        appends.getOrElseUpdate(w.file, new ByteArrayOutputStream).write(
          w.bytes,
          (lo - at).toInt,
          (hi - lo).toInt
        )
      at = end
    }
    for ((file, bytes) <- appends)
      Files.write(dir.resolve(file), bytes.toByteArray, StandardOpenOption.CREATE, StandardOpenOption.APPEND)
  }

  /** Writes the whole journal of `flow` into `dir`. */
  def writeAll(dir: Path, flow: Flow, end: Boolean = true): Unit = {
    val w = writes(flow, end)
    apply(dir, w, 0L, starts(w).last + 1)
  }
}
