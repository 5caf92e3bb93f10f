package io.hdfslocalcache.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * For readers of {@code /jmx} that want one flat map per DataNode (the status command): puts the
 * attributes of a DataNode's {@code LocalCacheDirectory-*} beans back under their registry names,
 * {@code store.dir<N>.<name>}, and those of its {@code LocalCacheShadow-*} beans under {@code
 * shadow.candidate.<name>.<metric>}, next to its {@code LocalCache-*} bean's. The inverse of what
 * the DataNode's metrics export splits apart ({@link MetricSources} names the beans and tags).
 */
public final class DirectoryBeans {
  private DirectoryBeans() {}

  /**
   * {@code cacheBean} plus the metrics of those {@code beans} that are directory or shadow
   * candidate beans of the same DataNode ({@code tag.DatanodeUuid}); other beans are ignored, and
   * {@code cacheBean} is not changed. A bean of an older cache, with {@code store.dir<N>.*} inside,
   * reads as it is.
   */
  public static Map<String, Object> flatten(
      Map<String, Object> cacheBean, List<Map<String, Object>> beans) {
    Map<String, Object> out = new LinkedHashMap<>(cacheBean);
    Object uuid = cacheBean.get(tag(MetricSources.TAG_UUID));
    for (Map<String, Object> b : beans) {
      if (uuid == null || !uuid.equals(b.get(tag(MetricSources.TAG_UUID)))) {
        continue;
      }
      String name = String.valueOf(b.get("name"));
      Object index = b.get(tag(MetricSources.TAG_DIRECTORY_INDEX));
      Object candidate = b.get(tag(MetricSources.TAG_CANDIDATE));
      if (name.contains("name=" + MetricSources.DIRECTORY_SOURCE_PREFIX) && index != null) {
        int dir;
        try {
          dir = Integer.parseInt(index.toString());
        } catch (NumberFormatException e) {
          continue;
        }
        copy(b, out, k -> DirectoryNames.of(dir, k));
      } else if (name.contains("name=" + MetricSources.SHADOW_SOURCE_PREFIX) && candidate != null) {
        copy(b, out, k -> CandidateNames.of(candidate.toString(), k));
      }
    }
    return out;
  }

  /** The metrics of bean {@code b} into {@code out}, each under {@code named(its name)}. */
  private static void copy(
      Map<String, Object> b,
      Map<String, Object> out,
      java.util.function.Function<String, String> named) {
    for (Map.Entry<String, Object> e : b.entrySet()) {
      String k = e.getKey();
      if (!k.startsWith("tag.") && !k.equals("name") && !k.equals("modelerType")) {
        out.put(named.apply(k), e.getValue());
      }
    }
  }

  private static String tag(String name) {
    return "tag." + name;
  }
}
