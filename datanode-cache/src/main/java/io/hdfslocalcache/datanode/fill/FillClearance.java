package io.hdfslocalcache.datanode.fill;

import io.hdfslocalcache.datanode.block.EntryHome;
import io.hdfslocalcache.guard.FillVerdict;

/**
 * The fill guard as the fill pipeline sees it: asked before a fill touches the HDD, told what each
 * cached read saved (and what the entries admitted at the tuner's margin saved and cost). One guard
 * per directory behind it; {@link #OPEN} when the guard is off.
 */
public interface FillClearance {
  /** A fill about to read {@code hddIos}/{@code hddBytes} and write {@code ssdBytes} to dir. */
  FillVerdict tryFill(EntryHome dir, long hddIos, long hddBytes, long ssdBytes);

  /**
   * A read of a cached block of dir finished: {@code readBytes} in all, of which the HDD served
   * {@code hddBytes} in {@code hddIos} reads (0 and 0: a full hit).
   */
  void recordRead(EntryHome dir, long readBytes, long hddIos, long hddBytes);

  /**
   * The same read, of an entry admitted at the admission tuner's margin: what it saved, in the
   * guard's unit, goes to the margin's payback.
   */
  void recordMarginHit(EntryHome dir, long readBytes, long hddIos, long hddBytes);

  /**
   * A fill of an entry admitted at the margin got its room (the guard allowed it): its cost, in the
   * guard's unit, goes to the margin's payback.
   */
  void recordMarginFill(EntryHome dir, long hddIos, long hddBytes);

  /**
   * A client read of {@code readBytes} the cache did not serve, of a block placed in dir: load the
   * guard's allowance is a share of (without it a cold directory never fills).
   */
  void recordMiss(EntryHome dir, long readBytes);

  /** No guard: every fill may run. */
  FillClearance OPEN =
      new FillClearance() {
        @Override
        public FillVerdict tryFill(EntryHome dir, long hddIos, long hddBytes, long ssdBytes) {
          return FillVerdict.ALLOW;
        }

        @Override
        public void recordRead(EntryHome dir, long readBytes, long hddIos, long hddBytes) {}

        @Override
        public void recordMarginHit(EntryHome dir, long readBytes, long hddIos, long hddBytes) {}

        @Override
        public void recordMarginFill(EntryHome dir, long hddIos, long hddBytes) {}

        @Override
        public void recordMiss(EntryHome dir, long readBytes) {}
      };
}
