package mvt.cluster.history

/** What an operation did; the money each kind moves is said on the case. */
enum OpKind {

  /** Funds given to the account (cents: the amount). */
  case Provision

  /** A spend approved by the balance check (no money moves yet; cents: the amount asked). */
  case Authorize

  /** A buy's cost reserved on the account before its order was sent (cents: the reservation). */
  case Debit

  /**
   * A buy's modify reserved the modified order's cost on top of the order's reservation before it was sent
   * (cents: the amount); what the order then does not need comes back as `Refund`s.
   */
  case TopUp

  /** A spend the balance check refused (cents: the amount asked; no money moves). */
  case Refuse

  /** The add, or a buy's modify that reserved more, left the trader: what it reserved is committed (no money). */
  case Send

  /** The venue acknowledged the order after journaling it (no money). */
  case Ack

  /** The venue applied the order to its book: at most once per order (no money). */
  case Apply

  /** A fill of a buy (cents: its value at the fill price, which its reservation pays); a sale's proceeds are a `Credit`. */
  case Fill

  /** The unspent part of a reservation given back when its order closed (cents: the amount). */
  case Refund

  /** Proceeds of a sale credited to the account (cents: the amount). */
  case Credit

  /** A replica's balance of the account once every replica agreed, at the end (cents: the balance). */
  case Balance
}
