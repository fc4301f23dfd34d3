package mvt.bench.report

import cats.effect.{ExitCode, IO}
import mvt.bench.{BenchCommandRun, BenchConsole, MachineInfo}
import mvt.core.console.{Blocking, Status, Terminal}
import mvt.core.RunFailure

import scala.concurrent.duration.*

/**
 * `mvt bench report`: the parts asked for (with none named, every part runs; the service part includes the live
 * one), each printing its table and adding its key to the JSON document.
 */
object ReportRun {

  /** The live part's load: open streams, trades written a second, seconds measured. */
  final case class Live(streams: Int, rate: Double, seconds: Int)

  /** The service part's load: requests a second, to the portal and to the naive report, concurrent clients. */
  final case class Service(rate: Double, requests: Int, naiveRequests: Int, clients: Int, httpThreads: Int)

  /** Which parts run (`fold`, `service`, `live` as named; none named is all) and their loads. */
  final case class Settings(
      fold: Boolean,
      service: Boolean,
      liveOnly: Boolean,
      live: Live,
      load: Service,
      config: ReportBench.FoldConfig,
      json: Option[String]
  ) {
    private def named = fold || service || liveOnly
    def runFold: Boolean = fold || !named
    def runService: Boolean = service || !named
    def runLive: Boolean = runService || liveOnly
  }

  object Settings {

    /** The settings from `mvt bench report`'s options, in its order: the service's load, then the fold's, then its threads. */
    def of(
        fold: Boolean,
        service: Boolean,
        liveOnly: Boolean,
        live: Live,
        load: (Double, Int, Int, Int),
        config: ReportBench.FoldConfig,
        httpThreads: Int,
        json: Option[String]
    ): Settings =
      Settings(
        fold,
        service,
        liveOnly,
        live,
        Service(load._1, load._2, load._3, load._4, httpThreads),
        config,
        json
      )
  }

  /** `mvt bench report`: [[main]] with the JSON document's output open; its status. */
  def command(s: Settings, t: Terminal): IO[ExitCode] =
    BenchCommandRun.use("report", t, Nil, List(s.json))(c =>
      Blocking(main(s, c)).map(Status.ended("bench report", t))
    )

  /** [[apply]], as `mvt bench report` ends: a live part that could not measure is status 1, saying why. */
  def main(s: Settings, c: BenchConsole): Either[RunFailure, Unit] =
    apply(s, c).map(why => RunFailure.io(s"the live updates could not be measured: $why")).toLeft(())

  /**
   * Runs the parts `s` names and writes their figures; or, when the live part cannot measure (the streams
   * would not open), says why and writes no figures.
   */
  def apply(s: Settings, c: BenchConsole): Option[String] = {
    def progress(msg: String): Unit = c.err.println(s"  $msg...")
    val shape = s.config.shape
    c.out.println(MachineInfo.describe)
    val parts = Vector.newBuilder[(String, io.circe.Json)]
    if (s.runFold) {
      val r = ReportBench.fold(s.config, progress)
      c.out.println(ReportBench.table(r))
      parts += "fold" -> ReportBench.foldJson(r)
    }
    if (s.runService) {
      val l = s.load
      val r = StoreBench.run(
        StoreBench.Config(shape, l.rate, l.requests.toLong, l.clients, l.naiveRequests.toLong, l.httpThreads),
        progress
      )
      c.out.println()
      c.out.println(StoreBench.table(r))
      parts += "service" -> StoreBench.json(r)
    }
    val cannot =
      if (!s.runLive) None
      else
        try {
          live(s, c, progress).foreach(parts += "live" -> _)
          None
        } catch { case e: LiveBench.CannotMeasure => Some(e.getMessage) }
    if (cannot.isEmpty) c.write(s.json, ReportBench.json(parts.result()))
    cannot
  }

  // the live part: its table printed, its figures as JSON
  private def live(s: Settings, c: BenchConsole, progress: String => Unit): Option[io.circe.Json] = {
    val (shape, l) = (s.config.shape, s.live)
    val r = LiveBench.run(
      LiveBench.Config(
        l.streams,
        l.rate,
        l.seconds.seconds,
        accounts = math.max(2, math.min(l.streams, shape.accounts)),
        shape.symbols,
        s.load.httpThreads
      ),
      progress
    )
    c.out.println()
    c.out.println(LiveBench.table(r))
    Some(LiveBench.json(r))
  }

}
