package io.hdfslocalcache.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.FakeClock;
import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class PolicySpecTest {
  /** The help's example of every policy is a spec that parses and builds. */
  @Test
  void usage_everyPolicy_exampleParses() {
    for (PolicyType type : PolicyType.values()) {
      String spec = type.usage().replace("[:", ":").replace("]", "");
      assertNotNull(PolicySpec.parse(spec).create(), spec);
    }
  }

  @Test
  void parse_bucketTimeDefaults_canonicalNameHasProductionDefaults() {
    assertEquals(
        "bucket-time:threshold=15,buckets=60,bucket=1m", PolicySpec.parse("bucket-time").name());
    assertEquals(
        "bucket-time:threshold=4,buckets=10,bucket=30s",
        PolicySpec.parse("bucket-time:bucket=30s,threshold=4,buckets=10").name());
  }

  @Test
  void parse_bucketInTheSharedGrammar_bareMillisAndFractions() {
    assertEquals(
        "bucket-time:threshold=15,buckets=60,bucket=500ms",
        PolicySpec.parse("bucket-time:bucket=500").name());
    assertEquals(
        "bucket-time:threshold=15,buckets=60,bucket=90s",
        PolicySpec.parse("bucket-time:bucket=1.5min").name());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> PolicySpec.parse("bucket-time:bucket=1y"));
    assertTrue(
        e.getMessage().startsWith("bucket-time: bucket: '1y' is not a duration"), e.getMessage());
  }

  @Test
  void parse_unknownPolicy_listsKnownNames() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("lfu"));
    assertEquals(
        "unknown policy 'lfu' (known: "
            + Arrays.stream(PolicyType.values())
                .map(PolicyType::configName)
                .collect(Collectors.joining(", "))
            + ")",
        e.getMessage());
    assertTrue(e.getMessage().contains("reject-x"), e.getMessage());
  }

  @Test
  void parse_unknownParameter_namesIt() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> PolicySpec.parse("bucket-time:treshold=3"));
    assertTrue(e.getMessage().contains("treshold"), e.getMessage());
  }

  @Test
  void parse_badValues_oneLineMessages() {
    assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("bucket-time:threshold=x"));
    assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("bucket-time:bucket=1y"));
    assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("bucket-time:buckets=0"));
    assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("reject-x:history=0"));
  }

  @Test
  void rejectX_secondReadWithinHistory_admitted() {
    AdmissionPolicy p = PolicySpec.parse("reject-x:x=1,history=2").create();
    assertEquals(AdmissionDecision.REJECT, p.onRead(1));
    assertEquals(AdmissionDecision.ADMIT, p.onRead(1)); // seen once among the last 2
    assertEquals(AdmissionDecision.REJECT, p.onRead(2));
    assertEquals(AdmissionDecision.REJECT, p.onRead(3));
    assertEquals(AdmissionDecision.REJECT, p.onRead(1)); // its reads left the 2-read history
  }

  @Test
  void blockKeys_samePoolDifferentIds_differ() {
    assertTrue(
        io.hdfslocalcache.ratelimit.BlockKey.of("BP-1", 1)
            != io.hdfslocalcache.ratelimit.BlockKey.of("BP-1", 2));
    assertTrue(
        io.hdfslocalcache.ratelimit.BlockKey.of("BP-1", 1)
            != io.hdfslocalcache.ratelimit.BlockKey.of("BP-2", 1));
  }

  private static final ThresholdTuner.Budget NO_BUDGET =
      new ThresholdTuner.Budget() {
        @Override
        public long availableBytes() {
          return 0;
        }

        @Override
        public long bytesAsked() {
          return 0;
        }
      };

  @Test
  void dataNode_settings_specRunsThemTunedOrFixed() {
    RateLimitConfig c = new RateLimitConfig(4, 10, Duration.ofSeconds(30), 5000);
    PolicySpec tuned = PolicySpec.dataNode(c, true);
    assertEquals(PolicyType.TUNED, tuned.type());
    assertEquals("tuned:threshold=4,buckets=10,bucket=30s,maxKeys=5000", tuned.name());
    assertEquals(c, tuned.rateLimitConfig().get());
    assertEquals(PolicyType.BUCKET_TIME, PolicySpec.dataNode(c, false).type());
  }

  @Test
  void onRead_timeFromTheBoundClock_windowMovesWithIt() {
    for (boolean tuned : new boolean[] {false, true}) {
      FakeClock clock = new FakeClock(0);
      AdmissionPolicy p =
          PolicySpec.dataNode(new RateLimitConfig(1, 2, Duration.ofMinutes(1), 100), tuned)
              .create();
      p.bind(0, 0, NO_BUDGET, clock, (from, to, demand, target) -> {});
      assertEquals(AdmissionDecision.REJECT, p.onRead(7));
      clock.advanceMillis(120_000); // the first read left the two-minute window
      assertEquals(AdmissionDecision.REJECT, p.onRead(7), "tuned " + tuned);
      clock.advanceMillis(60_000);
      assertTrue(p.onRead(7).admits(), "tuned " + tuned);
      assertEquals(1, p.effectiveThreshold());
      assertEquals(1, p.limiterStats().trackedKeys());
      clock.advanceMillis(180_000);
      p.expire();
      assertEquals(0, p.limiterStats().trackedKeys(), "expired at the clock's time");
    }
  }
}
