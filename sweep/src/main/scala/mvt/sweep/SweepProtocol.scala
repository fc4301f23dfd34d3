package mvt.sweep

import mvt.backtest.{DayFile, DayProblem, DayResult, DaySetup}
import org.apache.pekko.actor.typed.ActorRef

import scala.collection.immutable.BitSet

/** What the sweep coordinator handles: the protocol's messages below and its own timers. */
trait CoordinatorCommand

/** What a sweep worker handles. */
trait WorkerCommand

/** What the side that submitted a sweep (the `mvt backtest --cluster` node) handles. */
trait ClientCommand

/** Every sweep message that crosses the network; [[SweepSerializer]] writes them all, nothing else does. */
sealed trait SweepMessage

/**
 * The sweep protocol. The client submits a plan to the coordinator (a cluster singleton); workers pull jobs
 * (`Request`, then each `Finished` asks for the next), the coordinator leases each job to one worker and hands the
 * first outcome of each job to the client. Jobs are numbered as in [[SweepPlan]]; `have` is the set of jobs whose
 * outcome the client already holds.
 */
object SweepProtocol {

  /** What one job gave: the day's result, or why the day failed (the client names the file from its plan). */
  type Outcome = Either[DayProblem, DayResult]

  /** Client → coordinator: run `plan`, except the jobs in `have`; answers go to `client`. */
  final case class Submit(sweep: String, plan: SweepPlan, have: BitSet, client: ActorRef[ClientCommand])
      extends SweepMessage
      with CoordinatorCommand

  /** Client → coordinator, every second: do you know `sweep`? The coordinator re-sends outcomes missing from `have`. */
  final case class Ping(sweep: String, have: BitSet, client: ActorRef[ClientCommand])
      extends SweepMessage
      with CoordinatorCommand

  /** Client → coordinator: the client holds every outcome; drop the sweep. */
  final case class Forget(sweep: String) extends SweepMessage with CoordinatorCommand

  /** Worker → coordinator: `worker` runs up to `capacity` jobs at once; lease it jobs up to that. */
  final case class Request(worker: ActorRef[WorkerCommand], capacity: Int) extends SweepMessage
      with CoordinatorCommand

  /** Worker → coordinator: job `job` of `sweep` gave `outcome`; this also asks for the next job. */
  final case class Finished(
      sweep: String,
      job: Int,
      outcome: Outcome,
      worker: ActorRef[WorkerCommand],
      capacity: Int
  ) extends SweepMessage
      with CoordinatorCommand

  /** Coordinator → worker: run `day` with `setup`, as job `job` of `sweep`. */
  final case class Assign(sweep: String, job: Int, setup: DaySetup, day: DayFile)
      extends SweepMessage
      with WorkerCommand

  /**
   * Coordinator → client, answering a ping: whether this coordinator knows the sweep, and what it has seen since
   * it started: the workers it has leases for or capacity from, the jobs it re-issued, the duplicate outcomes it
   * ignored.
   */
  final case class Pong(sweep: String, known: Boolean, workers: Int, reissued: Long, duplicates: Long)
      extends SweepMessage
      with ClientCommand

  /** Coordinator → client: the first outcome of job `job`. */
  final case class Delivered(sweep: String, job: Int, outcome: Outcome) extends SweepMessage
      with ClientCommand
}
