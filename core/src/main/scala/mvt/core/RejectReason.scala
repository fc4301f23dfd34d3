package mvt.core

/** Why an `add` was refused; rendered as the spec's `reason` field. Singletons: never allocates. */
enum RejectReason(val text: String) {
  case InvalidPrice extends RejectReason("invalid-price")
  case InvalidQuantity extends RejectReason("invalid-quantity")
  case DuplicateOrderId extends RejectReason("duplicate-order-id")
}
