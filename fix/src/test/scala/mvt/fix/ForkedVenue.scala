package mvt.fix

import mvt.core.Symbol
import mvt.venue.{Venue, VenueConfig}

import java.nio.file.Path

/** A venue with its FIX gateway in a JVM of its own, for the crash test: `DIR PORT CLIENTS`; prints `ready`. */
object ForkedVenue {
  def main(args: Array[String]): Unit = {
    val dir = Path.of(args(0))
    val venue =
      Venue.open(VenueConfig(dir, "2026-01-05", Vector(Symbol.unsafe("ACME"))), l => System.err.println(l))
        .fold(e => sys.error(e.render), identity)
    val settings = FixSettings.load(args(1).toInt, Path.of(args(2)), "MVT", dir).fold(sys.error(_), identity)
    FixGateway.start(venue, settings).fold(sys.error(_), identity)
    println("ready")
    System.out.flush()
    Thread.sleep(Long.MaxValue)
  }
}
