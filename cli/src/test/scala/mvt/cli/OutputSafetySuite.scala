package mvt.cli

import mvt.core.{ConformanceCases, Mix, RandomCommands}

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files as JFiles, Path}
import scala.concurrent.duration.*

/**
 * Outputs never lose data: atomic replacement, write-through for devices and FIFOs, paths checked against each
 * other, write errors reported, real processes killed and interrupted.
 */
class OutputSafetySuite extends munit.FunSuite {
  override val munitTimeout: Duration = 5.minutes

  // rm, not FileTree: the full-disk test's tmpfs may still be mounted (umount says busy) and must not fail the rest
  private val tmp = FunFixture[Path](
    setup = _ => JFiles.createTempDirectory("mvt-out"),
    teardown = dir => {
      val _ = new ProcessBuilder("rm", "-rf", dir.toString).start().waitFor()
    }
  )

  private val worked = ConformanceCases.all.find(_.name.startsWith("01")).get
  private def write(dir: Path, name: String, bytes: Array[Byte]): Path = {
    val p = dir.resolve(name)
    JFiles.write(p, bytes)
    p
  }
  // whether this JVM ignores a signal (bit n-1 of SigIgn in /proc/self/status), which a child would inherit
  private def ignored(signal: String): Boolean = {
    val number = if (signal == "INT") 2 else 15
    val line =
      JFiles.readAllLines(Path.of("/proc/self/status")).toArray.map(_.toString).find(_.startsWith("SigIgn:"))
    line.exists(l => (java.lang.Long.parseUnsignedLong(l.split("\\s+")(1), 16) & (1L << (number - 1))) != 0)
  }

  private def temporaries(dir: Path): Vector[String] =
    JFiles.list(dir).toArray.map(_.toString).toVector.filter(_.endsWith(".mvt-tmp"))

  // a commands file big enough that a run takes several seconds
  private def large(dir: Path, lines: Int): Path = {
    val p = dir.resolve("large.csv")
    val w = JFiles.newBufferedWriter(p, UTF_8)
    try new RandomCommands(7L, Mix.cancelHeavy(5000)).take(lines).foreach { l =>
        w.write(l); w.write('\n')
      }
    finally w.close()
    p
  }

  tmp.test("a FIFO target stays a FIFO and its reader gets every event") { dir =>
    val fifo = dir.resolve("events.fifo")
    assertEquals(new ProcessBuilder("mkfifo", fifo.toString).start().waitFor(), 0)
    val got = new java.util.concurrent.atomic.AtomicReference[String]("")
    val reader = new Thread(() => got.set(new String(JFiles.readAllBytes(fifo), UTF_8)))
    reader.start()
    val in = write(dir, "in.csv", worked.commands)
    val r = CliRun("match", "--in", in.toString, "--out", fifo.toString)()
    reader.join(60000)
    assertEquals(r.status, 0, r.err)
    assertEquals(got.get, worked.events)
    assert(JFiles.exists(fifo) && !JFiles.isRegularFile(fifo), "the FIFO was replaced")
    assertEquals(temporaries(dir), Vector.empty)
  }

  tmp.test("an output that is the input, or two outputs that are one file, are refused before any work") {
    dir =>
      val in = write(dir, "in.csv", worked.commands)
      val out = write(dir, "out.csv", "old\n".getBytes(UTF_8))
      val link = dir.resolve("link.csv")
      JFiles.createSymbolicLink(link, out)
      for (
        args <- Vector(
          Vector("match", "--in", in.toString, "--out", in.toString),
          Vector("match", "--in", in.toString, "--out", out.toString, "--snapshot", out.toString),
          Vector("match", "--in", in.toString, "--out", out.toString, "--trades", link.toString),
          Vector(
            "match",
            "--in",
            in.toString,
            "--out",
            dir.resolve("new.csv").toString,
            "--quotes",
            dir.resolve("new.csv").toString
          ),
          Vector("analyze", "returns", "--in", in.toString, "--rollup", "1", "--out", in.toString),
          Vector("convert", "--in", in.toString, "--out", dir.resolve(".").resolve("in.csv").toString)
        )
      ) {
        val r = CliRun(args*)()
        assertEquals(r.status, 1, s"$args: ${r.err}")
        assertEquals(r.err.linesIterator.size, 1, r.err)
        assert(r.err.startsWith(s"mvt ${args.head}"), r.err)
        assert(!JFiles.exists(dir.resolve("fresh.csv")) && !JFiles.exists(dir.resolve("q.csv")))
        assertEquals(new String(JFiles.readAllBytes(in), UTF_8), new String(worked.commands, UTF_8))
        assertEquals(JFiles.readString(out), "old\n")
      }
      assertEquals(temporaries(dir), Vector.empty)
  }

