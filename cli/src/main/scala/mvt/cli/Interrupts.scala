package mvt.cli

import java.nio.file.{Files as JFiles, Path}
import java.util.concurrent.ConcurrentHashMap

/**
 * What a command must undo if SIGINT or SIGTERM stops it: its temporary output files and the JVMs it forked
 * (every descendant process).
 * Once installed (by `Main`, never by in-process tests), either signal removes them, prints
 * `mvt <command>: interrupted` with what a benchmark had completed, and exits with 130 or 143 at once, without
 * waiting for the work in progress. `exclusive` keeps a commit's rename and the cleanup from interleaving.
 * Thread-safe.
 */
object Interrupts {
  private val lock = new Object
  private val temps = ConcurrentHashMap.newKeySet[Path]()
  @volatile private var command = "mvt"
  @volatile private var completed = Vector.empty[String]

  def remember(temp: Path): Unit = { val _ = temps.add(temp) }
  def forget(temp: Path): Unit = { val _ = temps.remove(temp) }

  /** Records a finished measurement, so an interrupted benchmark can say what it had done. */
  def done(what: String): Unit = lock.synchronized(completed :+= what)

  /** Runs `body` with no cleanup in between: a rename either completes or never starts. */
  def exclusive[A](body: => A): A = lock.synchronized(body)

  /** Handles SIGINT and SIGTERM from now on, for `name` (`mvt match`, ...). */
  def install(name: String, err: java.io.PrintStream): Unit = {
    command = name
    for ((signal, status) <- Vector("INT" -> 130, "TERM" -> 143))
      try sun.misc.Signal.handle(new sun.misc.Signal(signal), _ => stop(status, err))
      catch { case _: IllegalArgumentException => () } // a JVM that reserves the signal keeps its default
  }

  private def stop(status: Int, err: java.io.PrintStream): Unit = lock.synchronized {
    // forked benchmark JVMs would outlive a halted parent
    ProcessHandle.current.descendants.forEach(d => { val _ = d.destroyForcibly() })
    temps.forEach(t =>
      try { val _ = JFiles.deleteIfExists(t) }
      catch { case _: java.io.IOException => () }
    )
    val note = if (completed.isEmpty) "" else s" (completed: ${completed.mkString(", ")})"
    err.println(s"$command: interrupted$note")
    err.flush()
    Runtime.getRuntime.halt(status)
  }
}
