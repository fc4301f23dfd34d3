package mvt.core

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path}
import java.util.concurrent.TimeUnit

/** [[Interrupts]] in a real forked JVM, stopped by a real SIGINT or SIGTERM. */
class InterruptsSuite extends munit.FunSuite {
  override val munitTimeout = scala.concurrent.duration.Duration(120, "s")

  // starts the probe, waits for its `ready`, sends `signal`, and gives its status, stdout and stderr
  private def signalled(signal: String, mode: String, temp: Path): (Int, String, String) = {
    val bin = Path.of(System.getProperty("java.home"), "bin", "java").toString
    val cp = System.getProperty("java.class.path")
    val p = new ProcessBuilder(bin, "-cp", cp, "mvt.core.InterruptsProbe", temp.toString, mode).start()
    val out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream, UTF_8))
    assertEquals(out.readLine(), "ready")
    val kill = new ProcessBuilder("kill", s"-$signal", p.pid.toString).inheritIO().start()
    assertEquals(kill.waitFor(), 0)
    assert(p.waitFor(100, TimeUnit.SECONDS), "the probe did not end")
    val rest = new String(p.getInputStream.readAllBytes(), UTF_8)
    (p.exitValue, rest, new String(p.getErrorStream.readAllBytes(), UTF_8))
  }

  // the probe's temporary file, removed after each test whatever the probe did with it
  private val tempFile = FunFixture[Path](
    _ => Files.createTempFile("mvt-interrupts", ".tmp"),
    temp => { val _ = Files.deleteIfExists(temp) }
  )

  tempFile.test("SIGTERM removes the temporaries, says what was completed and exits 143") { temp =>
    val (status, _, err) = signalled("TERM", "halt", temp)
    assertEquals(status, 143)
    assertEquals(err.trim, "mvt probe: interrupted (completed: first)")
    assert(!Files.exists(temp), s"$temp is still there")
  }

  tempFile.test("SIGINT exits 130") { temp =>
    assertEquals(signalled("INT", "halt", temp)._1, 130)
  }

  tempFile.test("a command's own clean stop runs instead of the halt, leaving its files to it") { temp =>
    val (status, out, err) = signalled("TERM", "stop", temp)
    assertEquals(status, 0)
    assertEquals(out.trim, "stopping on my own")
    assertEquals(err, "")
    assert(Files.exists(temp))
  }
}
