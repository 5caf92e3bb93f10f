package io.hdfslocalcache.datanode.read;

/**
 * The data stream's {@link ServedLedger}: bytes served, HDD runs and bytes, the uncached range it
 * read from the HDD; and the pages it served, touched in the page LRU as the reader gets them.
 */
final class DataLedger implements ServedLedger {
  private final ReadSession session;
  private final PageTouches touches;

  /** Bytes returned to the reader, from any source. */
  private long served;

  /** HDD reads (runs) and bytes this stream needed: uncached pages and any fallback. */
  private long hddRuns, hddBytes;

  /** Data range of the uncached pages read from the HDD (gaps only), or -1. */
  private long missFrom = -1, missTo = -1;

  DataLedger(ReadSession session) {
    this.session = session;
    this.touches = new PageTouches(session.entry, session.settings().pageSize);
  }

  @Override
  public void cached(long from, int n) {
    touches.served(from, n);
    served += n;
  }

  @Override
  public void hdd(long from, int n, boolean newRun, boolean gap) {
    if (newRun) {
      hddRuns++;
    }
    hddBytes += n;
    served += n;
    if (gap && n > 0) {
      missFrom = missFrom < 0 ? from : Math.min(missFrom, from);
      missTo = Math.max(missTo, from + n);
    }
  }

  @Override
  public void close() {
    session.dataEnded(served, hddRuns, hddBytes, missFrom, missTo);
  }
}
