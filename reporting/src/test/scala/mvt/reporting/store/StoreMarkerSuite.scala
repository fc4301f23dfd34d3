package mvt.reporting.store

import mvt.reporting.StoreFixtures

import java.math.BigDecimal as JBig
import java.nio.file.{Files, Path}
import scala.jdk.CollectionConverters.*

/**
 * A database is a store only when it is empty or carries the store's marker: anything else is refused before a
 * byte of it changes.
 */
class StoreMarkerSuite extends munit.FunSuite with StoreFixtures {
  // real SQLite files made, refused and compared: generous beside another test JVM
  override val munitTimeout = scala.concurrent.duration.Duration(3, "min")

  private def sql(db: Path)(statements: String*): Unit = {
    val c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath)
    try statements.foreach(s => c.createStatement().execute(s))
    finally c.close()
  }

  private def snapshot(dir: Path): Map[String, Vector[Byte]] = {
    val s = Files.list(dir)
    try
      s.iterator.asScala.map(p => p.getFileName.toString -> Files.readAllBytes(p).toVector).toMap
    finally s.close()
  }

  test("a database of another program is refused and left byte for byte as it was") {
    withTempDir { tmp =>
      for (
        (name, schema) <- List(
          "notes.db" -> "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT)",
          "half.db" -> "CREATE TABLE hourly(x INTEGER)"
        )
      ) {
        val dir = Files.createDirectory(tmp.resolve(name + ".d"))
        val db = dir.resolve(name)
        sql(db)(schema, "PRAGMA user_version = 7")
        val before = snapshot(dir)
        val refused = intercept[ReportStore.Refused](withStore(db, Some(new JBig("0.01")))(_ => ()))
        assert(refused.detail.startsWith("not an mvt report store"), refused.detail)
        assertEquals(snapshot(dir), before, s"$name changed")
      }
    }
  }

  test("a new store carries the marker with its version; a store of another version is refused") {
    withTempDir { tmp =>
      val db = tmp.resolve("r.db")
      withStore(db, None)(_ => ())
      val c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath)
      try {
        val rs = c.createStatement().executeQuery("SELECT version FROM mvt_report_store")
        assert(rs.next())
        assertEquals(rs.getInt(1), StoreSchema.Version)
        rs.close()
        c.createStatement().execute(s"UPDATE mvt_report_store SET version = ${StoreSchema.Version + 1}")
      } finally c.close()
      val refused = intercept[ReportStore.Refused](withStore(db, None)(_ => ()))
      assert(refused.detail.contains(s"version ${StoreSchema.Version + 1}"), refused.detail)
    }
  }

  test("a store from before the marker is resumed, and gains it") {
    withTempDir { tmp =>
      val db = tmp.resolve("r.db")
      withStore(db, Some(new JBig("0.01")))(_ => ())
      sql(db)("DROP TABLE mvt_report_store")
      withStore(db, None)(s => assertEquals(s.feePerShare.compareTo(new JBig("0.01")), 0))
      val c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath)
      try assert(c.createStatement().executeQuery("SELECT version FROM mvt_report_store").next())
      finally c.close()
    }
  }
}
