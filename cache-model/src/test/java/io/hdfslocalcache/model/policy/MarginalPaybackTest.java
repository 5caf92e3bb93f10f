package io.hdfslocalcache.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.guard.DiskModel;
import io.hdfslocalcache.model.EventRules;
import io.hdfslocalcache.model.GuardSettings;
import io.hdfslocalcache.model.ModelConfig;
import io.hdfslocalcache.time.FakeClock;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The tuner's margin rule on a fake clock, and the model's rules reporting to it. */
class MarginalPaybackTest {
  private static final long GIB = 1L << 30;
  private static final long CAPACITY = 100 * GIB;
  private static final double PER_DAY = 0.5 * CAPACITY;
  private static final double PER_STEP = PER_DAY * ThresholdTuner.STEP_MILLIS / 86_400_000.0;
  private static final long FILL_MICROS = 1_000_000; // a second of disk-head time a step

  private final FakeClock clock = new FakeClock(1_000_000);
  private final long level = (long) (ThresholdTuner.RESERVE * CAPACITY);
  private long asked;

  private ThresholdTuner tuner(MarginalPayback payback) {
    return new ThresholdTuner(
        15,
        PER_DAY,
        CAPACITY,
        new ThresholdTuner.Budget() {
          @Override
          public long availableBytes() {
            return level;
          }

          @Override
          public long bytesAsked() {
            return asked;
          }
        },
        clock,
        (from, to, demand, target) -> {},
        payback);
  }

  /**
   * A step whose fills ask for {@code bytes}, the margin's hits saving {@code ratio} x its fills.
   */
  private void step(ThresholdTuner t, MarginalPayback p, double bytes, double ratio) {
    asked += (long) bytes;
    p.fill(FILL_MICROS);
    p.hit((long) (ratio * FILL_MICROS));
    clock.advanceMillis(ThresholdTuner.STEP_MILLIS);
    t.threshold();
  }

  @Test
  void threshold_idleBudgetMarginFallsShort_heldAtTheConfigured() {
    MarginalPayback p = new MarginalPayback(4);
    ThresholdTuner t = tuner(p);
    for (int i = 0; i < 300; i++) {
      step(t, p, 0, 2);
    }
    assertEquals(15, t.threshold());
  }

  @Test
  void threshold_idleBudgetMarginPays_fallsToHalfTheConfigured() {
    MarginalPayback p = new MarginalPayback(4);
    ThresholdTuner t = tuner(p);
    for (int i = 0; i < 300; i++) {
      step(t, p, 0, 10);
    }
    assertEquals(7, t.threshold());
  }

  @Test
  void threshold_belowTheConfiguredMarginStopsPaying_climbsBackToIt() {
    MarginalPayback p = new MarginalPayback(4);
    ThresholdTuner t = tuner(p);
    for (int i = 0; i < 300; i++) {
      step(t, p, 0, 10);
    }
    assertEquals(7, t.threshold());
    for (int i = 0; i < 400; i++) {
      step(t, p, 0, 0.5);
    }
    assertEquals(15, t.threshold());
  }

  @Test
  void threshold_paybackOff_reportsChangeNothing() {
    MarginalPayback p = new MarginalPayback(0);
    ThresholdTuner t = tuner(p);
    for (int i = 0; i < 300; i++) {
      step(t, p, 0, 0.5);
    }
    assertEquals(7, t.threshold());
  }

  @Test
  void threshold_littleEvidence_noOpinion() {
    MarginalPayback p = new MarginalPayback(4);
    ThresholdTuner t = tuner(p);
    for (int i = 0; i < 300; i++) {
      asked += 0;
      if (i % 100 == 0) {
        p.fill(1_000); // a millisecond of fills now and then: too little to judge
      }
      clock.advanceMillis(ThresholdTuner.STEP_MILLIS);
      t.threshold();
    }
    assertEquals(7, t.threshold());
  }

