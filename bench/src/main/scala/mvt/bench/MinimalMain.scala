package mvt.bench

/** The smallest Scala program: the baseline that `mvt bench startup` compares the tool's start-up with. */
object MinimalMain {
  def main(args: Array[String]): Unit = println("ok")
}
