package mvt.core

import mvt.core.files.Temporaries

import java.nio.file.Path

/**
 * What a command must undo if SIGINT or SIGTERM stops it: its temporary output files and the JVMs it forked
 * (every descendant process).
 * Once installed (by the `mvt` command's main, never by in-process tests), either signal removes them, prints
 * `mvt <command>: interrupted` with what a benchmark had completed, and exits with 130 or 143 at once, without
 * waiting for the work in progress, unless the command gave a clean stop of its own (`stopWith`, as the venue
 * does). The cleanup runs inside `Temporaries.exclusive`, so an output's rename completes or never starts.
 * Thread-safe.
 */
object Interrupts {
  @volatile private var command = "mvt"
  @volatile private var completed = Vector.empty[String]
  // null while the command has no clean stop of its own
  @volatile private var stopAction: () => Unit = null

  /** A temporary file of the command's own, removed if a signal stops it (outputs are remembered already). */
  def remember(temp: Path): Unit = Temporaries.remember(temp)

  /** Records a finished measurement, so an interrupted benchmark can say what it had done. */
  def done(what: String): Unit = Temporaries.exclusive(completed :+= what)

  /** From now on either signal runs `action`, which ends the command its own way, instead of halting. */
  def stopWith(action: () => Unit): Unit = stopAction = action

  /** Handles SIGINT and SIGTERM from now on, for `name` (`mvt match`, ...). */
  def install(name: String, err: java.io.PrintStream): Unit = {
    command = name
    for ((signal, status) <- Vector("INT" -> 130, "TERM" -> 143))
      try sun.misc.Signal.handle(new sun.misc.Signal(signal), _ => signalled(status, err))
      catch { case _: IllegalArgumentException => () } // a JVM that reserves the signal keeps its default
  }

  private def signalled(status: Int, err: java.io.PrintStream): Unit = {
    val action = stopAction
    if (action == null) stop(status, err) else action()
  }

  private def stop(status: Int, err: java.io.PrintStream): Unit = Temporaries.exclusive {
    // forked benchmark JVMs would outlive a halted parent
    ProcessHandle.current.descendants.forEach(d => { val _ = d.destroyForcibly() })
    Temporaries.removeAll()
    val note = if (completed.isEmpty) "" else s" (completed: ${completed.mkString(", ")})"
    err.println(s"$command: interrupted$note")
    err.flush()
    Runtime.getRuntime.halt(status)
  }
}
