package mvt.cli

import cats.data.ValidatedNel
import cats.syntax.all.*
import com.monovore.decline.{Argument, Opts}
import mvt.bench.BenchEngine
import mvt.bench.latency.OpenLoopDriver
import mvt.bench.trader.{Pacing, TraderBench}
import mvt.orderbook.Engine
import mvt.trader.pipeline.InterpreterKind
import mvt.trader.queue.QueuePolicy
import mvt.workload.WorkloadProfile

/** A [[mvt.core.console.LabelSet]] that an option reads, as a decline argument; the named types' givens below. */
trait Named[E] extends mvt.core.console.LabelSet[E]

object Named {

  def apply[E](what0: String, values0: Seq[E])(label0: E => String): Named[E] = new Named[E] {
    def what: String = what0
    def values: Seq[E] = values0
    def label(e: E): String = label0(e)
  }

  /** Every named type is a decline argument, its metavar the labels. */
  given argument[E](using n: Named[E]): Argument[E] with {
    def read(s: String): ValidatedNel[String, E] = n.read(s)
    def defaultMetavar: String = n.names
  }

  /**
   * `--name a,b,...`: one value or a comma-separated list of them. The option given more than once adds to the
   * list (decline would otherwise keep only the last, silently dropping the old repeated `--engine a --engine b`).
   */
  def list[E](name: String, help: String, metavar: String)(using n: Named[E]): Opts[Vector[E]] =
    Opts.options[String](name, help, metavar = metavar)
      .mapValidated(_.toList.toVector.traverse(n.readList).map(_.flatten))

  given Named[Engine] = Named("engine", Engine.values.toSeq)(_.label)
  given Named[BenchEngine] = Named("engine", BenchEngine.all)(_.label)
  given Named[QueuePolicy] = Named("policy", QueuePolicy.values.toSeq)(_.label)
  given Named[InterpreterKind] = Named("interpreter", InterpreterKind.values.toSeq)(_.label)
  given Named[Pacing] = Named("pacing", Pacing.values.toSeq)(_.label)
  given Named[TraderBench.PipelineKind] = Named("pipeline", TraderBench.PipelineKind.values.toSeq)(_.label)
  given Named[OpenLoopDriver.Handoff] = Named("handoff", OpenLoopDriver.Handoff.values.toSeq)(_.label)
  given Named[WorkloadProfile] = Named("profile", WorkloadProfile.choices)(_.name)
}
