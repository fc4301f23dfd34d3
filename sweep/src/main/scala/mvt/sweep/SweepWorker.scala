package mvt.sweep

import mvt.backtest.{DayFile, DayProblem, DaySetup}
import mvt.sweep.SweepProtocol.*
import org.apache.pekko.actor.typed.scaladsl.Behaviors
import org.apache.pekko.actor.typed.{ActorRef, Behavior}

import scala.collection.immutable.Queue
import scala.concurrent.duration.*
import scala.concurrent.{ExecutionContext, Future}
import scala.util.{Failure, Success}

/**
 * A sweep worker: it pulls jobs from the coordinator, runs up to `capacity` at once on `pool` (a day is blocking
 * work), and reports each outcome, which also asks for the next job. While it has a free slot and has heard nothing
 * for two seconds it asks again, so a request lost while the singleton moved is repeated. A job assigned beyond its
 * free slots waits in line here.
 */
object SweepWorker {

  private final case class Ran(job: Assign, outcome: Outcome) extends WorkerCommand
  private case object Tick extends WorkerCommand

  /** `run` runs one day; `done` is told each job the worker reported, from the actor. */
  def apply(
      coordinator: ActorRef[CoordinatorCommand],
      capacity: Int,
      pool: ExecutionContext,
      run: (DaySetup, DayFile) => Outcome,
      done: (Assign, Outcome) => Unit
  ): Behavior[WorkerCommand] = Behaviors.setup { ctx =>
    Behaviors.withTimers { timers =>
      timers.startTimerWithFixedDelay(Tick, 1.second)
      var running = 0
      var waiting = Queue.empty[Assign]
      var heard = System.currentTimeMillis()

      def start(a: Assign): Unit = {
        running += 1
        ctx.pipeToSelf(Future(run(a.setup, a.day))(pool)) {
          case Success(o) => Ran(a, o)
          case Failure(e) => Ran(a, Left(DayProblem.Io(s"the worker failed: $e")))
        }
      }

      coordinator ! Request(ctx.self, capacity)
      Behaviors.receiveMessage {
        case a: Assign =>
          heard = System.currentTimeMillis()
          if (running < capacity) start(a) else waiting = waiting.enqueue(a)
          Behaviors.same
        case Ran(a, o) =>
          running -= 1
          heard = System.currentTimeMillis()
          coordinator ! Finished(a.sweep, a.job, o, ctx.self, capacity)
          done(a, o)
          waiting.dequeueOption.foreach { (next, rest) =>
            waiting = rest
            start(next)
          }
          Behaviors.same
        case Tick =>
          val now = System.currentTimeMillis()
          if (running + waiting.size < capacity && now - heard >= 2000L) {
            heard = now
            coordinator ! Request(ctx.self, capacity)
          }
          Behaviors.same
        case _ => Behaviors.same
      }
    }
  }
}
