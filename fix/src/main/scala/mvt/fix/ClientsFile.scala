package mvt.fix

import mvt.core.{Account, PasswordHash}

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.attribute.PosixFilePermissions
import java.nio.file.{Files, Path, StandardCopyOption}
import java.util.Base64
import scala.jdk.CollectionConverters.*

/**
 * The clients file (`--clients FILE`): a header line, then one client a line,
 * `compid,account,algorithm,iterations,salt,hash` (salt and hash in Base64). Lines starting with `#` and blank
 * lines are skipped.
 */
object ClientsFile {
  val Header = "compid,account,algorithm,iterations,salt,hash"

  /** Iterations of a new client's hash: OWASP's 2023 figure for PBKDF2-HMAC-SHA256, a few tens of ms a logon. */
  val Iterations = 600000

  /** A client's hash as the file's last four fields, comma-separated. */
  def render(h: PasswordHash): String = {
    val b64 = Base64.getEncoder
    s"${h.algorithm},${h.iterations},${b64.encodeToString(h.salt)},${b64.encodeToString(h.hash)}"
  }

  /** A CompID we accept: 1 to 32 of `A-Z a-z 0-9 _ - .` (no delimiter, no comma, nothing a file or log could misread). */
  def isValidCompId(s: String): Boolean =
    s.nonEmpty && s.length <= 32 && s.forall(c =>
      c.isLetterOrDigit && c < 128 || c == '_' || c == '-' || c == '.'
    )

  /** Reads the clients; a message naming the file, line and field on the first bad one. A missing file holds none. */
  def read(path: Path): Either[String, Vector[Client]] =
    if (!Files.exists(path)) Right(Vector.empty)
    else {
      val lines = Files.readAllLines(path, UTF_8).asScala.toVector
      val out = Vector.newBuilder[Client]
      val seen = scala.collection.mutable.HashSet.empty[String]
      var error: Option[String] = None
      var i = 0
      while (error.isEmpty && i < lines.size) {
        val line = lines(i)
        val n = i + 1
        if (!(line.isBlank || line.startsWith("#") || (i == 0 && line == Header)))
          parse(line) match {
            case Left(e) => error = Some(s"$path: line $n: $e")
            case Right(c) if !seen.add(c.compId) =>
              error = Some(s"$path: line $n: field 1 (compid): \"${c.compId}\" is listed twice")
            case Right(c) => out += c
          }
        i += 1
      }
      error.toLeft(out.result())
    }

  private def parse(line: String): Either[String, Client] = {
    val f = line.split(",", -1)
    def field(i: Int, name: String, expected: String): String =
      s"field ${i + 1} ($name): expected $expected, found \"${if (i < f.length) f(i) else ""}\""
    if (f.length != 6) Left(s"expected 6 fields ($Header), found ${f.length}")
    else if (!isValidCompId(f(0))) Left(field(0, "compid", "1 to 32 letters, digits, '_', '-' or '.'"))
    else
      Account.parse(f(1)) match {
        case None => Left(field(1, "account", "an account from 1 to 2147483647"))
        case Some(account) =>
          if (f(2) != PasswordHash.Algorithm) Left(field(2, "algorithm", PasswordHash.Algorithm))
          else
            f(3).toIntOption.filter(_ >= 1000) match {
              case None => Left(field(3, "iterations", "an integer of at least 1000"))
              case Some(iter) =>
                (decode(f(4)), decode(f(5))) match {
                  case (None, _) => Left(field(4, "salt", "Base64 of at least 8 bytes"))
                  case (_, None) => Left(field(5, "hash", "Base64 of at least 8 bytes"))
                  case (Some(salt), Some(hash)) =>
                    Right(Client(f(0), account, PasswordHash(f(2), iter, salt, hash)))
                }
            }
      }
  }

  private def decode(s: String): Option[Array[Byte]] =
    try Some(Base64.getDecoder.decode(s)).filter(_.length >= 8)
    catch { case _: IllegalArgumentException => None }

  /** Why `register` failed: a usage mistake (status 1), a bad clients file (status 2), or an I/O error (status 1). */
  enum RegisterError(val message: String) {
    case Usage(m: String) extends RegisterError(m)
    case BadFile(m: String) extends RegisterError(m)
    case Io(m: String) extends RegisterError(m)
  }

  /**
   * `mvt venue add-client`: adds `compId` with `account` to the file at `path`, the password read as one line of
   * `in` (its line end dropped); the file gets its salted hash only.
   */
  def register(
      path: Path,
      compId: String,
      account: String,
      in: java.io.InputStream
  ): Either[RegisterError, Client] =
    if (!isValidCompId(compId))
      Left(
        RegisterError.Usage(s"COMPID: expected 1 to 32 letters, digits, '_', '-' or '.', found \"$compId\"")
      )
    else
      Account.parse(account) match {
        case None => Left(
            RegisterError.Usage(s"--account: expected an account from 1 to 2147483647, found \"$account\"")
          )
        case Some(a) =>
          val line =
            try Option(new java.io.BufferedReader(new java.io.InputStreamReader(in, UTF_8)).readLine())
            catch { case e: java.io.IOException => None }
          line.map(_.stripSuffix("\r")).filter(_.nonEmpty) match {
            case None =>
              Left(RegisterError.Usage("expected the password as one non-empty line on standard input"))
            case Some(pw) =>
              val client = Client(compId, a, PasswordHash.create(pw.toCharArray, Iterations))
              try add(path, client).left.map(RegisterError.BadFile(_)).map(_ => client)
              catch { case e: java.io.IOException => Left(RegisterError.Io(s"$path: ${e.getMessage}")) }
          }
      }

  /**
   * Adds a client and rewrites the file atomically (a temporary file moved over it), readable by its owner only
   * where the file system has POSIX permissions. Refuses a CompID already listed.
   */
  def add(path: Path, client: Client): Either[String, Unit] =
    read(path).flatMap { clients =>
      if (clients.exists(_.compId == client.compId))
        Left(s"$path: client ${client.compId} is already listed; remove its line to replace it")
      else {
        val text = (Header +: (clients :+ client).map(_.render)).mkString("", "\n", "\n")
        val dir = Option(path.toAbsolutePath.getParent).getOrElse(Path.of("."))
        Files.createDirectories(dir)
        val tmp = Files.createTempFile(dir, ".clients", ".tmp")
        try {
          try Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"))
          catch { case _: UnsupportedOperationException => () }
          Files.write(tmp, text.getBytes(UTF_8))
          Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE)
          Right(())
        } finally { val _ = Files.deleteIfExists(tmp) }
      }
    }
}
