package mvt.venue

import java.nio.file.Files

/** The feed scan's word-at-a-time count against a byte-by-byte reading of random files. */
class FeedScanSuite extends munit.FunSuite {

  test("lines, the prefix and the first zero byte match a byte-by-byte reading, across the read window") {
    val rnd = new scala.util.Random(29L)
    val dir = Files.createTempDirectory("mvt-feed-scan")
    val path = dir.resolve("d.trades.csv")
    try
      for (k <- 0 until 300) {
        val size = if (k % 10 == 0) 65536 + rnd.nextInt(70000) else rnd.nextInt(300)
        val b = Array.fill[Byte](size)(('a' + rnd.nextInt(26)).toByte)
        for (_ <- 0 until rnd.nextInt(40)) if (size > 0) b(rnd.nextInt(size)) = '\n'
        if (size > 0 && rnd.nextInt(3) == 0) b(rnd.nextInt(size)) = 0
        Files.write(path, b)
        val lastNl = b.lastIndexOf('\n'.toByte)
        val nul = b.indexOf(0.toByte)
        val what = s"file $k of $size bytes, last newline $lastNl, first zero $nul"
        FeedScan.scan(path) match {
          case Left(d) =>
            assert(nul >= 0 && nul < lastNl + 1, what)
            assertEquals(d.offset, nul.toLong, what)
          case Right(p) =>
            assert(nul < 0 || nul > lastNl, what)
            assertEquals(p.lines, b.count(_ == '\n').toLong, what)
            assertEquals(p.prefixBytes, lastNl + 1L, what)
            assertEquals(p.fileBytes, size.toLong, what)
            if (p.lines > 0) {
              val start = b.lastIndexOf('\n'.toByte, lastNl - 1) + 1
              assertEquals(p.lastLine.toVector, b.slice(start, lastNl + 1).toVector, what)
              assertEquals(FeedScan.endOfLines(path, p.lines), p.prefixBytes, what)
            }
        }
      }
    finally { Files.deleteIfExists(path); Files.deleteIfExists(dir) }
  }
}
