package mvt.cluster

import mvt.crdt.ClientId
import org.apache.pekko.actor.typed.receptionist.{Receptionist, ServiceKey}
import org.apache.pekko.actor.typed.scaladsl.{ActorContext, Behaviors, TimerScheduler}
import org.apache.pekko.actor.typed.{ActorRef, Behavior}
import org.apache.pekko.cluster.ddata.typed.scaladsl.Replicator
import org.apache.pekko.cluster.ddata.typed.scaladsl.Replicator.{
  Changed,
  Get,
  GetResponse,
  GetSuccess,
  NotFound,
  ReadAll,
  ReadMajority,
  StoreFailure,
  SubscribeResponse,
  Update,
  UpdateResponse,
  UpdateSuccess,
  WriteLocal,
  WriteMajority
}
import org.apache.pekko.cluster.ddata.typed.scaladsl.{DistributedData, ReplicatorMessageAdapter}

import org.apache.pekko.util.Timeout

import scala.concurrent.Promise
import scala.concurrent.duration.*
import scala.reflect.ClassTag
import scala.util.{Failure, Success}

/**
 * The ledger's link to the cluster: it ships local deltas to the replicator (locally or to a majority; a majority
 * debit then reads the account back from a majority and is given back if the balance there does not cover it),
 * joins the replicator's changes into the ledger, and in the `bounded` mode asks peers for rights and answers their asks (a
 * replica restarted under its earlier id only once it has read the account back from every replica).
 * Off the authorization path: the ledger only sends it messages.
 */
object LedgerActor {

  /** What the ledger actor handles. Only [[RightsRequest]] crosses the network. */
  trait Command

  /** Ship `delta` of `account`; `done` (majority writes only) learns whether the debit held, or why it was credited back. */
  final case class Publish[S](
      account: ClientId,
      delta: S,
      amount: Long,
      majority: Boolean,
      done: Promise[Authorization]
  ) extends Command

  /** Ship the ledger's queued debits (see `Ledger.ShipEvery`). */
  case object Ship extends Command

  /** Follow `account`'s replicated state. */
  final case class Watch(account: ClientId) extends Command

  /** A spend of `amount` on `account` was refused for lack of rights: ask the peers. */
  final case class NeedRights(account: ClientId, amount: Long) extends Command

  /** Read `account` back from every replica (a replica id an earlier run used), again until every one answers. */
  final case class ReadBack(account: ClientId) extends Command

  private final case class Peers(refs: Set[ActorRef[Command]]) extends Command
  private final case class Arrived[S](account: ClientId, state: Replicated[S]) extends Command
  // `writes`: the ledger's writes this one joined (queued debits of one account), each answered with it
  private final case class Written(
      account: ClientId,
      amount: Long,
      ok: Boolean,
      storeFailed: Boolean,
      done: Promise[Authorization],
      writes: Int
  ) extends Command
  private final case class Verified[S](
      account: ClientId,
      amount: Long,
      state: Option[Replicated[S]],
      storeFailed: Boolean,
      done: Promise[Authorization]
  ) extends Command
  private final case class ReadBackDone[S](account: ClientId, state: Option[Replicated[S]]) extends Command
  private final case class ReadBackFailed(account: ClientId) extends Command
  private case object Ignored extends Command

  // How long past its own timeout the replicator may stay silent before an ask counts as unanswered.
  private val UnexpectedSilence = 20.seconds

  /**
   * Asks of the replicator that always end in a message to this actor: its answer mapped, or `unanswered` once
   * `within` passed. The replicator adapter's own asks throw in the asking actor when no answer comes, which stops
   * the ledger actor, and every write then in flight, a `majority` debit among them, would never be settled.
   */
  private[cluster] final class Asks(
      ctx: ActorContext[Command],
      replicator: ActorRef[Replicator.Command],
      within: FiniteDuration
  ) {
    private given Timeout = Timeout(within)

    def apply[R: ClassTag](
        request: ActorRef[R] => Replicator.Command,
        answer: R => Command,
        unanswered: => Command
    ): Unit =
      ctx.ask[Replicator.Command, R](replicator, request) {
        case Success(r) => answer(r)
        case Failure(e) =>
          ctx.log.warn("the replicator did not answer in {}: {}", within, e.getMessage)
          unanswered
      }
  }

  // A read-back that not every replica answered (one is unreachable until it is removed) is tried again this often.
  private val ReadBackRetry = 500.millis

