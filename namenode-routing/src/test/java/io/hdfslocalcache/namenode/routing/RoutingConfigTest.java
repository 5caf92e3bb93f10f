package io.hdfslocalcache.namenode.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.junit.jupiter.api.Test;

class RoutingConfigTest {
  private static String error(String key, String value) {
    Configuration conf = new Configuration(false);
    conf.set(key, value);
    return assertThrows(IllegalArgumentException.class, () -> RoutingConfig.from(conf))
        .getMessage();
  }

  @Test
  void from_unset_defaults() {
    RoutingConfig config = RoutingConfig.from(new Configuration(false));
    assertEquals(2.0, config.escapeLoadFactor);
    assertEquals(8, config.escapeLoadSlack);
    assertEquals(300_000L, config.logIntervalMs);
    assertEquals(30_000L, config.staleIntervalMs);
  }

  @Test
  void from_staleIntervalBelowStockMinimum_raisedAsDatanodeManagerRaisesIt() {
    Configuration conf = new Configuration(false);
    conf.set(RoutingConfig.STALE_INTERVAL, "5000");
    assertEquals(9_000L, RoutingConfig.from(conf).staleIntervalMs);
    conf.set(RoutingConfig.STALE_INTERVAL, "45000");
    assertEquals(45_000L, RoutingConfig.from(conf).staleIntervalMs);
  }

  @Test
  void from_zeroStaleInterval_errorNamesKey() {
    assertTrue(error(RoutingConfig.STALE_INTERVAL, "0").contains(RoutingConfig.STALE_INTERVAL));
  }

  @Test
  void from_durationWithUnit_parsed() {
    Configuration conf = new Configuration(false);
    conf.set(RoutingConfig.LOG_INTERVAL, "30s");
    assertEquals(30_000L, RoutingConfig.from(conf).logIntervalMs);
  }

  @Test
  void from_factorBelowOne_errorNamesKey() {
    assertTrue(
        error(RoutingConfig.ESCAPE_LOAD_FACTOR, "0.5").contains(RoutingConfig.ESCAPE_LOAD_FACTOR));
  }

  @Test
  void from_factorNotNumber_errorNamesKey() {
    assertTrue(
        error(RoutingConfig.ESCAPE_LOAD_FACTOR, "lots").contains(RoutingConfig.ESCAPE_LOAD_FACTOR));
  }

  @Test
  void from_negativeSlack_errorNamesKey() {
    assertTrue(
        error(RoutingConfig.ESCAPE_LOAD_SLACK, "-1").contains(RoutingConfig.ESCAPE_LOAD_SLACK));
  }

  @Test
  void from_zeroInterval_errorNamesKey() {
    assertTrue(error(RoutingConfig.LOG_INTERVAL, "0s").contains(RoutingConfig.LOG_INTERVAL));
  }

  @Test
  void getInstance_badValue_failsAsTheNameNodeMakesItsTopology() {
    // DatanodeManager's constructor: DFSNetworkTopology.getInstance, ReflectionUtils, setConf.
    Configuration conf = new Configuration(false);
    conf.set("dfs.net.topology.impl", RendezvousTopology.class.getName());
    conf.set(RoutingConfig.ESCAPE_LOAD_FACTOR, "0.5");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> DFSNetworkTopology.getInstance(conf));
    assertTrue(e.getMessage().contains(RoutingConfig.ESCAPE_LOAD_FACTOR), e.getMessage());
  }

  @Test
  void tooBusy_overFactorTimesOthersPlusSlack_true() {
    RoutingConfig config = RoutingConfig.defaults();
    assertEquals(false, config.tooBusy(16, 4.0));
    assertEquals(true, config.tooBusy(17, 4.0));
  }
}
