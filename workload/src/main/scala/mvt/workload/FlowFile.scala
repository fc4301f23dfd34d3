package mvt.workload

import java.io.{OutputStream, PrintStream}

/** `mvt generate`'s output: a seeded flow of a profile, written as a commands file or a binary command log. */
object FlowFile {

  /**
   * Generates `n` commands of `profile` (with `markov`, a Markov chain of kinds; else the profile's shares),
   * writes them to `out` (a command log when `log`), then prints their mix and who placed the adds on `report`.
   */
  def write(
      profile: WorkloadProfile,
      n: Int,
      seed: Long,
      markov: Option[MarkovGenerator.Weights],
      accounts: Option[AccountMix],
      log: Boolean,
      out: OutputStream,
      report: PrintStream
  ): Unit = {
    val g = markov.fold(ProfileGenerator.generate(profile, n, seed, accounts))(
      MarkovGenerator.generate(_, profile, n, seed, accounts)
    )
    writeBatch(g.batch, log, out)
    report.println(g.mix.render)
    g.accounts.foreach(a => report.println(s"${a.mix.render}\n${a.render}"))
  }

  /** Writes `batch` as a command log when `log`, else as a commands file. */
  def writeBatch(batch: CommandBatch, log: Boolean, out: OutputStream): Unit =
    if (log) CommandLog.write(batch, out) else batch.writeCsv(out)
}
