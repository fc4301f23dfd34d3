package mvt.cluster

/** What a node of the trader cluster does: plays the day (one exchange) or trades its share of the subscriptions. */
enum NodeRole(val label: String) {
  case Exchange extends NodeRole("exchange")
  case Trader extends NodeRole("trader")
}

object NodeRole {

  /** The role named `label` (`exchange` or `trader`), or why not. */
  def parse(label: String): Either[String, NodeRole] =
    values.find(_.label == label).toRight(s"unknown role '$label' (expected exchange|trader)")
}
