package mvt.cluster

/** How a trader node checks and records a spend: the one flag `--consistency` chooses. */
enum Consistency(val label: String) {

  /** The firm's sketch: a PN counter, local check, local write gossiped later; a partition lets both sides spend. */
  case Local extends Consistency("local")

  /**
   * A PN counter whose debit must reach a majority, and a majority read then show the balance still covering it,
   * before the order goes out: two remote round trips per order, and no overspend even between concurrent spenders.
   */
  case Majority extends Consistency("majority")

  /** A bounded counter: each node spends only the rights it holds, so the check stays local and nobody overspends. */
  case Bounded extends Consistency("bounded")
}

object Consistency {

  def parse(s: String): Either[String, Consistency] =
    values.find(_.label == s).toRight(s"unknown consistency '$s' (local, majority or bounded)")
}
