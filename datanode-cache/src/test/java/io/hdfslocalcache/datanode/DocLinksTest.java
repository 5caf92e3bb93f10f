package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every relative link of every Markdown file in the repository resolves: to a file that exists and,
 * when it names an anchor, to a heading of that file as GitHub renders it. The guides link into
 * each other and into the research record by anchor, so a renamed heading or a moved section fails
 * here, naming the file, the line and the link.
 */
class DocLinksTest {

  /** Broken links of {@code docs}, as "file:line: link (why)". */
  static List<String> broken(List<MarkdownDoc> docs) {
    Map<Path, MarkdownDoc> byFile = new HashMap<>();
    docs.forEach(d -> byFile.put(d.file.toAbsolutePath().normalize(), d));
    List<String> out = new ArrayList<>();
    for (MarkdownDoc d : docs) {
      d.relativeLinks()
          .forEach(
              (line, links) -> {
                for (String link : links) {
                  String why = why(d, link, byFile);
                  if (why != null) {
                    out.add(d.name() + ":" + line + ": " + link + " (" + why + ")");
                  }
                }
              });
    }
    return out;
  }

  private static String why(MarkdownDoc d, String link, Map<Path, MarkdownDoc> byFile) {
    int hash = link.indexOf('#');
    String path = hash < 0 ? link : link.substring(0, hash);
    MarkdownDoc t = d;
    if (!path.isEmpty()) {
      Path target = d.base.resolve(path).toAbsolutePath().normalize();
      if (!Files.exists(target)) {
        return "no such file";
      }
      if (hash < 0 || !target.toString().endsWith(".md")) {
        return null;
      }
      t = byFile.computeIfAbsent(target, MarkdownDoc::read);
    }
    String anchor = link.substring(hash + 1);
    return t.anchors().contains(anchor) ? null : "no heading with anchor #" + anchor;
  }

  @Test
  void markdown_everyRelativeLinkAndAnchor_resolves() throws Exception {
    List<MarkdownDoc> docs = new ArrayList<>();
    for (Path p : MarkdownDoc.all()) {
      docs.add(MarkdownDoc.read(p));
    }
    assertTrue(docs.size() > 20, "Markdown files found: " + docs.size());
    assertEquals(List.of(), broken(docs), "links that do not resolve");
  }

  @Test
  void releaseReadme_linksResolveFromTheReleasesRoot() {
    MarkdownDoc readme = MarkdownDoc.read(MarkdownDoc.RELEASE_README);
    assertEquals(MarkdownDoc.ROOT, readme.base);
    assertTrue(
        readme.relativeLinks().values().stream().anyMatch(l -> l.contains("docs/install.md")));
    assertEquals(List.of(), broken(List.of(readme)));
  }

  @Test
  void broken_missingFileMissingAnchorAndLinksInCode_reportedOrIgnored(@TempDir Path dir)
      throws Exception {
    Files.writeString(dir.resolve("other.md"), "# Other\n\n## A `code` heading: yes\n");
    String text =
        "# Doc\n\n## Two words\n\n[ok](other.md#a-code-heading-yes) [ok](#two-words)"
            + " [web](https://example.org/x)\n[gone](missing.md) [bad](other.md#nope)\n"
            + "`[in code](missing.md)`\n```\n[fenced](missing.md)\n```\n";
    MarkdownDoc doc = new MarkdownDoc(dir.resolve("doc.md"), dir, text);
    assertEquals(
        List.of(
            "doc.md:6: missing.md (no such file)",
            "doc.md:6: other.md#nope (no heading with anchor #nope)"),
        broken(List.of(doc)).stream()
            .map(s -> s.substring(s.indexOf("doc.md")))
            .collect(java.util.stream.Collectors.toList()));
  }

  @Test
  void slug_asGitHubRendersHeadings() {
    assertEquals("replicas---replicas-on", MarkdownDoc.slug("Replicas: `--replicas on`"));
    assertEquals("6-verify-it-is-active", MarkdownDoc.slug("6. Verify it is active"));
    assertEquals(
        "reads-on-the-readers-thread-readboundadaptive-the-default-since-2026-11-24",
        MarkdownDoc.slug(
            "Reads on the reader's thread (`read.bound=adaptive`, the default since 2026-11-24)"));
  }
}
