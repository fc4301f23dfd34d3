package mvt.venue

/** When a journaled command counts as durable, so its outcome may leave the venue. */
enum Durability(val label: String) {

  /** One `fsync` covers every command the engine ran while the previous one was in progress. */
  case Group extends Durability("group")

  /** One `fsync` per command: the slow, simple design, kept for comparison. */
  case Each extends Durability("each")

  /** No `fsync` at all: a crash of the machine can lose acknowledged commands. For benchmarks only. */
  case None extends Durability("none")
}

object Durability {
  def parse(s: String): Option[Durability] = values.find(_.label == s)
  def names: String = values.map(_.label).mkString("|")
}
