package mvt.venue

import mvt.core.*

import java.nio.file.Path
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.locks.LockSupport

/**
 * The venue in a JVM of its own, for the kill -9 tests: `live DIR ROUND` opens (recovering) the day and loads it
 * from three submitter threads, printing `A id` / `C id` for each acknowledged add / cancel (an acknowledgement
 * is printed only after its outcome arrived, so after its command was durable); `replay DIR FILE SPEED` replays
 * a recorded day and exits 0 when the session closes. Prints `ready` once open. Runs until killed.
 */
object CrashChild {
  val Symbols: Vector[Symbol] = Vector("ACME", "BETA", "GAMMA").map(Symbol.unsafe)
  val Day = "2026-01-05"

  def main(args: Array[String]): Unit = args.toList match {
    case "live" :: dir :: round :: Nil => live(Path.of(dir), round.toInt)
    case "replay" :: dir :: file :: speed :: Nil => replay(Path.of(dir), Path.of(file), speed.toDouble)
    case _ => sys.error(s"usage: live DIR ROUND | replay DIR FILE SPEED, not ${args.mkString(" ")}")
  }

  private def opened(c: VenueConfig): Venue =
    Venue.open(c, System.err.println) match {
      case Left(e) => System.err.println(e.render); sys.exit(2)
      case Right(v) => println("ready"); System.out.flush(); v
    }

  private def replay(dir: Path, file: Path, speed: Double): Unit = {
    val day = RecordedDay.load(file, Some(speed)).fold(e => sys.error(e), identity)
    val c = VenueConfig(dir, day.name, Vector.empty, replay = Some(day))
    Venue.open(c, System.err.println) match {
      case Left(VenueError.AlreadyClosed(_)) => println("closed"); sys.exit(0)
      case Left(e) => System.err.println(e.render); sys.exit(2)
      case Right(v) =>
        println("ready")
        System.out.flush()
        val _ = v.terminated.get()
        println("closed")
        sys.exit(0)
    }
  }

  private def live(dir: Path, round: Int): Unit = {
    val venue = opened(VenueConfig(dir, Day, Symbols))
    val acks = new ConcurrentLinkedQueue[String]
    val submitters = (0 until 3).map { t =>
      new Thread(() => {
        val rnd = new java.util.SplittableRandom(round * 31L + t)
        val base = round * 1000000000L + t * 100000000L
        var next = 1L
        // each id is canceled at most once, so every acknowledged command is one journal record
        val canceled = scala.collection.mutable.HashSet.empty[Long]
        while (true) {
          val target = base + next - 1 - rnd.nextInt(10)
          val cancel = next > 10 && rnd.nextInt(4) == 0 && !canceled.contains(target)
          val cmd =
            if (cancel) Command.Cancel(Symbols(rnd.nextInt(3)), OrderId(target))
            else
              Command.Add(
                Symbols(rnd.nextInt(3)),
                OrderId(base + next),
                if (rnd.nextBoolean()) Side.Buy else Side.Sell,
                Price.fromRaw((100L + rnd.nextInt(8)) * Price.Scale),
                Quantity(1L + rnd.nextInt(20)),
                Account(rnd.nextInt(5))
              )
          val line = cmd match {
            case Command.Add(_, id, _, _, _, _, _) => s"A ${id.value}"
            case Command.Cancel(_, id) => s"C ${id.value}"
            case _ => ""
          }
          val reply = new Reply { def done(o: Outcome): Unit = { val _ = acks.add(line) } }
          venue.submit(cmd, reply) match {
            case None => if (cancel) canceled += target else next += 1
            case Some(_) => LockSupport.parkNanos(100000L)
          }
        }
      })
    }
    submitters.foreach { s =>
      s.setDaemon(true); s.start()
    }
    val out = new java.io.PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false)
    while (true) {
      var a = acks.poll()
      while (a != null) { out.println(a); a = acks.poll() }
      out.flush()
      LockSupport.parkNanos(2000000L)
    }
  }
}
