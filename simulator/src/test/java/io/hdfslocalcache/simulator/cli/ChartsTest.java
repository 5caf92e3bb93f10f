package io.hdfslocalcache.simulator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.text.DecimalFormat;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;

class ChartsTest {
  @Test
  void chart_narrowRange_ticksKeepThreeDecimalsAtMost() {
    XYChart chart = Charts.chart("Byte hit ratio", "threshold", "byte hit ratio (%)");

    // Two thresholds' hit ratios a tenth apart: without a pattern XChart prints full doubles.
    String y = chart.getStyler().getYAxisDecimalPattern();
    String x = chart.getStyler().getXAxisDecimalPattern();

    assertEquals("61.217", new DecimalFormat(y).format(61.21710058355762));
    assertEquals("15", new DecimalFormat(x).format(15.0));
    assertEquals("1,024", new DecimalFormat(y).format(1024.0));
  }
}
