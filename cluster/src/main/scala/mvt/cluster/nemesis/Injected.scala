package mvt.cluster.nemesis

/** A fault the nemesis did inject: when (milliseconds into the day), what, and the JVM it hit (by name). Immutable. */
final case class Injected(atMillis: Long, fault: Fault, node: String) {

  /** As a report reads it: `kill -9 trader-1 (trader-1-r1) at 4120 ms`. */
  def render: String = s"${fault.render} ($node) at $atMillis ms"
}
