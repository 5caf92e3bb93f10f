package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The figures the docs state in more than one place agree: each figure of {@link #FIGURES} is
 * stated by every file it lists, README's demo summary is benchmarks.md's demo row, and every
 * current hit-path ratio README shows is one benchmarks.md records. A figure re-measured and
 * changed in one file only fails here, naming the file that still says the old one.
 */
class DocFiguresTest {
  private static final String README = "README.md";
  private static final String BENCHMARKS = "docs/benchmarks.md";

  /** A figure, as the text states it, and the files that must each state it. */
  static final class Figure {
    final String what;
    final String text;
    final List<String> files;

    Figure(String what, String text, String... files) {
      this.what = what;
      this.text = text;
      this.files = List.of(files);
    }
  }

  static final List<Figure> FIGURES =
      List.of(
          new Figure("demo: bytes from cache", "90.1%", README, BENCHMARKS),
          new Figure("one stream against stock", "0.77x / 1.15x", README, BENCHMARKS),
          new Figure("heap per cached page", "28.8 bytes a page", "docs/install.md", BENCHMARKS),
          new Figure(
              "restart of 4 TiB, quiet: open",
              "0.19 s",
              "docs/install.md",
              "docs/operations.md",
              BENCHMARKS),
          new Figure(
              "restart of 4 TiB, quiet: restore",
              "0.70 s",
              "docs/install.md",
              "docs/operations.md",
              BENCHMARKS),
          new Figure("block index per block", "1.25 KB a block", "docs/install.md", BENCHMARKS),
          new Figure(
              "admission counter per tracked block", "58.9 bytes", "docs/install.md", BENCHMARKS),
          new Figure(
              "direct memory for read windows",
              "256 MiB",
              "docs/install.md",
              "docs/monitoring.md",
              "docs/configuration.md",
              BENCHMARKS),
          new Figure(
              "shadow heap per block, block fill", "88 bytes", "docs/operations.md", BENCHMARKS),
          new Figure(
              "shadow heap per block, pages fill", "140-150", "docs/operations.md", BENCHMARKS),
          new Figure(
              "shadow heap per further page", "52-63 bytes", "docs/operations.md", BENCHMARKS),
          new Figure("shadow feed queue", "8.65 MB", "docs/operations.md", BENCHMARKS),
          new Figure(
              "shadow mode's cost, 8 candidates", "3.2-4.5%", "docs/operations.md", BENCHMARKS),
          new Figure(
              "the default (outcome) against the best fixed threshold, held out, single",
              "-0.31 / -3.0 / 47 / 4",
              "docs/tuning.md",
              "docs/research/outcome-admission.md"),
          new Figure(
              "the default (outcome) against the best fixed threshold, held out, fleets",
              "-0.25 / -1.6 / 49 / 3",
              "docs/tuning.md",
              "docs/research/outcome-admission.md"));

  /**
   * The figures of {@code figures} a file of {@code texts} does not state, as "file: what (text)".
   */
  static List<String> missing(List<Figure> figures, Map<String, String> texts) {
    List<String> out = new ArrayList<>();
    for (Figure f : figures) {
      for (String file : f.files) {
        if (!texts.get(file).contains(f.text)) {
          out.add(file + ": " + f.what + " (" + f.text + ")");
        }
      }
    }
    return out;
  }

  private static Map<String, String> texts(List<Figure> figures) {
    Map<String, String> out = new HashMap<>();
    figures.forEach(f -> f.files.forEach(n -> out.computeIfAbsent(n, k -> read(k))));
    out.computeIfAbsent(README, DocFiguresTest::read);
    out.computeIfAbsent(BENCHMARKS, DocFiguresTest::read);
    return out;
  }

  private static String read(String file) {
    return MarkdownDoc.read(MarkdownDoc.ROOT.resolve(file)).text();
  }

  @Test
  void figures_statedInSeveralFiles_agree() {
    assertEquals(List.of(), missing(FIGURES, texts(FIGURES)), "files that disagree");
  }

  @Test
  void readme_demoSummary_isBenchmarksDemoRow() {
    Map<String, String> texts = texts(List.of());
    List<String> summary = new ArrayList<>();
    for (String line : texts.get(README).split("\n")) {
      if (line.startsWith("bytes from cache ")) {
        summary.add(line);
      }
    }
    assertEquals(1, summary.size(), "README's demo summary line: " + summary);
    assertTrue(
        texts.get(BENCHMARKS).contains("| " + summary.get(0) + " |"),
        "benchmarks.md's demo row is not README's '" + summary.get(0) + "'");
  }

  /** Ratios as README's hit-path table writes them: {@code 1.01x, 0.96x / 0.92x, 1.09x}. */
  private static final Pattern RATIOS =
      Pattern.compile("\\d+\\.\\d+x(?:, \\d+\\.\\d+x)* / \\d+\\.\\d+x(?:, \\d+\\.\\d+x)*");

  @Test
  void readme_hitPathFiguresNow_recordedInBenchmarks() {
    Map<String, String> texts = texts(List.of());
    List<String> shown = new ArrayList<>();
    for (String line : texts.get(README).split("\n")) {
      String[] cells = line.split("\\|");
      if (line.startsWith("| stream") || line.startsWith("| 64 KiB preads")) {
        Matcher m = RATIOS.matcher(cells[3]); // the "now" column
        while (m.find()) {
          shown.add(m.group());
        }
      }
    }
    assertTrue(shown.size() >= 8, "README's current hit-path figures: " + shown);
    List<String> unrecorded = new ArrayList<>();
    for (String s : shown) {
      if (!texts.get(BENCHMARKS).contains(s)) {
        unrecorded.add(s);
      }
    }
    assertEquals(List.of(), unrecorded, "README shows, benchmarks.md does not record");
  }

  @Test
  void missing_aFigureChangedInOneFileOnly_named() {
    Figure f = new Figure("x", "28.8 bytes a page", "a.md", "b.md");
    Map<String, String> texts = Map.of("a.md", "28.8 bytes a page", "b.md", "29.1 bytes a page");
    assertEquals(List.of("b.md: x (28.8 bytes a page)"), missing(List.of(f), texts));
  }
}
