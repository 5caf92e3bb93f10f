package io.hdfslocalcache.simulator.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random CSV traces that reach every rule of the model: re-reads at other offsets, appends (a new
 * generation stamp, the block grows), deletes, old readers, zero-length reads, two pools, and a
 * clock that steps back now and then. The same events as {@link ReferenceModel} events, for the
 * independent model.
 */
final class RandomTraces {
  private RandomTraces() {}

  private static final String HEADER =
      "timestamp_ms,block_pool,block_id,gen_stamp,op,offset,length";

  record Generated(String csv, List<ReferenceModel.Event> events) {}

  /**
   * @param stepMs the largest step forward between events; one in 20 steps back, up to 3/4 of it
   * @param blocks distinct block ids, read with a skew towards the low ones
   */
  static Generated generate(Random random, int events, int stepMs, int blocks) {
    StringBuilder csv = new StringBuilder(HEADER);
    List<ReferenceModel.Event> list = new ArrayList<>();
    long[] gen = new long[blocks];
    java.util.Arrays.fill(gen, 1);
    long time = 1_700_000_000_000L;
    for (int i = 0; i < events; i++) {
      time += random.nextInt(20) == 0 ? -random.nextInt(stepMs * 3 / 4) : random.nextInt(stepMs);
      int b = (int) Math.floor(Math.pow(random.nextDouble(), 2) * gen.length);
      String pool = b % 3 == 0 ? "BP-a" : "BP-b";
      double kind = random.nextDouble();
      String op;
      long g = gen[b];
      long offset;
      long length;
      if (kind < 0.03) {
        op = "WRITE"; // an append: a new generation stamp, the block grows
        g = ++gen[b];
        offset = 0;
        length = 2048 + random.nextInt(8000);
      } else if (kind < 0.04) {
        op = "DELETE";
        offset = 0;
        length = 0;
      } else {
        op = "READ";
        if (random.nextInt(30) == 0 && g > 1) {
          g--; // an old reader
        }
        offset = random.nextInt(6000);
        length = random.nextInt(50) == 0 ? 0 : 1 + random.nextInt(3000);
      }
      csv.append('\n')
          .append(time)
          .append(',')
          .append(pool)
          .append(',')
          .append(b)
          .append(',')
          .append(g)
          .append(',')
          .append(op)
          .append(',')
          .append(offset)
          .append(',')
          .append(length);
      list.add(new ReferenceModel.Event(time, pool, b, g, op, offset, length));
    }
    return new Generated(csv.toString(), list);
  }
}