  /** Every ledger actor registers under this key, so peers find each other as the membership changes. */
  val Key: ServiceKey[Command] = ServiceKey[Command]("mvt-ledger")

  // A refused spend asks again for the same account at most this often, so a busy loop does not flood peers.
  private val AskEveryNanos = 50_000_000L

  def apply[S](ledger: Ledger[S], writeTimeout: FiniteDuration): Behavior[Command] =
    Behaviors.setup { ctx =>
      ctx.system.receptionist ! Receptionist.Register(Key, ctx.self)
      ctx.system.receptionist ! Receptionist.Subscribe(
        Key,
        ctx.messageAdapter[Receptionist.Listing](l => Peers(l.serviceInstances(Key)))
      )
      // a restart after a failure follows again every account the ledger holds (at the first start, none or those
      // the ledger's start watches anyway: a second Watch is a no-op)
      ledger.accounts.foreach(a => ctx.self ! Watch(a))
      Behaviors.withTimers { timers =>
        timers.startTimerWithFixedDelay(Ship, Ledger.ShipEvery)
        DistributedData.withReplicatorMessageAdapter[Command, Replicated[S]] { replicator =>
          running(
            ledger,
            replicator,
            new Asks(ctx, DistributedData(ctx.system).replicator, writeTimeout + UnexpectedSilence),
            timers,
            writeTimeout,
            ctx.self,
            Set.empty,
            Set.empty,
            Map.empty,
            Map.empty
          )
        }
      }
    }

