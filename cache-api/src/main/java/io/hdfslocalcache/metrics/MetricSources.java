package io.hdfslocalcache.metrics;

/**
 * How the DataNode's metrics2 sources and their tags are named: the JMX beans and Prometheus
 * records a reader (the status command) picks the cache's figures out by.
 */
public final class MetricSources {
  public static final String SOURCE_PREFIX = "LocalCache-";

  /** Prefix of a directory's source: {@code LocalCacheDirectory-<datanodeUuid>-<N>}. */
  public static final String DIRECTORY_SOURCE_PREFIX = "LocalCacheDirectory-";

  /** Prefix of a shadow candidate's source: {@code LocalCacheShadow-<datanodeUuid>-<name>}. */
  public static final String SHADOW_SOURCE_PREFIX = "LocalCacheShadow-";

  /** Shadow candidate record tag: the candidate's name in {@code shadow.candidates}. */
  public static final String TAG_CANDIDATE = "Candidate";

  /** Record tags: the DataNode's UUID and its HTTP port (the status command picks its bean). */
  public static final String TAG_UUID = "DatanodeUuid";

  public static final String TAG_HTTP_PORT = "HttpPort";

  /** Record tag: the cache jar's version (a half-upgraded fleet shows who runs what). */
  public static final String TAG_VERSION = "LocalCacheVersion";

  /** Directory record tag: the directory as configured in {@code dfs.datanode.local-cache.dirs}. */
  public static final String TAG_DIRECTORY = "Directory";

  /** Directory record tag: its place in {@code dfs.datanode.local-cache.dirs}, from 0. */
  public static final String TAG_DIRECTORY_INDEX = "DirectoryIndex";

  private MetricSources() {}
}
