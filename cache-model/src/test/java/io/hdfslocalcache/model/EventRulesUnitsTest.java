package io.hdfslocalcache.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.policy.PolicySpec;
import org.junit.jupiter.api.Test;

/** What a model tells of a held block's units, the simulator's replica figures' only input. */
class EventRulesUnitsTest {
  private static final long PAGE = 1024;

  private static EventRules rules(FillMode fill) {
    ModelConfig config =
        new ModelConfig(1 << 20, fill, PAGE, GuardSettings.defaults().withEnabled(false));
    return new EventRules(
        config, PolicySpec.parse("admit-all").create(), 0, 4, new EventRules.Listener() {});
  }

  @Test
  void unitBytes_pagesFillOfPagesZeroAndTwo_metaThenEachPage() {
    EventRules r = rules(FillMode.PAGES);
    r.read(1, 1, 7, 2500, 0, 100, 0); // page 0 of a 2500-byte block (meta 7 + 4 x 5 = 27)
    r.read(1, 1, 7, 2500, 2100, 10, 1); // page 2: 452 data bytes, the block's end
    assertEquals(7, r.heldGenStamp(1));
    assertEquals(4, r.unitSpan(1));
    assertEquals(27, r.unitBytes(1, 0));
    assertEquals(1024, r.unitBytes(1, 1));
    assertEquals(0, r.unitBytes(1, 2), "page 1 was never read");
    assertEquals(452, r.unitBytes(1, 3));
    assertEquals(0, r.unitSpan(2), "block 2 not held");
  }

  @Test
  void unitBytes_blockFill_oneUnitTheWholeEntry() {
    EventRules r = rules(FillMode.BLOCK);
    r.read(1, 1, 7, 2500, 0, 100, 0);
    assertEquals(1, r.unitSpan(1));
    assertEquals(2500 + 27, r.unitBytes(1, 0));
    r.delete(1);
    assertEquals(0, r.unitSpan(1));
    assertEquals(0, r.unitBytes(1, 0));
  }
}
