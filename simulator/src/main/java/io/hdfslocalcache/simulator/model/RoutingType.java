package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.config.ConfigNames;
import java.util.List;

/**
 * The registry of read routings ({@code --routing}): a config name and a constructor each. A new
 * routing is one class implementing {@link Routing} and one line here.
 */
public enum RoutingType {
  STOCK("stock", (blocks, ids, first, last) -> new StockRouting()),
  OWNER("owner", OwnerRouting::new);

  /** What a routing is built from: the fleet's blocks, its DataNodes' ids and log spans. */
  interface Factory {
    Routing create(FleetBlocks blocks, List<String> ids, long[] firstTimeMs, long[] lastTimeMs);
  }

  private final String configName;
  private final Factory factory;

  RoutingType(String configName, Factory factory) {
    this.configName = configName;
    this.factory = factory;
  }

  public String configName() {
    return configName;
  }

  Routing create(FleetBlocks blocks, List<String> ids, long[] firstTimeMs, long[] lastTimeMs) {
    return factory.create(blocks, ids, firstTimeMs, lastTimeMs);
  }

  /** The routing named {@code name}, or an exception listing the names. */
  public static RoutingType byName(String name) {
    return ConfigNames.parse("--routing", name, values(), RoutingType::configName);
  }
}
