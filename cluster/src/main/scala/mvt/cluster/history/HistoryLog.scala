package mvt.cluster.history

import io.circe.syntax.*
import mvt.cluster.NodeId
import mvt.crdt.ClientId

import java.io.{BufferedWriter, OutputStreamWriter}
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path, StandardOpenOption}

/**
 * A node incarnation's history, appended as JSON lines to its own file: each `record` numbers the operation
 * (1, 2, ... for this incarnation), stamps it with the wall clock in nanoseconds and writes its line through,
 * so a `kill -9` loses at most the line being written, which the checker then reports as a gap. Safe to call
 * from any thread.
 */
final class HistoryLog private (out: BufferedWriter, node: NodeId, incarnation: Long) extends AutoCloseable {
  import HistoryCodec.given

  private var seq = 0L

  /** Appends one operation. */
  def record(kind: OpKind, account: ClientId, order: String, cents: Long): Unit = synchronized {
    seq += 1
    val now = java.time.Instant.now()
    val op = Operation(
      node,
      incarnation,
      seq,
      now.getEpochSecond * 1000000000L + now.getNano,
      kind,
      account,
      order,
      cents
    )
    out.write(op.asJson.noSpaces)
    out.write('\n')
    out.flush()
  }

  def close(): Unit = synchronized(out.close())
}

object HistoryLog {

  /** Opens (appending to) the history file of one node incarnation. */
  def open(path: Path, node: NodeId, incarnation: Long): HistoryLog =
    new HistoryLog(
      new BufferedWriter(
        new OutputStreamWriter(
          Files.newOutputStream(
            path,
            StandardOpenOption.CREATE,
            StandardOpenOption.APPEND,
            StandardOpenOption.WRITE
          ),
          StandardCharsets.UTF_8
        )
      ),
      node,
      incarnation
    )
}
