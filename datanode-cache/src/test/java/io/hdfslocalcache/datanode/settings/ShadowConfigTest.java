package io.hdfslocalcache.datanode.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.AdmissionTuning;
import io.hdfslocalcache.model.CandidateSpec;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** {@code dfs.datanode.local-cache.mode} and the shadow candidates, read by {@link CacheConfig}. */
class ShadowConfigTest {
  private static final String C = CacheKeys.SHADOW_CANDIDATE_PREFIX;

  private static Configuration conf(String... kv) {
    Configuration c = new Configuration(false);
    for (int i = 0; i < kv.length; i += 2) {
      c.set(kv[i], kv[i + 1]);
    }
    return c;
  }

  private static String error(Configuration c) {
    return assertThrows(IllegalArgumentException.class, () -> CacheConfig.from(c)).getMessage();
  }

  @Test
  void from_noModeKey_cacheWithoutCandidates() {
    CacheConfig c = CacheConfig.from(conf(CacheKeys.DIRS, "/ssd1"));
    assertEquals(CacheMode.CACHE, c.mode());
    assertTrue(c.candidates().isEmpty());
  }

  @Test
  void from_shadowWithoutDirs_validAndCandidatesOverTheDataNodesSettings() {
    CacheConfig c =
        CacheConfig.from(
            conf(
                CacheKeys.MODE,
                " Shadow ",
                CacheKeys.CAPACITY,
                "100g",
                CacheKeys.ADMISSION_THRESHOLD,
                "4",
                CacheKeys.SHADOW_CANDIDATES,
                "same, t1,big",
                C + "t1",
                "threshold=1",
                C + "big",
                "capacity=2TB,fill=block,window=2h,guard=off,page=64k"));
    assertEquals(CacheMode.SHADOW, c.mode());
    assertTrue(c.dirs().isEmpty());
    List<CandidateSpec> s = c.candidates().specs();
    assertEquals(3, s.size());
    CandidateSpec same = s.get(0);
    assertEquals("same", same.name());
    assertEquals(c.admission(), same.admission());
    assertEquals(100L << 30, same.capacityBytes());
    assertEquals(FillMode.PAGES, same.fill());
    assertEquals(1 << 20, same.pageSizeBytes());
    assertTrue(same.guardEnabled());
    assertEquals(3_600_000, same.guardWindowMillis());
    assertEquals(0.5, same.maxDriveWritesPerDay());
    assertEquals(1, s.get(1).admission().threshold());
    assertEquals(100L << 30, s.get(1).capacityBytes());
    CandidateSpec big = s.get(2);
    assertEquals(4, big.admission().threshold());
    assertEquals(Duration.ofHours(2), big.admission().window());
    assertEquals(60, big.admission().bucketCount());
    assertEquals(2L << 40, big.capacityBytes());
    assertEquals(FillMode.BLOCK, big.fill());
    assertEquals(64 << 10, big.pageSizeBytes());
    assertTrue(!big.guardEnabled());
    assertEquals(
        CacheConfig.from(conf(CacheKeys.MODE, "shadow", CacheKeys.SHADOW_CANDIDATES, "a")),
        CacheConfig.from(conf(CacheKeys.MODE, "shadow", CacheKeys.SHADOW_CANDIDATES, "a")));
  }

  @Test
  void from_tuningOutcome_candidatesRunOutcomeUnlessTheyNameAnother() {
    List<CandidateSpec> s =
        CacheConfig.from(
                conf(
                    CacheKeys.MODE,
                    "shadow",
                    CacheKeys.ADMISSION_TUNING,
                    "outcome",
                    CacheKeys.SHADOW_CANDIDATES,
                    "same,tuned",
                    C + "tuned",
                    "tuning=auto"))
            .candidates()
            .specs();
    assertEquals(AdmissionTuning.OUTCOME, s.get(0).tuning());
    assertEquals(AdmissionTuning.AUTO, s.get(1).tuning());
  }

  @Test
  void from_tuningOutcomeAboveItsLargestThreshold_namesBothKeys() {
    assertEquals(
        CacheKeys.ADMISSION_THRESHOLD
            + " must be at most 8190 when "
            + CacheKeys.ADMISSION_TUNING
            + " is outcome (its ladder counts to 8 x (threshold + 1) - 1), got 8191;"
            + " set "
            + CacheKeys.ADMISSION_TUNING
            + " to auto or fixed for a threshold up to 65534",
        error(
            conf(
                CacheKeys.DIRS,
                "/ssd1",
                CacheKeys.ADMISSION_TUNING,
                "outcome",
                CacheKeys.ADMISSION_THRESHOLD,
                "8191")));
    assertTrue(
        error(
                conf(
                    CacheKeys.DIRS,
                    "/ssd1",
                    CacheKeys.ADMISSION_TUNING,
                    "auto",
                    CacheKeys.ADMISSION_THRESHOLD,
                    "9000",
                    CacheKeys.SHADOW_CANDIDATES,
                    "o",
                    C + "o",
                    "tuning=outcome"))
            .contains("o: threshold must be at most 8190 with tuning=outcome"));
    CacheConfig.from(
        conf(
            CacheKeys.DIRS,
            "/ssd1",
            CacheKeys.ADMISSION_TUNING,
            "outcome",
            CacheKeys.ADMISSION_THRESHOLD,
            "8190"));
  }

