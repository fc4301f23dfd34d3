package mvt.orderbook.baseline

import mvt.orderbook.*

import scala.collection.immutable.Queue

/** An order in a historical book. `seq` is unique per book and tells apart two lives of one reused id. */
final case class PersistentOrder(
    id: Long,
    side: Byte,
    price: Long,
    qty: Long,
    seq: Long,
    postOnly: Boolean = false
)

/** The FIFO the historical books keep at each price: an immutable `List` or `Queue`. */
trait LevelQueue[Q] {
  def empty: Q
  def isEmpty(q: Q): Boolean
  def append(q: Q, o: PersistentOrder): Q
  def head(q: Q): PersistentOrder
  def dropHead(q: Q): Q
  def replaceHead(q: Q, o: PersistentOrder): Q
  def toList(q: Q): List[PersistentOrder]

  /** `q` without the order with this id, or `null` when it holds none (a linear scan). */
  def removeId(q: Q, id: Long): Q

  /** `q` with the order of `o.seq` replaced by `o`, in its place (a linear scan). */
  def replaceSeq(q: Q, o: PersistentOrder): Q
}

object LevelQueue {

  /** The oldest design: appending walks the whole list. */
  given ListLevel: LevelQueue[List[PersistentOrder]] with {
    def empty: List[PersistentOrder] = Nil
    def isEmpty(q: List[PersistentOrder]): Boolean = q.isEmpty
    def append(q: List[PersistentOrder], o: PersistentOrder): List[PersistentOrder] = q :+ o
    def head(q: List[PersistentOrder]): PersistentOrder = q.head
    def dropHead(q: List[PersistentOrder]): List[PersistentOrder] = q.tail
    def replaceHead(q: List[PersistentOrder], o: PersistentOrder): List[PersistentOrder] = o :: q.tail
    def toList(q: List[PersistentOrder]): List[PersistentOrder] = q
    def removeId(q: List[PersistentOrder], id: Long): List[PersistentOrder] =
      if (q.exists(_.id == id)) q.filterNot(_.id == id) else null
    def replaceSeq(q: List[PersistentOrder], o: PersistentOrder): List[PersistentOrder] =
      q.map(x => if (x.seq == o.seq) o else x)
  }

  /** The second design: an immutable banker's queue with amortised O(1) append. */
  given QueueLevel: LevelQueue[Queue[PersistentOrder]] with {
    def empty: Queue[PersistentOrder] = Queue.empty
    def isEmpty(q: Queue[PersistentOrder]): Boolean = q.isEmpty
    def append(q: Queue[PersistentOrder], o: PersistentOrder): Queue[PersistentOrder] = q.enqueue(o)
    def head(q: Queue[PersistentOrder]): PersistentOrder = q.head
    def dropHead(q: Queue[PersistentOrder]): Queue[PersistentOrder] = q.tail
    def replaceHead(q: Queue[PersistentOrder], o: PersistentOrder): Queue[PersistentOrder] = o +: q.tail
    def toList(q: Queue[PersistentOrder]): List[PersistentOrder] = q.toList
    def removeId(q: Queue[PersistentOrder], id: Long): Queue[PersistentOrder] =
      if (q.exists(_.id == id)) q.filterNot(_.id == id) else null
    def replaceSeq(q: Queue[PersistentOrder], o: PersistentOrder): Queue[PersistentOrder] =
      q.map(x => if (x.seq == o.seq) o else x)
  }
}
