package mvt.cli

import java.io.{IOException, OutputStream}
import java.nio.channels.FileChannel
import java.nio.file.{Files as JFiles, Path, StandardCopyOption, StandardOpenOption}

/**
 * One file a command writes. A regular file (or a symbolic link to one, which stays a link) is written to a
 * temporary file beside it, named `.NAME.PID.mvt-tmp`, that replaces it only on `commit`, after a flush and an
 * fsync: a failed or interrupted run leaves the old file as it was. Anything else (a FIFO, a character device
 * such as `/dev/null`, `/dev/stdout`) is written through, never replaced. A write error surfaces as
 * [[OutputFile.WriteFailed]], naming the path. Used by one command thread; `commit` and `discard` once.
 */
final class OutputFile private (val path: String, target: Path, temp: Option[Path]) {
  import OutputFile.*

  private val channel: FileChannel = temp match {
    case Some(t) => FileChannel.open(t, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)
    case None => FileChannel.open(target, StandardOpenOption.WRITE)
  }
  private var done = false
  // the first write error, kept because a PrintStream on top would swallow it; commit reports it
  @volatile private var failure: WriteFailed = null

  /** The stream to write to: buffered, and each I/O error it meets names this output. */
  val stream: OutputStream =
    new java.io.BufferedOutputStream(guarded(java.nio.channels.Channels.newOutputStream(channel)), 1 << 16)

  private def guarded(raw: OutputStream): OutputStream = new OutputStream {
    override def write(b: Array[Byte], off: Int, len: Int): Unit =
      try raw.write(b, off, len)
      catch { case e: IOException => fail(e) }
    override def write(b: Int): Unit =
      try raw.write(b)
      catch { case e: IOException => fail(e) }
    override def flush(): Unit =
      try raw.flush()
      catch { case e: IOException => fail(e) }
  }

  private def fail(e: IOException): Nothing = {
    val f = e match {
      case w: WriteFailed => w
      case other => WriteFailed(path, other)
    }
    if (failure == null) failure = f
    throw f
  }

  /** Makes the output final: flushed, on disk, then renamed over the target (a regular file's case). */
  def commit(): Unit = if (!done) {
    done = true
    try {
      stream.flush()
      if (failure != null) throw failure
      if (temp.isDefined) channel.force(true)
      channel.close()
    } catch {
      case e: WriteFailed => discardTemp(); throw e
      case e: IOException => discardTemp(); throw WriteFailed(path, e)
    }
    temp.foreach { t =>
      Interrupts.exclusive {
        try JFiles.move(t, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
        catch { case e: IOException => discardTemp(); throw WriteFailed(path, e) }
        Interrupts.forget(t)
      }
      syncDirectory(target.getParent)
    }
  }

  /** Leaves the target as it was: closes and removes the temporary file. */
  def discard(): Unit = if (!done) {
    done = true
    try channel.close()
    catch { case _: IOException => () }
    discardTemp()
  }

  private def discardTemp(): Unit = temp.foreach { t =>
    try JFiles.deleteIfExists(t)
    catch { case _: IOException => () }
    Interrupts.forget(t)
  }
}

object OutputFile {

  /** A write to `path` failed; `reason` is what the system said. No stack trace is kept. */
  final case class WriteFailed(path: String, cause: Throwable)
      extends IOException(s"cannot write $path: ${Files.describe(cause)}", cause) {
    override def fillInStackTrace(): Throwable = this
  }

  private val Suffix = ".mvt-tmp"

  /**
   * Opens `path` for writing. The old content of a regular file is untouched until `commit`. Stale temporary
   * files of this kind left beside the target by a process that no longer runs are swept first.
   */
  def open(path: String): OutputFile = {
    val named = Path.of(path).toAbsolutePath
    if (JFiles.isDirectory(named)) throw WriteFailed(path, new IOException("is a directory"))
    if (JFiles.isSymbolicLink(named) && !JFiles.exists(named))
      throw WriteFailed(path, new IOException("a symbolic link to nothing"))
    // a link to a regular file: replace the file it names, so the link stays a link
    val target = if (JFiles.exists(named)) named.toRealPath() else named
    if (JFiles.exists(target) && !JFiles.isRegularFile(target)) new OutputFile(path, target, None)
    else {
      val dir = target.getParent
      if (!JFiles.isDirectory(dir))
        throw WriteFailed(path, new java.nio.file.NoSuchFileException(dir.toString))
      sweep(dir, target.getFileName.toString)
      val temp = dir.resolve(s".${target.getFileName}.${ProcessHandle.current.pid}$Suffix")
      JFiles.deleteIfExists(temp)
      Interrupts.remember(temp)
      try new OutputFile(path, target, Some(temp))
      catch {
        case e: IOException => Interrupts.forget(temp); throw WriteFailed(path, e)
      }
    }
  }

  // temporaries named .NAME.PID.mvt-tmp whose process has ended
  private def sweep(dir: Path, name: String): Unit = {
    val prefix = s".$name."
    val stream =
      try JFiles.newDirectoryStream(dir, s"$prefix*$Suffix")
      catch { case _: IOException => return }
    try
      stream.forEach { p =>
        val pid = p.getFileName.toString.stripPrefix(prefix).stripSuffix(Suffix).toLongOption
        if (pid.exists(id => !ProcessHandle.of(id).map(_.isAlive).orElse(false))) {
          try JFiles.deleteIfExists(p)
          catch { case _: IOException => () }
        }
      }
    finally stream.close()
  }

  // the rename is durable only once the directory itself is on disk; not every file system allows this
  private def syncDirectory(dir: Path): Unit =
    try {
      val c = FileChannel.open(dir, StandardOpenOption.READ)
      try c.force(true)
      finally c.close()
    } catch { case _: IOException => () }
}
