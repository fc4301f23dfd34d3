package mvt.reporting.live

import cats.effect.IO
import cats.effect.unsafe.implicits.global
import cats.syntax.all.*
import mvt.reporting.PnlFold

import java.math.BigDecimal
import scala.concurrent.duration.*

/**
 * A watcher of live figures is a one-slot mailbox: one that falls behind gets the newest figures (exact, as of
 * the last fold), never a queue of stale ones and never an older state after a newer; a wake-up answers its wait
 * without a snapshot.
 */
class LiveMailboxSuite extends munit.FunSuite {

  override val munitTimeout = scala.concurrent.duration.Duration(3, "min")

  private val T0 = 1_700_000_000_000_000_000L
  private val Account = 7

  // account 7 buys one share of ACME at 10 more each trade: its position after trade k is k
  private def trade(fold: PnlFold, k: Int): Unit =
    fold.trade(T0 + k, "ACME", 1_000_000_000L + k, 1, Account, 9)

  test("a watcher that has not read while ingest folded gets the newest figures, exactly the fold's") {
    val live = new LiveFigures
    val fold = new PnlFold(new BigDecimal("0.01"))
    live.watch(Account).use { w =>
      IO {
        (1 to 50).foreach { k =>
          trade(fold, k); live.folded(fold)
        }
      } >> w.next(0L).map { got =>
        val s = got.getOrElse(fail("no snapshot"))
        assertEquals(s.version, 50L)
        assertEquals(s.at, fold.now)
        assertEquals(s.symbols, fold.liveOf(Account))
        assertEquals(s.symbols.map(_.position), Vector(50L))
        assertEquals(live.latest(Account), Some(s))
      }
    }.unsafeRunSync()
  }

  test(
    "a slow reader while ingest folds: versions only rise, each exact as of its fold, and it ends on the last"
  ) {
    val live = new LiveFigures
    val fold = new PnlFold(new BigDecimal("0.01"))
    val trades = 3000
    live.watch(Account).use { w =>
      // ingest on a thread of its own, as it runs
      val ingest = IO.blocking((1 to trades).foreach { k =>
        trade(fold, k); live.folded(fold)
      })
      def read(after: Long, seen: Vector[(Long, Long)]): IO[Vector[(Long, Long)]] =
        if (after == trades.toLong) IO.pure(seen)
        else
          w.next(after).flatMap {
            case Some(s) =>
              // a slow page: it reads, then is busy a while before it reads again
              IO.sleep(200.micros) >> read(s.version, seen :+ (s.version -> s.symbols.head.position))
            case None => IO(fail("woken without a wake"))
          }
      (read(0L, Vector.empty), ingest).parTupled.map { (seen, _) =>
        assert(seen.nonEmpty)
        assertEquals(seen.last._1, trades.toLong, "the last figures read are the last fold's")
        seen.zip(seen.drop(1)).foreach { case ((a, _), (b, _)) =>
          assert(b > a, s"version $b read after $a: an older state after a newer")
        }
        // one trade a fold: the figures of version v are the position after trade v, no older, no newer
        seen.foreach((v, position) => assertEquals(position, v, s"the figures of version $v"))
      }
    }.timeout(2.minutes).unsafeRunSync()
  }

  test("a wake answers a pending wait, or the next one, with no snapshot; the watcher then waits again") {
    val live = new LiveFigures
    val fold = new PnlFold(new BigDecimal("0.01"))
    live.watch(Account).use { w =>
      for {
        _ <- IO { trade(fold, 1); live.folded(fold) }
        first <- w.next(0L)
        _ = assertEquals(first.map(_.version), Some(1L))
        waiting <- w.next(1L).start
        // the wait is pending once it has put itself in the slot: wake until it answers
        woken <- (IO(w.wake()) >> IO.sleep(10.millis) >> waiting.join.timeout(10.millis).attempt)
          .iterateUntil(_.isRight).timeout(60.seconds)
        _ <- IO(assertEquals(woken.map(_.isSuccess), Right(true)))
        // a wake with nobody waiting answers the next wait at once; after that, the wait is for a snapshot
        _ <- IO(w.wake())
        early <- w.next(1L)
        _ = assertEquals(early, None)
        after <- w.next(1L).start
        _ <- IO { trade(fold, 2); live.folded(fold) }
        second <- after.joinWithNever.timeout(60.seconds)
      } yield assertEquals(second.map(_.version), Some(2L))
    }.unsafeRunSync()
  }

  test("the last watcher gone, the account is no longer watched; another watcher of it keeps it") {
    val live = new LiveFigures
    val fold = new PnlFold(new BigDecimal("0.01"))
    (live.watch(Account), live.watch(Account)).tupled.use { (a, b) =>
      IO { trade(fold, 1); live.folded(fold) } >>
        (a.next(0L), b.next(0L)).tupled.map((x, y) => assertEquals(x, y))
    }.unsafeRunSync()
    assertEquals(live.watchedAccounts, 0)
    live.watch(Account).use(_ => IO(live.watchedAccounts)).map(n => assertEquals(n, 1)).unsafeRunSync()
  }
}
