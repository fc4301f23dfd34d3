package mvt.sweep

import mvt.sweep.SweepProtocol.*
import org.apache.pekko.actor.Address
import org.apache.pekko.actor.typed.scaladsl.{ActorContext, Behaviors}
import org.apache.pekko.actor.typed.{ActorRef, Behavior, SupervisorStrategy}
import org.apache.pekko.cluster.ClusterEvent.{MemberRemoved, UnreachableMember}
import org.apache.pekko.cluster.typed.{Cluster, Subscribe}

import scala.collection.mutable
import scala.concurrent.duration.*

/**
 * The sweep coordinator, run as a cluster singleton. It keeps a [[JobBook]] per submitted sweep, leases jobs to
 * the workers that asked (each up to the capacity it gave), and hands the first outcome of each job to the sweep's
 * client. A job goes back in line, first, when its worker becomes unreachable or is removed from the cluster, or
 * when its lease expires (and that worker gets no more jobs until it reports or asks again); an outcome that arrives for a job already done is counted as a duplicate and dropped.
 *
 * Its state lives only here: a coordinator that starts on another node (the singleton moved) knows no sweep until
 * the client, whose ping it does not recognise, submits again with the outcomes it holds; the jobs not in that set
 * are run again. No finished outcome is lost, since the client holds them.
 */
object SweepCoordinator {

  private case object Tick extends CoordinatorCommand
  private final case class MemberGone(address: Address) extends CoordinatorCommand

  /** The singleton's name in the cluster. */
  val Name = "mvt-sweep-coordinator"

  /** A coordinator whose leases last `leaseFor`; restarted (empty, as after a move) should it ever fail. */
  def apply(leaseFor: FiniteDuration): Behavior[CoordinatorCommand] =
    Behaviors.supervise(Behaviors.setup[CoordinatorCommand] { ctx =>
      Behaviors.withTimers[CoordinatorCommand] { timers =>
        timers.startTimerWithFixedDelay(Tick, 500.millis)
        val cluster = Cluster(ctx.system)
        cluster.subscriptions ! Subscribe(
          ctx.messageAdapter[MemberRemoved](e => MemberGone(e.member.address)),
          classOf[MemberRemoved]
        )
        cluster.subscriptions ! Subscribe(
          ctx.messageAdapter[UnreachableMember](e => MemberGone(e.member.address)),
          classOf[UnreachableMember]
        )
        new Coordinator(ctx, leaseFor.toMillis).behavior
      }
    }).onFailure[Exception](SupervisorStrategy.restart)

  private type Worker = ActorRef[WorkerCommand]

  private final class Running(
      val plan: SweepPlan,
      var book: JobBook[Worker],
      val client: ActorRef[ClientCommand]
  ) {
    val outcomes = mutable.HashMap.empty[Int, Outcome]
  }

  // actor-confined: only the behaviour below touches these fields
  private final class Coordinator(ctx: ActorContext[CoordinatorCommand], leaseMillis: Long) {
    private val sweeps = mutable.LinkedHashMap.empty[String, Running]
    private val capacity = mutable.LinkedHashMap.empty[Worker, Int]
    private var reissued = 0L
    private var duplicates = 0L
    private val self = Cluster(ctx.system).selfMember.address

    private def addressOf(ref: ActorRef[?]): Address =
      if (ref.path.address.hasGlobalScope) ref.path.address else self

    val behavior: Behavior[CoordinatorCommand] = Behaviors.receiveMessage { msg =>
      msg match {
        case Submit(id, plan, have, client) =>
          if (!sweeps.contains(id)) sweeps(id) = new Running(plan, JobBook(plan.jobs, have), client)
        case Ping(id, have, client) =>
          sweeps.get(id) match {
            case None => client ! Pong(id, known = false, capacity.size, reissued, duplicates)
            case Some(s) =>
              client ! Pong(id, known = true, capacity.size, reissued, duplicates)
              // a delivery lost with a connection is sent again; the client ignores one it already holds
              s.outcomes.foreach((j, o) => if (!have.contains(j)) client ! Delivered(id, j, o))
          }
        case Forget(id) => sweeps.remove(id): Unit
        case Request(worker, cap) => capacity(worker) = cap
        case Finished(id, job, outcome, worker, cap) =>
          capacity(worker) = cap
          sweeps.get(id) match {
            case Some(s) =>
              val (first, book) = s.book.finish(job, worker)
              s.book = book
              if (first) {
                s.outcomes(job) = outcome
                // the client stops at its last outcome: its figures of the sweep come just before it
                if (book.complete) s.client ! Pong(id, known = true, capacity.size, reissued, duplicates)
                s.client ! Delivered(id, job, outcome)
              } else duplicates += 1
            case None => duplicates += 1
          }
        case Tick =>
          val now = System.currentTimeMillis()
          sweeps.valuesIterator.foreach { s =>
            // a worker that let a lease expire gets no more until it asks again (by a report or a request):
            // a worker that takes jobs and never answers would otherwise take back each job it let expire
            s.book.leases.valuesIterator.filter(_.until <= now).foreach(l => capacity.remove(l.worker): Unit)
            val (n, book) = s.book.expire(now)
            s.book = book
            reissued += n
          }
        case MemberGone(address) =>
          capacity.keys.filter(w => addressOf(w) == address).toVector.foreach(capacity.remove)
          sweeps.filter((_, s) => addressOf(s.client) == address).keys.toVector.foreach(sweeps.remove)
          sweeps.valuesIterator.foreach { s =>
            val (n, book) = s.book.reissue((_, l) => addressOf(l.worker) == address)
            s.book = book
            reissued += n
          }
        case _ => ()
      }
      assign()
      Behaviors.same
    }

    // every worker gets jobs up to its capacity, from the sweeps in the order they came
    private def assign(): Unit = {
      val until = System.currentTimeMillis() + leaseMillis
      capacity.foreach { (worker, cap) =>
        var held = sweeps.valuesIterator.map(_.book.heldBy(worker)).sum
        val it = sweeps.iterator
        while (held < cap && it.hasNext) {
          val (id, s) = it.next()
          var more = true
          while (more && held < cap)
            s.book.lease(worker, until) match {
              case Some((job, book)) =>
                s.book = book
                held += 1
                worker ! Assign(id, job, s.plan.setup(job), s.plan.day(job))
              case None => more = false
            }
        }
      }
    }
  }
}
