package mvt.venue

import mvt.core.Symbol

import java.io.PrintStream
import java.nio.file.{Files, Path}
import java.time.{LocalDate, ZoneOffset}
import java.util.concurrent.ExecutionException

/**
 * `mvt venue` and `mvt venue status` as plain calls returning the exit status: 0 done, 1 usage or I/O, 2 bad data
 * (a damaged journal, a bad symbols or replay file). The command line only parses options and calls these.
 */
object VenueRun {

  /** The options of `mvt venue`. */
  final case class Options(
      dir: Path,
      symbols: Option[Path],
      replay: Option[Path],
      speed: Option[Double],
      durability: Durability,
      queue: Int
  )

  /** How `mvt venue` reads the values of its options. */
  object Options {

    /** `--speed`: N times the recorded pace, or `max` (as fast as the venue goes: None). */
    def speed(s: String): Either[String, Option[Double]] =
      if (s == "max") Right(None)
      else
        s.toDoubleOption.filter(d => d > 0 && !d.isInfinite).map(Some(_))
          .toRight(s"--speed: expected a positive number or max, found \"$s\"")

    /** `--durability`: one of [[Durability.names]]. */
    def durability(s: String): Either[String, Durability] =
      Durability.parse(s).toRight(s"--durability: expected ${Durability.names}, found \"$s\"")
  }

  /**
   * Runs the venue until the recorded day closes (with `--replay`) or `stopper` is asked to stop (SIGTERM):
   * `installStop` receives the action that stops it cleanly. `attach` starts what submits to the open venue (a
   * FIX gateway), closed once the venue has stopped; a failure to attach stops the venue at once (status 1).
   */
  def run(
      o: Options,
      err: PrintStream,
      installStop: (() => Unit) => Unit,
      attach: Venue => Either[String, AutoCloseable] = _ => Right(() => ())
  ): Int = {
    def say(line: String): Unit = { err.println(s"mvt venue: $line"); err.flush() }
    val symbols: Either[(Int, String), Vector[Symbol]] = o.symbols match {
      case None => Right(Vector.empty)
      case Some(p) if !Files.isReadable(p) => Left((1, s"$p: cannot read the symbols file"))
      case Some(p) => SymbolsFile.read(p).left.map(e => (2, s"$p: $e"))
    }
    val replay: Either[(Int, String), Option[RecordedDay]] = o.replay match {
      case None => Right(None)
      case Some(p) if !Files.isReadable(p) => Left((1, s"$p: cannot read the recorded day"))
      case Some(p) => RecordedDay.load(p, o.speed).map(Some(_)).left.map((2, _))
    }
    val opened = for {
      s <- symbols
      r <- replay
      _ <- if (s.isEmpty && r.isEmpty) Left((1, "nothing to trade: give --symbols FILE or --replay DAY.mvtc"))
      else Right(())
    } yield {
      val day = r.fold(LocalDate.now(ZoneOffset.UTC).toString)(_.name)
      VenueConfig(o.dir, day, s, o.durability, o.queue, replay = r)
    }
    opened match {
      case Left((status, line)) => say(line); status
      case Right(config) =>
        if (o.durability == Durability.None)
          say(
            "WARNING: --durability none never forces the journal to the disk: a crash of the machine loses acknowledged commands. For benchmarks only."
          )
        // the recorded day waits for what attaches: a gateway rebuilds its orders from the recovered journal, and a
        // replayed command that filled one of them before it followed the feeds would never reach its client
        Venue.open(config, say, holdReplay = true) match {
          case Left(e: VenueError.Damaged) => say(e.render); 2
          case Left(e: VenueError.FeedDamaged) => say(e.render); 2
          case Left(e @ VenueError.AlreadyClosed(_)) =>
            say(e.render)
            if (config.replay.isDefined) 0 else 1
          case Right(v) =>
            attach(v) match {
              case Left(why) =>
                say(why)
                v.stop()
                try { val _ = v.terminated.get() }
                catch { case _: ExecutionException => () }
                1
              case Right(attached) =>
                v.releaseReplay()
                try serve(o, config, v, say, installStop)
                finally attached.close()
            }
        }
    }
  }

  private def serve(
      o: Options,
      config: VenueConfig,
      v: Venue,
      say: String => Unit,
      installStop: (() => Unit) => Unit
  ): Int = {
    installStop(() => v.stop())
    val what = if (config.replay.isDefined) s"replaying ${o.replay.get}" else "open"
    say(
      s"${config.day} $what in ${config.dir}; trading ${v.symbols.map(_.name).mkString(", ")}; durability ${o.durability.label}"
    )
    try {
      val _ = v.terminated.get()
      val closed = Files.exists(config.end)
      say(
        s"${config.day}: ${if (closed) "session closed" else "stopped; the session stays open"} after ${v.sequenced} commands"
      )
      0
    } catch {
      case e: ExecutionException =>
        say(s"${config.journal}: stopped on an I/O error: ${e.getCause.getMessage}")
        1
    }
  }

  /** `mvt venue status`: what each day in `dir` holds. */
  def status(dir: Path, out: PrintStream, err: PrintStream): Int =
    if (!Files.isDirectory(dir)) { err.println(s"mvt venue status: $dir: no such directory"); 1 }
    else {
      val days = VenueStatus.days(dir)
      if (days.isEmpty) out.println(s"$dir: no journal (no DAY.mvtc)")
      days.foreach(d => out.println(d.render))
      if (days.exists(_.damage.isDefined)) 2 else 0
    }
}
