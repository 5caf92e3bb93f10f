package io.hdfslocalcache.datanode.shadow;

import io.hdfslocalcache.datanode.block.BlockId;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/** The shadow feed's internals for the benchmarks (the test-jar), never for production code. */
public final class ShadowFixture {
  private ShadowFixture() {}

  /**
   * A feed queue of {@code n} read events as DataXceivers leave them: each with its own block id
   * object (the read path makes one per read), all of one block pool, whose name is {@code pool}.
   */
  public static BlockingQueue<?> fullQueue(int n, String pool) {
    BlockingQueue<ShadowEvent> q = new ArrayBlockingQueue<>(n);
    for (int i = 0; i < n; i++) {
      BlockId id = new BlockId(pool, 1_073_741_825L + i);
      q.add(
          ShadowEvent.read(
              new ClientRead(id, 1001, 128L << 20, 4608L * i, 65_536, RealRead.HDD, 0),
              1_700_000_000_000L + i));
    }
    return q;
  }
}
