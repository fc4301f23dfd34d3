package mvt.workload

import mvt.core.*

/**
 * A Markov chain over four order events (buy submitted, sell submitted, cancel, execution): the next kind is
 * drawn from the current kind's integer weights. Cancels and executions need a resting order, so the flow's
 * set of resting orders is part of the state; when it is empty those kinds are skipped. An execution places an
 * order that crosses a chosen resting order at its price. Deterministic for a seed.
 */
object MarkovGenerator {

  /** The kinds, in the order of the weight table's columns. */
  val Kinds: Vector[String] = Vector("buy", "sell", "cancel", "execution")

  /** `weights(current)(next)`: integer weights, each row with a positive sum. */
  final case class Weights(rows: Vector[Vector[Int]]) {
    require(
      rows.size == 4 && rows.forall(r => r.size == 4 && r.forall(_ >= 0) && r.sum > 0),
      "4 rows of 4 weights"
    )

    def render: String =
      ("current,buy,sell,cancel,execution" +: Kinds.indices.map(i =>
        (Kinds(i) +: rows(i).map(_.toString)).mkString(",")
      ))
        .mkString("\n")
  }

  object Weights {

    /** The firm's measured transition weights. */
    val default: Weights = Weights(
      Vector(
        Vector(10, 25, 40, 40),
        Vector(25, 10, 40, 25),
        Vector(60, 50, 40, 10),
        Vector(30, 30, 60, 25)
      )
    )

    /**
     * Parses a weights file: `#` comments, an optional header, one row per current kind:
     * `<kind>,<w-buy>,<w-sell>,<w-cancel>,<w-execution>`. Errors name the line.
     */
    def parse(text: String): Either[String, Weights] = {
      val lines = text.linesIterator.zipWithIndex.map((l, i) => (l.trim, i + 1)).filter((l, _) =>
        l.nonEmpty && !l.startsWith("#")
      )
      val rows = lines.filterNot((l, _) => l.startsWith("current,")).toVector
      val parsed =
        rows.foldLeft[Either[String, Map[Int, Vector[Int]]]](Right(Map.empty)) { case (acc, (line, n)) =>
          acc.flatMap { done =>
            line.split(",", -1).toList match {
              case kind :: ws if ws.size == 4 =>
                val k = Kinds.indexOf(kind)
                val weights = ws.map(_.toIntOption.filter(_ >= 0))
                if (k < 0) Left(s"line $n: unknown kind '$kind' (expected ${Kinds.mkString(", ")})")
                else if (done.contains(k)) Left(s"line $n: a second row for '$kind'")
                else if (weights.exists(_.isEmpty)) Left(s"line $n: weights must be whole numbers >= 0")
                else if (weights.flatten.sum == 0) Left(s"line $n: the weights of '$kind' are all zero")
                else Right(done.updated(k, weights.flatten.toVector))
              case _ => Left(s"line $n: expected <kind>,<w-buy>,<w-sell>,<w-cancel>,<w-execution>")
            }
          }
        }
      parsed.flatMap { m =>
        val missing = Kinds.indices.filterNot(m.contains).map(Kinds)
        if (missing.nonEmpty) Left(s"no row for ${missing.mkString(", ")}")
        else Right(Weights(Kinds.indices.map(m).toVector))
      }
    }
  }

  /** `commands` commands over the profile's symbols and prices, with kinds following `weights`. */
  def generate(
      weights: Weights,
      profile: WorkloadProfile,
      commands: Int,
      seed: Long,
      accounts: Option[AccountMix] = None
  ): ProfileGenerator.Generated = {
    require(commands >= 0, "commands must be >= 0")
    val draw = accounts.map(_.draw(ProfileGenerator.AccountSeed ^ seed))
    val flow = new OrderFlow(flowProfile(profile), seed, commands, draw.orNull)
    val step = new Step(weights)
    var i = 0
    while (i < commands) {
      step.run(flow)
      i += 1
    }
    ProfileGenerator.Generated(flow.builder.result(), flow.mix(), draw.map(_.activity))
  }

  /** The profile the chain prices with: passive orders only, since crossing comes from execution steps. */
  def flowProfile(profile: WorkloadProfile): WorkloadProfile =
    profile.copy(name = s"markov (${profile.name} prices)", crossShare = 0.0, minDepth = 0)

  /** One transition of the chain; the current kind is its state. */
  private[workload] final class Step(weights: Weights) extends FlowStep {
    private var state = 0

    def run(flow: OrderFlow): Unit = {
      val row = weights.rows(state)
      val allowed = if (flow.restingCount > 0) 4 else 2
      var total = 0
      var k = 0
      while (k < allowed) { total += row(k); k += 1 }
      // a row whose buy and sell weights are zero, with nothing resting, still has to place an order
      var next = if (total == 0) flow.nextInt(2) else -1
      if (next < 0) {
        var draw = flow.nextInt(total)
        next = 0
        while (draw >= row(next)) { draw -= row(next); next += 1 }
      }
      val done = next match {
        case 0 => flow.addOrder(Side.Buy); true
        case 1 => flow.addOrder(Side.Sell); true
        case 2 => flow.cancelResting()
        case _ => flow.crossResting()
      }
      state =
        if (done) next
        else {
          // nothing left to cancel or cross: the step becomes a submission
          val side = if (flow.coin()) Side.Buy else Side.Sell
          flow.addOrder(side)
          side.code
        }
    }
  }
}
