package io.hdfslocalcache.datanode.settings;

import io.hdfslocalcache.config.CacheKeys;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code dfs.datanode.local-cache.*} keys the cache does not know, most likely misspelt (Hadoop
 * ignores an unknown key silently, so {@code capcity=1g} would leave the capacity at its default):
 * one WARN each at start-up, naming the key, its value and the closest known key by edit distance.
 * The known keys are {@link CacheKeys}' constants, so a key added there is known here; keys under
 * {@code shadow.candidate.} carry a candidate's name and are all legitimate.
 */
final class UnknownKeys {
  private static final Logger LOG = LoggerFactory.getLogger(UnknownKeys.class);
  private static final List<String> KNOWN = known();

  private UnknownKeys() {}

  /** Logs {@link #warnings} at WARN; called once, as the DataNode reads its configuration. */
  static void warn(Configuration conf) {
    warnings(conf).forEach(LOG::warn);
  }

  /** One message per unknown key, in key order. */
  static List<String> warnings(Configuration conf) {
    List<String> out = new ArrayList<>();
    Map<String, String> set = new TreeMap<>(conf.getPropsWithPrefix(CacheKeys.PREFIX));
    for (Map.Entry<String, String> e : set.entrySet()) {
      String key = CacheKeys.PREFIX + e.getKey();
      if (!KNOWN.contains(key) && !isCandidate(key)) {
        out.add(
            String.format(
                "hdfs-local-cache: unknown key %s=%s ignored; did you mean %s?",
                key, e.getValue(), closest(key)));
      }
    }
    return out;
  }

  private static boolean isCandidate(String key) {
    return key.startsWith(CacheKeys.SHADOW_CANDIDATE_PREFIX)
        && key.length() > CacheKeys.SHADOW_CANDIDATE_PREFIX.length();
  }

  private static String closest(String key) {
    String best = KNOWN.get(0);
    int bestDistance = Integer.MAX_VALUE;
    for (String k : KNOWN) {
      int d = distance(key, k);
      if (d < bestDistance) {
        best = k;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Levenshtein distance: insertions, deletions and substitutions of one character. */
  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] t = previous;
      previous = current;
      current = t;
    }
    return previous[b.length()];
  }

  /** Every key {@link CacheKeys} spells, without the prefixes that are not keys themselves. */
  private static List<String> known() {
    List<String> keys = new ArrayList<>();
    for (Field f : CacheKeys.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
        try {
          String k = (String) f.get(null);
          if (!k.endsWith(".")) {
            keys.add(k);
          }
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return keys;
  }
}
