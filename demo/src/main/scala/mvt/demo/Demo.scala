package mvt.demo

import cats.effect.{ExitCode, IO}
import mvt.cluster.fork.Launcher
import mvt.core.EventSink
import mvt.core.console.{Blocking, Outputs, Terminal}
import mvt.orderbook.{Engine, TradingDay}
import mvt.workload.{AccountMix, ProfileGenerator, WorkloadProfile}

import java.io.{OutputStream, PrintStream}
import java.nio.file.Path

/**
 * `mvt demo`: a seeded session through the fast engine and a baseline (events, throughput, books, clients, the
 * trader), then the client days, the live day on the venue ([[LiveDay]]) and their portal ([[DemoClients]]).
 * Each leg runs only if those before it succeeded.
 */
object Demo {

  /** What `mvt demo` was given; `dir` holds the client days' journal and report store. */
  final case class Settings(
      commands: Int,
      profile: WorkloadProfile,
      seed: Long,
      baseline: Engine,
      dir: Path,
      serve: Boolean,
      port: Int
  )

  /** How the caller runs blocking work (the cli's turns an `OutOfMemoryError` into an ordinary failure). */
  trait Work {
    def apply[A](body: => A): IO[A]
  }

  /** How the caller writes a day's trade and quote feeds, all or nothing, saying itself why it could not. */
  trait Feeds {
    def write(trades: Path, quotes: Path)(body: (OutputStream, OutputStream) => Unit): IO[Unit]
  }

  /** What the demo needs of its caller: its streams, how it forks a node, runs blocking work, writes feeds. */
  final case class Console(out: PrintStream, err: PrintStream, launcher: Launcher, work: Work, feeds: Feeds) {
    val progress: ProgressBar = ProgressBar(err)
  }

  object Console {

    /**
     * The console of a command run on `t`: blocking work through [[mvt.core.console.Blocking]], each day's feeds
     * written as every output of mvt is (a failure says why, and the next day follows).
     */
    def of(t: Terminal, launcher: Launcher): Console = {
      val work = new Work { def apply[A](body: => A): IO[A] = Blocking(body) }
      val feeds = new Feeds {
        def write(trades: Path, quotes: Path)(body: (OutputStream, OutputStream) => Unit): IO[Unit] =
          Outputs.use("demo", t, Nil, List(Some(trades.toString), Some(quotes.toString))) { o =>
            Blocking(body(o(trades.toString), o(quotes.toString))).as(ExitCode.Success)
          }.void
      }
      Console(t.out, t.err, launcher, work, feeds)
    }
  }

  /** Every leg in turn; false once one fails (the engines disagree, the live day or the client days fail). */
  def run(s: Settings, c: Console): IO[Boolean] = {
    def andThen(first: IO[Boolean])(next: => IO[Boolean]) =
      first.flatMap(ok => if (ok) next else IO.pure(false))
    andThen(c.work(engines(s, c)))(DemoClients.run(s, c))
  }

  /** The engines leg; true when both engines produced the same events. */
  def engines(s: Settings, c: Console): Boolean = {
    val (profile, commands, seed, progress, out) = (s.profile, s.commands, s.seed, c.progress, c.out)
    out.println(
      f"mvt demo: $commands%,d commands of the ${profile.name} profile over ${profile.symbols} symbols, seed $seed\n"
    )
    // a thousand clients with Zipf activity place 80% of the orders, the house the rest
    val clients = AccountMix(1000, houseShare = 0.2)
    val batch =
      progress.phase("generating")(ProfileGenerator.generate(profile, commands, seed, Some(clients))).batch
    progress.phase("warm-up") {
      // a short session of another seed first, so the timed passes run compiled code
      val warm = ProfileGenerator.generate(profile, math.min(commands, 300000), seed + 1).batch
      Vector(Engine.Fast, s.baseline).foreach(e => (1 to 3).foreach(_ => TimedReplay.run(e, warm)))
    }
    val fast = progress.phase(Engine.Fast.label)(TimedReplay.run(Engine.Fast, batch, progress))
    val base = progress.phase(s.baseline.label)(TimedReplay.run(s.baseline, batch, progress))
    out.println(DemoReport.events(fast, batch))
    out.println()
    out.println(DemoReport.throughput(fast, base))
    out.println()
    out.println(DemoReport.busiestBooks(fast, batch))
    out.println()
    val volumes = new ClientVolumes
    progress.phase("trade feed")(batch.replay(new TradingDay(
      Engine.Fast,
      EventSink.Ignore,
      Some(volumes),
      None
    )))
    out.println(DemoReport.topClients(volumes))
    out.println()
    val (summary, decisions) = progress.phase("trader")(DemoTrader.run(batch))
    out.println(DemoTrader.report(summary, decisions))
    out.flush()
    fast.events.digest == base.events.digest
  }
}
