package mvt.bench.crdt

import mvt.crdt.*
import org.openjdk.jmh.annotations.*

import java.time.LocalDate
import java.util.concurrent.TimeUnit
import scala.compiletime.uninitialized

/**
 * The checks on the trading path: `authorize` against 10,000 client balances credited by three
 * replicas, and the day's blacklist. Run with `-prof gc` to see that neither allocates.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Array(Mode.AverageTime))
@OutputTimeUnit(TimeUnit.NANOSECONDS)
class AuthorizeBench {

  private var balances: ClientBalances = uninitialized
  private var blacklist: Blacklist = uninitialized
  private var clients: Array[ClientId] = uninitialized
  private val today: TradingDay = TradingDay(LocalDate.of(2025, 11, 24))
  private var next = 0

  @Setup
  def setup(): Unit = {
    val ids = Fixtures.clientIds(10000)
    balances = Fixtures.balances(Fixtures.replicaIds(3), ids, 0)
    blacklist =
      ids.indices.filter(_ % 50 == 0).foldLeft(Blacklist.empty)((b, i) => b.add(today, ids(i)).state)
    clients = ids.toArray
  }

  // Cycles through the clients so the lookups do not all hit one cached entry.
  private def client(): ClientId = {
    next = if (next == clients.length - 1) 0 else next + 1
    clients(next)
  }

  @Benchmark
  def authorize(): Boolean = balances.authorize(client(), 1500000L)

  @Benchmark
  def isBlacklisted(): Boolean = blacklist.isBlacklisted(today, client())

  /** The whole pre-trade check: not barred today, and funded. */
  @Benchmark
  def preTradeCheck(): Boolean = {
    val c = client()
    !blacklist.isBlacklisted(today, c) && balances.authorize(c, 1500000L)
  }
}
