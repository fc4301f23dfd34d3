package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.cluster.{Consistency, ReplaySpeed}

import java.nio.file.{Files as JFiles, Path}
import scala.jdk.CollectionConverters.*

/**
 * `mvt cluster`: a whole trader cluster on loopback, as forked JVMs running `mvt node` (one exchange, N traders).
 * Shows progress on stderr; optionally kills the busiest trader with SIGKILL mid-day; then prints per node what it did,
 * the takeover, and the exchange's reconciliation of every balance with the trade feed.
 */
object ClusterCommand {

  final case class Args(
      nodes: Int,
      day: String,
      mode: Consistency,
      accounts: Int,
      balance: Long,
      speed: ReplaySpeed,
      killAfterSeconds: Option[Int],
      downAfterMillis: Int = 3000
  )

  def opts(t: Terminal): Opts[IO[ExitCode]] =
    Opts.subcommand("cluster", "Run a trader cluster on loopback: one exchange and N trader JVMs.") {
      (
        Opts.option[Int]("nodes", "Trader nodes (default 3).", metavar = "N").withDefault(3)
          .validate("--nodes must be 1 to 16")(n => n >= 1 && n <= 16),
        Opts.option[String](
          "data",
          "The day the exchange replays: a commands file or command log.",
          metavar = "DAY"
        ),
        ClusterOpts.consistency,
        ClusterOpts.accounts,
        ClusterOpts.balance,
        ClusterOpts.speed,
        Opts.option[Int](
          "kill-after",
          "Kill the trader owning most subscriptions with SIGKILL this many seconds into the day.",
          metavar = "S"
        )
          .validate("--kill-after must be positive")(_ > 0)
          .orNone,
        ClusterOpts.downAfter
      ).mapN(Args.apply).map(run(_, t))
    }

  /** One forked node: its process and the file its stdout goes to. */
  final case class Forked(name: String, process: Process, out: Path) {
    def lines: Vector[String] =
      if (JFiles.exists(out)) JFiles.readAllLines(out).asScala.toVector else Vector.empty
  }

  def run(a: Args, t: Terminal): IO[ExitCode] =
    if (!JFiles.isReadable(Path.of(a.day)))
      IO(t.err.println(s"mvt cluster: cannot read ${a.day}")).as(Cli.Failure)
    else
      Blocking {
        val dir = JFiles.createTempDirectory("mvt-cluster")
        val port = freePort()
        val common = Vector(
          "--consistency",
          a.mode.label,
          "--accounts",
          a.accounts.toString,
          "--balance",
          a.balance.toString,
          "--down-after",
          a.downAfterMillis.toString
        )
        val exchange = fork(
          dir,
          "exchange",
          Vector(
            "node",
            "--role",
            "exchange",
            "--port",
            port.toString,
            "--data",
            a.day,
            "--traders",
            a.nodes.toString,
            "--speed",
            a.speed.label
          ) ++ common
        )
        val traders = (1 to a.nodes).toVector.map { i =>
          fork(dir, s"trader-$i", Vector("node", "--role", "trader", "--seed", s"127.0.0.1:$port") ++ common)
        }
        val progress = ProgressBar(t.err)
        var killedAt: Option[Long] = None
        var victim = 0
        try {
          progress.phase("forming the cluster") {
            while (exchange.process.isAlive && !exchange.lines.exists(_.startsWith("day started")))
              Thread.sleep(100)
          }
          val dayStart = System.currentTimeMillis
          progress.phase(s"trading (${a.mode.label})") {
            while (exchange.process.isAlive) {
              a.killAfterSeconds.foreach { s =>
                if (killedAt.isEmpty && System.currentTimeMillis - dayStart >= s * 1000L) {
                  // the trader owning most subscriptions: one that owns none would leave nothing to take over
                  victim = traders.indices.maxBy(i => ownedNow(traders(i)))
                  traders(victim).process.destroyForcibly() // SIGKILL: no goodbye to the cluster
                  killedAt = Some(System.currentTimeMillis)
                }
              }
              Thread.sleep(100)
            }
          }
          // the desks' last fills came back before the exchange left: one more positions line from each shows them
          awaitPositions(traders.filter(_.process.isAlive))
        } finally {
          traders.foreach(_.process.destroy())
          traders.foreach(_.process.waitFor())
        }
        report(a, exchange, traders, killedAt.map(k => (victim, k)), t)
        // the nodes' own output was read into the report; nothing of it is the user's to keep
        JFiles.list(dir).forEach(f => JFiles.deleteIfExists(f): Unit)
        JFiles.deleteIfExists(dir)
        if (exchange.process.exitValue == 0) ExitCode.Success else Cli.Failure
      }

