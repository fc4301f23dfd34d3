package mvt.core.files

import java.io.{IOException, OutputStream}
import java.nio.channels.{FileChannel, FileLock, OverlappingFileLockException}
import java.nio.file.{Files as JFiles, Path, StandardCopyOption, StandardOpenOption}

/**
 * One file a command writes. A regular file (or a symbolic link to one, which stays a link) is written to a
 * temporary file beside it, `.NAME.PID.N.mvt-tmp`, locked while it is written, that replaces the target only
 * when the command is done: `prepare` flushes, fsyncs and closes it, `publish` renames it. A failed or
 * interrupted run leaves the old file as it was. Anything else (a FIFO, a character device such as
 * `/dev/null`, `/dev/stdout` and anything else under `/dev` or `/proc`) is written through, appended to, never
 * replaced. A write error surfaces as [[OutputFile.WriteFailed]], naming the path. Used by one command thread.
 */
final class OutputFile private (val path: String, target: Path, temp: Option[Path]) {
  import OutputFile.*

  private val channel: FileChannel = temp match {
    case Some(t) => FileChannel.open(t, StandardOpenOption.WRITE)
    case None => FileChannel.open(target, StandardOpenOption.WRITE, StandardOpenOption.APPEND)
  }
  // held while the temporary file is written, so a sweep by another process never takes a live one
  private val lock: FileLock = if (temp.isDefined) channel.tryLock() else null
  private var closed = false
  // the first write error, kept because a PrintStream on top would swallow it; prepare reports it
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

  /** First phase of a commit: everything written is on disk and the file closed; the target is not touched. */
  def prepare(): Unit = {
    try {
      stream.flush()
      if (failure != null) throw failure
      if (temp.isDefined) channel.force(true)
    } catch {
      case e: WriteFailed => close(); throw e
      case e: IOException => close(); throw WriteFailed(path, e)
    }
    close()
  }

  /** Second phase: the prepared temporary file replaces the target (a no-op when written through). */
  def publish(): Unit = temp.foreach { t =>
    try JFiles.move(t, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
    catch { case e: IOException => discard(); throw WriteFailed(path, e) }
    Temporaries.forget(t)
    syncDirectory(target.getParent)
  }

  /** Leaves the target as it was: closes and removes the temporary file. */
  def discard(): Unit = {
    close()
    temp.foreach { t =>
      try JFiles.deleteIfExists(t)
      catch { case _: IOException => () }
      Temporaries.forget(t)
    }
  }

  private def close(): Unit = if (!closed) {
    closed = true
    try { if (lock != null) lock.release() }
    catch { case _: IOException => () }
    try channel.close()
    catch { case _: IOException => () }
  }
}

object OutputFile {

  /** A write to `path` failed; the message says why, as the system said it. No stack trace is kept. */
  final case class WriteFailed(path: String, cause: Throwable)
      extends IOException(s"cannot write $path: ${IoReason(cause)}", cause) {
    override def fillInStackTrace(): Throwable = this
  }

  private val Suffix = ".mvt-tmp"

  /** True for a path that names a stream or device, never a file to replace: `/dev/...` and `/proc/...`. */
  def isDevicePath(named: Path): Boolean = named.startsWith("/dev") || named.startsWith("/proc")

  /**
   * Opens `path` for writing. The old content of a regular file is untouched until `publish`. Temporary files
   * of this kind left beside the target by a run that was killed (no longer locked) are swept first.
   */
  def open(path: String): OutputFile = {
    val named = Path.of(path).toAbsolutePath.normalize
    // /dev/stdout and its kind resolve to wherever the standard stream goes (a pipe, or a file opened with >>):
    // decide from the name as given, never from what it resolves to
    if (isDevicePath(named)) return new OutputFile(path, named, None)
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
      val name = target.getFileName.toString
      sweep(dir, name)
      val temp = JFiles.createTempFile(dir, s".$name.${ProcessHandle.current.pid}.", Suffix)
      Temporaries.remember(temp)
      permissions(temp, target, dir)
      try new OutputFile(path, target, Some(temp))
      catch {
        case e: IOException =>
          Temporaries.forget(temp)
          try JFiles.deleteIfExists(temp)
          catch { case _: IOException => () }
          throw WriteFailed(path, e)
      }
    }
  }

  // a temporary is made owner-only; the file it becomes keeps the old file's permissions, or else gets what
  // creating a file gives under the umask (as a shell redirection would), read here off a new empty file
  private def permissions(temp: Path, target: Path, dir: Path): Unit =
    try {
      val perms =
        if (JFiles.exists(target)) JFiles.getPosixFilePermissions(target)
        else {
          val probe = dir.resolve(s".${target.getFileName}.${ProcessHandle.current.pid}.umask$Suffix")
          JFiles.createFile(probe)
          try JFiles.getPosixFilePermissions(probe)
          finally { val _ = JFiles.deleteIfExists(probe) }
        }
      val _ = JFiles.setPosixFilePermissions(temp, perms)
    } catch { case _: UnsupportedOperationException | _: IOException => () } // not POSIX, or not ours to set

  // temporaries named .NAME.*.mvt-tmp that nobody holds locked: their writer was killed
  private def sweep(dir: Path, name: String): Unit = {
    val stream =
      try JFiles.newDirectoryStream(dir, s".$name.*$Suffix")
      catch { case _: IOException => return }
    try
      stream.forEach { p =>
        try {
          val c = FileChannel.open(p, StandardOpenOption.WRITE)
          try {
            val l =
              try c.tryLock()
              catch { case _: OverlappingFileLockException => null }
            if (l != null) { l.release(); JFiles.deleteIfExists(p) }
          } finally c.close()
        } catch { case _: IOException => () }
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
