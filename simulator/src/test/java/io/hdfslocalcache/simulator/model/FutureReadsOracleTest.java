package io.hdfslocalcache.simulator.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.GuardSettings;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.simulator.trace.Strictness;
import io.hdfslocalcache.simulator.trace.TestTraces;
import io.hdfslocalcache.simulator.trace.Trace;
import io.hdfslocalcache.simulator.trace.TraceFormat;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/** The future-knowing research admission on a hand-made trace, every decision worked out. */
class FutureReadsOracleTest {
  private static final String HEADER =
      "timestamp_ms,block_pool,block_id,gen_stamp,op,offset,length";
  private static final long ENTRY = 1000 + 15; // a 1000-byte block and its meta, block fill

  private static Trace csv(String... rows) throws Exception {
    return TestTraces.parse(
        HEADER + "\n" + String.join("\n", rows), TraceFormat.CSV, Strictness.STRICT);
  }

  private static RunResult run(Trace t, int minReads) {
    RunConfig c =
        new RunConfig(
            PolicySpec.parse("never"),
            2 * ENTRY,
            FillMode.BLOCK,
            1024,
            1,
            GuardSettings.defaults().withEnabled(false),
            Optional.of(new OracleSpec(minReads, OracleSpec.Cutoff.FIXED)));
    return new Replayer(t, c, new LongAdder()).run().result();
  }

  /**
   * Room for two blocks. A, B and C are each read again a moment later: admitted while the cache
   * has not evicted (any chain counts), C's fill evicts A. At 180 s the eviction age is 118 s (B,
   * the least recently read block held, was read at 62 s): D, read again 1 s later, gets in and
   * evicts B. At 240 s the age is 119 s (C, read at 121 s): E, read again only 500 s later, would
   * be evicted before that and is refused, twice.
   */
  private static final String[] TRACE = {
    "0,p,1,1,READ,0,1000",
    "60000,p,1,1,READ,0,1000",
    "61000,p,2,1,READ,0,1000",
    "62000,p,2,1,READ,0,1000",
    "120000,p,3,1,READ,0,1000",
    "121000,p,3,1,READ,0,1000",
    "180000,p,4,1,READ,0,1000",
    "181000,p,4,1,READ,0,1000",
    "240000,p,5,1,READ,0,1000",
    "740000,p,5,1,READ,0,1000"
  };

  @Test
  void run_readAgainWithinTheEvictionAge_admittedElseRefused() throws Exception {
    RunResult r = run(csv(TRACE), 1);
    assertEquals(4, r.admissions());
    assertEquals(4, r.hits());
    assertEquals(2, r.evictions());
    assertEquals("oracle:reads=1", r.policy());
  }

  @Test
  void run_moreReadsAskedThanTheChainHas_nothingAdmitted() throws Exception {
    RunResult r = run(csv(TRACE), 2);
    assertEquals(0, r.admissions());
    assertEquals(0, r.hits());
  }

  @Test
  void onRead_keyOutOfStepWithTheTrace_fails() throws Exception {
    FutureReadsOracle o =
        new FutureReadsOracle(csv(TRACE), new OracleSpec(1, OracleSpec.Cutoff.FIXED));
    assertThrows(IllegalStateException.class, () -> o.onRead(42));
  }

  @Test
  void oracleSpec_noReads_refused() {
    assertThrows(IllegalArgumentException.class, () -> new OracleSpec(0, OracleSpec.Cutoff.FIXED));
  }
}
