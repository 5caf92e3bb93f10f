package io.hdfslocalcache.model;

import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.model.util.LongIntMap;
import io.hdfslocalcache.ratelimit.BlockKey;

/**
 * The simulator's cache model fed one event at a time, as a shadow-mode DataNode sees its client
 * reads: the same admission policy (the DataNode's {@code BucketTimeRateLimit} with the candidate's
 * settings), cache model, fill guard and per-event rules ({@link EventRules}) as the simulator's
 * replay, with blocks named by pool and id instead of a trace's dense indexes. Fed the events of a
 * trace, it counts exactly what the simulator counts on that trace.
 *
 * <p><b>Heap.</b> A block gets a dense index ({@link BlockSlots}, keyed by {@link BlockKey#of}) for
 * the length of one event, and keeps it only while the modelled SSD holds it: the cache model
 * reports every block it stops holding (evicted, invalidated, deleted) and the index is reused.
 * Per-block arrays grow to the most blocks held at once and are never trimmed. So heap is bounded
 * by the blocks the modelled SSD holds (pages too, in pages mode) plus the admission limiter's own
 * bound ({@code maxTrackedKeys}); figures in docs/benchmarks.md, "Shadow mode: heap".
 *
 * <p><b>Time.</b> Each event carries its own time. The guard's clock is the newest read time seen
 * (reads from several threads may arrive a few ms out of order; it never goes back), and starts at
 * the first event. Writes and deletes do not move it: they never touch the guard (the simulator's
 * rule, so both count the same). The model never reads a wall clock.
 *
 * <p><b>Threads.</b> Every method holds this model's monitor (no other lock, no I/O under it), so
 * {@link #totals} may be read from a metrics thread while one thread feeds events; events are meant
 * to come from one thread, in the order they happened.
 */
public final class LiveModel {
  private static final int INITIAL_BLOCKS = 16;
  private static final int NOBODY = -1;

  private final CandidateSpec spec;
  private final ModelConfig config;
  private final AdmissionPolicy policy;
  private final BlockSlots index = new BlockSlots();
  private EventRules rules; // from the first read: the guard's clock starts there
  private int current = NOBODY; // the block of the event being applied: freed after it, if at all

  /**
   * @throws IllegalArgumentException if the candidate's guard window does not split into the
   *     guard's buckets
   */
  public LiveModel(CandidateSpec spec) {
    this(spec, PolicySpec.dataNode(spec.admission(), spec.tuning().policy()));
  }

  /**
   * The candidate's cache with {@code policy} deciding admission instead of the DataNode's own (to
   * compare a rule on the same events, e.g. {@code tuned:room=0}).
   */
  public LiveModel(CandidateSpec spec, PolicySpec policy) {
    this.spec = spec;
    this.config =
        new ModelConfig(spec.capacityBytes(), spec.fill(), spec.pageSizeBytes(), spec.guard());
    this.policy = policy.create();
  }

  public CandidateSpec spec() {
    return spec;
  }

  /**
   * A client read of {@code [offset, offset + length)} of block {@code blockId} at {@code
   * genStamp}, whose finalized replica is {@code blockLength} bytes, ending at {@code timeMs}.
   */
  public synchronized void read(
      String pool,
      long blockId,
      long genStamp,
      long blockLength,
      long offset,
      long length,
      long timeMs) {
    if (rules == null) {
      rules = new EventRules(config, policy, timeMs, INITIAL_BLOCKS, new Releases());
    }
    long key = BlockKey.of(pool, blockId);
    int block = index.acquire(key);
    rules.ensureBlocks(index.limit());
    current = block;
    rules.read(block, key, genStamp, blockLength, offset, length, timeMs);
    settle(block);
  }

  /**
   * A replica of {@code genStamp} was written (an append or a recovery finalized a newer version):
   * an older cached version is dropped. The simulator's WRITE; a read of the newer version would
   * drop it too, this only frees the room sooner.
   */
  public synchronized void write(String pool, long blockId, long genStamp, long timeMs) {
    int block = held(pool, blockId);
    if (block != NOBODY) {
      current = block;
      rules.write(block, genStamp);
      settle(block);
    }
  }

  /** The block was deleted or invalidated (every version). */
  public synchronized void delete(String pool, long blockId, long timeMs) {
    int block = held(pool, blockId);
    if (block != NOBODY) {
      current = block;
      rules.delete(block);
      settle(block);
    }
  }

  /** The index of a block the model holds, or NOBODY: writes and deletes need no other. */
  private int held(String pool, long blockId) {
    if (rules == null) {
      return NOBODY;
    }
    int block = index.find(BlockKey.of(pool, blockId));
    return block == LongIntMap.ABSENT ? NOBODY : block;
  }

  /** After an event on {@code block}: its index goes back if the model does not hold it. */
  private void settle(int block) {
    current = NOBODY;
    if (!rules.holds(block)) {
      index.release(block);
    }
  }

  /** Frees the index of a block the cache stopped holding, unless an event is still on it. */
  private final class Releases implements EventRules.Listener {
    @Override
    public void released(int block) {
      if (block != current) {
        index.release(block);
      }
    }
  }

  /** Block indexes handed out so far: what the per-block arrays must cover (tests). */
  synchronized int blockSlots() {
    return index.limit();
  }

  /**
   * Totals since construction. Taking them changes nothing the model does next (a guard pause that
   * ran out is ended by the next read, not by this).
   */
  public synchronized ModelTotals totals() {
    if (rules == null) {
      return ModelTotals.EMPTY;
    }
    return rules.totals(index.size());
  }
}
