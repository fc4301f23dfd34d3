package mvt.workload

import scala.compiletime.constValueTuple
import scala.deriving.Mirror

/**
 * The knobs of a generated order flow. Every field can be overridden by name (see `WorkloadProfile.params`).
 * Prices are in ticks of `tickUnits` raw units (1e-8 each); quantities in units.
 */
final case class WorkloadProfile(
    name: String,
    symbols: Int,
    cancelShare: Double,
    lateCancelShare: Double,
    crossShare: Double,
    crossTicks: Int,
    restingLevels: Int,
    levelDecay: Double,
    midMoveEvery: Int,
    midMoveTicks: Int,
    recentCancelBias: Double,
    minDepth: Int,
    lotSize: Int,
    maxLots: Int,
    oddLotShare: Double,
    tickUnits: Long,
    startMidTicks: Int,
    tifShare: Double = 0.0,
    fokPart: Double = 1.0 / 3,
    postPart: Double = 1.0 / 3,
    modifyShare: Double = 0.0,
    reducePart: Double = 0.1,
    maxResting: Int = 0
) {
  def describe: String =
    WorkloadProfile.params.map(p => s"${p.name}=${p.show(this)}").mkString(" ")
}

object WorkloadProfile {

  /** One overridable parameter: its name, what it means, and how to read and set it. */
  final case class Param(
      name: String,
      meaning: String,
      show: WorkloadProfile => String,
      set: (WorkloadProfile, String) => Either[String, WorkloadProfile]
  )

  private val mirror = summon[Mirror.ProductOf[WorkloadProfile]]
  private val fieldNames: List[String] =
    constValueTuple[mirror.MirroredElemLabels].productIterator.map(_.toString).toList

  /**
   * The parameter held in the profile's field of the same name, so that each one is declared once: `read` parses
   * a value of the field's type (the suite sets every parameter to its shown value to prove the types agree).
   */
  private def field(name: String, meaning: String)(read: String => Either[String, Any]): Param = {
    val at = fieldNames.indexOf(name)
    require(at >= 0, s"WorkloadProfile has no field $name")
    Param(
      name,
      meaning,
      _.productElement(at).toString,
      (p, text) =>
        read(text).map(v => mirror.fromProduct(Tuple.fromArray(p.productIterator.toArray.updated(at, v))))
    )
  }

  private def share(name: String, meaning: String): Param =
    field(name, meaning)(text =>
      text.toDoubleOption.filter(d => d >= 0 && d <= 1).toRight(
        s"parameter $name: expected a number from 0 to 1, found '$text'"
      )
    )

  /**
   * A whole-number parameter from `min` to `max`, an `Int` field's unless `of` says otherwise. A number past `max`
   * (even one past `Long`) is out of range, and the message gives the largest value accepted, rather than calling
   * it something other than a number.
   */
  private def whole(
      name: String,
      meaning: String,
      min: Long = 1,
      max: Long = Int.MaxValue,
      of: Long => Any = _.toInt
  ): Param = {
    val expected =
      if (max == Int.MaxValue || max == Long.MaxValue) s"a whole number >= $min"
      else s"a whole number from $min to $max"
    field(name, meaning)(text =>
      Option.when(text.matches("[+-]?[0-9]+"))(BigInt(text)) match {
        case Some(v) if v > max =>
          Left(s"parameter $name: $text is out of range; the largest accepted value is $max")
        case Some(v) if v >= min => Right(of(v.toLong))
        case _ => Left(s"parameter $name: expected $expected, found '$text'")
      }
    )
  }

  /**
   * The most symbols a flow has, whether from `--symbols` or `symbols=`: the generator keeps per-symbol state,
   * and `symbols=2147483647` ran for minutes without writing a command.
   */
  val MaxSymbols: Int = 10000