  private def running[S](
      ledger: Ledger[S],
      replicator: ReplicatorMessageAdapter[Command, Replicated[S]],
      asks: Asks,
      timers: TimerScheduler[Command],
      writeTimeout: FiniteDuration,
      self: ActorRef[Command],
      peers: Set[ActorRef[Command]],
      watched: Set[ClientId],
      asked: Map[ClientId, Long],
      unsent: Map[ClientId, Long]
  ): Behavior[Command] = {
    // this behaviour with some of its state replaced
    def again(
        ps: Set[ActorRef[Command]] = peers,
        w: Set[ClientId] = watched,
        a: Map[ClientId, Long] = asked,
        u: Map[ClientId, Long] = unsent
    ): Behavior[Command] = running(ledger, replicator, asks, timers, writeTimeout, self, ps, w, a, u)
    // asks every node in `others` for each account's rights (account -> amount); returns `asked` with them stamped now
    def askRights(others: Set[ActorRef[Command]], accounts: Map[ClientId, Long]): Map[ClientId, Long] = {
      accounts.foreach((account, amount) => others.foreach(_ ! RightsRequest(account, amount, ledger.self)))
      val now = System.nanoTime()
      accounts.keys.foldLeft(asked)(_.updated(_, now))
    }
    // ships `delta` of `account`, joining `writes` of the ledger's, to the replicator: locally or to a majority
    def write(
        account: ClientId,
        delta: S,
        amount: Long,
        majority: Boolean,
        done: Promise[Authorization],
        writes: Int
    ): Unit = {
      val consistency = if (majority) WriteMajority(writeTimeout) else WriteLocal
      val empty = Replicated.empty(ledger.lattice0)
      asks(
        (replyTo: ActorRef[UpdateResponse[Replicated[S]]]) =>
          Update(ledger.key(account), empty, consistency, replyTo)(_.joinLocal(delta)),
        // every write is answered, so the ledger knows when its writes are stored (on a durable ledger, LMDB
        // committed them before the replicator answers)
        (rsp: UpdateResponse[Replicated[S]]) =>
          Written(
            account,
            amount,
            rsp.isInstanceOf[UpdateSuccess[?]],
            rsp.isInstanceOf[StoreFailure[?]],
            done,
            writes
          ),
        // no answer at all: neither held by a majority nor known to be stored
        Written(account, amount, ok = false, storeFailed = true, done, writes)
      )
    }
    Behaviors.receiveMessage {
      case Watch(account) =>
        if (watched(account)) Behaviors.same
        else {
          // the adapter maps every key's changes through one function (one message adapter per class), so the
          // account is read from the key, never captured
          replicator.subscribe(
            ledger.key(account),
            (rsp: SubscribeResponse[Replicated[S]]) => changed(ledger, rsp)
          )
          again(w = watched + account)
        }
      case p: Publish[?] =>
        write(p.account, p.delta.asInstanceOf[S], p.amount, p.majority, p.done, 1)
        Behaviors.same
      case Ship =>
        ledger.takeQueued((account, delta, writes) =>
          write(account, delta, 0L, majority = false, null, writes)
        )
        Behaviors.same
      case Written(account, amount, true, storeFailed, done, _) if done ne null =>
        // a majority holds the debit; a majority read then sees every debit a majority held before it, so of two
        // nodes that spent the same money at once, the one whose write settled last sees both and gives its back
        asks(
          (replyTo: ActorRef[GetResponse[Replicated[S]]]) =>
            Get(ledger.key(account), ReadMajority(writeTimeout), replyTo),
          (rsp: GetResponse[Replicated[S]]) => verified(account, amount, rsp, storeFailed, done),
          Verified[S](account, amount, None, storeFailed, done)
        )
        Behaviors.same
      case Written(account, amount, ok, storeFailed, done, writes) =>
        // a majority write is settled first, so a debit it undoes is sent before this write counts as answered
        if (done ne null) {
          ledger.settled(account, amount, ok)
          done.success(if (ok) Authorization.Approved else Authorization.Refused.NoMajority)
        }
        ledger.answered(storeFailed, writes)
        Behaviors.same
      case v: Verified[?] =>
        v.state.foreach(r => ledger.received(v.account, r.state.asInstanceOf[S]))
        // the balance a majority shows, this debit and every one settled before it in: below zero, they overspend
        val outcome =
          if (v.state.isEmpty) Authorization.Refused.NoMajority
          else if (ledger.balance(v.account) < 0L) Authorization.Refused.Insufficient
          else Authorization.Approved
        ledger.settled(v.account, v.amount, outcome == Authorization.Approved)
        v.done.success(outcome)
        ledger.answered(v.storeFailed)
        Behaviors.same
      case a: Arrived[?] =>
        ledger.received(a.account, a.state.state.asInstanceOf[S])
        Behaviors.same
      case ReadBack(account) =>
        asks(
          (replyTo: ActorRef[GetResponse[Replicated[S]]]) =>
            Get(ledger.key(account), ReadAll(writeTimeout), replyTo),
          (rsp: GetResponse[Replicated[S]]) => readBack(ledger, account, rsp),
          ReadBackFailed(account)
        )
        Behaviors.same
      case r: ReadBackDone[?] =>
        ledger.readBack(r.account, r.state.map(_.state.asInstanceOf[S]))
        Behaviors.same
      case ReadBackFailed(account) =>
        timers.startSingleTimer(ReadBack(account), ReadBackRetry)
        Behaviors.same
      case NeedRights(account, amount) =>
        if (asked.get(account).exists(t => System.nanoTime() - t < AskEveryNanos)) Behaviors.same
        else {
          val others = peers.filter(_ != self)
          // nobody to ask yet (a node that just joined): asked once a peer appears, or the first spend is refused
          if (others.isEmpty) again(u = unsent.updated(account, amount))
          else again(a = askRights(others, Map(account -> amount)))
        }
      case RightsRequest(account, amount, requester) =>
        ledger.give(account, requester, amount).foreach { delta =>
          ledger.publish(account, delta, 0L, majority = false, null)
        }
        Behaviors.same
      case Peers(refs) =>
        val others = refs.filter(_ != self)
        if (others.isEmpty) again(ps = refs)
        else again(ps = refs, a = askRights(others, unsent), u = Map.empty)
      case Ignored =>
        Behaviors.same
      case _ =>
        Behaviors.unhandled
    }
  }

  private def readBack[S](ledger: Ledger[S], account: ClientId, rsp: GetResponse[Replicated[S]]): Command =
    rsp match {
      case g: GetSuccess[Replicated[S]] @unchecked => ReadBackDone(account, Some(g.get(g.key)))
      case _: NotFound[?] => ReadBackDone[S](account, None)
      case _ => ReadBackFailed(account)
    }

  // a read no majority answered cannot show the debit safe: it is given back like a write no majority took
  private def verified[S](
      account: ClientId,
      amount: Long,
      rsp: GetResponse[Replicated[S]],
      storeFailed: Boolean,
      done: Promise[Authorization]
  ): Command = rsp match {
    case g: GetSuccess[Replicated[S]] @unchecked =>
      Verified(account, amount, Some(g.get(g.key)), storeFailed, done)
    case _ => Verified[S](account, amount, None, storeFailed, done)
  }

  private def changed[S](ledger: Ledger[S], rsp: SubscribeResponse[Replicated[S]]): Command = rsp match {
    case c: Changed[Replicated[S]] @unchecked => Arrived(ledger.account(c.key.id), c.get(c.key))
    case _ => Ignored
  }
}
