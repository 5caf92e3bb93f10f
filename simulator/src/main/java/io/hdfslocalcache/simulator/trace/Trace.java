package io.hdfslocalcache.simulator.trace;

import java.util.List;

/**
 * A parsed trace, immutable and shared by every replay of a sweep.
 *
 * <p>Blocks are dense indexes of (pool, block id); versions are dense indexes of (block, generation
 * stamp). Each event names a version. A version's length is the largest offset + length written to
 * it when the trace has writes for it, else the largest offset + length read from it (and never
 * less than any read of it reaches, so the model never reads past a block's end).
 *
 * @param format the format parsed
 * @param pools block pool ids by pool index
 * @param blockPool pool index of each block
 * @param blockId block id of each block
 * @param versionBlock block index of each version
 * @param versionGenStamp generation stamp of each version
 * @param versionLength data length of each version
 * @param events the events, in file order
 * @param firstTimeMs smallest event time
 * @param lastTimeMs largest event time
 * @param stats what the parse saw
 */
public record Trace(
    TraceFormat format,
    List<String> pools,
    int[] blockPool,
    long[] blockId,
    int[] versionBlock,
    long[] versionGenStamp,
    long[] versionLength,
    EventLog events,
    long firstTimeMs,
    long lastTimeMs,
    ParseStats stats) {

  public int blockCount() {
    return blockId.length;
  }

  public int versionCount() {
    return versionBlock.length;
  }

  public String pool(int block) {
    return pools.get(blockPool[block]);
  }
}
