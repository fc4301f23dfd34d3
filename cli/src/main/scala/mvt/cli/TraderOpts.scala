package mvt.cli

import com.monovore.decline.Opts
import mvt.trader.{InterpreterKind, QueuePolicy, TraderPipeline}

/** Options that `mvt trade` and `mvt bench trader` share; the bench takes comma-separated lists of them. */
object TraderOpts {
  private val policyHelp =
    QueuePolicy.values.map(p => s"${p.label} (${p.description})").mkString("; ")
  private val interpreterHelp =
    InterpreterKind.values.map(i => s"${i.label} (${i.description})").mkString("; ")

  private def positive(s: String) = s.toIntOption.filter(_ > 0)

  def policies(default: String): Opts[Vector[QueuePolicy]] =
    Opts.option[String](
      "policy",
      s"Queue policy, or a comma-separated list: $policyHelp. Default $default.",
      metavar = "P"
    )
      .withDefault(default)
      .mapValidated(CommaList.parse(_, QueuePolicy.parse, "policy"))

  def queues(default: String): Opts[Vector[Int]] =
    Opts.option[String](
      "queue",
      s"Bounded queue size (events; symbols for conflate), or a list. Default $default.",
      metavar = "N"
    )
      .withDefault(default)
      .mapValidated(CommaList.parse(_, positive, "queue size"))

  def interpreters(default: String): Opts[Vector[InterpreterKind]] =
    Opts.option[String](
      "interpreter",
      s"Pipeline interpreter, or a list: $interpreterHelp. Default $default.",
      metavar = "I"
    )
      .withDefault(default)
      .mapValidated(CommaList.parse(_, InterpreterKind.parse, "interpreter"))

  /** `--cost-us C`: CPU microseconds the synthetic strategy burns per decision, as nanoseconds. */
  def costNanos(default: Double, help: String): Opts[Long] =
    Opts.option[Double]("cost-us", s"$help (default $default).", metavar = "C")
      .withDefault(default)
      .validate("--cost-us must not be negative")(_ >= 0)
      .map(us => (us * 1000).toLong)

  val parallelism: Opts[Int] =
    Opts.option[Int](
      "parallelism",
      "Events the io interpreter processes at once (default: the cores).",
      metavar = "N"
    )
      .withDefault(Runtime.getRuntime.availableProcessors)
      .validate("--parallelism must be positive")(_ > 0)

  /** `--budget DURATION` as nanoseconds. */
  def budget(help: String): Opts[Long] =
    Opts.option[String]("budget", help, metavar = "DURATION")
      .mapValidated(
        CommaList.single(
          _,
          LatencyCommand.parseNanos(_).filter(_ <= TraderPipeline.Deadlines.MaxBudgetNanos),
          "budget (from 1ns to 24h, e.g. 10ms, 500us)"
        )
      )

  /** A list option's single value, for commands that take one. */
  def one[A](list: Opts[Vector[A]], name: String): Opts[A] =
    list.mapValidated(v =>
      if (v.size == 1) cats.data.Validated.validNel(v.head)
      else cats.data.Validated.invalidNel(s"--$name takes one value here")
    )
}
