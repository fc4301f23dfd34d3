package mvt.venue

import mvt.core.*
import mvt.reporting.StoreFixtures
import mvt.workload.CommandLogWriter

import java.io.{BufferedReader, InputStreamReader}
import java.nio.file.{Files, Path}
import java.util.concurrent.{ConcurrentLinkedQueue, TimeUnit}
import scala.jdk.CollectionConverters.*

/**
 * kill -9 of a venue JVM under load, at random points. After each kill: every acknowledged command is in the
 * journal exactly once; a restart recovers books, trades and quotes equal to `mvt match`'s replay of the
 * recovered journal, byte for byte; reporting's Ingest, following the feeds across every crash, ends with the
 * same store as one pass over the final feeds. A recorded day replayed through crashes ends with the same journal
 * and feeds as one that ran through.
 */
class CrashSuite extends munit.FunSuite with StoreFixtures {

  override val munitTimeout = scala.concurrent.duration.Duration(15, "min")

  private val Fee = new java.math.BigDecimal("0.002")

  // every child still running when a test ends is killed, so a failed test leaves no JVM behind
  private val children = new ConcurrentLinkedQueue[Process]
  override def afterEach(context: AfterEach): Unit =
    children.asScala.foreach { p =>
      p.destroyForcibly(); val _ = p.waitFor(30, TimeUnit.SECONDS)
    }

  final class Child(args: String*) {
    val process: Process = {
      val java = Path.of(System.getProperty("java.home"), "bin", "java").toString
      val cmd = Vector(
        java,
        "-Xmx512m",
        "-XX:+UseSerialGC",
        "-cp",
        System.getProperty("java.class.path"),
        "mvt.venue.CrashChild"
      ) ++ args
      val p = new ProcessBuilder(cmd.asJava).redirectError(ProcessBuilder.Redirect.INHERIT).start()
      children.add(p)
      p
    }
    val lines = new ConcurrentLinkedQueue[String]
    private val reader = new Thread(() => {
      val in = new BufferedReader(new InputStreamReader(process.getInputStream))
      var l = in.readLine()
      while (l != null) { lines.add(l); l = in.readLine() }
    })
    reader.setDaemon(true)
    reader.start()

    def count(p: String => Boolean): Int = lines.asScala.count(p)

    def await(what: String, p: => Boolean): Unit = {
      val deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3)
      while (!p && process.isAlive && System.nanoTime() < deadline) Thread.sleep(5)
      assert(p, s"$what (child alive: ${process.isAlive})")
    }

    /** A real kill -9, then the rest of its output. */
    def kill(): Unit = {
      val k = new ProcessBuilder("kill", "-9", process.pid.toString).start()
      assertEquals(k.waitFor(), 0)
      assert(process.waitFor(60, TimeUnit.SECONDS))
      reader.join(60000)
    }
  }

  def checkRecovery(c: VenueConfig, what: String): Unit = {
    val v = Venue.open(c, _ => ()).fold(e => fail(s"$what: ${e.render}"), identity)
    v.stop()
    val _ = v.terminated.get(120, TimeUnit.SECONDS)
    val oracle = JournalOracle.run(c.journal)
    assertEquals(new String(Files.readAllBytes(c.trades)), new String(oracle.trades), what)
    assertEquals(new String(Files.readAllBytes(c.quotes)), new String(oracle.quotes), what)
    assertEquals(v.snapshotAfterStop, oracle.snapshot, what)
  }

  test(
    "kill -9 under load at random points loses no acknowledged command and recovers what the journal says"
  ) {
    withTempDir { tmp =>
      val dir = Files.createDirectory(tmp.resolve("journal"))
      val c = VenueConfig(dir, CrashChild.Day, CrashChild.Symbols)
      val followed = tmp.resolve("followed.db")
      val rnd = new scala.util.Random(29L)
      var acked = Vector.empty[(Int, Long)]
      for (round <- 1 to 8) {
        val child = new Child("live", dir.toString, round.toString)
        child.await("the venue opens", child.count(_ == "ready") == 1)
        val target = 50 + rnd.nextInt(3000)
        child.await(s"round $round: $target acknowledgements", child.count(_ != "ready") >= target)
        child.kill()
        acked ++= child.lines.asScala.toVector.filter(_ != "ready").map { l =>
          (if (l.startsWith("A")) CommandReader.Add else CommandReader.Cancel, l.drop(2).toLong)
        }
        val journaled = JournalOracle.commandIds(c.journal)
        val times = journaled.groupBy(identity).view.mapValues(_.size).toMap
        val missing = acked.filterNot(times.contains)
        assert(missing.isEmpty, s"round $round: acknowledged, not journaled: ${missing.take(5)}")
        val twice = times.filter(_._2 > 1)
        assert(twice.isEmpty, s"round $round: journaled more than once: ${twice.take(5)}")
        // the follower reads the feeds as the crash left them, then as recovery leaves them
        ingestAll(followed, dir, Fee)
        checkRecovery(c, s"round $round")
        ingestAll(followed, dir, Fee)
      }
      assert(acked.size > 400, acked.size)
      ingestAll(tmp.resolve("whole.db"), dir, Fee)
      val expected = tables(tmp.resolve("whole.db"))
      val got = tables(followed)
      for (t <- expected.keys) assertEquals(got(t), expected(t), s"table $t")
      assert(expected.values.exists(_.nonEmpty))
    }
  }

  test(
    "a recorded day replayed through kill -9 at random points ends with the journal and feeds of one run"
  ) {
    withTempDir { tmp =>
      val day = tmp.resolve("recorded.mvtc")
      val n = 60000
      RecordedDays.write(day, n)
      // the recorded day spans n / 40 seconds; this speed plays it in about three seconds
      val speed = (n / 40) / 3.0
      val through = Files.createDirectory(tmp.resolve("through"))
      val recorded = RecordedDay.load(day, None).fold(e => fail(e), identity)
      val one =
        Venue.open(VenueConfig(through, recorded.name, Vector.empty, replay = Some(recorded)), _ => ())
          .fold(e => fail(e.render), identity)
      val _ = one.terminated.get(5, TimeUnit.MINUTES)
      val crashed = Files.createDirectory(tmp.resolve("crashed"))
      val rnd = new scala.util.Random(11L)
      var closed = false
      var round = 0
      var kills = 0
      while (!closed) {
        round += 1
        assert(round < 60, "the replay did not finish in 60 rounds")
        val child = new Child("replay", crashed.toString, day.toString, speed.toString)
        child.await(
          "the venue opens or says the day is closed",
          child.count(l => l == "ready" || l == "closed") >= 1
        )
        if (kills < 6) Thread.sleep(100L + rnd.nextInt(1500))
        if (child.process.isAlive && kills < 6) { child.kill(); kills += 1 }
        else {
          assert(child.process.waitFor(5, TimeUnit.MINUTES))
          assertEquals(child.process.exitValue, 0)
          closed = true
        }
      }
      assert(kills >= 3, s"only $kills kills landed before the day closed")
      for (f <- List(".mvtc", ".trades.csv", ".quotes.csv", ".end")) {
        val name = recorded.name + f
        assert(
          java.util.Arrays.equals(
            Files.readAllBytes(crashed.resolve(name)),
            Files.readAllBytes(through.resolve(name))
          ),
          s"$name differs after $kills kills"
        )
      }
    }
  }
}
