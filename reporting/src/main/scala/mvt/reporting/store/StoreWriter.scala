package mvt.reporting.store

import doobie.*
import mvt.core.Money

/** The one transaction an ingest poll commits: its rows, the fold's clock and the feeds' offsets, as JDBC batches. */
object StoreWriter {

  /** Writes `b`'s rows; the number of hourly figures written. Run in one transaction. */
  def write(b: ReportStore.Batch): ConnectionIO[Int] = {
    import b.*
    val clock = now.toString
    val closed = closedHour.toString
    FC.raw { c =>
      batch(
        c,
        "INSERT OR REPLACE INTO hourly(account, symbol, hour, position, cost, realized, fees) VALUES (?, ?, ?, ?, ?, ?, ?)"
      ) { st =>
        figures.foreach { f =>
          st.setInt(1, f.account)
          st.setString(2, f.symbol)
          st.setLong(3, f.hour)
          st.setLong(4, f.state.position)
          st.setString(5, Money.render(f.state.cost))
          st.setString(6, Money.render(f.state.realized))
          st.setString(7, Money.render(f.state.fees))
          st.addBatch()
        }
      }
      batch(c, "INSERT OR REPLACE INTO mark_hours(symbol, hour, mark) VALUES (?, ?, ?)") { st =>
        marks.foreach { m =>
          st.setString(1, m.symbol)
          st.setLong(2, m.hour)
          st.setString(3, Money.render(m.mark))
          st.addBatch()
        }
      }
      batch(c, "INSERT OR REPLACE INTO lots(account, symbol, state) VALUES (?, ?, ?)") { st =>
        lots.foreach { l =>
          st.setInt(1, l.account)
          st.setString(2, l.symbol)
          st.setBytes(3, l.state)
          st.addBatch()
        }
      }
      batch(c, "INSERT OR REPLACE INTO marks(symbol, bid_ask, last_trade, recorded) VALUES (?, ?, ?, ?)") {
        st =>
          symbolMarks.foreach { m =>
            st.setString(1, m.symbol)
            st.setLong(2, m.bidAsk)
            st.setLong(3, m.lastTrade)
            st.setLong(4, m.recorded)
            st.addBatch()
          }
      }
      batch(c, "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)") { st =>
        st.setString(1, "clock"); st.setString(2, clock); st.addBatch()
        st.setString(1, "closed_hour"); st.setString(2, closed); st.addBatch()
      }
      batch(c, "INSERT OR REPLACE INTO feeds(path, bytes, line, done) VALUES (?, ?, ?, ?)") { st =>
        b.offsets.foreach { o =>
          st.setString(1, o.path)
          st.setLong(2, o.bytes)
          st.setLong(3, o.line)
          st.setInt(4, if (o.done) 1 else 0)
          st.addBatch()
        }
      }
      figures.size
    }
  }

  // one statement, its rows added by `rows`, executed as one batch
  private def batch(
      c: java.sql.Connection,
      statement: String
  )(rows: java.sql.PreparedStatement => Unit): Unit = {
    val st = c.prepareStatement(statement)
    try {
      rows(st)
      val _ = st.executeBatch()
    } finally st.close()
  }
}
