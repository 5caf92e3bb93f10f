package io.hdfslocalcache.metrics;

import java.util.Optional;

/**
 * How a cache directory's metrics are named in the DataNode's registry, {@code store.dir<N>.<name>}
 * with N the directory's place in {@code dfs.datanode.local-cache.dirs}, and how the export takes
 * them apart again: metrics2 carries them as {@code <name>} in that directory's own record, with
 * the directory as a tag (a Prometheus label) instead of N in the name. The registry keeps the long
 * names: tests, benchmarks and the status command's flattened view read them.
 */
public final class DirectoryNames {
  /** Prefix of a directory's metrics in the registry. */
  public static final String PREFIX = "store.dir";

  private DirectoryNames() {}

  /** The registry name of metric {@code name} of directory {@code index}. */
  public static String of(int index, String name) {
    return PREFIX + index + "." + name;
  }

  /** The directory a registry name belongs to, empty for a DataNode-wide metric. */
  public static Optional<Integer> index(String registryName) {
    if (!registryName.startsWith(PREFIX)) {
      return Optional.empty();
    }
    int dot = registryName.indexOf('.', PREFIX.length());
    if (dot <= PREFIX.length() || dot == registryName.length() - 1) {
      return Optional.empty();
    }
    for (int i = PREFIX.length(); i < dot; i++) {
      if (!Character.isDigit(registryName.charAt(i))) {
        return Optional.empty();
      }
    }
    try {
      return Optional.of(Integer.parseInt(registryName.substring(PREFIX.length(), dot)));
    } catch (NumberFormatException e) {
      return Optional.empty(); // more digits than an int: not one of ours
    }
  }

  /**
   * {@code registryName} without its {@code store.dir<N>.} part; for names {@link #index} knows.
   */
  public static String shortName(String registryName) {
    return registryName.substring(registryName.indexOf('.', PREFIX.length()) + 1);
  }
}
