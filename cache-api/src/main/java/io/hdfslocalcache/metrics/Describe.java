package io.hdfslocalcache.metrics;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The one-line description of the metric name a {@code static final String} constant holds, beside
 * the name in its names class: JMX, {@code /prom} ({@code # HELP}) and every metrics2 sink show it.
 * A constant ending in {@code .} names a family ({@code read.fallback.<cause>}); each member's
 * description is the family's plus the member. Times are stated in microseconds.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Describe {
  /** One line, unit stated; what an operator reads next to the value. */
  String value();

  /**
   * A gauge whose value only grows while the DataNode runs (a total kept elsewhere, e.g. by the
   * rate limiter): exported as a counter, so {@code rate()} applies.
   */
  boolean total() default false;
}
