package mvt.core.console

import cats.effect.IO

/**
 * A command's blocking work. cats-effect treats an `OutOfMemoryError` as fatal: the runtime prints its stack
 * trace and halts the JVM, and no error handler sees it. Caught here, inside the work, it becomes
 * [[Blocking.OutOfMemory]], an ordinary failure that the program reports as one line with status 1.
 */
object Blocking {

  /** An `OutOfMemoryError` of a command's work, as a failure the program can handle. */
  final class OutOfMemory(cause: OutOfMemoryError)
      extends RuntimeException("out of memory", cause, false, false)

  /** `IO.blocking(body)`, with an `OutOfMemoryError` of `body` raised as [[OutOfMemory]]. */
  def apply[A](body: => A): IO[A] =
    IO.blocking {
      // the work's data is unreachable once its frames are gone, so there is heap again for what follows
      try body
      catch { case e: OutOfMemoryError => throw new OutOfMemory(e) }
    }
}
