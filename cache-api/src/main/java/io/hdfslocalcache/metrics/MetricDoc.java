package io.hdfslocalcache.metrics;

/** What {@link Describe} says of one metric name. */
public final class MetricDoc {
  private final String description;
  private final boolean total;

  MetricDoc(String description, boolean total) {
    this.description = description;
    this.total = total;
  }

  /** The one-line description. */
  public String description() {
    return description;
  }

  /** A gauge that only grows: exported as a counter. */
  public boolean total() {
    return total;
  }

  /** Family member {@code member}, e.g. {@code io_error} of {@code read.fallback.}. */
  MetricDoc member(String member) {
    String family =
        description.endsWith(".")
            ? description.substring(0, description.length() - 1)
            : description;
    return new MetricDoc(family + ": " + member, total);
  }
}
