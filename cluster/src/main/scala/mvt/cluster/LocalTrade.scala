package mvt.cluster

import cats.effect.{ExitCode, IO}
import mvt.core.Quantity
import mvt.core.console.{Blocking, Inputs, Outputs, Terminal}
import mvt.trader.{BboTracker, TradeRun}
import mvt.trader.pipeline.PreTradeCheck
import mvt.workload.CommandFiles

/**
 * `mvt trade`: one trader, no cluster, on a commands file or command log; with a balance, each decision is checked
 * against a client provisioned on a local replica of the replicated balances ([[ReplicaBalance.check]]). Here
 * because this is the module that sees the trader, the balances and the command files together.
 */
object LocalTrade {

  /**
   * Trades the commands of `in` (`-` is standard input), each decision a line on `out`; a bad line or record ends
   * the feed after every command before it, keeps the decisions and ends with status 2.
   */
  def command(
      in: String,
      out: String,
      s: TradeRun.Settings,
      balance: Option[Long],
      t: Terminal
  ): IO[ExitCode] = {
    val check =
      balance.fold(PreTradeCheck.AllowAll)(ReplicaBalance.check(_, Quantity(s.strategy.spec.params("size"))))
    Outputs.use("trade", t, List(in), List(Some(out)), keepOnBadData = true)(outputs =>
      Inputs.withInput(in, t) { raw =>
        val feed = (tracker: BboTracker) => CommandFiles.source(raw, in, t).flatMap(_.replayAll(tracker))
        Blocking(
          TradeRun(s, check, outputs(out), t.err, feed).map(CommandFiles.badInput).fold(ExitCode.Success) {
            bad =>
              t.err.println(bad.render("trade", in))
              bad.status
          }
        )
      }.map(_.merge)
    )
  }
}
