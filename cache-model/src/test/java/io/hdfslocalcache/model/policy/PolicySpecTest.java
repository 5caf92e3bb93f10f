package io.hdfslocalcache.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.ratelimit.Decision;
import org.junit.jupiter.api.Test;

class PolicySpecTest {
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
    assertEquals(Decision.REJECT, p.onRead(1, 0));
    assertEquals(Decision.ADMIT, p.onRead(1, 0)); // seen once among the last 2
    assertEquals(Decision.REJECT, p.onRead(2, 0));
    assertEquals(Decision.REJECT, p.onRead(3, 0));
    assertEquals(Decision.REJECT, p.onRead(1, 0)); // its reads left the 2-read history
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
}
