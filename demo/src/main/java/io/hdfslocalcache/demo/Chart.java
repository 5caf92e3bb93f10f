package io.hdfslocalcache.demo;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * demo.png: HDD queue depth (left axis) and MB/s served from cache (right axis) over time, in
 * one-second means: a 100 ms sample of bytes is dominated by when packets happen to arrive.
 */
final class Chart {
  private Chart() {}

  static void write(Path file, Comparison c) throws IOException {
    XYChart chart =
        new XYChartBuilder()
            .width(1100)
            .height(550)
            .title("Emulated HDD queue depth and client bytes served from cache")
            .xAxisTitle("seconds into the measured run")
            .yAxisTitle("HDD queue depth")
            .build();
    chart.setYAxisGroupTitle(1, "MB/s served from cache");
    series(chart, "HDD queue, cache off", c.off().samples().queueDepth(), c.off(), 0);
    series(chart, "HDD queue, cache on", c.on().samples().queueDepth(), c.on(), 0);
    series(chart, "MB/s from cache, cache off", c.off().samples().cacheMBps(), c.off(), 1);
    series(chart, "MB/s from cache, cache on", c.on().samples().cacheMBps(), c.on(), 1);
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
  }

  private static void series(
      XYChart chart, String name, List<? extends Number> ys, MeasuredRun r, int axis) {
    if (ys.isEmpty()) {
      return;
    }
    int per = Math.max(1, (int) Math.round(1 / r.samples().intervalSeconds()));
    int bins = (ys.size() + per - 1) / per;
    double[] x = IntStream.range(0, bins).mapToDouble(i -> i + 1).toArray();
    double[] y =
        IntStream.range(0, bins)
            .mapToDouble(
                i ->
                    ys.subList(i * per, Math.min(ys.size(), (i + 1) * per)).stream()
                        .mapToDouble(Number::doubleValue)
                        .average()
                        .orElse(0))
            .toArray();
    XYSeries s = chart.addSeries(name, x, y);
    s.setMarker(SeriesMarkers.NONE);
    s.setYAxisGroup(axis);
  }
}
