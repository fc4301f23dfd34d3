package mvt.cli

import cats.data.{Validated, ValidatedNel}
import cats.syntax.all.*
import com.monovore.decline.Opts
import mvt.core.DurationText
import mvt.trader.pipeline.{InterpreterKind, TraderPipeline}
import mvt.trader.queue.QueuePolicy
import Named.given

/** Options that `mvt trade` and `mvt bench trader` share; the bench takes comma-separated lists of them. */
object TraderOpts {
  private val policyHelp = QueuePolicy.values.map(p => s"${p.label}: ${p.description}").mkString("; ")
  private val interpreterHelp =
    InterpreterKind.values.map(i => s"${i.label}: ${i.description}").mkString("; ")

  /** The largest bounded queue: far beyond any budget's need, and small enough to allocate. */
  val MaxQueue = 10000000

  // `--name VALUE`, or for `bench trader` (`list`) a comma-separated list of values, each read by `readOne`
  private def values[A](
      name: String,
      metavar: String,
      what: String,
      details: String,
      default: String,
      list: Boolean
  )(
      readOne: String => ValidatedNel[String, A]
  ): Opts[Vector[A]] = {
    val named = if (list) s"$what, or a comma-separated list of them" else what
    Opt.text(name, metavar)(s"$named (default $default).$details").withDefault(default)
      .mapValidated(CommaList.each(_)(readOne))
  }

  def policies(default: String, list: Boolean): Opts[Vector[QueuePolicy]] =
    values("policy", "P", "Queue policy", s" $policyHelp.", default, list)(summon[Named[QueuePolicy]].read)

  def queues(default: String, list: Boolean): Opts[Vector[Int]] =
    values("queue", "N", "Bounded queue size (events; symbols for conflate)", "", default, list)(
      CommaList.single(_, _.toIntOption.filter(n => n > 0 && n <= MaxQueue), "queue size", s"1 to $MaxQueue")
    )

  def interpreters(default: String, list: Boolean): Opts[Vector[InterpreterKind]] =
    values("interpreter", "I", "Pipeline interpreter", s" $interpreterHelp.", default, list)(
      summon[Named[InterpreterKind]].read
    )

  /** `--cost-us C`: CPU microseconds the synthetic strategy burns per decision, as nanoseconds. */
  def costNanos(default: Double, help: String): Opts[Long] =
    costNanosGiven(s"$help (default $default).").withDefault((default * 1000).toLong)

  /** `--cost-us C` with no default: `mvt trade` takes it only for the synthetic strategy. */
  def costNanosGiven(help: String): Opts[Long] = Opts.option[Double]("cost-us", help, metavar = "C")
    .validate("--cost-us must be between 0 and 1000000 (a second)")(c => c >= 0 && c <= 1000000)
    .map(us => (us * 1000).toLong)

  val parallelism: Opts[Int] = Opt.int(
    "parallelism",
    Runtime.getRuntime.availableProcessors,
    1 to 256,
    Opt.Words.Between
  )("Events the io interpreter processes at once (default: the cores).")

  /** `--budget DURATION` as nanoseconds. */
  def budget(help: String): Opts[Long] =
    Opt.text("budget", "DURATION")(help).mapValidated(
      CommaList.single(
        _,
        DurationText.nanos(_).filter(_ <= TraderPipeline.Deadlines.MaxBudgetNanos),
        "budget (from 1ns to 24h, e.g. 10ms, 500us)"
      )
    )

  /**
   * One queue policy (default `policy`), queue size (1,024) and interpreter (fold), the parallelism and `budget`,
   * as `mvt trade` and `mvt node` take them.
   */
  def pipeline[B](policy: String, budget: Opts[B]): Opts[(QueuePolicy, Int, InterpreterKind, Int, B)] = (
    one(policies(policy, list = false), "policy"),
    one(queues("1024", list = false), "queue"),
    one(interpreters("fold", list = false), "interpreter"),
    parallelism,
    budget
  ).tupled

  /** A list option's single value, for commands that take one. */
  private def one[A](list: Opts[Vector[A]], name: String): Opts[A] = list.mapValidated(v =>
    if (v.size == 1) Validated.validNel(v.head) else Validated.invalidNel(s"--$name takes one value here")
  )
}
