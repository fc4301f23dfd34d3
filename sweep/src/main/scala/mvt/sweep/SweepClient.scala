package mvt.sweep

import mvt.sweep.SweepProtocol.*
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.actor.typed.{ActorRef, Behavior}

import scala.collection.immutable.BitSet
import scala.concurrent.Promise
import scala.concurrent.duration.*

/**
 * The side that submitted a sweep: it holds every outcome it received (the first of each job; a duplicate is
 * ignored), pings the coordinator every second and submits again, with the jobs it holds, to a coordinator that
 * does not know the sweep (the singleton moved). When it holds every job it tells the coordinator to forget the
 * sweep, completes `result` with the outcomes in job order, and stops.
 */
object SweepClient {

  private case object Tick extends ClientCommand

  /** What the coordinator last said about the cluster; readable from any thread. */
  final class Status {
    @volatile var workers: Int = 0
    @volatile var reissued: Long = 0L
    @volatile var duplicates: Long = 0L
    @volatile var submissions: Int = 0
    @volatile var done: Int = 0 // jobs with an outcome here
  }

  /** `progress` is told how many jobs are done each time one more is, from the actor. */
  def apply(
      sweep: String,
      plan: SweepPlan,
      coordinator: ActorRef[CoordinatorCommand],
      result: Promise[Vector[Outcome]],
      progress: Int => Unit,
      status: Status
  ): Behavior[ClientCommand] = Behaviors.setup { ctx =>
    Behaviors.withTimers { timers =>
      timers.startTimerWithFixedDelay(Tick, 1.second)
      val outcomes = new Array[Outcome](plan.jobs)
      var have = BitSet.empty

      def submit(): Unit = {
        status.submissions += 1
        coordinator ! Submit(sweep, plan, have, ctx.self)
      }

      submit()
      Behaviors.receiveMessage {
        case Tick =>
          coordinator ! Ping(sweep, have, ctx.self)
          Behaviors.same
        case Pong(`sweep`, known, workers, reissued, duplicates) =>
          if (!known) submit()
          else {
            status.workers = workers
            status.reissued = reissued
            status.duplicates = duplicates
          }
          Behaviors.same
        case Delivered(`sweep`, job, outcome) if job >= 0 && job < plan.jobs && !have.contains(job) =>
          outcomes(job) = outcome
          have += job
          status.done = have.size
          progress(have.size)
          if (have.size < plan.jobs) Behaviors.same
          else {
            coordinator ! Forget(sweep)
            result.success(outcomes.toVector)
            Behaviors.stopped
          }
        case _ => Behaviors.same
      }
    }
  }
}
