package io.hdfslocalcache.datanode.settings;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.datanode.fill.FillPolicy;
import io.hdfslocalcache.model.CandidateSpec;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;

/**
 * The shadow candidates a DataNode runs ({@code dfs.datanode.local-cache.shadow.candidates}, and
 * per name {@code shadow.candidate.<name>}), in the order named, each parsed over the DataNode's
 * own settings: a key a candidate leaves out is the DataNode's. Immutable; equal when every
 * candidate's settings are.
 *
 * <p>A candidate with no {@code shadow.candidate.<name>} key is the DataNode's own settings (the
 * one to compare with the real cache). A {@code shadow.candidate.<name>} key whose name is not
 * listed is refused rather than ignored: a typo in either key would otherwise silently model the
 * wrong configuration for a day.
 */
public final class ShadowCandidates {
  /** No candidate: nothing is modelled. */
  public static final ShadowCandidates NONE =
      new ShadowCandidates(Collections.<CandidateSpec>emptyList());

  private final List<CandidateSpec> specs;

  private ShadowCandidates(List<CandidateSpec> specs) {
    this.specs = Collections.unmodifiableList(new ArrayList<>(specs));
  }

  /** The candidates in the order {@code shadow.candidates} names them. */
  public List<CandidateSpec> specs() {
    return specs;
  }

  public boolean isEmpty() {
    return specs.isEmpty();
  }

  /**
   * The DataNode's own settings as a model runs them: one directory holding the DataNode's whole
   * SSD capacity ({@code capacityBytes}, the sum over its directories), as the simulator's {@code
   * --cache-size}.
   */
  public static CandidateSpec base(
      RateLimitConfig admission, long capacityBytes, long pageSize, FillPolicy fill) {
    return new CandidateSpec(
            "datanode",
            admission,
            capacityBytes,
            fill.mode(),
            pageSize,
            fill.guard(),
            fill.guardWindowMillis(),
            fill.maxDriveWritesPerDay())
        .withTuning(fill.tuning());
  }

  /** Reads the candidates; an error names the key and its value. */
  static ShadowCandidates read(Configuration conf, CandidateSpec base) {
    String listed = conf.getTrimmed(CacheKeys.SHADOW_CANDIDATES, "");
    Set<String> names = new LinkedHashSet<>();
    for (String n : conf.getTrimmedStrings(CacheKeys.SHADOW_CANDIDATES)) {
      if (!n.isEmpty() && !names.add(n)) {
        throw new IllegalArgumentException(
            CacheKeys.SHADOW_CANDIDATES + " names '" + n + "' twice: '" + listed + "'");
      }
    }
    if (names.size() > CacheKeys.SHADOW_MAX_CANDIDATES) {
      throw new IllegalArgumentException(
          CacheKeys.SHADOW_CANDIDATES
              + " names "
              + names.size()
              + " candidates, at most "
              + CacheKeys.SHADOW_MAX_CANDIDATES
              + " are allowed: '"
              + listed
              + "'");
    }
    for (Map.Entry<String, String> e :
        conf.getPropsWithPrefix(CacheKeys.SHADOW_CANDIDATE_PREFIX).entrySet()) {
      if (!names.contains(e.getKey())) {
        throw new IllegalArgumentException(
            CacheKeys.SHADOW_CANDIDATE_PREFIX
                + e.getKey()
                + " is set ('"
                + e.getValue()
                + "') but '"
                + e.getKey()
                + "' is not in "
                + CacheKeys.SHADOW_CANDIDATES
                + ": '"
                + listed
                + "'");
      }
    }
    List<CandidateSpec> out = new ArrayList<>();
    for (String name : names) {
      String key = CacheKeys.SHADOW_CANDIDATE_PREFIX + name;
      String text = conf.getTrimmed(key, "");
      try {
        out.add(CandidateSpec.parse(name, text, base));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(key + ": '" + text + "': " + e.getMessage(), e);
      }
    }
    return new ShadowCandidates(out);
  }

  /** Every setting of one candidate, for equality. */
  private static List<Object> settings(CandidateSpec s) {
    return Arrays.<Object>asList(
        s.name(),
        s.admission(),
        s.capacityBytes(),
        s.fill(),
        s.pageSizeBytes(),
        s.guardEnabled(),
        s.guardWindowMillis(),
        s.maxDriveWritesPerDay());
  }

  private List<List<Object>> settings() {
    List<List<Object>> out = new ArrayList<>();
    for (CandidateSpec s : specs) {
      out.add(settings(s));
    }
    return out;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ShadowCandidates && settings().equals(((ShadowCandidates) o).settings());
  }

  @Override
  public int hashCode() {
    return settings().hashCode();
  }

  /** Each candidate with every setting, as the DataNode logs them at start. */
  @Override
  public String toString() {
    return specs.toString();
  }
}
