package io.hdfslocalcache.datanode.store;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * How far one directory's open has come: a count that grows while the open makes progress (its own
 * steps, plus the pages its store has restored so far). Start-up tells a directory that is still
 * restoring a large cache from a hung one by whether this count moves; the value itself means
 * nothing. Written by the opening thread, read by the start-up watch from another.
 */
public final class OpenProgress {
  private final AtomicLong steps = new AtomicLong();
  private volatile LongSupplier restored = () -> 0;

  /** One step of the open done (a directory created, the index opened, the store opened). */
  public void step() {
    steps.incrementAndGet();
  }

  /** {@code soFar} counts what the store's restore has restored until now; read concurrently. */
  public void restoring(LongSupplier soFar) {
    restored = soFar;
  }

  /** The count now. */
  public long value() {
    long r;
    try {
      r = restored.getAsLong();
    } catch (RuntimeException e) {
      r = 0; // a restore's count read mid-change: the next reading will tell
    }
    return steps.get() + r;
  }
}
