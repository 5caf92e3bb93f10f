package io.hdfslocalcache.namenode.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The NameNode jar carries its own copy of the rendezvous score so that it depends on nothing of
 * ours; the simulator's {@code --routing owner} uses the shared one. The two must pick the same
 * owner from the same inputs, or the simulator would predict a routing the NameNode does not do.
 */
class RendezvousCopyTest {

  @Test
  void score_randomKeysAndNodes_equalsSharedFunction() {
    SplittableRandom random = new SplittableRandom(42);
    for (int i = 0; i < 100_000; i++) {
      long key = random.nextLong();
      long node = random.nextLong();
      assertEquals(
          io.hdfslocalcache.routing.Rendezvous.score(key, node),
          Rendezvous.score(key, node),
          "key " + key + ", node " + node);
      assertEquals(io.hdfslocalcache.routing.Rendezvous.mix64(key), Rendezvous.mix64(key));
    }
  }
}
