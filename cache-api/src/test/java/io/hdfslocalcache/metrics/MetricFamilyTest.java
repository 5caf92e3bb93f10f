package io.hdfslocalcache.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class MetricFamilyTest {
  @Test
  void member_enumValue_familyPrefixAndLowerCaseName() {
    assertEquals(
        "fill.guard_write_budget",
        MetricFamily.member(FillMetrics.OUTCOME, FillOutcome.GUARD_WRITE_BUDGET));
  }

  @Test
  void member_turkishDefaultLocale_dotlessINeverExported() {
    Locale before = Locale.getDefault();
    Locale.setDefault(new Locale("tr"));
    try {
      assertEquals(
          "read.fallback.io_error",
          MetricFamily.member(ReadPathMetrics.FALLBACK, CacheFailure.IO_ERROR));
      assertEquals(
          "read.fallback.missing_page",
          MetricFamily.member(ReadPathMetrics.FALLBACK, CacheFailure.MISSING_PAGE));
    } finally {
      Locale.setDefault(before);
    }
  }

  @Test
  void member_prefixWithoutDot_refused() {
    assertThrows(
        IllegalArgumentException.class,
        () -> MetricFamily.member(ReadPathMetrics.HITS, CacheFailure.IO_ERROR));
  }
}
