package mvt.cluster.fork

/** Where a forked run reports its phases (the cli shows them on stderr); `quiet` shows nothing. */
trait Phases {
  def phase[A](name: String)(body: => A): A
}

object Phases {
  val quiet: Phases = new Phases {
    def phase[A](name: String)(body: => A): A = body
  }
}
