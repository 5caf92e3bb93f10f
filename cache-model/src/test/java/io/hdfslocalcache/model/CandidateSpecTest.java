package io.hdfslocalcache.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.policy.PolicyType;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CandidateSpecTest {
  /** The DataNode's settings: 60 buckets of 1 min, 2 TB, pages of 1 MB, guard on. */
  static final CandidateSpec BASE =
      new CandidateSpec(
          "base",
          RateLimitConfig.defaults(),
          2L << 40,
          FillMode.PAGES,
          1 << 20,
          true,
          3_600_000,
          0.5);

  @Test
  void parse_everyKey_overridesTheBase() {
    CandidateSpec c =
        CandidateSpec.parse(
            "big",
            " threshold=3, window=2h ,capacity=4TB,fill=block,page=256k,guard=off,tuning=auto",
            BASE);
    assertEquals("big", c.name());
    assertEquals(3, c.admission().threshold());
    assertEquals(60, c.admission().bucketCount());
    assertEquals(Duration.ofMinutes(2), c.admission().bucketDuration());
    assertEquals(4L << 40, c.capacityBytes());
    assertEquals(FillMode.BLOCK, c.fill());
    assertEquals(256 << 10, c.pageSizeBytes());
    assertFalse(c.guardEnabled());
    assertTrue(c.tuned());
    assertFalse(BASE.tuned());
    assertEquals(
        "big: threshold=3,window=2h,capacity=4t,fill=block,page=256k,guard=off,tuning=auto",
        c.toString());
  }

  @Test
  void parse_tuningOutcome_runsTheOutcomePolicy() {
    CandidateSpec c = CandidateSpec.parse("o", "tuning=outcome", BASE);
    assertEquals(AdmissionTuning.OUTCOME, c.tuning());
    assertEquals(PolicyType.OUTCOME, c.tuning().policy());
    assertFalse(c.tuned());
    assertTrue(c.toString().endsWith(",tuning=outcome"), c.toString());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> CandidateSpec.parse("o", "tuning=ghost", BASE));
    assertTrue(e.getMessage().contains("use auto, fixed or outcome"), e.getMessage());
  }

  @Test
  void parse_keysLeftOut_keepTheBase() {
    CandidateSpec c = CandidateSpec.parse("t3", "threshold=3", BASE);
    assertEquals(3, c.admission().threshold());
    assertEquals(BASE.admission().window(), c.admission().window());
    assertEquals(BASE.capacityBytes(), c.capacityBytes());
    assertEquals(BASE.fill(), c.fill());
    assertEquals(BASE.pageSizeBytes(), c.pageSizeBytes());
    assertTrue(c.guardEnabled());
    assertEquals(BASE.guardWindowMillis(), c.guardWindowMillis());
    assertEquals(BASE.maxDriveWritesPerDay(), c.maxDriveWritesPerDay());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "threshold=x|threshold=x|not a whole number",
        "threshold=-1|threshold=-1|threshold must be in [0, 65534]",
        "threshold=70000|threshold=70000|threshold must be in [0, 65534]",
        "window=soon|window=soon|'soon' is not a duration",
        "window=59ms|window=59ms|whole number of milliseconds per bucket (60 buckets)",
        "window=0|window=0|whole number of milliseconds per bucket",
        "capacity=0|capacity=0|must be > 0",
        "capacity=lots|capacity=lots|'lots' is not a size",
        "fill=ssd|fill=ssd|must be pages or block, got 'ssd'",
        "page=1000|page=1000|positive multiple of 512 bytes",
        "page=-1m|page=-1m|is not a size (negative)",
        "guard=maybe|guard=maybe|use on or off",
        "size=3|size=3|unknown key",
      })
  void parse_badValue_errorNamesCandidateKeyAndValue(String text, String keyValue, String why) {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> CandidateSpec.parse("cand-1", "threshold=2," + text, BASE));
    assertTrue(e.getMessage().startsWith("candidate cand-1: " + keyValue + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(why), e.getMessage());
  }

  @Test
  void parse_partWithoutEquals_errorNamesCandidateAndPart() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> CandidateSpec.parse("c2", "threshold", BASE));
    assertEquals("candidate c2: expected key=value, got 'threshold'", e.getMessage());
  }

  @Test
  void construct_badName_refused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> CandidateSpec.parse("a b", "threshold=1", BASE));
    assertTrue(e.getMessage().contains("'a b'"), e.getMessage());
  }
}
