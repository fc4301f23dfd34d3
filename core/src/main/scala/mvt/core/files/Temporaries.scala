package mvt.core.files

import java.nio.file.{Files, Path}
import java.util.concurrent.ConcurrentHashMap

/**
 * The temporary files this process is writing, for whoever must remove them when it is stopped: an
 * [[OutputFile]] remembers its temporary until it is published or discarded. `exclusive` keeps a publish's
 * renames and a removal from interleaving. Thread-safe.
 */
object Temporaries {
  private val lock = new Object
  private val temps = ConcurrentHashMap.newKeySet[Path]()

  def remember(temp: Path): Unit = { val _ = temps.add(temp) }
  def forget(temp: Path): Unit = { val _ = temps.remove(temp) }

  /** Runs `body` with no removal in between: a rename either completes or never starts. */
  def exclusive[A](body: => A): A = lock.synchronized(body)

  /** Removes every temporary still remembered, inside `exclusive`; one that cannot be removed is left. */
  def removeAll(): Unit = exclusive {
    temps.forEach(t =>
      try { val _ = Files.deleteIfExists(t) }
      catch { case _: java.io.IOException => () }
    )
  }
}
