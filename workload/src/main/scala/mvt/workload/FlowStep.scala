package mvt.workload

/**
 * What a generator decides at each step: exactly one command appended to the flow's builder. A single stream
 * runs one step per command; a generated day runs the same steps between the clock's `time` lines, so both
 * follow one logic.
 */
private[workload] trait FlowStep {
  def run(flow: OrderFlow): Unit
}
