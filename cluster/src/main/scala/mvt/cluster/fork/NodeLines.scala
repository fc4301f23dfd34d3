package mvt.cluster.fork

/** Reading what `mvt node` prints: the lines a forked run and its report are made of. */
object NodeLines {

  /** How many subscriptions a trader said it owns last ("owns N at ..."). */
  def ownedNow(lines: Vector[String]): Int =
    lines.filter(_.startsWith("owns ")).lastOption.flatMap(_.split(' ').lift(1)).flatMap(_.toIntOption)
      .getOrElse(0)

  /** How many fills a trader's last status line counts ("fills=N"). */
  def fillsNow(lines: Vector[String]): Long =
    lines.filter(_.startsWith("status ")).lastOption.flatMap(_.split(' ').find(_.startsWith("fills=")))
      .flatMap(_.stripPrefix("fills=").toLongOption).getOrElse(0L)

  /** "owns N at MILLIS: ..." -> MILLIS. */
  def ownsAt(line: String): Option[Long] =
    line.split(' ').lift(3).flatMap(_.stripSuffix(":").toLongOption)

  /** The subscriptions a trader said it owns last ("owns N at MILLIS: a,b"). */
  def ownedLabels(lines: Vector[String]): Vector[String] =
    lines.filter(_.startsWith("owns ")).lastOption.map(_.dropWhile(_ != ':').drop(1).trim)
      .fold(Vector.empty[String])(s => if (s.isEmpty) Vector.empty else s.split(',').toVector)

  /** A trader's last "positions SUB SYM=N,... SUB ..." line as SUB -> "SYM=N,...". */
  def traderPositions(lines: Vector[String]): Map[String, String] =
    lines.filter(_.startsWith("positions")).lastOption.fold(Map.empty[String, String])(
      _.split(' ').toVector.drop(1).grouped(2).collect { case Vector(sub, held) => sub -> held }.toMap
    )

  /** The exchange's positions by the trade feed: "position SUB SYM=N,..." as SUB -> "SYM=N,...". */
  def exchangePositions(lines: Vector[String]): Map[String, String] =
    lines.filter(_.startsWith("position ")).map(_.split(' ')).collect { case Array(_, sub, held) =>
      sub -> held
    }.toMap

  /** The first epoch-millisecond figure on the first line starting with `prefix`. */
  def millisOf(lines: Vector[String], prefix: String): Option[Long] =
    lines.find(_.startsWith(prefix)).flatMap(_.split(' ').map(_.stripSuffix(":"))
      .find(w => w.length >= 13 && w.forall(_.isDigit))).flatMap(_.toLongOption)

  /** A named figure of the exchange's summary line ("orders N cancels N ... fills N ..."). */
  def summaryField(lines: Vector[String], name: String): Long =
    lines.find(_.startsWith("orders ")).getOrElse("").split(' ').dropWhile(_ != name).lift(1)
      .flatMap(_.toLongOption).getOrElse(0L)
}
