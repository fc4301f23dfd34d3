package mvt.bench.trader

/** How the open-loop producer waits for each event's intended send time. */
enum Pacing(val label: String, val description: String) {
  case Spin extends Pacing("spin", "busy-wait: sends on time to the microsecond, but keeps a core busy")
  case Park extends Pacing(
        "park",
        "park the thread: frees the core; the OS wakes it tens of µs late, charged as latency"
      )
}
