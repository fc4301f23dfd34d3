package mvt.orderbook

/** Every kind of outcome a random stream should exercise: the event words, with reject reasons split out. */
object EventKinds {
  val All: List[String] = List(
    "added",
    "executed",
    "canceled",
    "cancel-rejected",
    "rejected:invalid-price",
    "rejected:invalid-quantity",
    "rejected:duplicate-order-id"
  )

  /** The outcomes `spec/order-types.md` adds. */
  val OrderTypes: List[String] = List(
    "expired",
    "modified",
    "rejected:would-cross",
    "modify-rejected:invalid-price",
    "modify-rejected:invalid-quantity",
    "modify-rejected:unknown-order",
    "modify-rejected:would-cross"
  )
}
