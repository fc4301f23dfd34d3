package mvt.core

import scala.collection.mutable

/**
 * The shape of a random command stream. Weights are probabilities in [0, 1].
 *
 * @param cancelWeight
 *   share of commands that are cancels
 * @param crossWeight
 *   share of valid adds priced through the opposite side
 * @param invalidWeight
 *   share of adds with an out-of-range price or quantity
 * @param reuseWeight
 *   share of adds that take an id already used (live: a duplicate; gone: a legal reuse)
 * @param maxTracked
 *   bound on the ids that may rest; it bounds the depth of every book
 * @param symbols
 *   how many symbols; the last `sparseSymbols` of them take far-apart prices over the whole range
 * @param noiseWeight
 *   share of lines that are blank, `#` comments, CRLF-terminated or zero-padded
 * @param accounts
 *   when positive, most adds name a client account from 1 to `accounts` (a seventh field); the rest stay the
 *   house's
 * @param clockWeight
 *   share of lines that are `time` lines; the clock moves forward by 0 (an equal instant) to a few seconds
 * @param tifWeight
 *   share of valid adds written in the 8-field form with a time in force (IOC, FOK, POST, or GTC spelled out)
 * @param modifyWeight
 *   share of commands that are modifies: mostly of tracked orders (at their price, so some reduce in place, or at
 *   a new one), some of gone or unknown ids or with out-of-range values
 */
final case class Mix(
    cancelWeight: Double,
    crossWeight: Double,
    invalidWeight: Double,
    reuseWeight: Double,
    maxTracked: Int,
    symbols: Int,
    sparseSymbols: Int,
    noiseWeight: Double = 0.002,
    accounts: Int = 0,
    clockWeight: Double = 0.0,
    tifWeight: Double = 0.0,
    modifyWeight: Double = 0.0
)

object Mix {

  /** Mostly passive adds and cancels: books churn, cancels often miss (filled, unknown, other symbol). */
  def cancelHeavy(maxTracked: Int): Mix =
    Mix(
      cancelWeight = 0.55,
      crossWeight = 0.1,
      invalidWeight = 0.03,
      reuseWeight = 0.05,
      maxTracked = maxTracked,
      symbols = 5,
      sparseSymbols = 1
    )

  /** Mostly aggressive adds: many partial fills and multi-level sweeps. */
  def crossHeavy(maxTracked: Int): Mix =
    Mix(
      cancelWeight = 0.2,
      crossWeight = 0.45,
      invalidWeight = 0.03,
      reuseWeight = 0.05,
      maxTracked = maxTracked,
      symbols = 4,
      sparseSymbols = 1
    )

  /** `base` with a share of every form of `spec/order-types.md`. */
  def withOrderTypes(base: Mix): Mix = base.copy(tifWeight = 0.3, modifyWeight = 0.2)
}

/**
 * An endless, seeded stream of commands-file lines following `mix`, including every invalid value the spec
 * names: bad prices and quantities, duplicate live ids, ids reused after their order is gone, and cancels of
 * unknown, gone or other-symbol ids. Prices carry 0 to 8 decimals (a tick per symbol) in varied written forms.
 * Only well-formed lines are produced, so a reader never stops on it. Deterministic for a seed.
 */
final class RandomCommands(seed: Long, mix: Mix) extends Iterator[String] {
  private val rnd = new scala.util.Random(seed)
  private val names =
    Vector("ACME", "BRK.B", "X-1", "Z9", "LONGSYMBOL12", "Q", "A.B-C", "0DAY").take(mix.symbols)
  require(mix.symbols >= 1 && mix.symbols <= 8 && mix.sparseSymbols <= mix.symbols)

  private final class Book(val sparse: Boolean) {
    val decimals: Int = rnd.nextInt(9)
    val tick: Long = Pow10(8 - decimals)
    // mid price in ticks; at least 1.0 in price, and well below 1e10
    var mid: Long = math.max(Price.Scale / tick, 1L) * (50 + rnd.nextInt(1000))
  }
  private val books = Vector.tabulate(names.size)(i => new Book(sparse = i >= names.size - mix.sparseSymbols))

  // (symbol index, id) of every add that may rest: a superset of the live orders
  private val tracked = mutable.ArrayBuffer.empty[(Int, Long)]
  private val trackedSet = mutable.HashSet.empty[(Int, Long)]
  private val gone = new Array[(Int, Long)](64) // recently cancelled, for repeat cancels and reuse
  private var goneCount = 0
  private var nextId = 1L
  private var nextHugeId = Long.MaxValue

  def hasNext: Boolean = true

