package io.hdfslocalcache.datanode.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.AdmissionTuning;
import io.hdfslocalcache.model.CandidateSpec;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShadowHeapCheckTest {
  private static final long TB = 1L << 40;
  private static final long MB = 1L << 20;
  private static final long BLOCK = 128 * MB;

  private static CandidateSpec candidate(FillMode fill, long capacity, int maxKeys) {
    return new CandidateSpec(
        "c",
        RateLimitConfig.defaults().withMaxTrackedKeys(maxKeys),
        capacity,
        fill,
        MB,
        true,
        3_600_000L,
        0.5);
  }

  @Test
  void worstCaseBytes_pagesMode2TbDefaultKeys_everyPageOfEveryBlockAndEveryKey() {
    CandidateSpec s = candidate(FillMode.PAGES, 2 * TB, 1 << 20);
    long blocks = 2 * TB / BLOCK; // 16,384
    long expected =
        ShadowHeapCheck.FIXED_BYTES
            + blocks
                * (ShadowHeapCheck.PER_BLOCK_PAGES_MODE + 127 * ShadowHeapCheck.PER_FURTHER_PAGE)
            + (1L << 20) * ShadowHeapCheck.PER_LIMITER_KEY;
    assertEquals(expected, ShadowHeapCheck.worstCaseBytes(s, BLOCK));
    // within the range docs/operations.md gives (1.2-2.6 GB for eight)
    long eight = ShadowHeapCheck.worstCaseBytes(Collections.nCopies(8, s), BLOCK);
    assertTrue(eight > 1_200_000_000L && eight < 2_600_000_000L, "eight candidates: " + eight);
  }

  @Test
  void worstCaseBytes_blockMode_perBlockNotPerPage() {
    CandidateSpec s = candidate(FillMode.BLOCK, 2 * TB, 1000);
    assertEquals(
        ShadowHeapCheck.FIXED_BYTES
            + 16_384 * ShadowHeapCheck.PER_BLOCK_BLOCK_MODE
            + 1000 * ShadowHeapCheck.PER_LIMITER_KEY,
        ShadowHeapCheck.worstCaseBytes(s, BLOCK));
  }

  @Test
  void worstCaseBytes_outcomeCandidate_sixGhostEntriesPerBlockMore() {
    CandidateSpec fixed = candidate(FillMode.BLOCK, 2 * TB, 1000);
    CandidateSpec outcome = fixed.withTuning(AdmissionTuning.OUTCOME);
    assertEquals(
        16_384 * ShadowHeapCheck.PER_BLOCK_OUTCOME_GHOSTS,
        ShadowHeapCheck.worstCaseBytes(outcome, BLOCK)
            - ShadowHeapCheck.worstCaseBytes(fixed, BLOCK));
  }

  @Test
  void message_overAQuarterOfTheHeap_warnsNamingTheKeyToLower() {
    List<CandidateSpec> eight = Collections.nCopies(8, candidate(FillMode.PAGES, 2 * TB, 1 << 20));
    long heap = 4L << 30; // a 4 GB DataNode heap
    assertEquals(
        ShadowHeapCheck.Verdict.OVER_A_QUARTER_OF_THE_HEAP,
        ShadowHeapCheck.verdict(ShadowHeapCheck.worstCaseBytes(eight, BLOCK), heap));
    String m =
        ShadowHeapCheck.message(8, ShadowHeapCheck.worstCaseBytes(eight, BLOCK), BLOCK, heap);
    assertTrue(m.contains(CacheKeys.ADMISSION_MAX_TRACKED_KEYS), m);
    assertTrue(m.contains("8 shadow candidates"), m);
  }

  @Test
  void message_smallCandidateOnALargeHeap_fitsWithoutAdvice() {
    List<CandidateSpec> one = Collections.singletonList(candidate(FillMode.BLOCK, 2 * TB, 100_000));
    long heap = 16L << 30;
    assertEquals(
        ShadowHeapCheck.Verdict.FITS,
        ShadowHeapCheck.verdict(ShadowHeapCheck.worstCaseBytes(one, BLOCK), heap));
    assertTrue(
        !ShadowHeapCheck.message(1, ShadowHeapCheck.worstCaseBytes(one, BLOCK), BLOCK, heap)
            .contains(CacheKeys.ADMISSION_MAX_TRACKED_KEYS));
  }
}
