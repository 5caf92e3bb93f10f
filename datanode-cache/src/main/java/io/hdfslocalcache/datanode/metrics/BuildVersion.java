package io.hdfslocalcache.datanode.metrics;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version of the cache jar a DataNode runs: in its start-up line and as a tag of its metrics,
 * so a half-upgraded fleet shows which DataNode runs what. Written into the jar by the build (a
 * filtered resource, so it is there in tests too, unlike the manifest).
 */
public final class BuildVersion {
  private static final String VERSION = load();

  private BuildVersion() {}

  public static String get() {
    return VERSION;
  }

  private static String load() {
    try (InputStream in = BuildVersion.class.getResourceAsStream("build.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties p = new Properties();
      p.load(in);
      String v = p.getProperty("version", "unknown");
      return v.startsWith("${") ? "unknown" : v;
    } catch (IOException e) {
      return "unknown";
    }
  }
}
