package mvt.cluster

/** How a trader node checks and records a spend: the one flag `--consistency` chooses. */
enum Consistency(val label: String) {

  /** The firm's sketch: a PN counter, local check, local write gossiped later; a partition lets both sides spend. */
  case Local extends Consistency("local")

  /** A PN counter whose debit must reach a majority before the order goes out: a remote round trip per order. */
  case Majority extends Consistency("majority")

  /** A bounded counter: each node spends only the rights it holds, so the check stays local and nobody overspends. */
  case Bounded extends Consistency("bounded")
}

object Consistency {

  def parse(s: String): Either[String, Consistency] =
    values.find(_.label == s).toRight(s"unknown consistency '$s' (local, majority or bounded)")
}