  @Test
  void threshold_aboveTheConfiguredBudgetIdles_fallsBackToItThoughTheMarginFallsShort() {
    double c = PER_STEP * 64; // demand meets the budget at T = 63
    MarginalPayback p = new MarginalPayback(4);
    ThresholdTuner t = tuner(p);
    for (int i = 0; i < 240; i++) {
      step(t, p, c / (t.threshold() + 1.0), 0.5);
    }
    assertTrue(t.threshold() > 50, "raised first: " + t.threshold());
    for (int i = 0; i < 240; i++) {
      step(t, p, 0, 0.5); // the budget idles; above F the margin has no say
    }
    assertEquals(15, t.threshold());
  }

  @Test
  void payback_negative_refused() {
    assertThrows(IllegalArgumentException.class, () -> new MarginalPayback(-1));
  }

  @Test
  void tunedSpec_paybackParameter_hiddenUnlessGivenAndValidated() {
    assertEquals("tuned:threshold=15,buckets=60,bucket=1m", PolicySpec.parse("tuned").name());
    assertEquals(
        "tuned:threshold=15,buckets=60,bucket=1m,payback=0",
        PolicySpec.parse("tuned:payback=0").name());
    assertEquals(
        "tuned:threshold=15,buckets=60,bucket=1m,payback=4",
        PolicySpec.parse("tuned:payback=4").name());
    assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse("tuned:payback=-1"));
  }

  @Test
  void tunedSpec_default_paybackOnAtTheMeasuredRatio() {
    assertTrue(payback("tuned").enabled());
    assertTrue(!payback("tuned:payback=0").enabled());
  }

  private MarginalPayback payback(String spec) {
    AdmissionPolicy p = PolicySpec.parse(spec).create();
    p.bind(PER_DAY, CAPACITY, zeroBudget(), clock, (a, b, c, d) -> {});
    return p.tuner().get().payback();
  }

  @Test
  void onRead_countJustPastTheThreshold_admitsAtTheMargin() {
    AdmissionPolicy p = PolicySpec.parse("tuned:threshold=3").create();
    p.bind(PER_DAY, CAPACITY, zeroBudget(), clock, (a, b, c, d) -> {});
    for (int i = 1; i <= 3; i++) {
      assertEquals(AdmissionDecision.REJECT, p.onRead(7), "read " + i);
    }
    for (int i = 4; i <= 7; i++) { // (T, 2T + 1]
      assertEquals(AdmissionDecision.ADMIT_AT_MARGIN, p.onRead(7), "read " + i);
    }
    assertEquals(AdmissionDecision.ADMIT, p.onRead(7), "read 8");
  }

  /** A policy that admits every miss at the margin, with its tuner's payback to report to. */
  private static final class AtTheMargin implements AdmissionPolicy {
    private final ThresholdTuner tuner;

    AtTheMargin(ThresholdTuner tuner) {
      this.tuner = tuner;
    }

    @Override
    public AdmissionDecision onRead(long key) {
      return AdmissionDecision.ADMIT_AT_MARGIN;
    }

    @Override
    public Optional<ThresholdTuner> tuner() {
      return Optional.of(tuner);
    }
  }

  @Test
  void read_entryAdmittedAtTheMargin_reportsItsFillAndItsHits() {
    MarginalPayback p = new MarginalPayback(4);
    FakeClock events = new FakeClock(0);
    ThresholdTuner t = new ThresholdTuner(15, 0, 0, zeroBudget(), events, (a, b, c, d) -> {}, p);
    EventRules rules =
        new EventRules(
            new ModelConfig(
                1 << 20, FillMode.BLOCK, 4096, GuardSettings.defaults().withEnabled(false)),
            new AtTheMargin(t),
            0,
            4,
            new EventRules.Listener() {});
    rules.read(0, 7, 1, 1000, 0, 1000, 0); // a miss: admitted, filled whole (data + meta)
    rules.read(0, 7, 1, 1000, 0, 400, 1); // hits
    rules.read(0, 7, 1, 1000, 600, 400, 2);
    DiskModel disk = DiskModel.DEFAULT;
    assertEquals(disk.micros(2, 1000 + 15), p.pendingFillMicros());
    assertEquals(2 * disk.micros(1, 400), p.pendingSavedMicros());
  }

  private static ThresholdTuner.Budget zeroBudget() {
    return new ThresholdTuner.Budget() {
      @Override
      public long availableBytes() {
        return 0;
      }

      @Override
      public long bytesAsked() {
        return 0;
      }
    };
  }
}
