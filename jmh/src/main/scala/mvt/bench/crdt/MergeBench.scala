package mvt.bench.crdt

import mvt.crdt.*
import org.openjdk.jmh.annotations.*

import java.util.concurrent.TimeUnit
import scala.compiletime.uninitialized

/**
 * The cost of `merge` against the number of replicas. Each pair of states has every replica's
 * entry, half of them ahead on each side, so every merge builds a new state; the delta case joins
 * one replica's new count into a full state, as a receiver of a delta does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Array(Mode.AverageTime))
@OutputTimeUnit(TimeUnit.NANOSECONDS)
class MergeBench {

  @Param(Array("3", "10", "100"))
  var replicas: Int = 0

  private var g1: GCounter = uninitialized
  private var g2: GCounter = uninitialized
  private var gDelta: Delta[GCounter] = uninitialized
  private var p1: PNCounter = uninitialized
  private var p2: PNCounter = uninitialized
  private var b1: ClientBalances = uninitialized
  private var b2: ClientBalances = uninitialized

  @Setup
  def setup(): Unit = {
    val ids = Fixtures.replicaIds(replicas)
    g1 = Fixtures.gCounter(ids, 0)
    g2 = Fixtures.gCounter(ids, 1)
    gDelta = g2.increment(ids.last, 5000L).delta
    p1 = Fixtures.pnCounter(ids, 0)
    p2 = Fixtures.pnCounter(ids, 1)
    val clients = Fixtures.clientIds(100)
    b1 = Fixtures.balances(ids, clients, 0)
    b2 = Fixtures.balances(ids, clients, 1)
  }

  @Benchmark
  def gCounterMerge(): GCounter = g1.merge(g2)

  @Benchmark
  def gCounterMergeDelta(): GCounter = g1.mergeDelta(gDelta)

  @Benchmark
  def pnCounterMerge(): PNCounter = p1.merge(p2)

  /** 100 clients, each credited and debited by every replica. */
  @Benchmark
  def clientBalancesMerge(): ClientBalances = b1.merge(b2)
}
