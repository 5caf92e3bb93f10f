package io.hdfslocalcache.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.model.policy.PolicyType;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AdmissionTuningTest {
  @Test
  void parse_unknownTuning_namesTheKeyAndTheValues() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> AdmissionTuning.parse("the.key", "outcomes"));
    assertEquals("the.key must be auto, fixed or outcome, got 'outcomes'", e.getMessage());
    assertEquals(AdmissionTuning.OUTCOME, AdmissionTuning.parse("the.key", " Outcome "));
  }

  /** The DataNode's key and a candidate's tuning= take the same words for the same policies. */
  @Test
  void parse_everyValue_sameTuningForTheDataNodeKeyAndACandidate() {
    for (AdmissionTuning t : AdmissionTuning.values()) {
      assertEquals(t, AdmissionTuning.parse("the.key", t.configName()));
      assertEquals(
          t, CandidateSpec.parse("c", "tuning=" + t.configName(), CandidateSpecTest.BASE).tuning());
      assertTrue(
          CandidateSpec.parse("c", "tuning=" + t.configName(), CandidateSpecTest.BASE)
              .toString()
              .endsWith(",tuning=" + t.configName()));
    }
  }

  /** Both settings' errors list every value, each in its own words. */
  @Test
  void parse_unknownValue_bothErrorsListEveryValue() {
    String dataNode =
        assertThrows(IllegalArgumentException.class, () -> AdmissionTuning.parse("k", "x"))
            .getMessage();
    String candidate =
        assertThrows(
                IllegalArgumentException.class,
                () -> CandidateSpec.parse("c", "tuning=x", CandidateSpecTest.BASE))
            .getMessage();
    assertEquals("k must be auto, fixed or outcome, got 'x'", dataNode);
    assertEquals("candidate c: tuning=x: use auto, fixed or outcome", candidate);
    for (AdmissionTuning t : AdmissionTuning.values()) {
      assertTrue(dataNode.contains(t.configName()), dataNode);
      assertTrue(candidate.contains(t.configName()), candidate);
    }
  }

  /** One default: the DataNode's key, and the policy the simulator runs by default. */
  @Test
  void defaultPolicy_isTheDefaultSettingsPolicy_outcomeWithTheRoomRule() {
    assertEquals(AdmissionTuning.OUTCOME, AdmissionTuning.DEFAULT);
    assertEquals(PolicyType.OUTCOME, AdmissionTuning.defaultPolicy().type());
    assertTrue(
        AdmissionTuning.defaultPolicy().name().startsWith("outcome:threshold=15,buckets=60,"),
        AdmissionTuning.defaultPolicy().name());
    assertEquals(1, AdmissionTuning.defaultPolicy().numericParam("room"));
  }

  @Test
  void running_eachSettingsPolicy_thatSettingAndNoneForOthers() {
    for (AdmissionTuning t : AdmissionTuning.values()) {
      assertEquals(Optional.of(t), AdmissionTuning.running(t.policy()));
    }
    assertEquals(Optional.empty(), AdmissionTuning.running(PolicyType.ADMIT_ALL));
  }
}
