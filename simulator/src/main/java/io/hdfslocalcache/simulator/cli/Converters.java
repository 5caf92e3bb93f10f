package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.config.DurationValue;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.config.SizeValue;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.simulator.model.RoutingType;
import io.hdfslocalcache.simulator.trace.BlockSample;
import io.hdfslocalcache.simulator.trace.EventsOn;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * picocli converters: each failure becomes one line naming the option (picocli adds it) and the
 * problem. Sizes and durations are the DataNode's own grammar ({@code io.hdfslocalcache.config}).
 */
final class Converters {
  private Converters() {}

  private interface Parser<T> {
    T parse(String s);
  }

  private static <T> T wrap(Parser<T> p, String value) {
    try {
      return p.parse(value);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }

  static final class Size implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      return wrap(SizeValue::parse, value);
    }
  }

  static final class Policy implements ITypeConverter<PolicySpec> {
    @Override
    public PolicySpec convert(String value) {
      return wrap(PolicySpec::parse, value);
    }
  }

  static final class Fill implements ITypeConverter<FillMode> {
    @Override
    public FillMode convert(String value) {
      return wrap(v -> FillMode.parse("--fill", v), value);
    }
  }

  static final class Routing implements ITypeConverter<RoutingType> {
    @Override
    public RoutingType convert(String value) {
      return wrap(RoutingType::byName, value);
    }
  }

  static final class Events implements ITypeConverter<EventsOn> {
    @Override
    public EventsOn convert(String value) {
      return wrap(EventsOn::byName, value);
    }
  }

  static final class Sample implements ITypeConverter<BlockSample> {
    @Override
    public BlockSample convert(String value) {
      return wrap(v -> new BlockSample(rate(v)), value);
    }

    private static double rate(String v) {
      try {
        return Double.parseDouble(v.trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "--sample-blocks must be a share of the blocks in (0, 1], e.g. 0.01; got '" + v + "'");
      }
    }
  }

  static final class BucketDuration implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
      return wrap(DurationValue::parse, value);
    }
  }
}
