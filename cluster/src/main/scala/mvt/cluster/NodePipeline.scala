package mvt.cluster

import mvt.trader.*
import mvt.trader.pipeline.{InterpreterKind, PreTradeCheck, RingJournal, TraderPipeline}
import mvt.trader.queue.QueuePolicy
import mvt.trader.strategy.TradingStrategy

/**
 * The trader pipeline of `mvt trade` as a trader node runs it: market updates go into a queue of the chosen
 * policy, a consumer (the `fold` or the `io` interpreter) runs `TraderPipeline` on each with its deadlines, and
 * the pipeline's strategy asks every owned subscription's strategy in turn, handing each decision to `deliver`
 * (the node's actor, which makes it orders). The balance check is not the pipeline's: it is the ledger's debit of
 * each buy, when the order goes out, so the pipeline's check allows all. Thread-safe: `offer` from the actor,
 * `own` from the actor, decisions on the consumer's threads.
 */
final class NodePipeline(
    settings: NodePipeline.Settings,
    deliver: (Subscription, BboUpdated, Decision) => Unit
) {

  @volatile private var strategies: Vector[(Subscription, TradingStrategy)] = Vector.empty

  /** Outcomes and latencies of the events processed (the queue's drops are in [[queueDrops]]). */
  val metrics = new TraderMetrics(concurrent = true)

  private val queue = settings.policy.newQueue(settings.capacity)

  private val router: TradingStrategy = (e: BboUpdated) => {
    var first: Option[Decision] = None
    val it = strategies.iterator
    while (it.hasNext) {
      val (sub, strategy) = it.next()
      val d = strategy.decide(e)
      if (d.isDefined) {
        deliver(sub, e, d.get)
        if (first.isEmpty) first = d
      }
    }
    first
  }

  private val pipeline = TraderPipeline(
    settings.budgetNanos.fold(TraderPipeline.Deadlines.none)(TraderPipeline.Deadlines.fromBudget),
    new RingJournal(1024),
    PreTradeCheck.AllowAll
  )

  private val consumer = settings.interpreter match {
    case InterpreterKind.Fold => TraderConsumer.fold(queue, router, pipeline, metrics, _ => ())
    case InterpreterKind.Io =>
      TraderConsumer.io(queue, router, pipeline, metrics, _ => (), settings.parallelism)
  }

  /** The subscriptions the pipeline decides for from now on, each with its strategy. */
  def own(owned: Vector[(Subscription, TradingStrategy)]): Unit = strategies = owned

  /** Hands one market update to the queue, stamped now: deadlines count from here. */
  def offer(e: BboUpdated): Unit = { val _ = queue.offer(BboEvent(e, System.nanoTime())) }

  /** What the queue dropped, by reason. */
  def queueDrops: Vector[(OutcomeKind, Long)] = queue.drops.snapshot

  /** The outcomes so far, the queue's drops included, as `label=count` pairs. */
  def render: String =
    TradingSession.Summary.merged(queueDrops, metrics).map((k, n) => s"${k.label}=$n").mkString(" ")

  /** Stops taking events and waits for the consumer to finish those it took. */
  def close(): Unit = { queue.close(); consumer.join() }
}

object NodePipeline {

  /** The pipeline's queue policy and size, interpreter (and its parallelism for `io`), and budget (none: no deadlines). */
  final case class Settings(
      policy: QueuePolicy,
      capacity: Int,
      interpreter: InterpreterKind,
      parallelism: Int,
      budgetNanos: Option[Long]
  )

  object Settings {

    /** Conflating 1,024 symbols, the fold interpreter, a 10 ms budget: a stale quote is dropped, a fresh one follows. */
    val default: Settings = Settings(QueuePolicy.Conflate, 1024, InterpreterKind.Fold, 2, Some(10_000_000L))
  }
}
