package io.hdfslocalcache.datanode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One Markdown file of the repository as the docs tests read it: its headings' anchors (as GitHub
 * renders them), its relative links (outside code), its code (fenced blocks and inline spans) and
 * its prose. Links resolve against {@link #base}: the file's folder, except for the release's
 * README, which the tarball puts at the release's root beside {@code docs/} and {@code conf/}.
 */
final class MarkdownDoc {
  /** The repository's root, from a module's folder (where surefire runs). */
  static final Path ROOT = Paths.get("..").toAbsolutePath().normalize();

  /** The release's README, unpacked at the release's root (distribution/src/assembly/bin.xml). */
  static final Path RELEASE_README = ROOT.resolve("distribution/src/release/README.md");

  /** The guides and references a user reads, and the two READMEs. */
  static final List<String> GUIDES =
      List.of(
          "README.md",
          "distribution/src/release/README.md",
          "docs/install.md",
          "docs/operations.md",
          "docs/monitoring.md",
          "docs/tuning.md",
          "docs/configuration.md",
          "docs/simulator.md",
          "docs/benchmarks.md",
          "docs/compatibility.md");

  private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern SPAN = Pattern.compile("`([^`]+)`");

  final Path file;
  final Path base;
  final List<String> lines;

  /** Line number (1-based) to the text outside fences and spans, and to the code on it. */
  private final Map<Integer, String> prose = new HashMap<>();

  private final Map<Integer, List<String>> code = new HashMap<>();
  private final Set<String> anchors = new TreeSet<>();

  MarkdownDoc(Path file, Path base, String text) {
    this.file = file;
    this.base = base;
    this.lines = List.of(text.split("\n", -1));
    Map<String, Integer> seen = new HashMap<>();
    boolean fenced = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.stripLeading().startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      if (fenced) {
        code.put(i + 1, List.of(line));
        continue;
      }
      List<String> spans = new ArrayList<>();
      Matcher s = SPAN.matcher(line);
      while (s.find()) {
        spans.add(s.group(1));
      }
      code.put(i + 1, spans);
      prose.put(i + 1, SPAN.matcher(line).replaceAll(""));
      Matcher h = HEADING.matcher(line);
      if (h.matches()) {
        String slug = slug(h.group(2));
        int n = seen.merge(slug, 1, Integer::sum) - 1;
        anchors.add(n == 0 ? slug : slug + "-" + n);
      }
    }
  }

  static MarkdownDoc read(Path file) {
    Path base = file.equals(RELEASE_README) ? ROOT : file.getParent();
    try {
      return new MarkdownDoc(file, base, Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every Markdown file of the repository, build output and version control left out. */
  static List<Path> all() throws IOException {
    try (Stream<Path> files = Files.walk(ROOT)) {
      return files
          .filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p))
          .filter(
              p -> {
                Path rel = ROOT.relativize(p);
                for (Path part : rel) {
                  String s = part.toString();
                  if (s.equals("target") || s.startsWith(".") || s.equals("node_modules")) {
                    return false;
                  }
                }
                return true;
              })
          .sorted()
          .collect(Collectors.toList());
    }
  }

  static List<MarkdownDoc> guides() {
    return GUIDES.stream().map(g -> read(ROOT.resolve(g))).collect(Collectors.toList());
  }

  /**
   * A heading's anchor as GitHub makes it: lower case, letters, digits, '-', '_', spaces as '-'.
   */
  static String slug(String heading) {
    String text = heading.replaceAll("<[^>]+>", "").strip().toLowerCase(java.util.Locale.ROOT);
    StringBuilder out = new StringBuilder();
    text.codePoints()
        .forEach(
            c -> {
              if (c == ' ' || c == '-' || c == '_' || Character.isLetterOrDigit(c)) {
                out.appendCodePoint(c == ' ' ? '-' : c);
              }
            });
    return out.toString();
  }

  Set<String> anchors() {
    return Collections.unmodifiableSet(anchors);
  }

  /** Relative links outside code, by line: a path, a {@code #anchor}, or both. */
  Map<Integer, List<String>> relativeLinks() {
    Map<Integer, List<String>> out = new java.util.TreeMap<>();
    prose.forEach(
        (line, text) -> {
          Matcher m = LINK.matcher(text);
          while (m.find()) {
            String target = m.group(1);
            if (!target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
              out.computeIfAbsent(line, k -> new ArrayList<>()).add(target);
            }
          }
        });
    return out;
  }

  /** The code on each line: a fenced line whole, or the inline spans of a prose line. */
  Map<Integer, List<String>> code() {
    return new java.util.TreeMap<>(code);
  }

  /** The whole text, fences and spans included. */
  String text() {
    return String.join("\n", lines);
  }

  String name() {
    return ROOT.relativize(file).toString();
  }
}
