package mvt.core

/** Why an `add` or a `modify` was refused; rendered as the spec's `reason` field. Singletons: never allocates. */
enum RejectReason(val text: String) {
  case InvalidPrice extends RejectReason("invalid-price")
  case InvalidQuantity extends RejectReason("invalid-quantity")
  case DuplicateOrderId extends RejectReason("duplicate-order-id")

  /** A post-only order whose price crosses the opposite side's best. */
  case WouldCross extends RejectReason("would-cross")

  /** A modify of an id not live in that symbol's book (`modify-rejected` only). */
  case UnknownOrder extends RejectReason("unknown-order")
}
