package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.simulator.trace.Op;

/** The logs as they are: a read is served where it was logged (Hadoop's shuffled replica order). */
final class StockRouting implements Routing {
  @Override
  public void seen(int entry, Op op, long genStamp) {}

  @Override
  public int route(int fleetBlock, int logged, long genStamp, long timeMs) {
    return logged;
  }
}
