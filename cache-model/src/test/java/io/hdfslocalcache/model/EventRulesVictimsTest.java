package io.hdfslocalcache.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.policy.AdmissionDecision;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.Victims;
import org.junit.jupiter.api.Test;

/** What the rules tell a victim-aware policy a fill would evict: the LRU tail's block, by key. */
class EventRulesVictimsTest {
  private static final long PAGE = 1024;
  private static final long CAPACITY = 64 * PAGE; // full from 63 pages' worth in use

  /** Admits everything and keeps what the rules gave it. */
  private static final class Watching implements AdmissionPolicy {
    Victims victims;

    @Override
    public AdmissionDecision onRead(long key) {
      return AdmissionDecision.ADMIT;
    }

    @Override
    public void watch(Victims v) {
      victims = v;
    }
  }

  private static EventRules rules(FillMode fill, Watching policy) {
    ModelConfig config =
        new ModelConfig(CAPACITY, fill, PAGE, GuardSettings.defaults().withEnabled(false));
    return new EventRules(config, policy, 0, 4, new EventRules.Listener() {});
  }

  @Test
  void victimKey_pagesCacheFull_isTheKeyOfTheBlockOwningTheOldestPage() {
    Watching p = new Watching();
    EventRules r = rules(FillMode.PAGES, p);
    assertEquals(Victims.NONE, p.victims.victimKey(), "empty: room");
    r.read(1, 101, 7, 30 * PAGE, 0, 30 * PAGE, 0); // 30 pages + meta
    r.read(2, 202, 7, 30 * PAGE, 0, 30 * PAGE, 1);
    assertEquals(Victims.NONE, p.victims.victimKey(), "60 pages: room");
    r.read(3, 303, 7, 10 * PAGE, 0, 10 * PAGE, 2); // evicts block 1's first 7 pages
    assertEquals(101, p.victims.victimKey());
    assertEquals(3, p.victims.heldBlocks());
    r.read(1, 101, 7, 30 * PAGE, 7 * PAGE, 23 * PAGE, 3); // its cached pages, read again
    assertEquals(202, p.victims.victimKey());
  }

  @Test
  void victimKey_blockCacheFull_isTheLeastRecentlyReadBlock() {
    Watching p = new Watching();
    EventRules r = rules(FillMode.BLOCK, p);
    r.read(1, 101, 7, 20 * PAGE, 0, 10, 0);
    r.read(2, 202, 7, 20 * PAGE, 0, 10, 1);
    assertEquals(Victims.NONE, p.victims.victimKey(), "room");
    r.read(3, 303, 7, 23 * PAGE, 0, 10, 2); // 63 pages and three metas: full, nothing evicted
    assertEquals(101, p.victims.victimKey());
    r.read(1, 101, 7, 20 * PAGE, 0, 10, 3);
    assertEquals(202, p.victims.victimKey());
    r.delete(3);
    assertEquals(Victims.NONE, p.victims.victimKey(), "room again");
    assertEquals(2, p.victims.heldBlocks());
  }
}
