package mvt.venue

import java.nio.file.{Files, Path}

/**
 * A feed file brought to what the journal implies during recovery: kept where it agrees, completed where it is
 * short, cut where it is long, and rewritten from the first byte where it disagrees; across the 64 KiB window.
 */
class FeedFileSuite extends munit.FunSuite {

  // 200 KB of feed-like lines, so comparisons cross the read window several times
  val implied: Array[Byte] =
    (0 until 8000).map(i => f"2026-01-05T09:30:00.$i%09dZ,ACME,$i,${i % 97}\n").mkString.getBytes("US-ASCII")

  def withFile(existing: Array[Byte])(check: (FeedFile, Path) => Unit): Unit = {
    val dir = Files.createTempDirectory("mvt-feed-file")
    val path = dir.resolve("d.quotes.csv")
    Files.write(path, existing)
    val f = new FeedFile(path)
    try check(f, path)
    finally {
      f.close()
      Files.deleteIfExists(path)
      Files.deleteIfExists(dir)
    }
  }

  // the implied feed in uneven pieces, as a feed writer's buffer hands it over
  def feed(f: FeedFile): Unit = {
    var at = 0
    var piece = 1
    while (at < implied.length) {
      val n = math.min(piece, implied.length - at)
      f.reconcile.write(implied, at, n)
      at += n
      piece = piece * 3 % 70001 + 1
    }
  }

  test("a file that holds exactly the implied feed is kept: nothing cut, no divergence") {
    withFile(implied) { (f, path) =>
      feed(f)
      assertEquals(f.settle(), (0L, -1L))
      assert(java.util.Arrays.equals(Files.readAllBytes(path), implied))
    }
  }

  test("a file short of the implied feed (or absent lines) is completed") {
    withFile(implied.take(123457)) { (f, path) =>
      feed(f)
      assertEquals(f.settle(), (0L, -1L))
      assert(java.util.Arrays.equals(Files.readAllBytes(path), implied))
      assertEquals(f.size, implied.length.toLong)
    }
  }

  test("a file longer than the implied feed is cut at settle, and says how much") {
    withFile(implied ++ "2026-01-05T10:00:00Z,ACME,1,1\n".getBytes("US-ASCII")) { (f, path) =>
      feed(f)
      assertEquals(f.settle(), (30L, -1L))
      assert(java.util.Arrays.equals(Files.readAllBytes(path), implied))
    }
  }

  test("a file that disagrees at one byte is rewritten from that byte, which is reported") {
    for (at <- List(0, 1, 65535, 65536, 100001, implied.length - 1)) {
      val bad = implied.clone()
      bad(at) = '#'.toByte
      withFile(bad ++ "tail".getBytes("US-ASCII")) { (f, path) =>
        feed(f)
        assertEquals(f.settle(), (0L, at.toLong), s"a byte changed at $at")
        assert(java.util.Arrays.equals(Files.readAllBytes(path), implied), s"a byte changed at $at")
      }
    }
  }

  test("lines appended after recovery follow the implied feed") {
    withFile(Array.emptyByteArray) { (f, path) =>
      feed(f)
      val _ = f.settle()
      val sink = new ByteSink(4)
      sink.write("more\n".getBytes("US-ASCII"), 0, 5)
      f.append(sink)
      assert(java.util.Arrays.equals(Files.readAllBytes(path), implied ++ "more\n".getBytes("US-ASCII")))
    }
  }
}
