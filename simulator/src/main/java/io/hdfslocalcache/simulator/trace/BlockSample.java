package io.hdfslocalcache.simulator.trace;

import io.hdfslocalcache.routing.Rendezvous;

/**
 * Spatial sampling by block (SHARDS, Waldspurger et al., FAST'15): a trace keeps every event of the
 * blocks whose hash falls under {@code rate} and none of the others, so a sampled block's reads are
 * all there and its admission counts, hits and evictions behave as in the full trace. A cache of
 * {@code rate} times the size then sees {@code rate} of the load; byte and time totals scale back
 * by {@code 1 / rate} ({@code SampleScale}).
 *
 * <p>The hash, exactly, so a job that filters logs where they lie keeps the same blocks: with
 * {@code mix64} Rendezvous's SplitMix64 finaliser and {@code id} the block id as logged ({@code
 * blk_<id>_<gs>}, a signed 64-bit number), keep iff {@code (mix64(id) >>> 11) * 2^-53 < rate}. The
 * pool is not hashed: a block id's events are kept or dropped together in every pool.
 *
 * @param rate the share of blocks kept, in (0, 1]
 */
public record BlockSample(double rate) {
  /** Every block. */
  public static final BlockSample ALL = new BlockSample(1);

  public BlockSample {
    if (!(rate > 0 && rate <= 1)) {
      throw new IllegalArgumentException(
          "--sample-blocks must be a share of the blocks in (0, 1], e.g. 0.01; got " + rate);
    }
  }

  /** Whether events of block {@code blockId} are kept. */
  public boolean keeps(long blockId) {
    return rate >= 1 || (Rendezvous.mix64(blockId) >>> 11) * 0x1.0p-53 < rate;
  }

  boolean all() {
    return rate >= 1;
  }

  /** {@code sink} receiving only the kept blocks' events; the left-out ones counted. */
  Filter filter(TraceSink sink) {
    return new Filter(sink);
  }

  /** Passes the kept blocks' events on. */
  final class Filter implements TraceSink {
    private final TraceSink sink;
    private long left;

    private Filter(TraceSink sink) {
      this.sink = sink;
    }

    @Override
    public void add(
        long timeMs,
        byte[] line,
        int poolFrom,
        int poolTo,
        long blockId,
        long genStamp,
        Op op,
        long offset,
        long length) {
      if (keeps(blockId)) {
        sink.add(timeMs, line, poolFrom, poolTo, blockId, genStamp, op, offset, length);
      } else {
        left++;
      }
    }

    /** Events of blocks left out. */
    long leftOut() {
      return left;
    }
  }
}
