package mvt.portal

import java.util.concurrent.atomic.AtomicInteger

/** The latest hour's answers are rendered once per account; an earlier hour every time; a later one replaces them. */
class LatestAnswersSuite extends munit.FunSuite {

  private def counting(answers: LatestAnswers, renders: AtomicInteger)(account: Int, hour: Long): String =
    new String(answers(account, hour) { renders.incrementAndGet(); s"$account@$hour".getBytes })

  test("an account's answer at the latest hour is rendered once; another account's is its own") {
    val n = new AtomicInteger
    val get = counting(new LatestAnswers, n)
    assertEquals(get(1, 10), "1@10")
    assertEquals(get(1, 10), "1@10")
    assertEquals(get(2, 10), "2@10")
    assertEquals(n.get, 2)
  }

  test("an earlier hour is rendered every time; a later one replaces what was kept") {
    val n = new AtomicInteger
    val get = counting(new LatestAnswers, n)
    get(1, 10)
    assertEquals(get(1, 9), "1@9")
    assertEquals(get(1, 9), "1@9")
    assertEquals(n.get, 3)
    assertEquals(get(1, 11), "1@11")
    assertEquals(get(1, 11), "1@11")
    assertEquals(get(1, 10), "1@10")
    assertEquals(n.get, 5)
  }

  test("past its capacity, answers are rendered and not kept") {
    val n = new AtomicInteger
    val get = counting(new LatestAnswers(capacity = 2), n)
    for (a <- 1 to 3; _ <- 1 to 2) get(a, 10)
    assertEquals(n.get, 4)
  }
}