  tmp.test("a symbolic link to a regular file stays a link; the file it names gets the output") { dir =>
    val in = write(dir, "in.csv", worked.commands)
    val real = write(dir, "real.csv", "old\n".getBytes(UTF_8))
    val link = dir.resolve("link.csv")
    JFiles.createSymbolicLink(link, real)
    assertEquals(CliRun("match", "--in", in.toString, "--out", link.toString)().status, 0)
    assert(JFiles.isSymbolicLink(link))
    assertEquals(JFiles.readString(real), worked.events)
  }

  tmp.test("a new output gets the permissions a new file gets; a replaced one keeps its own") { dir =>
    import java.nio.file.attribute.PosixFilePermissions.fromString
    val in = write(dir, "in.csv", worked.commands)
    val plain = JFiles.createFile(dir.resolve("plain"))
    val fresh = dir.resolve("fresh.csv")
    assertEquals(CliRun("match", "--in", in.toString, "--out", fresh.toString)().status, 0)
    assertEquals(JFiles.getPosixFilePermissions(fresh), JFiles.getPosixFilePermissions(plain))
    val kept = write(dir, "kept.csv", "old\n".getBytes(UTF_8))
    JFiles.setPosixFilePermissions(kept, fromString("rw-r-----"))
    assertEquals(CliRun("match", "--in", in.toString, "--out", kept.toString)().status, 0)
    assertEquals(JFiles.getPosixFilePermissions(kept), fromString("rw-r-----"))
    assertEquals(JFiles.readString(kept), worked.events)
    assertEquals(temporaries(dir), Vector.empty)
  }

  tmp.test("a failed run leaves the old outputs untouched and no temporary file") { dir =>
    val out = write(dir, "events.csv", "old events\n".getBytes(UTF_8))
    val snap = write(dir, "snap.csv", "old snapshot\n".getBytes(UTF_8))
    val r = CliRun(
      "match",
      "--in",
      dir.resolve("missing.csv").toString,
      "--out",
      out.toString,
      "--snapshot",
      snap.toString
    )()
    assertEquals(r.status, 1, r.err)
    assertEquals(JFiles.readString(out), "old events\n")
    assertEquals(JFiles.readString(snap), "old snapshot\n")
    assertEquals(temporaries(dir), Vector.empty)
  }

  tmp.test("a format error still writes the events and snapshot of the lines before it (status 2)") { dir =>
    val c = ConformanceCases.all.find(_.errorLine.isDefined).get
    val in = write(dir, "in.csv", c.commands)
    val out = write(dir, "events.csv", "old\n".getBytes(UTF_8))
    val r = CliRun("match", "--in", in.toString, "--out", out.toString)()
    assertEquals(r.status, 2, r.err)
    assertEquals(JFiles.readString(out), c.events)
  }

  tmp.test("standard input redirected from the output file is refused, in a real process") { dir =>
    val f = write(dir, "day.csv", worked.commands)
    val p = ForkedMvt.start(dir, Some(f), "match", "--in", "-", "--out", f.toString)
    assertEquals(p.await(120), Some(1), p.stderr)
    assert(p.stderr.contains("refusing to overwrite the input file"), p.stderr)
    assertEquals(new String(JFiles.readAllBytes(f), UTF_8), new String(worked.commands, UTF_8))
  }

  // a forked long match over an old "events.csv" (which it returns), once its temporary output exists
  private def longMatchWriting(dir: Path): (ForkedMvt.Running, Path) = {
    val in = large(dir, 3000000)
    val out = write(dir, "events.csv", "old\n".getBytes(UTF_8))
    val p = ForkedMvt.start(dir, None, "match", "--in", in.toString, "--out", out.toString)
    val deadline = System.nanoTime() + 120L * 1000000000L
    while (temporaries(dir).isEmpty && System.nanoTime() < deadline) Thread.sleep(20)
    assert(temporaries(dir).nonEmpty, "the run never started writing")
    (p, out)
  }

  tmp.test("a writer killed with SIGKILL leaves the old target intact; the next run sweeps its temporary") {
    dir =>
      val (p, out) = longMatchWriting(dir)
      p.process.destroyForcibly()
      p.await(60)
      assertEquals(JFiles.readString(out), "old\n")
      assertEquals(temporaries(dir).size, 1) // SIGKILL leaves it; nothing can clean up
      val again =
        CliRun("match", "--in", write(dir, "small.csv", worked.commands).toString, "--out", out.toString)()
      assertEquals(again.status, 0, again.err)
      assertEquals(temporaries(dir), Vector.empty)
      assertEquals(JFiles.readString(out), worked.events)
  }

  for ((signal, status) <- Vector("TERM" -> 143, "INT" -> 130))
    tmp.test(
      s"SIG$signal stops a long match at once: status $status, one line, no temporary, old output kept"
    ) {
      dir =>
        // a JVM cannot handle a signal that its parent ignores (as a background job's shell does for SIGINT)
        assume(!ignored(signal), s"SIG$signal is ignored by this process, so the child would inherit that")
        val (p, out) = longMatchWriting(dir)
        assertEquals(new ProcessBuilder("kill", s"-$signal", p.process.pid.toString).start().waitFor(), 0)
        assertEquals(p.await(60), Some(status), p.stderr)
        assertEquals(
          p.stderr.linesIterator.filterNot(_.startsWith("Picked up")).mkString("\n").trim,
          "mvt match: interrupted"
        )
        assertEquals(temporaries(dir), Vector.empty)
        assertEquals(JFiles.readString(out), "old\n")
    }

