package io.hdfslocalcache.model.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.time.FakeClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ScheduledThresholdTest {
  private static AdmissionPolicy bound(String spec, FakeClock clock) {
    AdmissionPolicy p = PolicySpec.parse(spec).create();
    p.bind(0, 0, new FakeBudget(0), clock, (from, to, demand, target) -> {});
    return p;
  }

  @Test
  void onRead_beforeTheSwitch_firstThresholdThenTheSecond() {
    FakeClock clock = new FakeClock(5_000_000); // the schedule counts from the first read, not 0
    AdmissionPolicy p = bound("schedule:threshold=3,then=1,after=10m", clock);
    assertEquals(AdmissionDecision.REJECT, p.onRead(7));
    assertEquals(AdmissionDecision.REJECT, p.onRead(7)); // 2 reads: not more than 3
    assertEquals(3, p.effectiveThreshold());
    clock.advance(Duration.ofMinutes(9));
    assertEquals(AdmissionDecision.REJECT, p.onRead(8));
    assertEquals(AdmissionDecision.REJECT, p.onRead(8)); // 2 reads, still before the switch
    clock.advance(Duration.ofMinutes(1));
    assertEquals(1, p.effectiveThreshold());
    assertEquals(AdmissionDecision.REJECT, p.onRead(9));
    assertTrue(p.onRead(8).admits(), "3 reads in the window, more than 1 after the switch");
  }

  @Test
  void onRead_switchUpward_countsBeyondTheFirstThreshold() {
    FakeClock clock = new FakeClock(0);
    AdmissionPolicy p = bound("schedule:threshold=1,then=4,after=1m", clock);
    p.onRead(7);
    assertTrue(p.onRead(7).admits()); // 2 reads, more than 1
    clock.advance(Duration.ofMinutes(1));
    assertEquals(AdmissionDecision.REJECT, p.onRead(7)); // 3, not more than 4
    assertEquals(AdmissionDecision.REJECT, p.onRead(7));
    assertTrue(p.onRead(7).admits(), "5 reads counted past the first threshold");
  }

  @Test
  void parse_schedule_canonicalNameAndClearErrors() {
    assertEquals(
        "schedule:threshold=7,buckets=60,bucket=1m,then=31,after=6h",
        PolicySpec.parse("schedule:threshold=7,then=31,after=6h").name());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> PolicySpec.parse("schedule:then=-1").create());
    assertTrue(e.getMessage().startsWith("schedule: then must be in [0, 65534]"), e.getMessage());
  }
}
