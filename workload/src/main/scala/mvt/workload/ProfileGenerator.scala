package mvt.workload

import mvt.core.*

/**
 * Generates a command stream from a `WorkloadProfile`, deterministic for a seed. It runs every command through
 * an embedded fast exchange as it goes, so it knows which of its orders still rest: it cancels resting orders
 * until `cancelShare` of all placed orders have been cancelled, and sends `lateCancelShare` more cancels for
 * orders that already filled (which the engine rejects, as happens in real markets).
 */
object ProfileGenerator {

  /** The stream, what it did when matched, and who placed its adds (when it was given accounts). */
  final case class Generated(batch: CommandBatch, mix: CommandMix, accounts: Option[AccountActivity] = None)

  /**
   * `commands` commands of `profile`. With `accounts`, each add gets an account drawn from the mix (from a
   * random stream of its own, so the commands are otherwise the same as without); without, the house's.
   */
  def generate(
      profile: WorkloadProfile,
      commands: Int,
      seed: Long,
      accounts: Option[AccountMix] = None
  ): Generated = {
    require(commands >= 0, "commands must be >= 0")
    val draw = accounts.map(_.draw(AccountSeed ^ seed))
    val flow = new OrderFlow(profile, seed, commands, draw.orNull)
    val step = new Step(profile)
    var i = 0
    while (i < commands) {
      step.run(flow)
      i += 1
    }
    Generated(flow.builder.result(), flow.mix(), draw.map(_.activity))
  }

  /**
   * One continuous stream of `commands` commands of `profile`, in batches of at most `chunk`: one flow throughout,
   * so its books, resting orders, ids and mids carry on from a batch to the next, and a stream longer than memory
   * holds is still one day. Put together, the batches are the commands `generate` gives for the same seed. Each
   * batch has columns of its own; the iterator is for one thread.
   */
  def chunks(profile: WorkloadProfile, commands: Long, chunk: Int, seed: Long): Iterator[CommandBatch] = {
    require(commands >= 0L && chunk >= 1, "commands must be >= 0 and chunk >= 1")
    val flow = new OrderFlow(profile, seed, chunk)
    val step = new Step(profile)
    new Iterator[CommandBatch] {
      private var left = commands
      def hasNext: Boolean = left > 0L
      def next(): CommandBatch = {
        if (!hasNext) throw new NoSuchElementException("the stream has ended")
        val n = math.min(left, chunk.toLong).toInt
        var i = 0
        while (i < n) { step.run(flow); i += 1 }
        left -= n
        flow.builder.take()
      }
    }
  }

  // mixed into the seed of a single stream's account draws, so they do not repeat the flow's own draws
  private[workload] val AccountSeed = 0x5deece66dL

  /**
   * The profile's decision: modify a resting order with `modifyShare`, else cancel while under `cancelShare`
   * (or while `maxResting` orders rest), then late-cancel, else place an order.
   */
  private[workload] final class Step(profile: WorkloadProfile) extends FlowStep {
    def run(flow: OrderFlow): Unit =
      if (
        profile.modifyShare > 0 && flow.restingCount > 0 && flow.chance(profile.modifyShare) && flow
          .modifyResting()
      )
        ()
      else if (
        flow.restingCount > 0 && (flow.canceledCount < profile.cancelShare * flow.placed || !flow.roomToRest) &&
        flow.cancelResting()
      ) ()
      else if (flow.hasFilled && flow.lateCancels < profile.lateCancelShare * flow.placed) flow.cancelFilled()
      else flow.addOrder(if (flow.coin()) Side.Buy else Side.Sell)
  }
}

/** What a generated stream does when matched: the figures `mvt generate` prints. */
final case class CommandMix(
    profile: WorkloadProfile,
    commands: Long,
    adds: Long,
    crossingAdds: Long,
    cancels: Long,
    cancelsAccepted: Long,
    cancelsRejected: Long,
    executions: Long,
    restingAtEnd: Long,
    levelsAtEnd: Long,
    maxOrdersPerLevel: Int,
    typedAdds: Long = 0L,
    expired: Long = 0L,
    modifies: Long = 0L,
    modifiesRejected: Long = 0L
) {
  private def pct(a: Long, b: Long): Double = 100.0 * a / math.max(1L, b)

  /** Share of placed orders cancelled while resting, in percent. */
  def canceledShare: Double = pct(cancelsAccepted, adds)

  def render: String =
    (Vector(
      f"profile ${profile.name}: ${profile.describe}",
      f"  commands            $commands%,14d",
      f"  adds                $adds%,14d  ${pct(adds, commands)}%5.1f%% of commands; ${pct(crossingAdds, adds)}%.1f%% priced to cross",
      f"  cancels             $cancels%,14d  ${pct(cancels, commands)}%5.1f%% of commands; $cancelsRejected%,d arrive after a fill and are rejected",
      f"  orders cancelled    ${canceledShare}%13.1f%%  of placed orders, while still resting",
      f"  executions          $executions%,14d"
    ) ++ Vector(
      f"  time in force       $typedAdds%,14d  ${pct(typedAdds, adds)}%5.1f%% of adds are IOC, FOK or POST; $expired%,d expired",
      f"  modifies            $modifies%,14d  ${pct(modifies, commands)}%5.1f%% of commands; $modifiesRejected%,d rejected"
    ).filter(_ => typedAdds + modifies > 0) ++ Vector(
      f"  resting at the end  $restingAtEnd%,14d  on $levelsAtEnd%,d levels; ${restingAtEnd.toDouble / math.max(1L, levelsAtEnd)}%.1f orders a level on average, $maxOrdersPerLevel at most"
    )).mkString("\n")
}
