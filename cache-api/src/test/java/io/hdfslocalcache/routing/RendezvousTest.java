package io.hdfslocalcache.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class RendezvousTest {
  private static final long[] NODES = {
    Rendezvous.nodeHash("dn-a"), Rendezvous.nodeHash("dn-b"), Rendezvous.nodeHash("dn-c")
  };

  @Test
  void mix64_splitMix64SeedZero_itsFirstOutput() {
    // SplitMix64 seeded 0 returns mix64(0 + GOLDEN) first: 0xE220A8397B1DCDAF.
    assertEquals(0xE220A8397B1DCDAFL, Rendezvous.mix64(Rendezvous.GOLDEN));
    assertEquals(0, Rendezvous.mix64(0));
  }

  @Test
  void scoreAndNodeHash_pinnedValues_anyCopyMustGiveThem() {
    // Worked out by an independent implementation (Python); a NameNode-side copy checks these.
    long node = Rendezvous.nodeHash("a1a1a1a1-0000-4000-8000-00000000000a");
    assertEquals(0xEF046D05C523055BL, node);
    assertEquals(0x60B5969F908EC2C9L, Rendezvous.score(1073741825L, node));
  }

  @Test
  void owner_sameKeyAnyCandidateOrder_sameNode() {
    for (long key = 0; key < 1000; key++) {
      long owner = NODES[Rendezvous.owner(key, NODES)];
      long[] reversed = {NODES[2], NODES[1], NODES[0]};
      assertEquals(owner, reversed[Rendezvous.owner(key, reversed)]);
      assertEquals(owner, NODES[Rendezvous.owner(key, NODES)], "stable");
    }
  }

  @Test
  void owner_ownerGone_nextInScoreOrderAndOthersUnmoved() {
    int moved = 0;
    for (long key = 0; key < 1000; key++) {
      int owner = Rendezvous.owner(key, NODES);
      long[] rest = without(NODES, owner);
      long next = rest[Rendezvous.owner(key, rest)];
      long other = rest[0] == next ? rest[1] : rest[0];
      assertTrue(Rendezvous.before(key, next, other), "the next is the second highest score");
      // A node that is not the owner leaving moves nothing.
      int notOwner = (owner + 1) % NODES.length;
      long[] fewer = without(NODES, notOwner);
      moved += fewer[Rendezvous.owner(key, fewer)] == NODES[owner] ? 0 : 1;
    }
    assertEquals(0, moved);
  }

  @Test
  void owner_manyKeys_spreadEvenlyOverTheNodes() {
    int[] owned = new int[NODES.length];
    int keys = 30_000;
    for (long key = 0; key < keys; key++) {
      owned[Rendezvous.owner(key, NODES)]++;
    }
    for (int n : owned) {
      assertTrue(Math.abs(n - keys / 3) < keys / 100, Arrays.toString(owned));
    }
  }

  @Test
  void owner_noNodes_minusOne() {
    assertEquals(-1, Rendezvous.owner(7, new long[0]));
  }

  private static long[] without(long[] nodes, int index) {
    long[] out = new long[nodes.length - 1];
    for (int i = 0, j = 0; i < nodes.length; i++) {
      if (i != index) {
        out[j++] = nodes[i];
      }
    }
    return out;
  }
}