  /** Every parameter, in the order they are documented and printed. */
  val params: Vector[Param] = Vector(
    whole("symbols", "instruments in the flow; busier ones follow a Zipf(1) popularity", max = MaxSymbols),
    share("cancelShare", "share of placed orders cancelled while still resting"),
    share(
      "lateCancelShare",
      "extra cancels, as a share of placed orders, sent after the order filled (rejected)"
    ),
    share("crossShare", "share of orders priced through the touch, so they trade at once"),
    whole("crossTicks", "how far past the touch a crossing order reaches, in ticks", min = 0),
    whole("restingLevels", "passive orders rest 1..N ticks behind the touch"),
    share("levelDecay", "chance of stepping one more tick away when placing a passive order"),
    whole("midMoveEvery", "a symbol's mid moves after this many of its orders, on average"),
    whole("midMoveTicks", "a mid move is 1..N ticks up or down"),
    share("recentCancelBias", "chance that a cancel picks one of the 64 newest resting orders"),
    whole("minDepth", "cancels leave at least this many orders resting in a symbol's book", min = 0),
    whole("lotSize", "round-lot size in units"),
    whole("maxLots", "order sizes are 1..N lots"),
    share("oddLotShare", "share of orders of 1..lotSize-1 units instead"),
    whole("tickUnits", "price tick in 1e-8 units (1000000 = 0.01)", max = 100000000L, of = identity),
    whole("startMidTicks", "mids start at 100+(0..N) times 10 ticks (seeded per symbol)", min = 100),
    share("tifShare", "share of placed orders with a time in force other than GTC (IOC, FOK or POST)"),
    share("fokPart", "of those, the share that are FOK"),
    share("postPart", "of those, the share that are POST (post-only); the rest are IOC"),
    share("modifyShare", "share of commands that modify a resting order of the flow"),
    share(
      "reducePart",
      "of the modifies, the share that only reduce the quantity (keeping priority); the rest move the price"
    ),
    whole(
      "maxResting",
      "a GTC order is not placed while this many rest (0: no limit); a cancel goes instead",
      min = 0
    )
  )

  val normal: WorkloadProfile = WorkloadProfile(
    name = "normal",
    symbols = 20,
    cancelShare = 0.70,
    lateCancelShare = 0.03,
    crossShare = 0.06,
    crossTicks = 2,
    restingLevels = 40,
    levelDecay = 0.80,
    midMoveEvery = 40,
    midMoveTicks = 1,
    recentCancelBias = 0.6,
    minDepth = 200,
    lotSize = 100,
    maxLots = 10,
    oddLotShare = 0.15,
    tickUnits = 1000000L,
    startMidTicks = 5000
  )

  /** The flow of a volatile day: more cancels, a mid that moves often and further. */
  val volatile: WorkloadProfile =
    normal.copy(
      name = "volatile",
      cancelShare = 0.85,
      lateCancelShare = 0.05,
      crossShare = 0.02,
      midMoveEvery = 20,
      midMoveTicks = 2,
      levelDecay = 0.92,
      minDepth = 100
    )

  /** Heavy matching: many orders cross, few rest for long. */
  val crossing: WorkloadProfile =
    normal.copy(name = "crossing", cancelShare = 0.30, crossShare = 0.45, crossTicks = 4, restingLevels = 10)

  /** Millions of resting orders spread over thousands of levels: random memory access dominates. */
  val deep: WorkloadProfile =
    normal.copy(
      name = "deep",
      cancelShare = 0.10,
      lateCancelShare = 0.01,
      crossShare = 0.01,
      restingLevels = 4000,
      levelDecay = 0.999,
      midMoveEvery = 400
    )

  val all: Vector[WorkloadProfile] = Vector(normal, volatile, crossing, deep)

  /**
   * exchange-core's own benchmark mix: of the commands about 9% GTC adds, 3% IOC adds, 6% cancels and 82% modifies
   * that move a live order's price, with about 1,000 orders resting over about 750 levels of one symbol (use
   * `--accounts 1000` for its 1,000 accounts). Not in `all`, whose four profiles hold only GTC adds and cancels.
   */
  val exchangeCore: WorkloadProfile =
    normal.copy(
      name = "exchange-core",
      symbols = 1,
      cancelShare = 0.5,
      lateCancelShare = 0.0,
      crossShare = 0.05,
      crossTicks = 2,
      restingLevels = 600,
      levelDecay = 0.997,
      midMoveEvery = 50,
      minDepth = 0,
      oddLotShare = 0.0,
      lotSize = 1,
      maxLots = 100,
      tifShare = 0.25,
      fokPart = 0.0,
      postPart = 0.0,
      modifyShare = 0.82,
      reducePart = 0.0,
      maxResting = 1000
    )

  /** Every profile a user may name: the four GTC ones and `exchange-core`. */
  val choices: Vector[WorkloadProfile] = all :+ exchangeCore

  def named(name: String): Option[WorkloadProfile] = choices.find(_.name == name)

  /** Applies `name=value` overrides in order; the first bad one is the error. */
  def withOverrides(base: WorkloadProfile, overrides: List[String]): Either[String, WorkloadProfile] =
    overrides.foldLeft[Either[String, WorkloadProfile]](Right(base)) { (acc, kv) =>
      acc.flatMap { p =>
        kv.split("=", 2) match {
          case Array(k, v) =>
            params.find(_.name == k).toRight(
              s"unknown parameter '$k' (known: ${params.map(_.name).mkString(", ")})"
            )
              .flatMap(_.set(p, v))
          case _ => Left(s"expected name=value, found '$kv'")
        }
      }
    }
}
