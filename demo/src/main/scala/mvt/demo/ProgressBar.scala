package mvt.demo

import mvt.cluster.fork.Phases

import java.io.PrintStream

/**
 * Progress on stderr: a redrawn bar on a terminal, one line per phase otherwise (CI logs stay short). For the
 * demo's steps, a forked cluster's phases and the cli's long commands. Not thread-safe: one command's thread.
 */
final class ProgressBar(err: PrintStream, interactive: Boolean) extends TimedReplay.Progress with Phases
    with mvt.core.Progress {
  private var label = ""
  private var lastPercent = -1

  /** Runs `body` as a named phase and reports its duration. */
  def phase[A](name: String)(body: => A): A = {
    label = name
    lastPercent = -1
    val t0 = System.nanoTime()
    val a = body
    val ms = (System.nanoTime() - t0) / 1e6
    if (interactive) err.print("\r\u001b[2K")
    err.println(f"  $name%-12s done in $ms%.0f ms")
    a
  }

  /** Runs `io` as a named phase and reports its duration when it ends. */
  def phaseIO[A](name: String)(io: cats.effect.IO[A]): cats.effect.IO[A] =
    cats.effect.IO(System.nanoTime()).flatMap(t0 =>
      io.flatTap(_ =>
        cats.effect.IO {
          if (interactive) err.print("\r\u001b[2K")
          err.println(f"  $name%-12s done in ${(System.nanoTime() - t0) / 1e6}%.0f ms")
        }
      )
    )

  /** Starts a bar that `update` draws and `end` closes, for work that is not one synchronous body. */
  def start(name: String): Unit = { label = name; lastPercent = -1 }

  /** Clears the bar of `start` and prints `line` in its place. */
  def end(line: String): Unit = {
    if (interactive) err.print("\r\u001b[2K")
    err.println(s"  $line")
  }

  def update(done: Int, total: Int): Unit = if (interactive) {
    val percent = (100L * done / math.max(1, total)).toInt
    if (percent != lastPercent) {
      lastPercent = percent
      val filled = percent / 5
      err.print(f"\r  $label%-12s [${"#" * filled}${"." * (20 - filled)}] $percent%3d%%")
      err.flush()
    }
  }
}

object ProgressBar {
  def apply(err: PrintStream): ProgressBar = new ProgressBar(err, System.console() != null)
}
