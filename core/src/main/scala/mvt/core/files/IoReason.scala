package mvt.core.files

import java.nio.file.{AccessDeniedException, FileSystemException, NoSuchFileException}

/** Why a file could not be read or written, in the words a message gives after the path. */
object IoReason {

  def apply(e: Throwable): String = e match {
    case _: NoSuchFileException => "no such file or directory"
    case _: AccessDeniedException => "permission denied"
    case f: FileSystemException if f.getReason != null => f.getReason
    case other => Option(other.getMessage).getOrElse(other.getClass.getSimpleName)
  }
}
