package io.hdfslocalcache.bench;

import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.PolicyType;
import io.hdfslocalcache.time.CacheClock;
import org.openjdk.jol.info.GraphLayout;

/**
 * Heap of the admission policy a DataNode (and a shadow candidate) holds, {@code tuned} against
 * {@code outcome}, paired on the same reads, measured with JOL: bytes per block both have seen.
 * Each block is read 16 times, 1 MB at offset 0, through {@link AdmissionPolicy#startRead} and its
 * end as the DataNode reads, at threshold 1 (outcome's ladder 0, 0, 1, 3, 7, 15): every rung's
 * ghost holds every block, outcome's worst case (at the default 15 a block read 4 to 7 times in the
 * window is in one ghost). One 1 PB cache, no sampling ({@code sample=1}, the DataNode's default).
 * Layouts are deterministic: one run gives the figures. Also {@code outcome:split=2} (eleven rungs:
 * 0, 0, 0, 0, 1, 1, 3, 4, 7, 10, 15 at threshold 1), every rung's ghost holding every block.
 */
public final class OutcomeHeap {
  private static final long MB = 1 << 20;
  private static final long BLOCK = 128 * MB;
  private static final long CAPACITY = 1L << 50;
  private static final int READS_EACH = 16;

  private OutcomeHeap() {}

  private static final String FINE = "outcome:threshold=1,split=2";

  /** {@code type}'s policy at threshold 1 after {@code blocks} blocks read 16 times each. */
  static long policyBytes(PolicyType type, int blocks) {
    long[] now = {1_700_000_000_000L};
    return readEach(
        BoundPolicy.of(type, 1, CAPACITY, CacheClock.ofEventTime(() -> now[0])), now, blocks);
  }

  /** {@link #FINE}'s policy (outcome's eleven-rung ladder) after the same reads. */
  static long fineBytes(int blocks) {
    long[] now = {1_700_000_000_000L};
    return readEach(
        BoundPolicy.of(FINE, CAPACITY, CacheClock.ofEventTime(() -> now[0])), now, blocks);
  }

  private static long readEach(AdmissionPolicy p, long[] now, int blocks) {
    for (int r = 0; r < READS_EACH; r++) {
      for (long key = 1; key <= blocks; key++) {
        p.startRead(key).ended(0, MB, BLOCK);
      }
      now[0] += 1_000; // 16 s over the lot: inside the window, no law step
    }
    return GraphLayout.parseInstance(p).totalSize();
  }

  public static void main(String[] args) {
    for (int n : new int[] {100_000, 200_000}) {
      long tunedEmpty = policyBytes(PolicyType.TUNED, 0);
      long outcomeEmpty = policyBytes(PolicyType.OUTCOME, 0);
      long tuned = policyBytes(PolicyType.TUNED, n);
      long outcome = policyBytes(PolicyType.OUTCOME, n);
      System.out.printf(
          "admission policy, %d blocks read 16 times: tuned heapBytes=%d (%.1f a block, empty %d),"
              + " outcome heapBytes=%d (%.1f a block, empty %d): outcome/tuned %.2fx%n",
          n,
          tuned,
          (double) (tuned - tunedEmpty) / n,
          tunedEmpty,
          outcome,
          (double) (outcome - outcomeEmpty) / n,
          outcomeEmpty,
          (double) outcome / tuned);
      long fineEmpty = fineBytes(0);
      long fine = fineBytes(n);
      System.out.printf(
          "admission policy, %d blocks read 16 times: %s heapBytes=%d (%.1f a block, empty %d):"
              + " against outcome %.2fx%n",
          n, FINE, fine, (double) (fine - fineEmpty) / n, fineEmpty, (double) fine / outcome);
    }
  }
}
