package io.hdfslocalcache.metrics;

import java.util.Optional;

/**
 * How a shadow candidate's metrics are named in the DataNode's registry, {@code
 * shadow.candidate.<candidate>.<name>}, and how the export takes them apart again: metrics2 carries
 * them as {@code <name>} in the candidate's own record, the candidate as a tag (a Prometheus
 * label). Candidate names have no dots (letters, digits, '_' and '-'), so the first dot after the
 * prefix ends the candidate. The counterpart of {@link DirectoryNames}.
 */
public final class CandidateNames {
  /** Prefix of a candidate's metrics in the registry. */
  public static final String PREFIX = "shadow.candidate.";

  private CandidateNames() {}

  /** The registry name of metric {@code name} of candidate {@code candidate}. */
  public static String of(String candidate, String name) {
    return PREFIX + candidate + "." + name;
  }

  /** The candidate a registry name belongs to, empty for any other metric. */
  public static Optional<String> candidate(String registryName) {
    if (!registryName.startsWith(PREFIX)) {
      return Optional.empty();
    }
    int dot = registryName.indexOf('.', PREFIX.length());
    if (dot <= PREFIX.length() || dot == registryName.length() - 1) {
      return Optional.empty();
    }
    return Optional.of(registryName.substring(PREFIX.length(), dot));
  }

  /** {@code registryName} without its {@code shadow.candidate.<candidate>.} part. */
  public static String shortName(String registryName) {
    return registryName.substring(registryName.indexOf('.', PREFIX.length()) + 1);
  }
}
