package mvt.workload

/**
 * How many adds each account placed in a generated flow, and how concentrated that is: the share of client
 * adds placed by the most active 1% or 10% of the `accounts` clients (house adds are counted apart). Not
 * thread-safe.
 */
final class AccountActivity(val mix: AccountMix) {
  // a dense table for up to 4M accounts (16 MB); beyond that only the accounts drawn take space
  private val dense: Array[Int] = if (mix.accounts <= (1 << 22)) new Array[Int](mix.accounts + 1) else null
  private val sparse = if (dense == null) new java.util.HashMap[Integer, Array[Int]]() else null
  private var clients = 0L
  private var house = 0L

  private[workload] def record(account: Int): Unit =
    if (account == 0) house += 1
    else {
      clients += 1
      if (dense != null) dense(account) += 1
      else sparse.computeIfAbsent(account, _ => new Array[Int](1))(0) += 1
    }

  /** Adds placed by client accounts. */
  def clientAdds: Long = clients

  /** Adds placed by the house (account 0). */
  def houseAdds: Long = house

  /** Adds placed by `account` (0 for the house). */
  def addsOf(account: Int): Long =
    if (account == 0) house
    else if (account < 0 || account > mix.accounts) 0L
    else if (dense != null) dense(account).toLong
    else Option(sparse.get(account)).fold(0L)(_(0).toLong)

  /** The counts of the accounts that placed at least one add, most active first. */
  private def activeCounts: Array[Int] = {
    val counts =
      if (dense != null) dense.iterator.drop(1).filter(_ > 0).toArray
      else sparse.values().toArray(new Array[Array[Int]](0)).map(_(0))
    java.util.Arrays.sort(counts)
    counts.reverse
  }

  /** How many accounts make up the top `fraction` of the `accounts` clients (at least one). */
  def topAccounts(fraction: Double): Int = math.max(1, math.ceil(mix.accounts * fraction).toInt)

  /** The share (0 to 1) of client adds placed by the `topAccounts(fraction)` most active clients. */
  def topShare(fraction: Double): Double =
    if (clients == 0) 0.0
    else activeCounts.iterator.take(topAccounts(fraction)).map(_.toLong).sum.toDouble / clients

  def render: String =
    f"top 1%% of accounts (${topAccounts(0.01)}%,d) placed ${topShare(0.01) * 100}%.1f%% of client adds, " +
      f"top 10%% (${topAccounts(0.10)}%,d) ${topShare(0.10) * 100}%.1f%%; $clients%,d client adds, $house%,d house"
}
