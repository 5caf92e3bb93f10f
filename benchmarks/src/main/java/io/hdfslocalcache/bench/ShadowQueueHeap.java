package io.hdfslocalcache.bench;

import io.hdfslocalcache.datanode.settings.CacheTunables;
import io.hdfslocalcache.datanode.shadow.ShadowFixture;
import java.util.concurrent.BlockingQueue;
import org.openjdk.jol.info.GraphLayout;

/**
 * Heap of the shadow feed's queue when full: {@link CacheTunables#SHADOW_QUEUE_EVENTS} read events
 * as the read path offers them (event, read, block id), measured with JOL, less the pool name they
 * share. The bound on what shadow mode holds besides its models.
 */
public final class ShadowQueueHeap {
  private ShadowQueueHeap() {}

  public static void main(String[] args) {
    int n = CacheTunables.SHADOW_QUEUE_EVENTS;
    String pool = "BP-1180386133-10.20.30.40-1700000000000";
    BlockingQueue<?> q = ShadowFixture.fullQueue(n, pool);
    long total = GraphLayout.parseInstance(q).totalSize();
    long shared = GraphLayout.parseInstance(pool).totalSize();
    System.out.printf(
        "shadow feed queue full: events=%d heapBytes=%d bytesPerEvent=%.1f%n",
        n, total - shared, (double) (total - shared) / n);
  }
}
