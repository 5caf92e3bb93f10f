package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.model.policy.PolicyType;
import io.hdfslocalcache.simulator.model.RunOutcome;
import io.hdfslocalcache.simulator.model.RunResult;
import io.hdfslocalcache.simulator.model.UtilizationSeries;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** PNG charts (XChart): utilisation over time for simulate, figures against threshold for sweep. */
final class Charts {
  private static final int WIDTH = 900;
  private static final int HEIGHT = 500;
  private static final double GIB = 1024.0 * 1024 * 1024;

  /**
   * Tick labels with at most three decimals: left to itself XChart prints a narrow range (two
   * thresholds' hit ratios a tenth apart) as full doubles, 61.21710058355762.
   */
  static final String TICK_PATTERN = "#,##0.###";

  private Charts() {}

  /** HDD utilisation per minute without the cache, and with it for each run. */
  static void utilization(Path file, List<RunOutcome> runs) throws IOException {
    XYChart chart =
        chart("HDD utilisation per minute", "hours since first event", "utilisation (%)");
    chart.getStyler().setMarkerSize(0);
    UtilizationSeries first = runs.get(0).series();
    chart
        .addSeries(
            "without cache", hours(first.withoutCache().length), percent(first.withoutCache()))
        .setMarker(SeriesMarkers.NONE);
    for (RunOutcome run : runs) {
      RunResult r = run.result();
      String name =
          "with cache: "
              + r.policy()
              + " "
              + r.fill()
              + " guard "
              + r.guard()
              + " "
              + Sizes.format(r.cacheSizeBytes());
      if (!chart.getSeriesMap().containsKey(name)) {
        chart
            .addSeries(
                name, hours(run.series().withCache().length), percent(run.series().withCache()))
            .setMarker(SeriesMarkers.NONE);
      }
    }
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
  }

  /**
   * Byte hit ratio and SSD bytes written against the bucket-time threshold, one series per cache
   * size (and window, fill and guard, when those vary). Other policies have no threshold: left out.
   */
  static void sweep(Path file, List<RunOutcome> runs) throws IOException {
    Map<String, List<RunOutcome>> groups = new LinkedHashMap<>();
    for (RunOutcome run : runs) {
      if (run.config().policy().type() == PolicyType.BUCKET_TIME) {
        groups.computeIfAbsent(seriesName(run), k -> new ArrayList<>()).add(run);
      }
    }
    if (groups.isEmpty()) {
      throw new IllegalArgumentException("--chart needs bucket-time runs (--threshold)");
    }
    XYChart hits = chart("Byte hit ratio", "threshold (reads in window)", "byte hit ratio (%)");
    XYChart writes = chart("SSD bytes written", "threshold (reads in window)", "GiB written");
    for (Map.Entry<String, List<RunOutcome>> g : groups.entrySet()) {
      List<RunOutcome> points = new ArrayList<>(g.getValue());
      points.sort(Comparator.comparingLong(r -> r.config().policy().numericParam("threshold")));
      double[] x = new double[points.size()];
      double[] hit = new double[points.size()];
      double[] written = new double[points.size()];
      for (int i = 0; i < x.length; i++) {
        RunOutcome p = points.get(i);
        x[i] = p.config().policy().numericParam("threshold");
        hit[i] = p.result().byteHitRatio() * 100;
        written[i] = p.result().ssdBytesWritten() / GIB;
      }
      hits.addSeries(g.getKey(), x, hit);
      writes.addSeries(g.getKey(), x, written);
    }
    BitmapEncoder.saveBitmap(
        List.of(hits, writes), 1, 2, file.toString(), BitmapEncoder.BitmapFormat.PNG);
  }

  static XYChart chart(String title, String xTitle, String yTitle) {
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle(xTitle)
            .yAxisTitle(yTitle)
            .build();
    chart.getStyler().setXAxisDecimalPattern(TICK_PATTERN).setYAxisDecimalPattern(TICK_PATTERN);
    return chart;
  }

  private static String seriesName(RunOutcome run) {
    long buckets = run.config().policy().numericParam("buckets");
    String bucket = run.config().policy().name().replaceAll(".*bucket=([^,]+).*", "$1");
    return Sizes.format(run.config().cacheSizeBytes())
        + ", "
        + buckets
        + " x "
        + bucket
        + ", "
        + run.config().fill().configName()
        + ", guard "
        + run.config().guard().label();
  }

  private static double[] hours(int minutes) {
    double[] x = new double[minutes];
    for (int i = 0; i < minutes; i++) {
      x[i] = i / 60.0;
    }
    return x;
  }

  private static double[] percent(double[] ratios) {
    double[] y = new double[ratios.length];
    for (int i = 0; i < y.length; i++) {
      y[i] = ratios[i] * 100;
    }
    return y;
  }
}
