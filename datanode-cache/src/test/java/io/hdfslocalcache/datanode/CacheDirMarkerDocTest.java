package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The guides' steps that give the DataNode a cache directory create its marker: the DataNode
 * refuses a directory without {@link CacheDirMarker#FILE_NAME} ({@code MarkerCheck}), so a step
 * that leaves it out leaves the SSD unused, with one WARN, on every DataNode it is followed on.
 */
class CacheDirMarkerDocTest {
  /**
   * A {@code mkdir} of a cache directory, as the guides name them ({@code /ssd1/hdfs-local-cache}).
   */
  private static final Pattern MKDIR = Pattern.compile("mkdir (?:-p )?(/\\S*hdfs-local-cache)\\b");

  @Test
  void guides_mkdirOfACacheDirectory_createsItsMarkerInTheSameCommand() {
    List<String> bad = new ArrayList<>();
    for (MarkdownDoc guide : MarkdownDoc.guides()) {
      for (int i = 0; i < guide.lines.size(); i++) {
        String line = guide.lines.get(i);
        Matcher m = MKDIR.matcher(line);
        while (m.find()) {
          if (!line.contains(m.group(1) + "/" + CacheDirMarker.FILE_NAME)) {
            bad.add(MarkdownDoc.ROOT.relativize(guide.file) + ":" + (i + 1) + ": " + line.strip());
          }
        }
      }
    }
    assertEquals(List.of(), bad, "cache directories created without " + CacheDirMarker.FILE_NAME);
  }

  @Test
  void guides_settingTheCacheDirectories_sayToCreateTheMarker() {
    List<String> bad = new ArrayList<>();
    for (MarkdownDoc guide : MarkdownDoc.guides()) {
      String text = String.join("\n", guide.lines);
      if (text.contains("<name>" + CacheKeys.DIRS + "</name>")
          && !text.contains(CacheDirMarker.FILE_NAME)) {
        bad.add(MarkdownDoc.ROOT.relativize(guide.file).toString());
      }
    }
    assertEquals(List.of(), bad, "set " + CacheKeys.DIRS + ", never create the marker");
  }
}
