package mvt.cli

import mvt.cluster.{Consistency, ReplaySpeed}

import java.nio.file.{Files as JFiles, Path}

/**
 * The kill and rejoin scenarios of `mvt bench cluster`, on real JVMs forked as `mvt node` (an exchange and N
 * traders on loopback): the trader owning most subscriptions is killed with SIGKILL `killAfterSeconds` into the
 * day; the time until a survivor re-shares its subscriptions is the takeover; then it is started again (a new incarnation), and the times
 * until it is up, until its replica holds every balance and until it owns subscriptions again are the rejoin. The
 * exchange's reconciliation with the trade feed gives the balance updates lost. Figures only.
 */
object ClusterFaults {

  /** One mode's run; `None` where the event was not seen before the day ended. */
  final case class Figures(
      mode: Consistency,
      killAfterSeconds: Int,
      takeoverMillis: Option[Long],
      balanceUpdatesLostCents: Long,
      accountsWithLostUpdates: Int,
      accounts: Int,
      dayCommands: Long,
      orders: Long,
      fills: Long,
      rejoinStartToUpMillis: Option[Long],
      rejoinUpToCaughtUpMillis: Option[Long],
      rejoinUpToOwningMillis: Option[Long],
      exchangeOk: Boolean
  )

  def run(
      mode: Consistency,
      day: Path,
      nodes: Int,
      accounts: Int,
      speed: ReplaySpeed,
      killAfterSeconds: Int,
      progress: ProgressBar,
      downAfterMillis: Int = 3000
  ): Figures = {
    val dir = JFiles.createTempDirectory("mvt-faults")
    val port = ClusterCommand.freePort()
    val common = Vector("--consistency", mode.label, "--accounts", accounts.toString) ++
      Vector("--down-after", downAfterMillis.toString)
    val exchange = ClusterCommand.fork(
      dir,
      "exchange",
      Vector("node", "--role", "exchange", "--port", port.toString, "--data", day.toString) ++
        Vector("--traders", nodes.toString, "--speed", speed.label) ++ common
    )
    val traderArgs = Vector("node", "--role", "trader", "--seed", s"127.0.0.1:$port") ++ common
    val traders = (1 to nodes).toVector.map(i => ClusterCommand.fork(dir, s"trader-$i", traderArgs))
    var rejoined: Option[ClusterCommand.Forked] = None
    var killedAt = 0L
    var victim = 0
    var restartedAt = 0L
    def lineAt(lines: Vector[String], prefix: String): Option[Long] =
      lines.find(_.startsWith(prefix)).flatMap(_.split(' ').map(_.stripSuffix(":"))
        .find(w => w.length >= 13 && w.forall(_.isDigit))).flatMap(_.toLongOption)
    try {
      progress.phase(s"kill and rejoin (${mode.label}): forming") {
        while (exchange.process.isAlive && !exchange.lines.exists(_.startsWith("day started")))
          Thread.sleep(100)
      }
      val start = System.currentTimeMillis
      progress.phase(s"kill and rejoin (${mode.label}): trading") {
        while (exchange.process.isAlive) {
          val now = System.currentTimeMillis
          if (killedAt == 0L && now - start >= killAfterSeconds * 1000L) {
            // the trader owning most subscriptions: one that owns none would leave nothing to take over
            victim = traders.indices.maxBy(i => owned(traders(i)))
            traders(victim).process.destroyForcibly() // SIGKILL: no goodbye to the cluster
            killedAt = System.currentTimeMillis
          }
          // the killed node comes back once the survivors have taken its work
          if (killedAt > 0L && rejoined.isEmpty && takeover(traders, victim, killedAt).isDefined) {
            restartedAt = System.currentTimeMillis
            rejoined = Some(ClusterCommand.fork(dir, s"trader-${victim + 1}-again", traderArgs))
          }
          Thread.sleep(100)
        }
      }
    } finally {
      (traders ++ rejoined).foreach(_.process.destroy())
      (traders ++ rejoined).foreach(_.process.waitFor())
    }
    val ex = exchange.lines
    val rec = ex.filter(_.startsWith("account ")).map { l =>
      l.split(' ').find(_.startsWith("missing=")).flatMap(_.stripPrefix("missing=").toLongOption).getOrElse(
        0L
      )
    }
    val summary = ex.find(_.startsWith("orders ")).getOrElse("").split(' ')
    def field(name: String): Long = summary.dropWhile(_ != name).lift(1).flatMap(_.toLongOption).getOrElse(0L)
    val again = rejoined.map(_.lines).getOrElse(Vector.empty)
    val up = lineAt(again, "node ")
    val owning = again.filter(_.startsWith("owns ")).filterNot(_.startsWith("owns 0 "))
      .flatMap(ClusterCommand.ownsAt).headOption
    val figures = Figures(
      mode,
      killAfterSeconds,
      takeover(traders, victim, killedAt).map(_ - killedAt),
      rec.map(math.abs).sum,
      rec.count(_ != 0L),
      rec.size,
      ex.find(_.startsWith("day played")).flatMap(_.split(' ').lift(2)).map(_.replace(",", ""))
        .flatMap(_.toLongOption).getOrElse(0L),
      field("orders"),
      field("fills"),
      up.filter(_ => restartedAt > 0L).map(_ - restartedAt),
      for { u <- up; c <- lineAt(again, "caught-up") } yield c - u,
      for { u <- up; o <- owning } yield o - u,
      exchange.process.exitValue == 0
    )
    JFiles.list(dir).forEach(f => JFiles.deleteIfExists(f): Unit)
    JFiles.deleteIfExists(dir)
    figures
  }

  // the first time after the kill that a survivor re-shared the subscriptions
  private def takeover(traders: Vector[ClusterCommand.Forked], victim: Int, killedAt: Long): Option[Long] =
    if (killedAt == 0L) None
    else
      traders.indices.filter(_ != victim).flatMap(i =>
        traders(i).lines.filter(_.startsWith("owns ")).flatMap(ClusterCommand.ownsAt).filter(_ > killedAt)
      ).minOption

  // how many subscriptions a trader said it owns last ("owns N at ...")
  private def owned(n: ClusterCommand.Forked): Int =
    n.lines.filter(_.startsWith("owns ")).lastOption.flatMap(_.split(' ').lift(1)).flatMap(_.toIntOption)
      .getOrElse(0)
}
