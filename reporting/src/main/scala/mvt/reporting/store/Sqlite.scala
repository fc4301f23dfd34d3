package mvt.reporting.store

import cats.effect.std.Queue
import cats.effect.{IO, Resource}
import cats.syntax.all.*
import doobie.free.KleisliInterpreter
import doobie.util.transactor.{Strategy, Transactor}

import java.nio.file.Path
import java.sql.{Connection, DriverManager}

/**
 * SQLite connections for the report store: one file in WAL mode, so one writer and any number of readers
 * proceed at once. A committed transaction survives the process being killed (`synchronous=NORMAL` in WAL
 * gives up only the last transactions on a power loss, never consistency).
 */
object Sqlite {

  private def connect(file: Path, readOnly: Boolean): IO[Connection] = IO.blocking {
    Class.forName("org.sqlite.JDBC")
    val c = DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath.toString)
    val s = c.createStatement()
    try {
      s.execute("PRAGMA journal_mode=WAL")
      s.execute("PRAGMA synchronous=NORMAL")
      // a reader waits for a checkpoint or the writer's lock instead of failing at once
      s.execute("PRAGMA busy_timeout=10000")
      s.execute("PRAGMA foreign_keys=ON")
      // the writer's inserts land all over the keyed tables: a page cache of 64 MiB keeps them from being read
      // back from the file at every batch (SQLite's default is 2 MiB)
      if (readOnly) s.execute("PRAGMA query_only=1")
      else s.execute("PRAGMA cache_size=-65536")
    } finally s.close()
    c
  }

  /**
   * Runs `f` on a read-only connection to `file` that sets nothing (no journal mode, no pragma), and closes it:
   * a look at a database before deciding to write to it.
   */
  def readOnce[A](file: Path)(f: Connection => A): IO[A] = IO.blocking {
    Class.forName("org.sqlite.JDBC")
    val config = new org.sqlite.SQLiteConfig()
    config.setReadOnly(true)
    val c = config.createConnection("jdbc:sqlite:" + file.toAbsolutePath.toString)
    try f(c)
    finally c.close()
  }

  private def closing(c: IO[Connection]): Resource[IO, Connection] =
    Resource.make(c)(c => IO.blocking(c.close()).handleError(_ => ()))

  /** A transactor over one connection that only this transactor uses: the writer. */
  def writer(file: Path): Resource[IO, Transactor[IO]] =
    pooled(file, 1, readOnly = false)

  /** A transactor that borrows one of `size` read-only connections for each transaction. */
  def readers(file: Path, size: Int): Resource[IO, Transactor[IO]] =
    pooled(file, size, readOnly = true)

  private def pooled(file: Path, size: Int, readOnly: Boolean): Resource[IO, Transactor[IO]] =
    for {
      conns <- (1 to size).toList.traverse(_ => closing(connect(file, readOnly)))
      free <- Resource.eval(Queue.bounded[IO, Connection](size))
      _ <- Resource.eval(conns.traverse_(free.offer))
    } yield {
      val borrow: Unit => Resource[IO, Connection] = _ => Resource.make(free.take)(free.offer)
      Transactor[IO, Unit](
        (),
        borrow,
        KleisliInterpreter[IO](doobie.util.log.LogHandler.noop[IO]).ConnectionInterpreter,
        Strategy.default
      )
    }
}
