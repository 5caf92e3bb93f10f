package io.hdfslocalcache.datanode.settings;

import io.hdfslocalcache.config.CacheKeys;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;

/**
 * Reads {@code dfs.datanode.local-cache.dirs} as an operator writes it beside {@code
 * dfs.datanode.data.dir}: a storage-type tag such as {@code [SSD]} and a {@code file://} scheme are
 * taken as HDFS takes them for its own directories, not as part of a path. A tag naming slow
 * storage ({@code [DISK]}, {@code [ARCHIVE]}, {@code [PROVIDED]}) is refused: the operator says the
 * directory is not on fast storage, and a cache there would add HDD I/O, not save it. A relative
 * path (resolved against whatever the DataNode's working directory is) is refused, and so is a
 * cache directory that is, is inside or contains a data directory (the cache would write into, or
 * delete from, the DataNode's replicas' tree), and so is one that is, is inside or contains another
 * cache directory. Paths are compared as written, normalized.
 */
final class CacheDirsValue {
  /** HDFS's own form ({@code StorageLocation}): {@code [TYPE]location}, the tag may be empty. */
  private static final Pattern TAGGED = Pattern.compile("^\\[(\\w*)\\](.+)$");

  /** The one storage type a cache belongs on. */
  private static final String SSD = "SSD";

  private static final String DATA_DIR = DFSConfigKeys.DFS_DATANODE_DATA_DIR_KEY;

  private CacheDirsValue() {}

  /** The cache directories, each absolute and clear of every data directory. */
  static List<Path> read(Configuration conf) {
    List<String> dataValues = new ArrayList<>();
    List<Path> dataDirs = new ArrayList<>();
    for (String d : conf.getTrimmedStrings(DATA_DIR)) {
      if (!d.isEmpty()) {
        dataValues.add(d);
        dataDirs.add(Paths.get(withoutScheme(untagged(d))).toAbsolutePath().normalize());
      }
    }
    List<String> values = new ArrayList<>();
    List<Path> dirs = new ArrayList<>();
    for (String d : conf.getTrimmedStrings(CacheKeys.DIRS)) {
      if (d.isEmpty()) {
        continue;
      }
      Path dir = cacheDir(d);
      for (int i = 0; i < dirs.size(); i++) {
        String relation = relation(dir, dirs.get(i));
        if (relation != null) {
          throw new IllegalArgumentException(
              String.format(
                  "%s: '%s' %s '%s', given before it: each cache directory must be apart from"
                      + " the others (two caches in one tree would count one SSD twice and"
                      + " overwrite each other's files)",
                  CacheKeys.DIRS, d, relation, values.get(i)));
        }
      }
      for (int i = 0; i < dataDirs.size(); i++) {
        String relation = relation(dir, dataDirs.get(i));
        if (relation != null) {
          throw new IllegalArgumentException(
              String.format(
                  "%s: '%s' %s %s directory '%s': a cache directory must not be, be inside or"
                      + " contain a data directory",
                  CacheKeys.DIRS, d, relation, DATA_DIR, dataValues.get(i)));
        }
      }
      values.add(d);
      dirs.add(dir);
    }
    return dirs;
  }

  private static Path cacheDir(String value) {
    Matcher m = TAGGED.matcher(value);
    if (m.matches() && !m.group(1).isEmpty()) {
      String tag = m.group(1).toUpperCase(Locale.ROOT);
      if (!tag.equals(SSD)) {
        throw new IllegalArgumentException(
            String.format(
                "%s: '%s' is tagged [%s]; a cache directory belongs on an SSD: tag it [SSD] or not"
                    + " at all (remove the tag if the directory is on an SSD)",
                CacheKeys.DIRS, value, m.group(1)));
      }
    }
    Path dir = Paths.get(withoutScheme(untagged(value)));
    if (!dir.isAbsolute()) {
      throw new IllegalArgumentException(
          String.format(
              "%s: '%s' is a relative path (it would depend on the DataNode's working"
                  + " directory); give an absolute path",
              CacheKeys.DIRS, value));
    }
    return dir.normalize();
  }

  private static String untagged(String value) {
    Matcher m = TAGGED.matcher(value);
    return m.matches() ? m.group(2).trim() : value;
  }

  /** {@code file:///x}, {@code file:/x} (as MiniDFSCluster writes data dirs): {@code /x}. */
  private static String withoutScheme(String location) {
    if (!location.startsWith("file:")) {
      return location;
    }
    try {
      String path = new URI(location).getPath();
      return path == null || path.isEmpty() ? location : path;
    } catch (URISyntaxException e) {
      return location.substring("file:".length());
    }
  }

  /** How {@code cache} lies against {@code data}, in words; null if apart. */
  private static String relation(Path cache, Path data) {
    if (cache.equals(data)) {
      return "is";
    }
    if (cache.startsWith(data)) {
      return "is inside";
    }
    return data.startsWith(cache) ? "contains" : null;
  }
}
