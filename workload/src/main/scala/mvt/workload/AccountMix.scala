package mvt.workload

import java.util.SplittableRandom

/**
 * Who places the orders of a generated flow: client accounts `1..accounts` with Zipf(`exponent`) activity
 * (account k places orders in proportion to `k^-exponent`, so a few clients place most of them), and a
 * `houseShare` of adds for the house (account 0). Cancels carry no account (the spec's form has none).
 */
final case class AccountMix(
    accounts: Int,
    exponent: Double = AccountMix.DefaultExponent,
    houseShare: Double = 0.0
) {
  require(accounts >= 1, "accounts must be >= 1")
  require(exponent > 0.0 && exponent <= 10.0, "the Zipf exponent must be in (0, 10]")
  require(houseShare >= 0.0 && houseShare <= 1.0, "houseShare must be from 0 to 1")

  def render: String = {
    val house = if (houseShare > 0) f"; ${houseShare * 100}%.1f%% of adds for the house (account 0)" else ""
    f"accounts 1..$accounts%d, Zipf law with exponent $exponent%.2f (P(k) ~ k^-$exponent%.2f)$house"
  }

  /** A draw of accounts from this mix, with its own seeded random stream, tallying what it drew. */
  private[workload] def draw(seed: Long): AccountMix.Draw = new AccountMix.Draw(this, seed)
}

object AccountMix {

  /** Slightly steeper than Zipf(1): of 1,000 clients the top 1% place about half the orders, the top 10% 77%. */
  val DefaultExponent: Double = 1.1

  /**
   * Draws the account of each add, from its own random stream so that accounts never change the rest of the
   * flow, and records every draw in `activity`. Not thread-safe.
   */
  private[workload] final class Draw(mix: AccountMix, seed: Long) {
    private val rnd = new SplittableRandom(seed)
    private val zipf = new ZipfSampler(mix.accounts, mix.exponent)
    val activity = new AccountActivity(mix)

    def next(): Int = {
      val a = if (mix.houseShare > 0 && rnd.nextDouble() < mix.houseShare) 0 else zipf.sample(rnd)
      activity.record(a)
      a
    }
  }
}
