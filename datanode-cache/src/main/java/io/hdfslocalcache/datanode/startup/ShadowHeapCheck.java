package io.hdfslocalcache.datanode.startup;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.AdmissionTuning;
import io.hdfslocalcache.model.CandidateSpec;
import java.util.List;
import java.util.Locale;

/**
 * At start-up, the most heap the shadow candidates can come to hold, against the DataNode's maximum
 * heap. Each candidate's model grows with what its modelled SSD holds (its capacity, in blocks of
 * {@code dfs.blocksize}, and in {@code pages} mode every page of them) and with the blocks its
 * admission limiter counts (up to {@code admission.max.tracked.keys}); the per-unit costs are the
 * ones {@code bin/hdfs-local-cache bench heap} measured (docs/benchmarks.md, "Shadow mode: heap"),
 * rounded up. A DataNode of smaller blocks holds more of them in the same capacity: the estimate
 * assumes full-size blocks, so the operator reads it with that in mind. Pure: the factory logs what
 * it returns.
 */
public final class ShadowHeapCheck {
  private ShadowHeapCheck() {}

  /** A started candidate in {@code pages} mode, nothing held (measured 430,752-462,168). */
  static final long FIXED_BYTES = 470_000;

  /** Per block the modelled SSD holds whole, {@code block} mode (measured 88.0-88.3). */
  static final long PER_BLOCK_BLOCK_MODE = 89;

  /** Per block held with its first page, {@code pages} mode (measured 140-150). */
  static final long PER_BLOCK_PAGES_MODE = 150;

  /** Per further page of a held block, {@code pages} mode (measured 52-63, 68 before). */
  static final long PER_FURTHER_PAGE = 68;

  /** Per block the limiter counts reads of (measured 34-59). */
  static final long PER_LIMITER_KEY = 59;

  /**
   * Per block the modelled SSD holds, {@code tuning=outcome}: its ladder's six ghosts, each holding
   * the block read whole (measured 723.5 a block over 36.7 for tuned's limiter: 114.5 an entry,
   * rounded up to 120). Partial reads leave smaller entries, so more of them: this assumes whole
   * blocks as the rest of the estimate does.
   */
  static final long PER_BLOCK_OUTCOME_GHOSTS = 6 * 120;

  /** The feed's full queue (65,536 events of 132 bytes). */
  static final long QUEUE_BYTES = 8_650_000;

  /** Above this share of the maximum heap, the estimate is logged as a WARN. */
  static final int WARN_PERCENT_OF_HEAP = 25;

  /** Whether the worst case fits the share of the heap shadow mode should take. */
  public enum Verdict {
    FITS,
    OVER_A_QUARTER_OF_THE_HEAP
  }

  /**
   * The most heap one candidate's model can hold when its SSD is full of {@code blockSize} blocks.
   */
  static long worstCaseBytes(CandidateSpec s, long blockSize) {
    long block = Math.max(1, blockSize);
    long blocks = Math.max(1, s.capacityBytes() / block);
    long model;
    if (s.fill() == FillMode.BLOCK) {
      model = blocks * PER_BLOCK_BLOCK_MODE;
    } else {
      long pagesPerBlock = (block + s.pageSizeBytes() - 1) / s.pageSizeBytes();
      model = blocks * (PER_BLOCK_PAGES_MODE + (pagesPerBlock - 1) * PER_FURTHER_PAGE);
    }
    long ghosts = s.tuning() == AdmissionTuning.OUTCOME ? blocks * PER_BLOCK_OUTCOME_GHOSTS : 0;
    return FIXED_BYTES + model + ghosts + (long) s.admission().maxTrackedKeys() * PER_LIMITER_KEY;
  }

  /** The worst case of every candidate and the feed's queue together. */
  public static long worstCaseBytes(List<CandidateSpec> specs, long blockSize) {
    long total = QUEUE_BYTES;
    for (CandidateSpec s : specs) {
      total += worstCaseBytes(s, blockSize);
    }
    return total;
  }

  public static Verdict verdict(long worstCaseBytes, long maxHeapBytes) {
    return worstCaseBytes * 100 > maxHeapBytes * WARN_PERCENT_OF_HEAP
        ? Verdict.OVER_A_QUARTER_OF_THE_HEAP
        : Verdict.FITS;
  }

  /**
   * The line the factory logs for {@code candidates} whose {@link #worstCaseBytes} is {@code worst}
   * (at WARN when the verdict is not {@link Verdict#FITS}).
   */
  public static String message(int candidates, long worst, long blockSize, long maxHeapBytes) {
    String line =
        "hdfs-local-cache: "
            + candidates
            + " shadow candidates can hold up to "
            + mb(worst)
            + " of heap once their modelled SSDs are full of "
            + mb(blockSize)
            + " blocks (the DataNode's maximum heap: "
            + mb(maxHeapBytes)
            + ")";
    if (verdict(worst, maxHeapBytes) == Verdict.FITS) {
      return line;
    }
    return line
        + ", more than "
        + WARN_PERCENT_OF_HEAP
        + "% of it: run fewer candidates (pages mode costs the most), lower their capacity, or"
        + " lower "
        + CacheKeys.ADMISSION_MAX_TRACKED_KEYS
        + " (each candidate's limiter may count that many blocks); docs/operations.md, shadow mode";
  }

  private static String mb(long bytes) {
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
  }
}