  private def report(
      a: Args,
      exchange: Forked,
      traders: Vector[Forked],
      killed: Option[(Int, Long)],
      t: Terminal
  ): Unit = {
    val out = t.out
    out.println(s"mvt cluster: ${traders.size} traders, consistency ${a.mode.label}, ${a.accounts} accounts")
    traders.foreach { n =>
      val lines = n.lines
      val owns = lines.filter(_.startsWith("owns ")).lastOption.getOrElse("owns nothing")
      val status = lines.filter(_.startsWith("status ")).lastOption.getOrElse("status none")
      val mark = if (killed.exists((v, _) => traders(v) eq n)) " (killed)" else ""
      out.println(s"${n.name}$mark: ${status.stripPrefix("status ")}; last ${owns.takeWhile(_ != ':')}")
    }
    killed.foreach { (v, k) =>
      val takeovers =
        traders.indices.filter(_ != v).flatMap(i =>
          traders(i).lines.filter(_.startsWith("owns ")).flatMap(ownsAt).filter(_ > k)
        )
      takeovers.minOption match {
        case Some(ms) =>
          out.println(s"takeover: survivors re-shared the subscriptions ${ms - k} ms after the kill")
        case None => out.println("takeover: no survivor re-shared the subscriptions")
      }
    }
    val byFeed = exchangePositions(exchange.lines)
    traders.indices.filterNot(i => killed.exists(_._1 == i)).foreach { i =>
      val n = traders(i)
      val owned = ownedLabels(n.lines)
      val held = traderPositions(n.lines)
      val fromExchange = n.lines.count(_.startsWith("position "))
      val differ = owned.filter(l => held.get(l) != byFeed.get(l))
      out.println(
        s"positions ${n.name}: ${owned.size} owned, $fromExchange started from the exchange's position, " +
          s"equal to the trade feed: ${differ.isEmpty}"
      )
      differ.foreach(l =>
        out.println(
          s"  $l: ${held.getOrElse(l, "flat")} held, ${byFeed.getOrElse(l, "flat")} by the trade feed"
        )
      )
    }
    exchange.lines.filter(l => l.startsWith("account ") || l.startsWith("orders") || l.startsWith("day ")).foreach(
      l => out.println(s"exchange: $l")
    )
    if (exchange.process.exitValue != 0) out.println(s"exchange failed: ${JFiles.readString(exchange.out)}")
    out.flush()
  }

  // waits (up to 5 s) until each trader printed one more positions line than it had
  private def awaitPositions(traders: Vector[Forked]): Unit = {
    def count(n: Forked) = n.lines.count(_.startsWith("positions"))
    val before = traders.map(count)
    val deadline = System.currentTimeMillis + 5000L
    while (traders.indices.exists(i => count(traders(i)) <= before(i)) && System.currentTimeMillis < deadline)
      Thread.sleep(100)
  }

  /** The exchange's positions by the trade feed: "position SUB SYM=N,..." as SUB -> "SYM=N,...". */
  private[cli] def exchangePositions(lines: Vector[String]): Map[String, String] =
    lines.filter(_.startsWith("position ")).map(_.split(' ')).collect { case Array(_, sub, held) =>
      sub -> held
    }.toMap

  /** A trader's last "positions SUB SYM=N,... SUB ..." line as SUB -> "SYM=N,...". */
  private[cli] def traderPositions(lines: Vector[String]): Map[String, String] =
    lines.filter(_.startsWith("positions")).lastOption.fold(Map.empty[String, String])(
      _.split(' ').toVector.drop(1).grouped(2).collect { case Vector(sub, held) => sub -> held }.toMap
    )

  /** The subscriptions a trader said it owns last ("owns N at MILLIS: a,b"). */
  private[cli] def ownedLabels(lines: Vector[String]): Vector[String] =
    lines.filter(_.startsWith("owns ")).lastOption.map(_.dropWhile(_ != ':').drop(1).trim)
      .fold(Vector.empty[String])(s => if (s.isEmpty) Vector.empty else s.split(',').toVector)

  /** How many subscriptions a node said it owns last ("owns N at ..."). */
  private[cli] def ownedNow(n: Forked): Int =
    n.lines.filter(_.startsWith("owns ")).lastOption.flatMap(_.split(' ').lift(1)).flatMap(_.toIntOption)
      .getOrElse(0)

  // "owns N at MILLIS: ..." -> MILLIS
  private[cli] def ownsAt(line: String): Option[Long] =
    line.split(' ').lift(3).flatMap(_.stripSuffix(":").toLongOption)

  private[cli] def fork(dir: Path, name: String, args: Vector[String]): Forked = {
    val javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString
    val cmd = Vector(
      javaBin,
      "-Xmx512m",
      "-XX:+UseSerialGC",
      "-cp",
      System.getProperty("java.class.path"),
      "mvt.cli.Main"
    ) ++ args
    val out = dir.resolve(s"$name.out")
    val pb = new ProcessBuilder(cmd.asJava)
      .redirectOutput(out.toFile)
      .redirectError(dir.resolve(s"$name.err").toFile)
      .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
    Forked(name, pb.start(), out)
  }

  private[cli] def freePort(): Int = {
    val s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress)
    try s.getLocalPort
    finally s.close()
  }
}
