package mvt.core

/** Where long work says how far it got: a bar that `start` names, `update` draws and `end` closes. */
trait Progress {
  def start(name: String): Unit
  def update(done: Int, total: Int): Unit
  def end(line: String): Unit
}
