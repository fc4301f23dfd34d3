package mvt.orderbook

import mvt.core.*

/**
 * Drives several engines side by side over one command stream and compares their events command by command,
 * so memory stays bounded however long the stream, and a divergence is reported at its first command.
 */
final class Differential(engines: Vector[Engine], checkEvery: Int) {
  require(engines.size >= 2)
  val sinks: Vector[EventBuffer] = engines.map(_ => new EventBuffer)
  val exchanges: Vector[Exchange] = engines.zip(sinks).map((e, s) => new Exchange(e, s))
  private var applied = 0L
  private var deepest = 0

  /** The most orders resting at once at any check. */
  def maxLiveOrders: Int = deepest

  /** Commands applied so far. */
  def commands: Long = applied

  /** Applies one command to every engine and compares what they reported. `where` describes it for failures. */
  def apply(command: Command, where: => String): Unit = {
    exchanges.foreach(_.apply(command))
    applied += 1
    val expected = sinks.head.drain()
    sinks.indices.drop(1).foreach { i =>
      val got = sinks(i).drain()
      if (got != expected)
        throw new AssertionError(
          s"$where (${command.render}): ${engines(i).label} reported\n  ${got.map(_.render).mkString("\n  ")}\n" +
            s"but ${engines.head.label} reported\n  ${expected.map(_.render).mkString("\n  ")}"
        )
    }
    if (applied % checkEvery == 0) checkAll(where)
  }

  /** Every command of a commands stream, in order. */
  def run(in: java.io.InputStream): Unit = {
    val reader = new CommandReader(in)
    while (reader.next()) apply(reader.command, s"line ${reader.lineNumber}")
  }

  /** Invariants of every exchange, and identical snapshots. */
  def checkAll(where: String): Unit = {
    exchanges.zip(engines).foreach { (x, e) =>
      try x.checkInvariants()
      catch {
        case err: IllegalStateException => throw new AssertionError(s"$where: ${e.label}: ${err.getMessage}")
      }
    }
    val snapshots = exchanges.map(_.snapshot)
    snapshots.zip(engines).drop(1).foreach { (s, e) =>
      if (s != snapshots.head) {
        val diff = (s.toSet -- snapshots.head).take(5).map(_.render) ++
          (snapshots.head.toSet -- s).take(5).map("missing " + _.render)
        throw new AssertionError(s"$where: ${e.label} snapshot differs: ${diff.mkString("; ")}")
      }
    }
    val live = exchanges.map(_.liveOrderCount)
    if (live.distinct.size != 1) throw new AssertionError(s"$where: live order counts differ: $live")
    deepest = math.max(deepest, live.head)
  }

  /** How many events of a kind (see `EventBuffer.count`) the first engine reported. */
  def count(kind: String): Long = sinks.head.count(kind)
}
