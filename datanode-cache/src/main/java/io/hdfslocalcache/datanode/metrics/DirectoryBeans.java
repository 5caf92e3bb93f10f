package io.hdfslocalcache.datanode.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * For readers of {@code /jmx} that want one flat map per DataNode (the status command): puts the
 * attributes of a DataNode's {@code LocalCacheDirectory-*} beans back under their registry names,
 * {@code store.dir<N>.<name>}, next to its {@code LocalCache-*} bean's. The inverse of what {@link
 * LocalCacheMetrics} splits apart, kept beside it.
 */
public final class DirectoryBeans {
  private DirectoryBeans() {}

  /**
   * {@code cacheBean} plus the metrics of those {@code beans} that are directory beans of the same
   * DataNode ({@code tag.DatanodeUuid}); other beans are ignored, and {@code cacheBean} is not
   * changed. A bean of an older cache, with {@code store.dir<N>.*} inside, reads as it is.
   */
  public static Map<String, Object> flatten(
      Map<String, Object> cacheBean, List<Map<String, Object>> beans) {
    Map<String, Object> out = new LinkedHashMap<>(cacheBean);
    Object uuid = cacheBean.get(tag(LocalCacheMetrics.TAG_UUID));
    for (Map<String, Object> b : beans) {
      String name = String.valueOf(b.get("name"));
      Object index = b.get(tag(LocalCacheMetrics.TAG_DIRECTORY_INDEX));
      if (!name.contains("name=" + LocalCacheMetrics.DIRECTORY_SOURCE_PREFIX)
          || uuid == null
          || !uuid.equals(b.get(tag(LocalCacheMetrics.TAG_UUID)))
          || index == null) {
        continue;
      }
      int dir;
      try {
        dir = Integer.parseInt(index.toString());
      } catch (NumberFormatException e) {
        continue;
      }
      for (Map.Entry<String, Object> e : b.entrySet()) {
        String k = e.getKey();
        if (!k.startsWith("tag.") && !k.equals("name") && !k.equals("modelerType")) {
          out.put(DirectoryNames.of(dir, k), e.getValue());
        }
      }
    }
    return out;
  }

  private static String tag(String name) {
    return "tag." + name;
  }
}