  tmp.test(
    "a commands file that fails part way converts to a log holding every command before the bad line"
  ) { dir =>
    val text = (1 to 10).map(i => s"add,ACME,$i,BUY,10,5").mkString("", "\n", "\nadd,ACME,11,HOLD,10,5\n")
    val in = write(dir, "in.csv", text.getBytes(UTF_8))
    val log = dir.resolve("out.mvtc")
    val r = CliRun("convert", "--in", in.toString, "--out", log.toString)()
    assertEquals(r.status, 2, r.err)
    val back = CliRun("match", "--in", log.toString)()
    assertEquals(back.status, 2, back.err) // no trailer: truncated, after the ten commands
    assert(back.err.contains("truncated"), back.err)
    assertEquals(back.out.linesIterator.size, 10, back.out)
  }

  tmp.test("a benchmark that refuses its input leaves an older report as it was") { dir =>
    val empty = write(dir, "empty.csv", "# nothing\n".getBytes(UTF_8))
    val report = write(dir, "report.json", "{\"old\": true}\n".getBytes(UTF_8))
    val r =
      CliRun("bench", "throughput", "--in", empty.toString, "--engine", "fast", "--json", report.toString)()
    assertEquals(r.status, 2, r.err)
    assertEquals(JFiles.readString(report), "{\"old\": true}\n")
    assertEquals(temporaries(dir), Vector.empty)
  }

  tmp.test("--out /dev/stdout is written through: standard output appended to a file keeps what it held") {
    dir =>
      val in = write(dir, "in.csv", worked.commands)
      val log = write(dir, "log.txt", "earlier line\n".getBytes(UTF_8))
      val javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString
      val cmd = java.util.List.of(
        javaBin,
        "-cp",
        System.getProperty("java.class.path"),
        "mvt.cli.Main",
        "match",
        "--in",
        in.toString,
        "--out",
        "/dev/stdout"
      )
      val p =
        new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile)).redirectError(
          dir.resolve("err.txt").toFile
        ).start()
      assert(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS))
      assertEquals(p.exitValue, 0, JFiles.readString(dir.resolve("err.txt")))
      assertEquals(JFiles.readString(log), "earlier line\n" + worked.events)
      assertEquals(temporaries(dir), Vector.empty)
  }

  tmp.test("a full disk is a one-line failure with status 1, the old file kept (tmpfs; root only)") { dir =>
    val small = dir.resolve("small")
    JFiles.createDirectory(small)
    val mounted = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", small.toString)
      .redirectErrorStream(true).start().waitFor() == 0
    assume(mounted, "mounting a small tmpfs needs root; this test needs a disk that fills up")
    try {
      val out = write(small, "events.csv", "old\n".getBytes(UTF_8))
      val in = large(dir, 20000)
      for (
        args <- Vector(
          Vector("match", "--in", in.toString, "--out", out.toString),
          Vector(
            "match",
            "--in",
            in.toString,
            "--out",
            dir.resolve("e.csv").toString,
            "--snapshot",
            out.toString,
            "--trades",
            small.resolve("t.csv").toString
          ),
          Vector("convert", "--in", in.toString, "--out", out.toString)
        )
      ) {
        val r = CliRun(args*)()
        assertEquals(r.status, 1, r.err)
        assertEquals(r.err.linesIterator.size, 1, r.err)
        assert(r.err.startsWith(s"mvt ${args.head}: cannot write "), r.err)
        assert(!r.err.contains("Exception"), r.err)
        assertEquals(JFiles.readString(out), "old\n")
        assertEquals(temporaries(small), Vector.empty)
      }
    } finally { val _ = new ProcessBuilder("umount", small.toString).start().waitFor() }
  }

  test("standard output that cannot be written turns success into status 1 with one line") {
    val failing = new java.io.OutputStream {
      def write(b: Int): Unit = throw new java.io.IOException("No space left on device")
    }
    val err = new java.io.ByteArrayOutputStream
    val t = Terminal(
      new java.io.ByteArrayInputStream(worked.commands),
      new java.io.PrintStream(failing, true, UTF_8),
      new java.io.PrintStream(err, true, UTF_8)
    )
    import cats.effect.unsafe.implicits.global
    val code = Cli.run(List("match", "--in", "-"), t).unsafeRunSync()
    assertEquals(code.code, 1)
    assert(
      err.toString(UTF_8).trim.startsWith("mvt match: cannot write standard output"),
      err.toString(UTF_8)
    )
    assertEquals(err.toString(UTF_8).trim.linesIterator.size, 1)
  }
}
