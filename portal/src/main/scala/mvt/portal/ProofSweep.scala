package mvt.portal

import cats.effect.{IO, Ref, Resource}
import cats.syntax.all.*
import mvt.reporting.auth.Authenticator

import java.util.concurrent.atomic.AtomicBoolean

import scala.concurrent.duration.FiniteDuration

/**
 * The proofs (session cookies and API tokens) of the open event streams, checked together: one sweep every
 * `every` checks every distinct proof against the ones held in memory (`Authenticator.stillHeld`) and ends each stream whose
 * proof no longer holds for its user (signed out, expired, revoked or removed, by this process or another that
 * wrote the store). A thousand streams on one token cost one lookup a second, not a thousand. The sweep runs
 * on a fiber of its own while any stream is open, and stops once none is. A sweep that fails ends the streams
 * it was checking: their pages reconnect, and the routes check them anew. Every sweep wakes every open stream
 * (`wake`), after marking the ended ones, so that a stream needs no timer of its own: it ends, or sends a
 * keep-alive if it has been quiet, when woken. Safe to use from any fiber.
 */
final class ProofSweep(auth: Authenticator, every: FiniteDuration) {

  // one open stream: whose it is, whether its proof has ended, and how to wake it
  private final class Holder(val user: String, val wake: () => Unit) extends ProofSweep.Held {
    val over = new AtomicBoolean(false)
    def ended: Boolean = over.get
  }

  // the open streams by proof and by a number of their own; whether the sweep's fiber runs
  private final case class Open(
      byProof: Map[Caller.Proof, Map[Long, Holder]],
      next: Long,
      sweeping: Boolean
  ) {
    def add(proof: Caller.Proof, h: Holder): Open =
      copy(byProof.updated(proof, byProof.getOrElse(proof, Map.empty).updated(next, h)), next + 1)
    def remove(proof: Caller.Proof, id: Long): Open = {
      val left = byProof.getOrElse(proof, Map.empty) - id
      copy(byProof = if (left.isEmpty) byProof - proof else byProof.updated(proof, left))
    }
  }

  private val open = Ref.unsafe[IO, Open](Open(Map.empty, 0L, sweeping = false))

  /**
   * Holds `caller`'s proof under the sweep while the resource is held: it is `ended` once the proof no longer
   * holds for that user, and `wake` is called after every sweep (from the sweep's fiber; it must be quick).
   */
  def hold(caller: Caller, wake: () => Unit): Resource[IO, ProofSweep.Held] =
    Resource.make(
      for {
        holder <- IO(new Holder(caller.user.name, wake))
        added <- open.modify { o =>
          val id = o.next
          (o.add(caller.proof, holder).copy(sweeping = true), (id, !o.sweeping))
        }
        (id, start) = added
        // the sweep outlives the request that started it; it ends by itself once no stream is open
        _ <- sweep.start.whenA(start)
      } yield (id, holder)
    )((id, _) => open.update(_.remove(caller.proof, id))).map(_._2)

  /** How many distinct proofs are held now. */
  def proofs: IO[Int] = open.get.map(_.byProof.size)

  private def sweep: IO[Unit] =
    IO.sleep(every) >> open.modify { o =>
      if (o.byProof.isEmpty) (o.copy(sweeping = false), None) else (o, Some(o.byProof))
    }.flatMap {
      case None => IO.unit
      case Some(held) => check(held) >> sweep
    }

  private def check(held: Map[Caller.Proof, Map[Long, Holder]]): IO[Unit] = {
    val cookies = held.keySet.collect { case Caller.Proof.Session(c) => c }
    val tokens = held.keySet.collect { case Caller.Proof.Token(t) => t }
    auth.stillHeld(cookies, tokens).attempt.flatMap { found =>
      val ended = held.toVector.flatMap { (proof, holders) =>
        val user = found.toOption.flatMap((sessions, bearers) =>
          proof match {
            case Caller.Proof.Session(c) => sessions.get(c)
            case Caller.Proof.Token(t) => bearers.get(t)
          }
        )
        holders.values.filterNot(h => user.exists(_.name == h.user))
      }
      IO {
        ended.foreach(_.over.set(true))
        held.valuesIterator.foreach(_.valuesIterator.foreach(_.wake()))
      }
    }
  }
}

object ProofSweep {

  /** One stream's hold on its proof: whether the proof has ended (the stream must then end). */
  trait Held {
    def ended: Boolean
  }
}
