package mvt.venue

import mvt.core.Command
import mvt.reporting.StoreFixtures
import mvt.workload.{CommandLog, CommandLogReader, ProfileGenerator, WorkloadProfile}

import java.nio.file.{Files, Path}

/**
 * The journal decoded on its own thread (`JournalBlocks`) gives the replay exactly what the one-thread reader
 * gives: the same commands in the same order, up to the same first bad record, with the same symbols, running
 * sums and clock after them; a replay that stops early stops the decoder.
 */
class JournalBlocksSuite extends munit.FunSuite with StoreFixtures {

  // a whole log of `n` commands of the normal profile (several blocks), trailer included
  def log(dir: Path, n: Int, seed: Long): Path = {
    val p = dir.resolve(s"log-$seed.mvtc")
    val out = Files.newOutputStream(p)
    try CommandLog.write(ProfileGenerator.generate(WorkloadProfile.normal, n, seed).batch, out)
    finally out.close()
    p
  }

  // every command, then (symbols, sum1, sum2, clock), through the one-thread reader
  def direct(p: Path): (Vector[Command], (Vector[mvt.core.Symbol], Long, Long, Long)) = {
    val in = new java.io.BufferedInputStream(Files.newInputStream(p), 1 << 16)
    try {
      val r = CommandLogReader.open(in).toOption.get
      val out = Vector.newBuilder[Command]
      var n = r.nextBlock()
      while (n > 0) {
        var i = 0
        while (i < n) { out += r.columns.command(i, r.symbols); i += 1 }
        n = r.nextBlock()
      }
      (out.result(), (r.symbols.toVector, r.runningSum1, r.runningSum2, r.clockNanos))
    } finally in.close()
  }

  def threaded(p: Path): (Vector[Command], (Vector[mvt.core.Symbol], Long, Long, Long)) = {
    val j = JournalBlocks.start(p)
    try {
      val out = Vector.newBuilder[Command]
      var symbols = Vector.empty[mvt.core.Symbol]
      var b = j.take()
      while (b ne null) {
        if (b.symbols ne null) symbols = b.symbols
        var i = 0
        while (i < b.size) { out += b.columns.command(i, symbols); i += 1 }
        j.release(b)
        b = j.take()
      }
      (out.result(), (j.symbols, j.sum1, j.sum2, j.clock))
    } finally j.close()
  }

  test("a whole log, one cut mid-record and one with a bad record decode as the one-thread reader does") {
    withTempDir { tmp =>
      for (seed <- 1L to 3L) {
        val whole = log(tmp, 30000 + seed.toInt * 7919, seed)
        val bytes = Files.readAllBytes(whole)
        val rnd = new scala.util.Random(seed)
        val cut = tmp.resolve(s"cut-$seed.mvtc")
        Files.write(cut, java.util.Arrays.copyOf(bytes, 12 + rnd.nextInt(bytes.length - 12)))
        val bad = tmp.resolve(s"bad-$seed.mvtc")
        val damaged = bytes.clone()
        damaged(12 + 32 * rnd.nextInt((bytes.length - 12) / 32 - 1)) = 0x55 // an unknown record kind
        Files.write(bad, damaged)
        for (p <- List(whole, cut, bad)) {
          val expected = direct(p)
          assert(expected._1.nonEmpty || p == bad, p.toString)
          assertEquals(threaded(p), expected, p.toString)
        }
      }
    }
  }

  test("a replay that stops after its first block stops the decoder") {
    withTempDir { tmp =>
      val j = JournalBlocks.start(log(tmp, 200000, 9L)) // far more blocks than are in flight
      val b = j.take()
      assert(b != null && b.size > 0)
      j.close() // returns once the decoder, waiting for a free block, has ended
    }
  }
}
