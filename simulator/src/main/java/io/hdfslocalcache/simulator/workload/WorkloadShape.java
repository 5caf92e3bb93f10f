package io.hdfslocalcache.simulator.workload;

import io.hdfslocalcache.config.ConfigNames;
import java.util.function.Supplier;

/**
 * The registry of day-long workload shapes (presets of {@link DayParams}): a name and the class
 * that holds the shape and says what it stands for. Adding a shape is one class and one line here.
 */
public enum WorkloadShape {
  INTERACTIVE("interactive", InteractiveDay::params),
  BATCH("batch", BatchDay::params),
  SKEWED("skewed", SkewedDay::params),
  ROTATING("rotating", ShapeVariants::rotating),
  MULTIDAY("multiday", ShapeVariants::multiday),
  FLAT("flat", ShapeVariants::flat),
  STEEP("steep", ShapeVariants::steep),
  STORMS("storms", ShapeVariants::storms),
  COLDSTART("coldstart", ShapeVariants::coldstart),
  WARM("warm", ShapeVariants::warm),
  FADING("fading", ShapeVariants::fading),
  HOURLY("hourly", ShapeVariants::hourly),
  RERANKED("reranked", ShapeVariants::reranked);

  private final String configName;
  private final Supplier<DayParams> params;

  WorkloadShape(String configName, Supplier<DayParams> params) {
    this.configName = configName;
    this.params = params;
  }

  public String configName() {
    return configName;
  }

  public DayParams params() {
    return params.get();
  }

  /** The shape named {@code name}, or an exception listing the names. */
  public static WorkloadShape byName(String name) {
    return ConfigNames.parse(
        name,
        values(),
        WorkloadShape::configName,
        names -> "unknown workload shape '" + name + "' (known: " + String.join(", ", names) + ")");
  }
}