  // the session clock of the stream, from a Monday 09:30 New York
  private var clock = 1767623400000000000L

  def next(): String = {
    val r = rnd.nextDouble()
    if (mix.clockWeight > 0 && rnd.nextDouble() < mix.clockWeight) {
      clock += (rnd.nextInt(4) match {
        case 0 => 0L
        case 1 => 1L + rnd.nextInt(1000)
        case 2 => 1000000L * rnd.nextInt(1000)
        case _ => 1000000000L * (1 + rnd.nextInt(5))
      })
      s"time,${Timestamp.fromEpochNanos(clock).render}"
    } else if (r < mix.noiseWeight / 4) "" // blank line
    else if (r < mix.noiseWeight / 2) s"# comment ${rnd.nextInt()}"
    else if (r < mix.noiseWeight) command() + "\r" // CRLF once the stream adds "\n"
    else command()
  }

  // the price text of each tracked add, for modifies at the same price; only kept when the mix has modifies
  private val pricesOf = mutable.HashMap.empty[(Int, Long), String]

  // a mix without modifies draws nothing for them, so its streams are what they always were
  private def command(): String =
    if (mix.modifyWeight > 0 && rnd.nextDouble() < mix.modifyWeight) modify()
    else if (tracked.size >= mix.maxTracked || rnd.nextDouble() < mix.cancelWeight) cancel()
    else add()

  private def modify(): String = {
    val r = rnd.nextDouble()
    if (tracked.nonEmpty && r < 0.85) {
      val (s, id) = tracked(rnd.nextInt(tracked.size))
      val same = pricesOf.get((s, id)).filter(_ => rnd.nextBoolean())
      val price = same.getOrElse(priceText(books(s), rnd.nextBoolean()))
      if (same.isEmpty) pricesOf((s, id)) = price
      val qty = if (rnd.nextInt(40) == 0) invalidQuantity() else quantity()
      s"modify,${names(s)},${idText(id)},${if (rnd.nextInt(40) == 0) invalidPrice() else price},$qty"
    } else if (goneCount > 0 && r < 0.93) {
      val (s, id) = gone(rnd.nextInt(math.min(goneCount, gone.length)))
      s"modify,${names(s)},$id,${priceText(books(s), rnd.nextBoolean())},${quantity()}"
    } else s"modify,${names(rnd.nextInt(names.size))},${freshId()},${priceText(books(0), true)},${quantity()}"
  }

  private def freshId(): Long =
    if (rnd.nextInt(100) == 0) { nextHugeId -= 1; nextHugeId + 1 }
    else { nextId += 1; nextId - 1 }

  private def idText(id: Long): String = if (rnd.nextInt(500) == 0) s"000$id" else id.toString

  private def cancel(): String = {
    val r = rnd.nextDouble()
    if (tracked.nonEmpty && r < 0.75) {
      val i = rnd.nextInt(tracked.size)
      val pair = tracked(i)
      tracked(i) = tracked(tracked.size - 1)
      tracked.dropRightInPlace(1)
      trackedSet -= pair
      pricesOf -= pair
      gone(goneCount % gone.length) = pair
      goneCount += 1
      s"cancel,${names(pair._1)},${idText(pair._2)}"
    } else if (tracked.nonEmpty && r < 0.85) {
      val (s, id) = tracked(rnd.nextInt(tracked.size))
      s"cancel,${names((s + 1 + rnd.nextInt(names.size)) % names.size)},$id" // may be its own symbol
    } else if (goneCount > 0 && r < 0.93) {
      val (s, id) = gone(rnd.nextInt(math.min(goneCount, gone.length)))
      s"cancel,${names(s)},$id"
    } else s"cancel,${names(rnd.nextInt(names.size))},${freshId()}" // never used
  }

  private def add(): String = {
    val s = rnd.nextInt(names.size)
    val book = books(s)
    val side = if (rnd.nextBoolean()) "BUY" else "SELL"
    val r = rnd.nextDouble()
    val id =
      if (r < mix.reuseWeight && tracked.nonEmpty) tracked(rnd.nextInt(tracked.size))._2
      else if (r < mix.reuseWeight * 1.5 && goneCount > 0)
        gone(rnd.nextInt(math.min(goneCount, gone.length)))._2
      else freshId()
    if (rnd.nextDouble() < mix.invalidWeight) {
      if (rnd.nextBoolean()) s"add,${names(s)},$id,$side,${invalidPrice()},${quantity()}"
      else s"add,${names(s)},$id,$side,${priceText(book, side == "BUY")},${invalidQuantity()}"
    } else {
      if (trackedSet.add((s, id))) tracked += ((s, id))
      val price = priceText(book, side == "BUY")
      if (mix.modifyWeight > 0) pricesOf((s, id)) = price
      if (mix.tifWeight > 0 && rnd.nextDouble() < mix.tifWeight)
        s"add,${names(s)},${idText(id)},$side,$price,${quantity()},${typedAccount},${tif()}"
      else s"add,${names(s)},${idText(id)},$side,$price,${quantity()}$account"
    }
  }