  @Test
  void from_tuningNotSet_outcomeForTheDataNodeAndItsCandidates() {
    CacheConfig defaults = CacheConfig.from(conf(CacheKeys.DIRS, "/ssd1"));
    assertEquals(AdmissionTuning.OUTCOME, defaults.fillPolicy().tuning());
    assertEquals(
        AdmissionTuning.OUTCOME,
        CacheConfig.from(conf(CacheKeys.MODE, "shadow", CacheKeys.SHADOW_CANDIDATES, "same"))
            .candidates()
            .specs()
            .get(0)
            .tuning(),
        "a candidate runs the DataNode's default");
    assertEquals(15, defaults.admission().threshold()); // the default threshold passes
    assertEquals(
        AdmissionTuning.OUTCOME,
        CacheConfig.from(conf(CacheKeys.DIRS, "/ssd1", CacheKeys.ADMISSION_THRESHOLD, "8190"))
            .fillPolicy()
            .tuning());
  }

  @Test
  void from_tuningNotSetThresholdAboveOutcomesLargest_startsUnderAutoAsBefore() {
    // a DataNode configured before outcome was the default, with a threshold outcome's ladder
    // cannot count to: it keeps starting, under auto, and so do its candidates
    CacheConfig c =
        CacheConfig.from(
            conf(
                CacheKeys.DIRS,
                "/ssd1",
                CacheKeys.ADMISSION_THRESHOLD,
                "10000",
                CacheKeys.SHADOW_CANDIDATES,
                "same"));
    assertEquals(AdmissionTuning.AUTO, c.fillPolicy().tuning());
    assertEquals(10000, c.admission().threshold());
    assertEquals(AdmissionTuning.AUTO, c.candidates().specs().get(0).tuning());
  }

  @Test
  void from_candidatesBesideTheCache_capacityIsTheSumOfTheDirectories() {
    CacheConfig c =
        CacheConfig.from(
            conf(
                CacheKeys.DIRS,
                "/ssd1,/ssd2",
                CacheKeys.CAPACITY,
                "1t,3t",
                CacheKeys.SHADOW_CANDIDATES,
                "real"));
    assertEquals(CacheMode.CACHE, c.mode());
    assertEquals(4L << 40, c.candidates().specs().get(0).capacityBytes());
  }

  @Test
  void from_badMode_namesKeyAndValue() {
    assertEquals(
        CacheKeys.MODE + " must be cache or shadow, got 'mirror'",
        error(conf(CacheKeys.MODE, "mirror", CacheKeys.DIRS, "/ssd1")));
  }

  @Test
  void from_shadowWithoutCandidates_refusedNamingTheKey() {
    assertTrue(
        error(conf(CacheKeys.MODE, "shadow")).startsWith(CacheKeys.SHADOW_CANDIDATES),
        error(conf(CacheKeys.MODE, "shadow")));
  }

  @Test
  void from_shadowWithoutDirsSeveralCapacities_refusedNamingTheKey() {
    String e =
        error(
            conf(
                CacheKeys.MODE,
                "shadow",
                CacheKeys.SHADOW_CANDIDATES,
                "a",
                CacheKeys.CAPACITY,
                "1t,2t"));
    assertTrue(e.startsWith(CacheKeys.CAPACITY) && e.contains("'1t,2t'"), e);
  }

  @Test
  void from_nineCandidates_refused() {
    String e =
        error(conf(CacheKeys.MODE, "shadow", CacheKeys.SHADOW_CANDIDATES, "a,b,c,d,e,f,g,h,i"));
    assertEquals(
        CacheKeys.SHADOW_CANDIDATES
            + " names 9 candidates, at most 8 are allowed: 'a,b,c,d,e,f,g,h,i'",
        e);
  }

  @Test
  void from_candidateNamedTwice_refused() {
    assertEquals(
        CacheKeys.SHADOW_CANDIDATES + " names 'a' twice: 'a,b,a'",
        error(conf(CacheKeys.MODE, "shadow", CacheKeys.SHADOW_CANDIDATES, "a,b,a")));
  }

  @Test
  void from_settingsOfAnUnlistedCandidate_refusedAsATypo() {
    String e =
        error(
            conf(
                CacheKeys.MODE,
                "shadow",
                CacheKeys.SHADOW_CANDIDATES,
                "t1",
                C + "t2",
                "threshold=2"));
    assertEquals(
        C
            + "t2 is set ('threshold=2') but 't2' is not in "
            + CacheKeys.SHADOW_CANDIDATES
            + ": 't1'",
        e);
  }

  @Test
  void from_badCandidateSettings_nameTheKeyAndTheValue() {
    String e =
        error(
            conf(
                CacheKeys.MODE,
                "shadow",
                CacheKeys.SHADOW_CANDIDATES,
                "t1",
                C + "t1",
                "threshold=3,capacity=lots"));
    assertTrue(
        e.startsWith(
            C
                + "t1: 'threshold=3,capacity=lots': candidate t1: capacity=lots: 'lots' is not a"
                + " size"),
        e);
    String unknown =
        error(conf(CacheKeys.MODE, "shadow", CacheKeys.SHADOW_CANDIDATES, "t1", C + "t1", "x=1"));
    assertTrue(
        unknown.startsWith(C + "t1: 'x=1': ") && unknown.contains("x=1: unknown key"), unknown);
    String name = error(conf(CacheKeys.MODE, "shadow", CacheKeys.SHADOW_CANDIDATES, "t/1"));
    assertTrue(name.startsWith(C + "t/1: '': ") && name.contains("t/1"), name);
  }
}
