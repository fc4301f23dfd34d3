package mvt.cli

import cats.effect.{ExitCode, IO}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.cluster.Consistency
import mvt.cluster.history.HistoryCheck

import java.nio.file.Path

/**
 * `mvt cluster check HISTORY...`: the checker (`mvt.cluster.history.HistoryCheck`) on the histories the nodes of
 * one day wrote. Prints the report per account; status 0 clean, 2 a violation or a bad line (file and line), 1 a
 * file that cannot be read.
 */
object ClusterCheckCommand {

  def opts(t: Terminal): Opts[IO[ExitCode]] = Opts.subcommand(
    "check",
    "Check the histories of a cluster's day: no debit lost, nothing applied twice, no overspend."
  ) {
    (ClusterOpts.consistency, Opts.arguments[String]("HISTORY")).mapN((mode, files) =>
      Blocking(HistoryCheck.report(
        HistoryCheck.files(files.toList.map(Path.of(_)), mode == Consistency.Local),
        t.out
      ))
        .map(Status.of("cluster check", t))
    )
  }
}