  // the 8-field form: an empty account is the house's
  private def typedAccount: String =
    if (mix.accounts <= 0 || rnd.nextInt(4) == 0) "" else (1 + rnd.nextInt(mix.accounts)).toString

  private def tif(): String = rnd.nextInt(10) match {
    case 0 => "GTC"
    case n if n < 4 => "IOC"
    case n if n < 6 => "FOK"
    case _ => "POST"
  }

  // a seventh field most of the time when the mix has accounts, with a leading zero now and then
  private def account: String =
    if (mix.accounts <= 0 || rnd.nextInt(5) == 0) ""
    else {
      val a = 1 + rnd.nextInt(mix.accounts)
      if (rnd.nextInt(200) == 0) s",00$a" else s",$a"
    }

  private def priceText(book: Book, buy: Boolean): String = {
    val raw =
      if (book.sparse) sparseRaw(book)
      else {
        if (rnd.nextInt(20) == 0) book.mid = math.max(book.mid + rnd.nextInt(3) - 1, 20L)
        val cross = rnd.nextDouble() < mix.crossWeight
        val offset = if (cross) rnd.nextInt(6).toLong else 1L + rnd.nextInt(15)
        val ticks = if (buy == cross) book.mid + offset else book.mid - offset
        // now and then a finer price than the symbol's tick, so every symbol sees 1 to 8 decimals
        val fine = if (rnd.nextInt(8) == 0) (1 + rnd.nextInt(9)) * Pow10(rnd.nextInt(8)) else 0L
        math.max(ticks, 1L) * book.tick + fine
      }
    decorate(Price.fromRaw(raw).render)
  }

  private def sparseRaw(book: Book): Long = {
    // aggressive sweeps through a sparse book: far above every ask, or a tiny price under every bid
    if (rnd.nextDouble() < mix.crossWeight / 10) {
      if (rnd.nextBoolean()) Price.Limit - book.tick else book.tick
    } else {
      val exp = rnd.nextInt(18) // log-uniform over [1e-8, 1e10)
      val raw = Pow10(exp) + (rnd.nextLong() & Long.MaxValue) % (Pow10(exp) * 9)
      math.max(raw / book.tick * book.tick, book.tick)
    }
  }

  /** A non-canonical but equal spelling, sometimes: leading zeros, trailing fraction zeros. */
  private def decorate(canonical: String): String = {
    if (rnd.nextInt(10) != 0) canonical
    else {
      val dot = canonical.indexOf('.')
      val fraction = if (dot < 0) 0 else canonical.length - dot - 1
      val padded =
        if (fraction == 8) canonical
        else if (dot < 0) canonical + "." + "0" * (1 + rnd.nextInt(8))
        else canonical + "0" * rnd.nextInt(9 - fraction)
      if (rnd.nextBoolean()) "00" + padded else padded
    }
  }

  private def quantity(): String = rnd.nextInt(100) match {
    case 0 => "1000000000"
    case 1 => (1 + rnd.nextInt(1000000000)).toString
    case 2 => "0007"
    case n if n < 60 => (1 + rnd.nextInt(10)).toString
    case _ => (1 + rnd.nextInt(300)).toString
  }

  private def invalidPrice(): String =
    RandomCommands.InvalidPrices(rnd.nextInt(RandomCommands.InvalidPrices.size))

  private def invalidQuantity(): String =
    RandomCommands.InvalidQuantities(rnd.nextInt(RandomCommands.InvalidQuantities.size))

  private def Pow10(n: Int): Long = RandomCommands.Pow10(n)
}

object RandomCommands {
  private val Pow10: Array[Long] = Array.iterate(1L, 19)(_ * 10L)

  /** Well-formed prices out of the spec's range. */
  val InvalidPrices: Vector[String] = Vector(
    "0",
    "0.0",
    "0.00000000",
    "000",
    "1.123456789",
    "0.000000001",
    "10.000000000",
    "10000000000",
    "10000000000.00000001",
    "99999999999",
    "123456789012345678901234567890"
  )

  /** Well-formed quantities out of the spec's range. */
  val InvalidQuantities: Vector[String] =
    Vector("0", "000", "1000000001", "9223372036854775807", "9223372036854775808", "99999999999999999999999")
}
